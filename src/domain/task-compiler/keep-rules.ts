// Rules about what the work keeps, in one place (twenty-third session): the rules that open on
// "keep" (split from constraints.ts when that file passed 450 lines: the words a rule may open
// with, and the readings of an imperative "keep" as a rule), and below them the guide's settled
// "keep" rows (branch `guide23`, which first wrote them in a file of their own). constraints.ts and
// rule-phrasings.ts decide where each is read (after the ask, in a rule's sentence).

// The words a rule may open with ("and please don't…", "PS: never…"). Each lead-in is one word
// (or "note that", "p.s."): "and please" was also listed whole, so "but please" repeated had two
// readings per pair and a failing match doubled with each (27 pairs hung the compiler); the
// repetition reads it as "but" then "please" anyway.
export const LEAD = String.raw`^(?:(?:and|but|also|please|pls|just|so|then|oh|however|plus|reminder|note|fyi|remember|important|note that|p\.?s\.?)[,:\s]+)*`;

// "keep X" coordinated with a rule in the same sentence shares its force: in "no behaviour change,
// and keep the exported function names" both halves are HARD; alone, "keep the sample forms in
// SQLite" describes a feature.
export const KEEP = new RegExp(`${LEAD}(?:keep|preserve|retain)\\b`, "i");
// Alone, "keep" preserves what exists when its object is something that exists already (the old
// column, the current baseline, a named identifier) and no place is given for it: "Keep the old
// \`vintage\` column", "keep \`name\` for now", "keep the Java 21 baseline". It is never the
// request's first clause, which states the ask, nor a long clause, which goes on to ask ("Keep
// \`calcQuota\`, move the callers of the other two onto it and delete them").
export const KEEP_EXISTING = new RegExp(
  `${LEAD}(?:keep|keeping|preserve|retain)\\s+(?:the\\s+(?:old|existing|current|legacy|original|public)\\b|\\x60|the\\s+[\\w.-]+\\s+\\d)(?![^;]*\\b(?:in|on|at|under|inside|into|within)\\s+(?:the\\s+)?(?:[\\w./-]+\\/|memory|sqlite|cache|redis|a |an ))`,
  "i",
);

// Eleventh session: after the ask, an imperative "keep" is a rule whatever its object ("Keep the
// JSON response byte-identical for existing clients", "Keep Node 18 support", "Keep it behind the
// \`docs_export\` flag"): the writers of the blind parts call it HARD 92 times to 28. Not when it
// makes something new ("keep a mapping file", "keep the new key in Vault"), picks survivors of a
// cleanup ("keep the row with the lowest id", "keep only the first half"), sets a target ("under 1
// GB", which is a criterion), goes on to other work ("…, move the callers onto it and delete the
// others") or asks ("keep the line breaks?"). Thirteenth session: "Must keep the current dedupe
// rules" is the same rule (KEEP_WORKING below for "keep X working"); a retention ("keep products_v6 for a week", "keep the revenue rows …, finance needs them
// for 10 years") forbids deleting what the work would otherwise remove, and the blind writers call
// it HARD (3 of 3), so it no longer excludes. Fourteenth session: what follows a reason ("so the cron
// job still imports from the same place") or a new subject ("…, we'll drop it after the season") is
// no longer read for the exclusions: it is the reason. Survivors in other words ("keep the lower id
// of each pair", "keep one row per singer", "keep the row with the most recent \`updated_at\`"), a
// tone ("keep it short", "keep the tone friendly", eighteenth session "Keep it in plain English") and "keep that in mind" are no rules; nor, seventeenth
// session, is "keep the status column up to date as you go" (ongoing work, as "keep X in sync").
// And a trailing ", keep X" after the ask in the same clause is the same rule ("Merge them into one
// module with a \`window\` parameter, keep both public function names as thin wrappers …"): the rule
// is the words from "keep" on (TRAILING_RULE), its own clause, so what it forbids is not read from
// the ask before it. Fifteenth session: "You must keep local login as a fallback" is the same rule,
// and a place named after a new subject ("…, the hall TVs show it in an iframe") is the reason's,
// not where the kept thing is put.
// Twenty-sixth session (hard26): the new subject may be a noun with "other" ("…, three other services
// import this file", da-102) and a second rule after a comma ("…, no switch to the /pure import",
// dh-166) is not the keep's own words either: neither is read for the exclusions. (The next step after
// ", then" was tried and left: "Keep the same output formats, then remove moment …", dh-149, would
// be found, but its rule's text then holds the removal, which contradictions.ts reads as a ban.)
export const KEEP_RULE = new RegExp(
  `${LEAD}(?:(?:you|we)\\s+must\\s+|must\\s+)?(?:keep|preserve|retain)\\s+(?!(?:a|an|only|it for|working|going|on)\\s|(?:it|the tone|the language|the wording|the text)\\s+(?:in\\s+)?(?:short|shorter|simple|brief|friendly|non-technical|technical|concise|readable|plain|light|casual|formal|polite|neutral|clear)\\b)(?!(?:(?!\\b(?:so|because|since)\\s|,\\s+(?:(?:we|they|i|it|he|she|no|not|never)(?:'\\w+)?|(?:[\\w-]{1,20}\\s+)?other\\s+\\w+)\\s)[^;])*(?:\\?\\s*$|\\b(?:new|lowest|highest|oldest|newest|latest|earliest|lower|higher|older|newer|most recent|one (?:row|record|entry|copy)|in sync|up to date|in mind|working|delete|remove|drop|move|import)\\b|\\b(?:under|below|within|less than|at most|over|above)\\s+\\d))(?!(?:(?!,\\s+(?:we|they|i|it|he|she|the)\\s)[^;])*\\b(?:in|on|at|under|inside|into|within)\\s+(?:the\\s+)?(?:[\\w./-]+\\/|memory|sqlite|cache|redis|a |an |hot |cold ))`,
  "i",
);

// "No change to the visible page" opens with a prohibition too (thirteenth session).
// "Keep X working" is a rule when it opens a sentence of its own after the ask ("Keep the existing
// API key auth for the wall screens working, they can't do interactive login."); joined to the ask
// by "and" it is part of what the ask delivers ("swap it … and keep the barcode scanning working",
// 2 rows each way in the labels, the joined ones part of the ask).
// Thirty-first session (hard31): after the ask's comma the keep is a clause of its own as after a full
// stop ("fix in src/autoHeight.ts, keep Safari 15 working", fd-051; "Bump …, keep it working on the old
// Samsung tablets the agronomists have", fv-145), and the place or device it keeps working on is what
// it holds ("keep the no-JavaScript fallback working on every form", dn-068): every development
// sentence of "keep X working on …" is labelled HARD (4 of 4, with "must keep working on"). Only "and"
// still joins it to the ask (constraints.ts), and "through / via" names the design's route ("keep
// existing imports working through claims/fnol/handlers/__init__.py", dv-111).
export const KEEP_WORKING = new RegExp(
  `${LEAD}(?:must\\s+)?keep\\s+(?!working\\b)[^;?]{1,80}?\\sworking\\b(?!\\s+(?:through|via)\\b)`,
  "i",
);

// What the work keeps as it is (twenty-third session, branch `guide23`): "Keep X" that holds a thing
// as it is forbids removing or changing what the work would otherwise reach, as "no behaviour
// change" does, so it is HARD (docs/task-labelling.md, "hard, soft, forbidden": a price, rate or
// amount kept, 17 of 21 development entries by 12 writers; a named function, endpoint, flag, field,
// column or setting kept, 34 of 45 by 29 writers). "Keep X as <what the work makes of it>" (a shim,
// a thin wrapper) designs the result and is no rule (0 of 7), nor is the row a deduplication keeps.
// The older forms read "must keep its …", an imperative "keep" after the ask (above) and a trailing
// ", keep X" (constraints.ts, constraint-forms.ts); these are the voices they miss.

// The things that hold a value: a price, rate, fee or amount, the words of money the guide's
// settled row counts. The noun must end its phrase (punctuation, the clause's end or a function
// word after it), so that "buyers keep their premium rewards" (fx-186, a defect) is not read.
const VALUE = String.raw`(?:prices?|pricing|rates?|fees?|tariffs?|premiums?|discounts?|amounts?|totals?|limits?|terms)`;
const PHRASE_END = String.raw`(?=\s*(?:[.,;:!()]|$)|\s+(?:through|for|until|as|on|in|at|from|and|but|so|when|after|before|unless|while|via|with|per|though|they|we|you|that|which|who)\b)`;

// Twenty-sixth session (hard26): the noun ends its phrase before a bracket, "though" or a relative
// clause's pronoun as before a function word ("Members on frozen rates keep their price (flag
// price_frozen = true …)", "Tickets already booked in keep the price they were quoted", "Bookings
// already paid keep the old price though, …": gd-173, ge-054, gf-131), and "his", "her", "our" and
// "your" own a kept price as "its" and "their" do.
// A price or amount kept by the things beside the change, in the present tense and without "must":
// "Existing quotes keep their old price" (fz-132), "Anything not on the sheet keeps its 2026 price"
// (fv-188), "quotes already sent with those fabrics keep their price" (ga-195), "Tasking orders keep
// full price" (gc-062). Read with the other rule forms (rule-phrasings.ts), on a clause's masked
// words. The participle ("…, keeping their current price") rides on the ask: TRAILING_KEPT below.
export const KEPT_VALUE = String.raw`\b(?:keeps?|stays?|remains?)\s+(?:(?:at|on)\s+)?(?:(?:its|their|the|his|her|our|your)\s+)?(?:(?:old|current|existing|original|previous|present|today'?s|\d{4}|same|agreed|quoted|full)\s+)?${VALUE}\b${PHRASE_END}`;

// Twenty-seventh session (hard27): the same keep said of anything its owner holds, not only a price:
// a clause that opens on the things beside the change and says they keep their own state ("past
// manifests keep their PoB counts, vessel and date", gl-142; "Full-year clients keep their £775 fee",
// gm-174; "Existing 48-hour urgent charges keep their 1.8× rate", gm-192; "The public methods of
// \`BookingService\` keep their signatures", dm-068) holds it as it is: the guide's settled "keep"
// rows (HARD 27 of the 32 development sentences of this shape). The subject opens the clause (a
// condition, reason or pronoun opens none: "When a reader cancels a hold, the readers behind them keep
// their old position", bp-051, is a symptom), and "still keep" reports what is observed (cf-197).
// Read by constraints.ts after the ask, not on a heading (a title names the feature: fx-186) nor on a
// numbered step (a plan or reproduction: dk-176); nor is a keep that goes on to the work's design ("InvoiceRenderer keeps its public render(Invoice)
// method and just delegates", es-014: "keep X as <what the work makes of it>").
// Twenty-eighth session (hard28): the state kept may be named by what it is rather than whose it is,
// "the old / current / existing / original X" or "exactly X" ("Existing projects keep the current
// behaviour unless someone switches the setting on", gb-112; "bookings made before 1 January keep
// the old rules", ge-154; "hotels with no setting keep exactly today's 150 EUR per night", fu-117),
// and "his" and "her" own it as "its" and "their" do: the same keep (HARD in all 6 development
// clauses of these shapes outside "must", 6 writers). "Keeps the previous status when …" (ez-102,
// a defect) and "keeps today's behaviour" (dr-112, fj-117: what a path of the feature does) are not
// read, nor a keep inside a relative clause ("a migration … that keep the old name available as a
// view", cb-053: the design) or after "let us" ("lets us keep the old key alive", fn-121: a permission).
// Thirtieth session (hard30): the state kept may also be named by pointing back at what the subject
// has now, the same hold on the things beside the change: a pronoun ("Customers with a negotiated
// price keep it", gi-065), "what they paid" ("Cars already released keep what they paid", gs-181),
// "the value they have" ("Cylinders that already have a \`next_vip_due\` keep the value they have",
// gs-144; "Tickets already booked in keep the price they were quoted", ge-054), or "as today / as now
// / unchanged" after the thing ("Each member keeps his own hire fee and damage deposit as today",
// ge-063; "shallow boats keep every slot as now", gs-041; "Existing single-child accounts keep working
// unchanged", gc-132): HARD in all 8 development sentences of these shapes outside a wish ("ideally
// keep … unchanged" is SOFT), 5 writers.
const KEPT_AS_IT_IS = String.raw`(?:it|them)\s*(?:[.!,;)]|$)|what\s+(?:they|it|he|she)\s+\w|the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:they|it|he|she)\s+(?:have|has|had|paid|got|were|was)\b|\S[^;,]{0,50}?\s(?:as\s+(?:now|today|before)|unchanged)\b`;
export const KEPT_BY_OWNER = new RegExp(
  String.raw`^(?!(?:when|if|once|until|unless|so|while|because|since|whether|it|this|that|they|which|who|we|you|i|he|she|and|but)\b)(?:[^\s,;]+\s+){1,6}?(?<!\b(?:still|us|me|them|you|that|which|who)\s)keeps?\s+(?:(?:(?:its|their|his|her)\s+(?!own\b)|the\s+(?:old|current|existing|original)\s+|exactly\s+)(?![^;,]*\band\s+(?:just|only|simply|then)\s)\S|${KEPT_AS_IT_IS})`,
  "i",
);

// Twenty-seventh session (hard27): the same invariance said as a fact of the things beside the change,
// "<X> don't change" opening its sentence ("- pay rates don't change", ga-113; "Other roles don't
// change for now.", gp-083; "Deposit rules don't change.", gj-191): the guide's keep rows (a thing held as
// it is beside the change), which ACCEPTANCE_DENIAL reads in an acceptance item only. Not after a
// reason's "so" or "because" ("re-export applyPromo … so callers don't change", fp-132: the design's
// aim), nor a second clause of a sentence, which gives the reason of the rule before it ("leave
// premium.ipt.exemptProducts as it is, the exemptions don't change", eq-120); "X is unchanged" is left
// out: bug reports use it for what still works ("Desktop is unchanged.", ec-088). Twenty-eighth
// session (hard28b): a bare "<X> stay(s)" closing its clause is the same fact of the things beside
// the change ("Practice addresses stay.", gm-066; "Reads linked to an open enforcement case stay.",
// gf-153; "Names and personnel numbers stay, payroll has to keep them …", eo-075): the guide's keep
// rows, as "Invoices already sent stay as they are" is. A permission ("The screenshots can stay",
// et-050), a result the ask reaches ("fix so the leading zeros stay", dd-052) and the noun ("a guest's
// stay", "long stays", "with no stay, booking …", fu-131) are not read, nor a new option's default
// named in quotes ("Default stays 'Chapters'.", dk-091); a reason may follow after a comma, and the
// subject may run to eight words. cc-057's "Blood type and donation counts stay." (beside an
// anonymisation) is labelled no rule against the guide's keep rows. A hold "until <a person> has
// checked" (gd-048) is left: contradictions.ts reads it against the change it waits for.
// The bare verb, not after a modal of permission, "to", an article or a possessive (the noun).
const BARE_STAY = String.raw`(?<!\b(?:a|an|the|no|any|each|every|per|my|your|his|her|its|our|their|can|may|could|might|will|would|to|long|short)\s)(?<!'s\s)stays?`;
export const UNCHANGED_BY_OWNER = new RegExp(
  String.raw`^(?!(?:please|pls|and|but|if|when|whether|why|until|how|it|this|that|they|we|you|i|as)\b)(?:(?!(?:so|because|since)\s)[^\s,;]+\s+){1,8}?(?:(?:do|does)(?:n'?t|\s+not)\s+change(?:\s+for\s+now)?\s*[.!]?$|${BARE_STAY}(?:[.!]?$|,\s))`,
  "i",
);

// Twenty-ninth session (hard29): the guide's settled row "a value kept beside the change is HARD"
// (guide25) said of anything the ask leaves as it is, not only a number closing the clause: a clause
// that opens on its subject and says it stays at a value or in its place ("The 2026 value stays at
// 895, families who booked last year are still on it", gl-154; "Adult stays £12, junior stays £6",
// go-118; "Stripe SDK stays where it is", gk-079; "the CSV export column stays \`grd\`", gr-146;
// "Python stays 3.11 on the Pi in the workshop", gk-047). Read on a clause's own words (a kept name
// is quoted code), where it opens a sentence or follows a rule in its sentence ("Only these six
// bores, the others stay at 60"). The guide's exclusions stay out: a symptom goes on after its value
// ("the badge stays at 1 after you claim"), a consequence follows with "so", a condition or pronoun
// opens none, and a permission or the future is not the bare verb (BARE_STAY). A switch left "off" is
// not read: "The other hubs stay off", "Default stays off" say which switches a rollout turns on, no
// rule in 4 of 5 writers' labels (de-083, dr-039, bh-063, fl-088).
// Thirty-second session (hard32): the value is read in whatever unit its writer gives it, as the
// guide's row says of "a setting, price, limit or count held at its value": a time of day ("The winch
// cat shift stays at 18:00", gx-175), a percentage with its unit word ("The drying room alarm stays
// at 15% RH", gz-058), an amount with its noun ("Community groups and regular hirers stay at £0
// deposit", gj-163) and a range ("Newt season stays at 15 Mar–15 Jun", ha-063); the older value read
// only a bare number, a number with one word, or a percentage. One word still closes the value, so a
// symptom that goes on ("the badge stays at 1 after you claim") is not read.
const SETTING_NUMBER = String.raw`[£$€]?\s?\d[\d.,:]*(?:\s?%)?(?:\s[a-z][\w/]*)?`;
const KEPT_SETTING_VALUE = String.raw`(?:(?:at|on)\s+)?(?:[≥≤<>]\s?)?${SETTING_NUMBER}(?:\s?[–-]\s?${SETTING_NUMBER})?(?:\s+(?:and|or)\s+${SETTING_NUMBER}(?:\s[a-z]+)?)?|\`[^\`]{1,40}\`|where\s+(?:it|they)\s+(?:is|are)|(?:like|as)\s+(?:now|today|before)`;
export const KEPT_SETTING = new RegExp(
  String.raw`^(?!(?:please|pls|and|but|if|when|whether|why|until|how|it|this|that|they|we|you|i|as|so|since|after|once)\b)(?:(?!(?:so|because|since|if|when|once)\s)[^\s,;]+\s+){1,8}?${BARE_STAY}\s+(?:${KEPT_SETTING_VALUE})(?:\s+(?:on|in|for)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3})?(?:\s+(?:for\s+now|until\s[^,;]{1,40}))?\s*(?:[.!]?$|,\s+(?!(?:so|and|which|but|then|even|because)\b))`,
  "i",
);

// Thirty-second session (hard32): what the ask leaves alone, said of the others ("Only these six
// bores, the others stay at 60", gt-103; "Only this value, other settings stay same", hc-070; "Upgrade
// phoenix to 1.7.14 please, other deps stay like now", gs-169; "- pilot firms only, everyone else stays
// on wet-ink upload", gp-184; "Only this value, the other stay", gk-023): the guide's kept-value and
// "stays on <version>" rows, a thing held as it is beside the change, wherever the clause stands in
// its sentence (the ask or its limit comes first by the nature of "the others"). HARD in 16 of the 21
// development sentences of this shape that are not symptoms (14 writers). A switch the rollout leaves
// off ("The other hubs stay off", "all other groups stay false": the guide's twenty-ninth-session
// note, no rule in 4 of 5 writers' labels) and rows a backfill cannot fill ("anything else stays
// NULL": its method) are not read; nor a permission ("Other roles can stay as they are": not the bare
// verb).
const OTHERS = String.raw`(?:the\s+others?|the\s+rest(?:\s+of\s+(?:the\s+)?[\w-]+)?|(?:all\s+|every\s+|the\s+)?other\s+[\w-]+(?:\s+(?!(?:can|may|could|might|will|would|should|must|to)\b)[\w-]+)?|every(?:one|body|thing)\s+else)`;
export const OTHERS_KEPT = new RegExp(
  String.raw`^(?:(?:and|but)\s+)?${OTHERS}\s+(?:stays?|remains?)(?:\s+(?!(?:off|false|null|empty|disabled|optional|unset|open|closed|logged)\b)[^\s,;][^,;]{0,60}|[.!]?)$`,
  "i",
);

// Thirty-second session (hard32): the guide's settled "keep / leave X at <value>" (guide25: 9 of 9)
// said of anything held at its value or version, whatever stands between the verb and "at": a
// several-word subject ("Leave silo 1 and silo 2 at 85%", gk-056), a pin ("Keep the API version
// pinned to 2023-10-16 in config/stripe.php", gj-176; ec-124), a reason after a comma ("Keep Python
// at 3.10, the roastery PC can't go higher", gj-029: KEEP_RULE reads "higher" there as a survivor's
// pick). Every development sentence of this shape is labelled HARD (22 of 22, 20 writers). The value
// closes the clause, with at most a unit word and its file, so "keep it at the top" or "keep X on
// the page" (a place, no value) is not read.
export const KEPT_AT_VALUE = new RegExp(
  String.raw`${LEAD}(?:keep|leave)\s+(?!(?:a|an|it|them|only)\s)(?:[^\s,;]+\s+){1,6}?(?:pinned\s+)?(?:at|to|on)\s+[£$€]?v?\d(?:[\w:/%-]|\.(?=\w))*(?:\s[a-z][\w/]*)?(?:\s+(?:in|on|for)\s+[^\s,;]+)?(?:[.!]?$|,\s)`,
  "i",
);

// Twenty-eighth session (hard28): an acceptance item that holds a thing beside the change as it is
// binds like the same words outside the list (the guide's settled "keep" rows: a thing held as it is
// beside the change is HARD wherever it is said). Outside an acceptance list these forms are read
// already ("Invoices already sent stay as they are": HARD in 93 of 107 such clauses, 48 writers);
// inside one, only with a modal (ACCEPTANCE_INVARIANCE), so "- [ ] contracts already invoiced stay
// as they are" (gl-101), "- prices on the delivery note stay as they are" (gh-101), "- Level 2
// reports are unchanged" (gi-162), "- the rate on the stay is kept as booked" (fu-097), "- the
// requests sent to track-api stay exactly the same" (fm-068) and "- the Hawk Walk keeps its £45
// price" (go-024, KEPT_BY_OWNER) were missed: HARD in 7 of the 9 development acceptance items of
// these shapes, 6 writers against 2. An output checked against a named fixture or golden file ("the
// JSON response is unchanged (compare with the fixture …)", bs-021; "Suggestions and their order are
// unchanged for the queries in …/golden.json", bf-011) is the value a test must observe, which the
// guide's kept-value row leaves out; mixed-04's "exit codes stay the same" beside a new --json mode
// is labelled a criterion against the guide's keep row.
export const ACCEPTANCE_KEPT = new RegExp(
  String.raw`\b(?:(?:stays?|remains?)\s+(?:exactly\s+)?(?:as\s+(?:they|it)\s+(?:are|is)|the\s+same)|(?:is|are)\s+(?:kept\s+)?(?:unchanged\b(?![^;]*\b(?:compared?|golden|fixtures?|testdata|snapshots?)\b)|as\s+(?:today|now|before|booked)\b))|${KEPT_VALUE}`,
  "i",
);

// "must keep" before anything the work holds as it is, a name, a value or an output ("go.mod must
// keep `go 1.21`", cf-084; "public API must keep siteId", ga-094; "must keep same JSON output",
// fr-079; "must keep a typedef alias for the old name", ed-114): the older forms read only "must keep
// its/the current …" and "must keep working/passing". Of the 24 development sentences with "must
// keep" before a thing, 23 are labelled HARD; the other is a relative clause ("signed agreements that
// we must keep for 10 years", du-104), which describes, as "has to keep up with the rush" does.
export const MUST_KEEP = String.raw`(?<!\b(?:that|which)\s+\w+\s+)\bmust\s+keep\s+(?!up\b|\w+ing\b)\S`;

// Twenty-fourth session (guide24), the guide's settled "make sure" row: "make sure" before what stays
// as it is beside the change is the same keep ("make sure existing sessions aren't all logged out",
// ga-154; "make sure the game still reads the same rewards", fx-193; HARD in 3 of 3 with "make sure
// nothing under X is touched", gd-101), while "make sure" before the ask's own result is the ask ("make
// sure nothing else in sepa/ is logging it", "make sure the new token never ends up in the app again":
// 10 of 12 no rule; "make sure the build still passes": 0 of 11).
export const MADE_SURE_KEPT = String.raw`\bmake\s+sure\s+(?:that\s+)?(?:the\s+)?existing\s+[\w-]+(?:\s+[\w-]+)?\s+(?:are|is|do|does|will|wo)(?:n'?t|\s+not)\b|\bmake\s+sure\b[^;,]{1,60}?\bstill\s+[a-z]+\s+the\s+same\b`;

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

// Twenty-third session: "keep a view / copy / backup / export / alias of what the work changes" after
// the ask ("Keep a view vehicle_status_v1 with the old column name for one release", "- keep a copy
// of the original values in mood_entries_backup_2026q4", "Keep a deprecated re-export from utils.ts
// for one release", "Keep an export of the rows before the change in storage/fixes/": dl-148,
// fr-078, fy-082, fy-182) preserves the old state the work replaces: the guide's preservation,
// labelled HARD in 9 of 9 development rows where such a sentence follows the ask. KEEP_RULE leaves
// "keep a …" out because it usually makes something new ("keep a mapping file"); a safeguard of the
// old state is what those writers call binding, wherever it is put.
export const KEEP_SAFEGUARD =
  /^(?:(?:and|also|please|then)\s+)*(?:keep|retain)\s+(?:a|an)\s+(?:(?:deprecated|backup|full|read-only|compatibility)\s+)?(?:view|copy|backup|export|snapshot|dump|alias|re-export|shim|csv)\b/i;
