// How referents.ts reads one clause for references (split from referents.ts in the twenty-third
// session): each kind of match (something outside the request, content defined elsewhere, an
// event, a demonstrative, a distal word, an anaphor) by a function of its own, each deciding with
// resolved-references.ts whether the request itself resolves it. Most clauses match none, and a
// branch first taken in the hundredth request (a new inline-cache state) would otherwise put off
// V8's optimising the whole reading again. Twenty-third session (speed): the functions are the
// module's own and read the request from one ReferenceReading; the twenty-second session had
// made them closures once a request, nine a request, and under tsx each closure made is a
// defineProperty of its name (with the allocation, ~2% of a short request's time).
import { maskQuoted } from "./clause-hardness.js";
import {
  DEFINED_ELSEWHERE,
  DEFINED_ELSEWHERE_HINT,
  HELD_BY_A_PERSON,
  NAMED_DOER_HINT,
  OUTSIDE_HINT,
  OUTSIDE_SOURCE,
  ticketMethodsOfTheAsk,
} from "./outside-sources.js";
import {
  agentsOwnFinding,
  agentsOwnWork,
  contrastedWithNew,
  countedBefore,
  decisionWrittenOut,
  documentNamed,
  generalExtender,
  keptAsBefore,
  learnedOf,
  locatedBefore,
  measuredAsStated,
  namedEarlier,
  narratedEvent,
  partOfNamedDocument,
  predicatedOfCode,
  predicatedOne,
  productTicket,
  relativeThat,
  replacedByTheAsk,
  restOfASet,
  sameAmongThemselves,
  checkedForElsewhere,
  pluralSubjectOpens,
  statedBefore,
  habitOfANamedMethod,
  statedEarlier,
  statedValue,
  timeNamedEarlier,
} from "./resolved-references.js";
import { identifiedAfter, IDENTIFIER, nearSentences, placeNotSource, sentenceBefore } from "./reference-anchors.js";
import {
  ANAPHOR,
  ANCHOR,
  ARTEFACT,
  COUNTED,
  DEMONSTRATIVE_NP,
  DISTAL_AFTER_PREPOSITION,
  DISTAL_ANY,
  DISTAL_QUESTION,
  EXTERNAL_EVENT,
  KEPT_AS_IS,
  ONLY_THE_QUESTION,
  PART_TAKEN,
  PRONOUN_ACTION,
  QUALIFIED,
  QUESTION_PRONOUN,
  RELATIVE,
  SUBJECT_PRONOUN,
  UPGRADED_TO,
  WH_QUESTION,
} from "./referent-patterns.js";
import type { ReferenceCandidate } from "./referents.js";
import { refsIn } from "./resource-refs.js";
import { FILLER, wordCount, type Clause } from "./segment.js";
import { gatedExec, gatedMatchAll, gatedTest } from "./literal-gates.js";

/** One request being read: its content clauses and their text, the notes to explain with, the references found so far. */
export interface ReferenceReading {
  content: Clause[];
  /** The content clauses' text, joined by spaces. */
  request: string;
  notes: string[] | undefined;
  candidates: ReferenceCandidate[];
}

const namesItsModel = (rest: string): boolean => IDENTIFIER.test(rest) || refsIn(rest).length > 0;

/** The request's words before a position in a clause (resolved-references.ts reads them). */
const requestBefore = (content: Clause[], clause: Clause, index: number): string =>
  [...content.filter((c) => c.start < clause.start).map((c) => c.text), clause.text.slice(0, index)].join(" ");
/** Notes why a phrase is resolved (for x-canon.explanations); always true, so a rule reads `test && resolved(…)`. */
export function resolved(r: ReferenceReading, phrase: string, why: string): true {
  r.notes?.push(`"${phrase.trim()}" ${why}`);
  return true;
}
// Fifteenth session (resolved-references.ts): "that token", "the old table" after a mention of
// the same noun that the request names.
const pointsBack = (r: ReferenceReading, phrase: string, clause: Clause, index: number): boolean =>
  namedEarlier(
    phrase,
    requestBefore(r.content, clause, index),
    (after) => identifiedAfter(after) || IDENTIFIER.test(after.split(/[\s,;:]+/)[1] ?? ""),
  ) && resolved(r, phrase, "points back at the same noun the request names earlier");
/** What the agent used or changed doing an earlier step of the request (resolved-references.ts). */
const ownWork = (r: ReferenceReading, clause: Clause, match: RegExpExecArray, after: string): boolean =>
  agentsOwnWork(
    match[0],
    requestBefore(r.content, clause, match.index),
    after,
    clause.bullet && r.content.some((c) => c.bullet && c.start < clause.start),
  ) && resolved(r, match[0], "is what the agent uses or changes doing an earlier step the request asks for, not an event outside it");
function outsideSource(r: ReferenceReading, clause: Clause, match: RegExpExecArray): void {
  const after = clause.text.slice(match.index + match[0].length, match.index + match[0].length + 60);
  if (identifiedAfter(after) || ANCHOR.test(match[0])) return;
  if (
    locatedBefore(clause.text.slice(0, match.index)) &&
    resolved(r, match[0], "stands in apposition to the path before it, a part of that file")
  )
    return;
  if (
    ARTEFACT.test(match[0]) &&
    partOfNamedDocument(clause.text.slice(0, match.index), r.request) &&
    resolved(r, match[0], "is part of the document the request names by its path and works on")
  )
    return;
  if (
    predicatedOfCode(clause.text.slice(0, match.index)) &&
    resolved(r, match[0], "is said of the code its sentence names before it, which the work acts on")
  )
    return;
  if (documentNamed(match[0], r.request) && resolved(r, match[0], "is the document the request names by its path or identifier")) return;
  if (ownWork(r, clause, match, after)) return;
  r.candidates.push({ clause, index: match.index, length: match[0].length, kind: "external", phrase: match[0], outside: true });
}
function definedElsewhere(r: ReferenceReading, clause: Clause, match: RegExpExecArray): void {
  const after = clause.text.slice(match.index + match[0].length, match.index + match[0].length + 60);
  if (/^\s*(?:[:(]|below\b|above\b|here\b|in\s+\S*[/.]\S|https?:)/i.test(after) || identifiedAfter(after) || ANCHOR.test(match[0])) return;
  if (statedValue(match[0], r.request) && resolved(r, match[0], "is a value the request states itself beside the same word")) return;
  r.candidates.push({ clause, index: match.index, length: match[0].length, kind: "external", phrase: match[0], outside: true });
}
function externalEvent(r: ReferenceReading, clause: Clause, text: string, match: RegExpExecArray): void {
  const after = clause.text.slice(match.index + match[0].length, match.index + match[0].length + 60);
  if (identifiedAfter(after) || ANCHOR.test(match[0])) return;
  if (placeNotSource(match[0], text.slice(0, match.index))) return;
  if (
    productTicket(match[0], r.request, text.slice(0, match.index)) &&
    resolved(r, match[0], "is the ticket the product handles, which the request names as such")
  )
    return;
  // Twentieth session: a document read from ("in the spreadsheet") that the request names by its path, as above.
  if (documentNamed(match[0], r.request) && resolved(r, match[0], "is the document the request names by its path")) return;
  if (
    agentsOwnFinding(match[0], requestBefore(r.content, clause, match.index), after) &&
    resolved(r, match[0], "is what the agent finds doing the finding the request asks for, not an event outside it")
  )
    return;
  if (ownWork(r, clause, match, after)) return;
  // Twelfth session: "like we do for Vipps in web/checkout/vipps.ts" names its model, as "the same
  // way api/health.ts does it" does; "old clients must work same as before" keeps today's
  // behaviour, which the repository holds ("make it work like before" asks for an earlier one).
  // Sixteenth session: "like we have in the bff workflow" points at a model as "like we do" does.
  if (
    /^(?:as|like)\s+(?:we|i|you)\s+(?:do|did|have|use|used)\b/i.test(match[0]) &&
    namesItsModel(clause.text.slice(match.index + match[0].length))
  )
    return;
  if (/^(?:as|like)\s+before$/i.test(match[0]) && KEPT_AS_IS.test(text.slice(0, match.index))) return;
  // Fourteenth session (resolved-references.ts): "not the one you clicked", "They found out
  // when …", "Card tips flow into the tip pool like before" under "Expected".
  const before = text.slice(0, match.index);
  if (predicatedOne(match[0], before) && resolved(r, match[0], "is said of, or contrasted with, the thing its sentence names before it"))
    return;
  if (learnedOf(match[0], after) && resolved(r, `${match[0]} out`, "tells how someone learned of what the request describes")) return;
  if (narratedEvent(match[0], before, after) && resolved(r, match[0], "tells an event with an object of its own, no thing left unstated"))
    return;
  if (
    measuredAsStated(match[0], before, requestBefore(r.content, clause, match.index)) &&
    resolved(r, match[0], "is how the request's own earlier figure was measured, which it names")
  )
    return;
  if (statedBefore(match[0], before, clause.role) && resolved(r, match[0], "follows the behaviour or value its clause states itself"))
    return;
  if (
    decisionWrittenOut(match[0], sentenceBefore(r.content, clause, match.index)) &&
    resolved(r, match[0], "names where a value its sentence states comes from; the request writes the decision out")
  )
    return;
  if (habitOfANamedMethod(match[0], before) && resolved(r, match[0], "says the method its clause names is the customary one")) return;
  if (
    statedEarlier(match[0], requestBefore(r.content, clause, match.index)) &&
    resolved(r, match[0], "is content the request states earlier with the same subject and verb")
  )
    return;
  if (
    sameAmongThemselves(match[0], sentenceBefore(r.content, clause, match.index), after) &&
    resolved(r, match[0], "compares the things its sentence names with each other")
  )
    return;
  // "the same way api/health.ts does it" names its model; "X and Y do the same thing" (or say,
  // return, show it) only describes.
  if (/^the same\b/i.test(match[0])) {
    const rest = clause.text.slice(match.index + match[0].length);
    if (namesItsModel(rest)) return;
    if (
      checkedForElsewhere(match[0], text.slice(0, match.index), after, requestBefore(r.content, clause, match.index)) &&
      resolved(r, match[0], "is what the check looks for elsewhere: what the request has just described")
    )
      return;
    if (
      /\b(?:do|does|did|doing|say|says|said|saying|mean|means|meant|return|returns|show|shows|produce|produces|give|gives|print|prints|contain|contains)\s+(?:still\s+)?$/i.test(
        text.slice(0, match.index),
      ) &&
      wordCount(text.slice(0, match.index)) >= 3
    )
      return;
  }
  r.candidates.push({ clause, index: match.index, length: match[0].length, kind: "external", phrase: match[0] });
}
function demonstrative(r: ReferenceReading, clause: Clause, text: string, match: RegExpExecArray): void {
  const determiner = match[1]!.toLowerCase();
  const kind = /^(that|those)$/.test(determiner)
    ? "distal"
    : /^(the other|the old|the previous|the usual|the earlier|his|her|their)$/.test(determiner)
      ? "external"
      : "definite";
  const after = text.slice(match.index + match[0].length);
  const before = clause.text.slice(0, match.index).replace(FILLER, "");
  const near = `${before} ${after.split(/[.;!?]/)[0] ?? ""}`;
  // "run the tests", "the logs": a plural after "the" is the project's own, not a reference.
  if (
    kind === "definite" &&
    (QUALIFIED.test(after) ||
      (determiner === "the" &&
        (wordCount(before) > 6 || (/s$/i.test(match[0]) && !/(?:ss|values|settings|changes|fixes|patches|PRs|ones)$/i.test(match[0])))))
  )
    return;
  // Fifteenth session: "Where in the code do we pick the cover photo?": "in the code" is the place
  // the agent looks, the project's own code as "in the repo" is, not one piece of it.
  if (/^the code$/i.test(match[0]) && /\bin\s+$/i.test(before) && resolved(r, match[0], "is the project's own code, the place to look"))
    return;
  // Quoted text is masked in `text`, so what follows is read from the clause as written: "the
  // old format `rl:{tenant}:{minute}`", "the other files in runbooks/".
  const written = clause.text.slice(match.index + match[0].length);
  if (kind === "external" && (identifiedAfter(written) || IDENTIFIER.test(written.split(/[.;!?](?:\s|$)/)[0] ?? ""))) return;
  // Thirteenth session: and a quoted name inside it ("the old `league_scores` table").
  if (kind === "external" && ANCHOR.test(clause.text.slice(match.index, match.index + match[0].length))) return;
  // Twelfth session: "their" bound by a plural subject before it in its own sentence says whose,
  // and the owner identifies it ("The dive-centre services read their config in three ways").
  // Thirteenth session: so does a party named before it in its sentence ("Brightsmile (Leeds)
  // says the week view starts on Sunday even though their settings say Monday").
  if (determiner === "their") {
    const owner = sentenceBefore(r.content, clause, match.index);
    if (/\b[Tt]he\s+(?:[\w-]+\s+)?[a-z][\w-]*[^s\W]s\b/.test(owner)) return;
    if (pluralSubjectOpens(owner) && resolved(r, match[0], "belongs to the plural subject its sentence opens with")) return;
    if (/\s[A-Z][a-z]{2,}\b/.test(owner) && resolved(r, match[0], "belongs to the party named before it in its sentence")) return;
    // Fourteenth session: and an owner named earlier in the request by its possessive ("Northwind
    // Bank's fleet is still on 4.11 … why the ring assignment didn't apply to their endpoints").
    if (
      /\b[A-Z][\w&-]*['’]s\s+[a-z]/.test(requestBefore(r.content, clause, match.index)) &&
      resolved(r, match[0], "belongs to the owner the request names before it")
    )
      return;
  }
  // Twelfth session: after an upgrade to a named version, "the old one" is the version in use
  // now, which the repository holds ("update Jackson in build.gradle to 2.17.1, the old one has
  // a problem with records"); "roll back to the old one" names no version and stays a question.
  if (/^the (?:old|previous) (?:one|version)$/i.test(match[0]) && UPGRADED_TO.test(sentenceBefore(r.content, clause, match.index))) return;
  // Thirteenth session: likewise "the previous module" after "Release the REVACC01 load module".
  if (
    kind === "external" &&
    replacedByTheAsk(match[0], requestBefore(r.content, clause, match.index)) &&
    resolved(r, match[0], "is the one in place now, which the request replaces by a new one it names")
  )
    return;
  if (
    kind === "external" &&
    contrastedWithNew(match[0], nearSentences(r.content, clause), r.request) &&
    resolved(r, match[0], "is the one the new one the request names replaces")
  )
    return;
  if (restOfASet(match[0], after) && resolved(r, match[0], "is the rest of a set its sentence names, the subject of a statement")) return;
  if (kind === "distal" && (IDENTIFIER.test(near) || refsIn(near).length > 0) && !/\bagain\b/i.test(after)) return;
  if (kind !== "definite" && pointsBack(r, match[0], clause, match.index)) return;
  if (
    kind === "external" &&
    keptAsBefore(match[0], text.slice(0, match.index)) &&
    resolved(r, match[0], "is what the code gives before the change, which must not change")
  )
    return;
  r.candidates.push({ clause, index: match.index, length: match[0].length, kind, phrase: match[0] });
}
// Thirty-second session: "When an estimate has a stone-setting line, the approval page total leaves
// out the VAT on that line" (gj-101), "the counter tablets … the next agent on that tablet"
// (fk-181): the demonstrative repeats a noun the request used before it, which is its antecedent
// (the guide: a description before resolves it).
const REPEATED = "repeats a noun the request uses before it, its antecedent";
function nounUsedBefore(phrase: string, before: string): boolean {
  const noun = /^(?:that|those)\s+([a-z]{3,}?)(?:es|s)?$/i.exec(phrase.trim())?.[1];
  return noun !== undefined && new RegExp(String.raw`\b${noun}`, "i").test(before);
}
/** `governed`: a preposition or an auxiliary governs the word, so it cannot open a relative clause. */
function distal(r: ReferenceReading, clause: Clause, text: string, match: RegExpExecArray, governed = false): void {
  if (r.candidates.some((c) => c.clause === clause && c.index === match.index)) return;
  const after = text.slice(match.index + match[0].length);
  if (!governed && relativeThat(match[0], text.slice(0, match.index)) && resolved(r, match[0], RELATIVE)) return;
  if (countedBefore(sentenceBefore(r.content, clause, match.index)) && resolved(r, `of ${match[0]}`, COUNTED)) return;
  if (
    generalExtender(match[0], text.slice(0, match.index), after) &&
    resolved(r, match[0], "closes a list of examples and stands for their kind, the list being its antecedent")
  )
    return;
  // A clause never spans sentences, so its (cached) refs are the refs near the demonstrative.
  const near = `${clause.text.slice(0, match.index)} ${after.split(/[.;!?]/)[0] ?? ""}`;
  if ((IDENTIFIER.test(near) || refsIn(clause.text).length > 0) && !/\bagain\b/i.test(after)) return;
  if (pointsBack(r, match[0], clause, match.index)) return;
  if (governed && nounUsedBefore(match[0], requestBefore(r.content, clause, match.index)) && resolved(r, match[0], REPEATED)) return;
  if (
    timeNamedEarlier(match[0], requestBefore(r.content, clause, match.index), after) &&
    resolved(r, match[0], "points back at the time the request names before it")
  )
    return;
  r.candidates.push({
    clause,
    index: match.index,
    length: match[0].length,
    kind: "distal",
    phrase: match[0],
    ...(governed ? { governed } : {}),
  });
}
/** Every reference in one clause the request does not resolve, added to the reading's candidates. */
export function readClause(r: ReferenceReading, clause: Clause): void {
  const text = maskQuoted(clause.text);
  for (const match of gatedTest(OUTSIDE_HINT, text) || NAMED_DOER_HINT.test(text) ? gatedMatchAll(OUTSIDE_SOURCE, text) : [])
    outsideSource(r, clause, match);
  for (const match of gatedMatchAll(HELD_BY_A_PERSON, text)) outsideSource(r, clause, match);
  for (const match of gatedTest(DEFINED_ELSEWHERE_HINT, text) ? gatedMatchAll(DEFINED_ELSEWHERE, text) : [])
    definedElsewhere(r, clause, match);
  for (const found of ticketMethodsOfTheAsk(clause, text)) r.candidates.push({ clause, ...found, kind: "external", outside: true });
  for (const match of gatedMatchAll(EXTERNAL_EVENT, text)) externalEvent(r, clause, text, match);
  for (const match of gatedMatchAll(DEMONSTRATIVE_NP, text)) demonstrative(r, clause, text, match);
  for (const pattern of [PRONOUN_ACTION, SUBJECT_PRONOUN]) {
    const match = gatedExec(pattern, text);
    if (match) r.candidates.push({ clause, index: match.index, length: match[0].length, kind: "pronoun", phrase: match[0] });
  }
  for (const match of [...gatedMatchAll(DISTAL_ANY, text), ...gatedMatchAll(DISTAL_QUESTION, text)]) distal(r, clause, text, match);
  // Thirty-second session: after a preposition, and a pronoun in a question, read as distal words
  // (referent-patterns.ts).
  for (const match of gatedMatchAll(DISTAL_AFTER_PREPOSITION, text)) distal(r, clause, text, match, true);
  if (WH_QUESTION.test(text))
    for (const match of gatedMatchAll(QUESTION_PRONOUN, text))
      if (ONLY_THE_QUESTION.test(text.slice(0, match.index))) distal(r, clause, text, match, true);
  // An anaphor points back like a distal demonstrative: only an earlier description resolves it.
  const anaphor = gatedExec(ANAPHOR, text);
  // Fifteenth session: "10% of the CPU workers first, … then the rest", "keep 2.8.4 for the rest":
  // "the rest" after a part its own sentence takes (a share, a count, "first") is the remainder
  // of that whole; "and the rest?" alone names no part and stays a question.
  if (
    anaphor &&
    /^the rest$/i.test(anaphor[0]) &&
    PART_TAKEN.test(sentenceBefore(r.content, clause, anaphor.index)) &&
    resolved(r, anaphor[0], "is the remainder of the part its sentence takes first")
  )
    return;
  if (
    anaphor &&
    countedBefore(sentenceBefore(r.content, clause, anaphor.index + anaphor[0].length - 5)) &&
    resolved(r, anaphor[0], COUNTED)
  )
    return;
  if (anaphor) r.candidates.push({ clause, index: anaphor.index, length: anaphor[0].length, kind: "distal", phrase: anaphor[0] });
}
