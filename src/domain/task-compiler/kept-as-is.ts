// What the work keeps as it is (twenty-third session, branch `guide23`): "Keep X" that holds a thing
// as it is forbids removing or changing what the work would otherwise reach, as "no behaviour
// change" does, so it is HARD (docs/task-labelling.md, "hard, soft, forbidden": a price, rate or
// amount kept, 17 of 21 development entries by 12 writers; a named function, endpoint, flag, field,
// column or setting kept, 34 of 45 by 29 writers). "Keep X as <what the work makes of it>" (a shim,
// a thin wrapper) designs the result and is no rule (0 of 7), nor is the row a deduplication keeps.
// The older forms read "must keep its …", an imperative "keep" after the ask and a trailing ", keep
// X" (constraints.ts, constraint-forms.ts); these are the voices they miss.

// The things that hold a value: a price, rate, fee or amount, the words of money the guide's
// settled row counts. The noun must end its phrase (punctuation, the clause's end or a function
// word after it), so that "buyers keep their premium rewards" (fx-186, a defect) is not read.
const VALUE = String.raw`(?:prices?|pricing|rates?|fees?|tariffs?|premiums?|discounts?|amounts?|totals?|limits?|terms)`;
const PHRASE_END = String.raw`(?=\s*(?:[.,;:!)]|$)|\s+(?:through|for|until|as|on|in|at|from|and|but|so|when|after|before|unless|while|via|with|per)\b)`;

// A price or amount kept by the things beside the change, in the present tense and without "must":
// "Existing quotes keep their old price" (fz-132), "Anything not on the sheet keeps its 2026 price"
// (fv-188), "quotes already sent with those fabrics keep their price" (ga-195), "Tasking orders keep
// full price" (gc-062). Read with the other rule forms (rule-phrasings.ts), on a clause's masked
// words. The participle ("…, keeping their current price") rides on the ask: TRAILING_KEPT below.
export const KEPT_VALUE = String.raw`\b(?:keeps?|stays?|remains?)\s+(?:(?:at|on)\s+)?(?:(?:its|their|the)\s+)?(?:(?:old|current|existing|original|previous|present|today'?s|\d{4}|same|agreed|quoted|full)\s+)?${VALUE}\b${PHRASE_END}`;

// "must keep" before anything the work holds as it is, a name, a value or an output ("go.mod must
// keep `go 1.21`", cf-084; "public API must keep siteId", ga-094; "must keep same JSON output",
// fr-079; "must keep a typedef alias for the old name", ed-114): the older forms read only "must keep
// its/the current …" and "must keep working/passing". Of the 24 development sentences with "must
// keep" before a thing, 23 are labelled HARD; the other is a relative clause ("signed agreements that
// we must keep for 10 years", du-104), which describes, as "has to keep up with the rush" does.
export const MUST_KEEP = String.raw`(?<!\b(?:that|which)\s+\w+\s+)\bmust\s+keep\s+(?!up\b|\w+ing\b)\S`;

// A code name kept, read on a clause's own words (the masked words blank it): a third-person
// "keeps" before the name ("The REST API keeps `patronId` in JSON", bf-064; "- keeps `ward` and
// `reminder_sent_at` so we can still report counts per ward", bk-155) and a bracketed "keep"
// before it after an anonymisation's step ("-> NULL (keep `postcode_district`)", dg-195). With
// an article before the name ("keeps the `\r` of CRLF line endings", dj-001; "keeps the
// `staleSince` timestamp", dg-127) the clause describes what code does, as a defect or a fix's
// result, and is not read.
const KEPT_NAME = /\bkeeps\s+`|\(\s*keep\s+`/i;

/** Whether a clause keeps a named thing as it is, by its own (unmasked) words. */
export const keepsNamedThing = (text: string): boolean => KEPT_NAME.test(text);

// After the ask, in the same clause (constraints.ts splits it off as a rule of its own, as it does
// ", keep X"): a participle or third-person "keep" holding what exists ("…, keeping the old column
// until we've checked the totals", bm-131; "…, keeping their current price through
// `price_override_pence`", dk-106; "…, and keeps full_name for now", bh-096). "keeping the existing
// local accounts as a fallback" (do-069) gives the old thing a new role and is not read; "keeping
// the original file names" (fq-188) says how the moved files are named, not what stays.
export const TRAILING_KEPT =
  /^(?:keeps|keeping)\s+(?:(?:the|its|their)\s+(?:old|legacy|previous|existing|current)\s(?![^;,]*\bas\s+an?\s)|[\w.-]+\s+for\s+now\b)/i;
