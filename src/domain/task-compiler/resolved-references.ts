// What resolves a reference the patterns of referents.ts find (thirteenth session): the request
// itself gives the antecedent, though not as an identifier right next to the words. Each rule
// reads the words around the reference, not a list of phrases, and referents.ts records which
// one applied in `x-canon.explanations.ambiguity_notes`.
import { kindOfPath } from "./path-kinds.js";
import { DOCUMENT } from "./referent-patterns.js";
import { refsIn } from "./resource-refs.js";
import type { Clause } from "./segment.js";

// "Find out which listener leaks, then write what you found into the incident doc": "you" is the
// agent, and what it found is the result of the finding the request asks for, not an event outside
// the request. Only after an ask to find it out, and with no earlier time attached ("what you found
// yesterday" points at another session).
// Twenty-eighth session (branch `esc28`): what a thing did, after an ask to find that thing ("find
// the commit that changed it and explain what it did", gt-165), is part of the finding too: "it" is
// no person who acted outside the request. "gone back to what it did in the summer" (gm-173) is an
// earlier state, which no ask to find precedes.
const AGENT_FINDING =
  /^(?:what\s+)?you\s+(?:found|find|discovered|learned|learnt|saw|see|noticed|measured|concluded)\b|^what\s+it\s+did\b/i;
const ASKS_TO_FIND =
  /\b(?:find(?: out)?|figure out|work out|investigate|look into|dig into|check|identify|determine|measure|profile|trace|track down|diagnose|analy[sz]e|compare)\b/i;
const EARLIER_TIME =
  /^\s*(?:\w+\s+){0,2}(?:yesterday|last\s+\w+|earlier|before|previously|this morning|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;
export const agentsOwnFinding = (phrase: string, before: string, after: string): boolean =>
  AGENT_FINDING.test(phrase) && ASKS_TO_FIND.test(before) && !EARLIER_TIME.test(after);

// Twenty-ninth session (branch `esc29`): what the agent used, changed or did, named in a later
// step of the work the request asks for ("2. Then write the slow-query logging setting you used
// into docs/operations.md", gy-187; "then add the profiling steps you used to apps/booking/README.md",
// fc-106; "then write up what you changed in careers-widget/PERF.md", ey-185; "2. Regenerate the
// statement PDFs for the ones you changed", gi-007) is the agent's own work in this request, as
// what it found is: "you" is the agent (the guide's reference is unresolved only where nothing in
// the request or the repository says which). Not where it is done again after the model of an
// earlier time or another object ("the same way you did last time", "what you did for ward 3",
// da-193, dx-151), nor where no step of work comes before it ("Put back whatever you changed",
// hg-026; "extend the docs page you wrote", fresh5-020).
const AGENT_WORK = /^(?:what|the\s+(?!same\b|way\b)(?:[\w-]+\s+){0,3}?[\w-]+)\s+you\s+(?:used|changed|did|made|ran|applied|tuned|tried)$/i;
const LATER_STEP = /\b(?:then|after that|afterwards)\b/i;
const ANOTHER_OBJECT = /^\s*(?:for|on|to|with)\b/i;
/** The last sentence of `text` (after its last stop): where a "then" orders this step after another. */
const sentenceTail = (text: string): string =>
  text.slice(Math.max(text.lastIndexOf("."), text.lastIndexOf(";"), text.lastIndexOf("!"), text.lastIndexOf("?")) + 1);
export const agentsOwnWork = (phrase: string, before: string, after: string, laterListStep: boolean): boolean =>
  AGENT_WORK.test(phrase) &&
  (laterListStep || LATER_STEP.test(sentenceTail(before))) &&
  !EARLIER_TIME.test(after) &&
  !ANOTHER_OBJECT.test(after);

// "redirects, canonical, hreflang, the sitemap, that kind of thing": a general extender closing a
// list of examples stands for the kind the list shows; its antecedent is the list right before it.
const EXTENDER = /^(?:that|this|those|these)\s+(?:kinds?|sorts?|types?)\b/i;
const EXTENDER_FOLLOWS = /^\s*of\s+(?:things?|stuff|issues?|problems?|changes?|checks?)\b/i;
export const generalExtender = (phrase: string, before: string, after: string): boolean =>
  EXTENDER.test(phrase) && EXTENDER_FOLLOWS.test(after) && /,[^,]+,\s*(?:and\s+|or\s+|etc\.?,?\s+)?$/.test(before);

// "Release the REVACC01 load module … Keep the previous module as REVACC0P": a request that puts
// a new X in place (releases, deploys, installs, replaces, upgrades it) makes "the old / previous
// X" the one in place now, which the system holds. The thing must be named by the same noun after
// the replacing verb earlier in the request ("roll back to the previous version" names nothing
// new and stays a question).
// Eighteenth session: moving the content into a new one ("copies every row from `league_scores` into
// `league_scores_v2` … Keep the old table", "turns `ledger_entries` into a partitioned table")
// replaces it as well, and a dot inside a path or version ("bowling/league/record.py") does not end
// the sentence.
const REPLACING = String.raw`\b(?:release|releases|deploy|deploys|install|installs|ship|ships|promote|promotes|replace|replaces|swap|swaps|upgrade|upgrades|update|updates|bump|bumps|roll out|publish|publishes|switch|switches|migrate|migrates|put|turn|turns|copy|copies|move|moves)\b(?:[^.;!?]|\.(?=\S))*\b`;
export function replacedByTheAsk(phrase: string, requestBefore: string): boolean {
  const noun = /^the (?:old|previous|former|current) ([a-z]+?)s?$/i.exec(phrase.trim())?.[1];
  if (!noun || /^(?:one|version|thing|way|approach|fix|change|value|setting|behaviou?r|state)$/i.test(noun)) return false;
  return new RegExp(`${REPLACING}${noun}s?\\b`, "i").test(requestBefore);
}

// "rewrite docs/crm/getting-started.md … the screenshots and half of the steps in the guide are now
// wrong", "fix that line and the screenshot caption under it": in a request whose work is a
// document it names by its path, an artefact the request does not bring in from outside (after
// "with", "from", "like", "add" …) is part of that document, located as "the screenshot in
// docs/setup.md" is.
const BROUGHT_IN =
  /\b(?:with|from|in|on|per|like|see|using|use|add|adding|insert|attach|attached|paste|embed|include|match|matching|follow|following|according to)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?$/i;
const namesADocument = (request: string): boolean =>
  refsIn(request).some((found) => found.ref.startsWith("fs:") && kindOfPath(found.ref.slice(3)) === "DOCS");
export const partOfNamedDocument = (before: string, request: string): boolean => !BROUGHT_IN.test(before) && namesADocument(request);

// "Go through the runbook …" after "docs/runbooks/ledger-failover.md", "the advisory" beside
// CVE-2026-31877: a document the request names by its path (a segment of the path is the noun) or
// by its identifier is no document outside the request; a phrase that names no kind of document
// (DOCUMENT) is never one. Twentieth session: so is a spreadsheet the request names by a
// spreadsheet file ("The motor paid triangle in C:\\Reserving\\motor\\triangles_2026Q3.xlsx
// doesn't agree … (paid £41.2m in the spreadsheet …)", fo-032): the file's kind is in its
// extension, not a segment (the guide: an artefact is located by a path).
const SPREADSHEET_FILE = /\.(?:xlsx|xlsm|xls|ods|csv)$/i;
const ADVISORY_ID = /\b(?:CVE-\d{4}-\d{3,}|GHSA(?:-[\w]{4}){3})\b|\bSecurity Advisories\b/;
export function documentNamed(phrase: string, request: string): boolean {
  if (!DOCUMENT.test(phrase)) return false;
  // The lookbehind starts the match at a word only: linear on a long phrase (thirty-second session).
  const noun = /(?<![a-z])([a-z]+?)s?$/i.exec(phrase.trim())?.[1]?.toLowerCase();
  if (!noun || noun.length < 4) return false;
  if (noun === "advisory" || noun === "advisorie") return ADVISORY_ID.test(request);
  return refsIn(request).some(
    (found) =>
      found.ref.startsWith("fs:") &&
      ((noun === "spreadsheet" && SPREADSHEET_FILE.test(found.ref)) ||
        found.ref
          .slice(3)
          .toLowerCase()
          .split(/[/\\._-]+/)
          .some((segment) => segment === noun || segment === `${noun}s`)),
  );
}

// "put the new one in the vault and remove the old one", "create a new session instead of
// re-activating the old one", "point the view at the new table. Keep the old table.": where the
// request names a new one, "the old X" is the one the new one replaces, in place now. For "the old
// one" the contrast must be near (its sentence or the one before); a noun must be the same.
// Fourteenth session: so does "the new one" near it ("the old code rounded per task, the new one per
// week"), a request that says what the thing is now ("the flag is now `pricing.surge.enabled` (not
// `surge_on`) … people still look for the old flag"), and, for a version or release, a request that
// names two of them ("on 2.8.x yet or still 2.7? … they're on the old version"): the old one is the
// earlier of the two. "Roll back to the previous release" names none and stays a question.
const VERSION_NUMBER = /\bv?\d+\.(?:\d+|x)(?:\.(?:\d+|x))?\b/gi;
export function contrastedWithNew(phrase: string, sentence: string, request: string): boolean {
  const noun = /^the (?:old|previous|former) ([a-z]+?)s?$/i.exec(phrase.trim())?.[1];
  if (!noun) return false;
  if (/^(?:version|release)$/i.test(noun) && new Set(request.match(VERSION_NUMBER) ?? []).size >= 2) return true;
  if (/^(?:one|version)$/i.test(noun)) return /\bnew\b/i.test(sentence);
  if (/\bthe new one\b/i.test(sentence)) return true;
  return new RegExp(`\\bnew\\s+(?:[\\w-]+\\s+)?${noun}s?\\b|\\b(?:the|our|its|this)\\s+${noun}s?\\s+(?:is|are)\\s+now\\b`, "i").test(
    request,
  );
}

// "for leases that started on 29 February", "the small Python service that talks to the
// projector": "that" after a noun opens a relative clause about that noun; it points at nothing.
// The noun is known by what opens its phrase (an article, a possessive or a preposition) with no
// verb between them.
const NOUN_PHRASE_BEFORE =
  /\b(?:the|a|an|our|their|its|his|her|my|your|every|each|any|some|all|for|of|in|on|at|with|from|about|by|per)\s+((?:[\w-]+\s+){0,3}?)([A-Za-z][\w-]*)\s+$/i;
const NOT_A_NOUN =
  /^(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|will|would|should|could|may|might|must|said|says|say|saw|see|found|find|made|make|sent|send|wrote|got|get|told|tell|think|thinks|know|knows|mean|means|so|such|sure|than|now|and|but|or|not|just|also|only|check|ensure|verify|show|shows|note|hope|assume|prove|confirm|realize|realise|given|except|seems?)$/i;
export function relativeThat(phrase: string, before: string): boolean {
  if (!/^that\b/i.test(phrase)) return false;
  const found = NOUN_PHRASE_BEFORE.exec(before);
  if (!found) return false;
  const words = [...found[1]!.trim().split(/\s+/).filter(Boolean), found[2]!];
  return words.every((word) => !NOT_A_NOUN.test(word) && !/ed$/i.test(word));
}

// Fourteenth session. "AddressPicker.vue submits the first saved one, not the one you clicked",
// "make it faster as measured by tok-bench, that's the one we report in the weekly", "Section 4 is
// the one I'm least sure about": "the one …" after a copula or a "not" is predicated of, or
// contrasted with, a thing its own sentence names before it; the relative clause after it says
// something about that thing and points at no event outside the request ("add the filter, the one
// Maria mentioned" stands in apposition and does point outside).
export const predicatedOne = (phrase: string, before: string): boolean =>
  /^the one\b/i.test(phrase) && /(?:\b(?:is|was|are|were|be|not)|['’]s)\s+$/i.test(before) && before.trim().split(/\s+/).length >= 3;

// "They found out when they tried to update the menu": "find out" is coming to know something; it
// tells how someone learned of a problem the request describes, and defines no thing they found.
export const learnedOf = (phrase: string, after: string): boolean => /\bfound$/i.test(phrase) && /^\s+out\b/i.test(after);

// "### Expected: Card tips flow into the tip pool like before", "clipping at 1.0 like before": "like
// before" after a clause that states the behaviour or value itself (under a heading naming the expected behaviour in four words or more, or the value kept right before it) only says it is today's
// or an earlier state; the request has given it. "Make it work like before", "turn the logging back
// down like before" state nothing and stay a question.
export const statedBefore = (phrase: string, before: string, role: string | undefined): boolean =>
  /^(?:as|like)\s+before$/i.test(phrase) &&
  !/\b(?:same|again|back|it|this|that|them)\b/i.test(before) &&
  ((role === "acceptance" && before.trim().split(/\s+/).length >= 4) || /\b(?:at|to|of)\s+~?\d+(?:[.,]\d+)?\s*%?\s*$/i.test(before));

// Twenty-seventh session (branch `esc27`): "set session.idleTimeoutMinutes to 30 (it's 120 now), as
// agreed in RC-19" (fa-125), "the charge will be £4.50 per bag …, as agreed by Cabinet" (gf-152),
// "change `party_damage_deposit` from 100 to 150, as agreed at the trustees' meeting" (gj-163): an
// agreement or decision named after its sentence has written out the value it set says only where
// the change comes from; the request states the decision, so nothing outside it is needed (the
// guide: clear when the text itself resolves the reference; the writers: "the meeting is only the
// reason and its decision is written out"). "Change the thresholds as agreed", "Set the royalty
// rate as agreed" and "what we agreed" state no value and stay questions.
const DECIDED = /^(?:as|like)\s+(?:(?:we|I|you|they)\s+)?(?:agreed|decided|discussed|approved|requested|planned|promised)$/i;
const VALUE_SET = /(?:\b(?:to|be|at|from|is)\s+(?:[£$€]\s?)?\d|[£$€]\s?\d|\bto\s+`)/i;
export const decisionWrittenOut = (phrase: string, sentenceBefore: string): boolean =>
  DECIDED.test(phrase.trim()) && VALUE_SET.test(sentenceBefore);

// Twentieth session: "the apply goes through Atlantis as usual" (fp-106), "promote dispatch 3.10.0 …
// using the zone rollout flag as we do for city pilots" (fp-192): a habit ("as usual", "as always",
// "as we do") after a method its own clause names ("using/through/via X") only says the method is
// the customary one; the request has given it (docs/task-labelling.md: clear when the text itself
// resolves the reference). "Like we did for the portal" names an earlier change, not a method, and
// "do it the usual way" names none: both stay questions.
export const habitOfANamedMethod = (phrase: string, before: string): boolean =>
  /^(?:as|like)\s+(?:usual|always|we do)$/i.test(phrase) && /\b(?:using|through|via)(?:\s+[\w.-]+){1,4},?\s*$/i.test(before);

// "make the orchestrator stop printing env vars (sandbox/orchestrator/boot.py, the debug block Farid
// added)": a reference in apposition to a path, in the same brackets or after "in <path>,", is a part
// of that file, located as "the screenshot in docs/setup.md" is.
export const locatedBefore = (before: string): boolean => /(?:\(|\b(?:in|at)\s+)[\w.~-]*\/[\w./-]*\w\s*,\s*$/.test(before);

// "1.9 MB gzipped (webpack-bundle-analyzer, `npm run analyze`) … Goal: main bundle under 800 KB
// gzipped, measured the same way": a figure measured "the same way" is measured as the request's
// own earlier figure was, and the request names how (a command or a tool in brackets beside it).
const MEASURING_VERB = /\b(?:measured|counted|computed|calculated|tested|benchmarked|timed|profiled)\s+$/i;
const STATED_FIGURE = /\d+(?:[.,]\d+)?\s*(?:ms|s|secs?|seconds?|mins?|minutes?|[kmg]i?b|%)(?![\w/])[^.]*?(?:`[^`]+`|\([^)]{3,}\))/i;
export const measuredAsStated = (phrase: string, before: string, requestBefore: string): boolean =>
  /^the same way$/i.test(phrase) && MEASURING_VERB.test(before) && STATED_FIGURE.test(requestBefore);

// "Anything you'd split up? It's for the tip pool reporting Lena wants.", "She wants the test on main
// first so her PR shows it going from red to green": a reference that opens what the work is for (a
// sentence "it's for …", a purpose "so …" after the ask) names why it is wanted; the work neither
// acts on it nor follows it, so it needs no antecedent.
const MOTIVE = /^\W*(?:(?:it|this|that)(?:['’]s| is)|these are)\s+(?:all\s+|just\s+|mainly\s+|mostly\s+)?for\s+$|\b\w+\s+so(?: that)?\s+$/i;
export const motiveOnly = (before: string): boolean => MOTIVE.test(before);

// Twenty-second session: "Please fix it before the next pay run on 28th, I will correct the old ones
// by hand" (fy-161): what the writer says they will do themselves is no part of the work, so a
// reference that is the object of it needs no antecedent for the work to be done (as the guide
// reads a ticket named only as the reason: the work needs no content from it). Only "I", whose
// work it cannot be, and not a verb that sets how the work is done ("I'll use …", "I'll need …").
const WRITERS_OWN =
  /\bI(?:['’]ll| will| am going to|['’]m going to)\s+(?:(?:also|then|just|personally)\s+)?(?!(?:use|need|want|follow|apply|pick|choose|take|send|give|share|forward|provide)\b)[a-z]+\s+$/;
export const writersOwnPart = (before: string): boolean => WRITERS_OWN.test(before);

// Fifteenth session. "printed our Vault token in plain text … Revoke that token", "move the
// qualifications from the old table crew_quals_legacy … The old table not delete please": a
// demonstrative, or "the old X" after an "old X", whose noun the request has already named with a
// name beside it (a capitalised name right before the noun, or an identifier or path right after
// it) points back at that mention, an antecedent inside the request. A noun named earlier only as
// vaguely ("the bug … fix that bug") is no antecedent, and the earlier mention is asked about
// itself; "the other X", "their X" name another one; a ticket, thread or e-mail named earlier
// still holds content from outside the request (docs/task-labelling.md).
// Twenty-first session: the name may stand before one more modifier of the noun ("add a
// MAINTENANCE_BLOCK room status … Fixit sets that status on the room", fu-143): the noun phrase
// still names it. A determiner or preposition after the capital word starts another phrase ("In
// Tidy the room status" names no status).
const NAMED_BEFORE_NOUN =
  /(?:^|\s)(?!(?:The|This|That|These|Those|A|An|Our|My|We|I|It|In|On|At|For|From|To)\s)[A-Z][\w-]*\s+(?:(?!(?:the|a|an|this|that|these|those|our|my|your|its|their|his|her|of|in|on|at|for|from|to|and|or|is|are|was|were)\s)[a-z][\w-]*\s+)?$/;
const OUTSIDE_CONTENT = /^(?:ticket|incident|case|thread|e-?mail|message|report|complaint|advisor)/i;
export function namedEarlier(phrase: string, requestBefore: string, identifies: (text: string) => boolean): boolean {
  const found = /^(that|those|this|these|the (?:old|previous|earlier))\s+(?:[\w-]+\s+)?([a-z]{3,}?)(?:es|s)?$/i.exec(phrase.trim());
  if (!found) return false;
  const determiner = found[1]!;
  const noun = found[2]!;
  if (/^(?:one|thing|way|stuff|kind|sort|type)$/i.test(noun) || OUTSIDE_CONTENT.test(noun)) return false;
  const modifier = /^the /i.test(determiner) ? String.raw`${determiner.slice(4)}\s+` : "";
  for (const mention of requestBefore.matchAll(new RegExp(String.raw`\b${modifier}${noun}(?:e?s)?\b`, "gi"))) {
    const before = requestBefore.slice(Math.max(0, mention.index - 40), mention.index);
    const after = requestBefore.slice(mention.index + mention[0].length, mention.index + mention[0].length + 60);
    if (/\b(?:that|those|this|these|other)\s+(?:[\w-]+\s+)?$/i.test(before)) continue;
    if (NAMED_BEFORE_NOUN.test(before) || identifies(after)) return true;
  }
  return false;
}

// "Make both sides fold the same way", "whether other customers could be affected in the same
// way": "the same way" closing a sentence that names the things compared ("both …", "each …",
// "all …", "other …" beside the one the request names) says they are alike among themselves; it
// points at no earlier event. "Set both up the same way we did for X-ray" goes on to name one.
export const sameAmongThemselves = (phrase: string, sentenceBefore: string, after: string): boolean =>
  /^the same way$/i.test(phrase) && /\b(?:both|each|all|other)\b/i.test(sentenceBefore) && /^\s*(?:[.!?;]|$)/.test(after);

// "approved 1,333.33 EUR … add up to 0.01 less than the approved amount": an agreed or approved
// value the request states itself (the same participle right before a figure) is given, not
// defined elsewhere.
export function statedValue(phrase: string, request: string): boolean {
  const participle = /^the (agreed|approved|negotiated|promised|requested)\b/i.exec(phrase.trim())?.[1];
  if (!participle) return false;
  return new RegExp(String.raw`\b${participle}\s+(?:at\s+|to\s+|is\s+|was\s+|:\s*)?(?:[A-Z]{3}\s?|[$€£]\s?)?\d`, "i").test(request);
}

// "I asked for --mem=256G … capping memory below what I asked for": a free relative ("what I asked
// for", "what we wrote") whose subject and verb the request states earlier with an object says
// that content again; it is no conversation outside the request.
export function statedEarlier(phrase: string, requestBefore: string): boolean {
  const found = /^what (\w+) (\w+(?: for)?)$/i.exec(phrase.trim());
  if (!found) return false;
  const [, subject, verb] = found;
  // "he did a bunch of stuff" states no content.
  return new RegExp(
    String.raw`\b${subject}\s+${verb}\s+(?!(?:what|it|that|this|them|some|something|stuff|things|a bunch|a lot|lots)\b)\S`,
    "i",
  ).test(requestBefore);
}

// "G9 is the new EV group the motor team added in October": a definite description after a copula
// is predicated of its subject, and a subject written as a code (a digit, an underscore, a path or
// code quotes in it) is named by the request: the description says what that named thing is, and
// the work acts on it, not on content someone outside the request holds.
export const predicatedOfCode = (before: string): boolean =>
  /(?:^|[\s(])(?:`[^`]+`|[\w.-]*(?:\d|_)[\w.-]*|[\w.-]+\/[\w./-]+)\s+(?:is|was|are|were)\s+$/.test(before);

// "Finance rely on the monthly fines report matching the old numbers", "the retry limits match the
// old behaviour": a thing that must match, equal or stay the same as "the old X" is checked for
// not changing, and the old X is what the code gives before the change, which the repository
// holds. "Put the old behaviour back" asks for an earlier state and stays a question.
export const keptAsBefore = (phrase: string, before: string): boolean =>
  /^the (?:old|previous|former) /i.test(phrase) &&
  /\b(?:match|matches|matching|equal|equals|equalling|(?:the )?same as|identical to)\s+$/i.test(before);

// Sixteenth session. "Diff from my branch:" before a fenced diff, "Pasting from the complaint:" before
// the complaint in quotes: a reference that closes the sentence right before a code block, a quoted
// line or a quote block introduces it, and that content is in the request (segment.ts drops the
// colon that hands over to it).
export function shownBelow(content: Clause[], clause: Clause, end: number): boolean {
  const next = content.find((other) => other.start > clause.start);
  return (
    clause.text.slice(end).trim() === "" && next !== undefined && (next.code === true || next.role === "data" || /^["“]/.test(next.text))
  );
}

// Seventeenth session. "Write ADR 0031 … recording what we decided on Tuesday:" before "- **Decision:**
// …", "the findings to fix:" before a list of them: a reference in a sentence that ends with a
// colon right before a list is handed over to that list, which spells out what it points at, as a
// code block does for shownBelow (a time or place after the reference, "on Tuesday", does not
// change that). The colon is read from the request as written (segment.ts drops it).
export function listedBelow(content: Clause[], clause: Clause, text: string | undefined): boolean {
  if (text === undefined || clause.bullet) return false;
  const next = content.find((other) => other.start > clause.start);
  return next !== undefined && next.bullet && /^\s*:\s*\n/.test(text.slice(clause.end, next.start));
}

// Sixteenth session. "how many transcode jobs are sitting in the queue right now, and how many of
// those belong to the S2 drop?": "of those" after a count of a plural its own sentence names ("how
// many jobs", "12 pods") points back at that plural; "how many of those are running?" alone
// counts nothing before it and stays a question.
export const countedBefore = (sentenceBefore: string): boolean =>
  /\b(?:how many|\d+)\s+(?:[\w-]+\s+){0,2}[a-z][\w-]*s\b.*\bof\s+$/i.test(sentenceBefore);

// Eighteenth session. "the vendor say they sent all callbacks with 200 response", "They sent an
// email that more than 60 requests per minute …", "(they found a colleague's reading list)": a
// pronoun and an event verb followed by an object of its own (indefinite, counted or someone's)
// tell a whole event, as "I found our SMTP login" does for outside-sources.ts; they define no
// thing the request leaves unstated. Only where the pronoun opens its clause or follows a
// conjunction or a verb of saying: after a noun it opens a relative clause about that noun ("the
// build we sent the trainees"), and "the list they sent", "the way you did" stay questions, as does
// a definite object ("they sent the list …", which may be the content itself). A time after the
// verb ("he sent a week ago") is no object.
const EVENT_OPENS = /(?:^|[,;:(–—-]\s*|\b(?:and|but|so|because|when|after|since|then|says?|said|claims?|claimed|told us|tells us)\s+)$/i;
const OWN_OBJECT =
  /^\s*(?:(?:me|us|you|them|him|her)\s+)?(?:an?|all|every|each|some|both|several|two|three|four|five|\d+|[A-Za-z]+['’]s)\s+(?![\w-]+\s+ago\b)(?!(?:while|bit|week|day|month|year|hour|minute|moment|couple|few|time)\b)[\w-]/i;
export const narratedEvent = (phrase: string, before: string, after: string): boolean =>
  /^(?:you|he|she|they|we|i)\s+\w/i.test(phrase) && EVENT_OPENS.test(before) && OWN_OBJECT.test(after);

// Eighteenth session. "print the order number very big on top of the kitchen ticket … Other things
// on the ticket can stay same", "compare the name with the ticket holder name on the ticket",
// "checkboxes on the ticket list": where the request names tickets as a thing its product prints,
// sells, scans or lists (a kind of ticket, or a part of the product named after tickets), "the
// ticket" is that thing, a place in the product as "the screen" is, not a tracker ticket holding
// content from outside the request (docs/task-labelling.md). A ticket named bare stays outside.
const PRODUCT_TICKET =
  /\b(?:kitchen|event|concert|festival|train|bus|rail|flight|airline|parking|lottery|raffle|paper|printed|mobile|digital|solved|archived|museum|cinema|theatre|theater|family|season|boarding)\s+tickets?\b|\btickets?\s+(?:holders?|lists?|screens?|pages?|types?|prices?|scanners?|sales?|selection|resale|office|templates?|printers?)\b/i;
// Twenty-second session: so is a ticket an amount of money came out on ("Gold Service £89 plus
// bleed £20 came out as £198 on the customer's ticket", fz-001): a tracker ticket holds no price.
const AMOUNT = /[£$€]\s?\d/;
export const productTicket = (phrase: string, request: string, before: string): boolean =>
  /\bticket$/i.test(phrase) && (PRODUCT_TICKET.test(request) || AMOUNT.test(sentenceTail(before)));

// Nineteenth session: "when the driver close one, the other one stay open" (fj-020), "none of the
// other branches do that" (fk-141): "the other X" as the subject of a statement is the rest of a
// set its sentence names, said of as a whole, and leaves nothing to pick. As what the work acts
// on ("do the same for the other app", "review the other one Nadia opened") it names one thing
// the request does not, and stays a question.
const STATEMENT_VERB =
  /^\s+(?:(?:all|still|also|just)\s+)?(?:is|are|was|were|do|does|did|don't|doesn't|didn't|have|has|stay|stays|remain|remains|seem|seems|look|looks|work|works)\b/i;
export const restOfASet = (phrase: string, after: string): boolean => /^the other\b/i.test(phrase) && STATEMENT_VERB.test(after);

// Twenty-first session: "the carousel has been empty since Wednesday afternoon … list the PRs that
// were merged into storefront that day" (fs-177), "a probe offline on 2 December. The export for
// that day now fails" (bk-147): "that"/"those" before a unit of time points back at the time the
// request names before it (a weekday, a date, a clock time, yesterday), an antecedent inside the
// request as a named noun is (docs/task-labelling.md: clear when the text itself resolves it).
// With no time named before it ("the same way we did that time", "it's that time of year again")
// it points at an event outside the request and stays a question.
const TIME_DEIXIS = /^(?:that|those)\s+(?:day|days|night|nights|morning|afternoon|evening|week|weekend|date|hour)$/i;
const NAMED_TIME =
  /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:yesterday|today|tonight)\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s+\d{1,2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b/i;
export const timeNamedEarlier = (phrase: string, requestBefore: string, after: string): boolean =>
  TIME_DEIXIS.test(phrase.trim()) && !/^\s*(?:of|again)\b/i.test(after) && NAMED_TIME.test(requestBefore);

// Twenty-second session: "Check the other `/admin/*/export*` routes for the same thing", "Also
// check whether the same thing happened to Bronze or Gold" (fy-158, fy-180, ft-141): the same
// thing looked for somewhere else points back at what the request has just described, as the
// guide's anaphora do ("fix the remaining ones" needs an earlier description, and one stands
// before it). Only as what a check looks for, after a description of a dozen words or more, and
// with nothing after it naming another source ("the same thing Maria saw", "as last time").
const CHECKING = /\b(?:check|checks|checking|look|looking|verify|audit|scan|search)\b/i;
export const checkedForElsewhere = (phrase: string, before: string, after: string, requestBefore: string): boolean =>
  /^the same thing$/i.test(phrase) &&
  CHECKING.test(before) &&
  /\b(?:for|whether|if)\s+$/i.test(before) &&
  !/^\s*(?:as|like|that|which|we|I|you|he|she|they|[A-Z])\b/.test(after) &&
  requestBefore.split(/\s+/).filter(Boolean).length >= 12;

// Twenty-second session: "Members keep their plan, only the Stripe price changes" (fy-085): a
// sentence that opens with a bare plural subject and its verb binds "their" to that subject, as
// "The dive-centre services read their config" does (twelfth session) without the article.
export const pluralSubjectOpens = (sentenceBefore: string): boolean =>
  /^\s*(?!(?:Thanks|Its|This|Yes|Has|Was|Does|Is|Perhaps|Always|Sometimes|Plus|Thus|Unless|Besides|Afterwards|Towards|Us|Pls|Please)\b)(?:[A-Z][a-z]+ )?[A-Za-z][a-z-]*[^s\W]s (?:(?:still|also|only|often|always|never|now|all|can|should|must|will|may|cannot)\s)?(?!(?:and|or|of|in|on|for|to|the|a|an|with|from|at|by|as|are|were|is|was|has|have)\b)[a-z]+\b/.test(
    sentenceBefore,
  );
