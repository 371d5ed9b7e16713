// Referent resolution (split from ambiguity.ts in the twelfth session): a definite reference
// needs an antecedent inside the request; what counts as one, and what points outside it.
import type { AmbiguityDraft } from "./ambiguity.js";
import { hardnessOf } from "./clause-hardness.js";
import { contentOfTheAsk } from "./outside-sources.js";
import { readClause, resolved, type ReferenceReading } from "./reference-readers.js";
import { listedBelow, motiveOnly, shownBelow, writersOwnPart } from "./resolved-references.js";
import { ANCHOR, VAGUE_CLAUSE } from "./referent-patterns.js";
import { refersBack } from "./long-requests.js";
import { refsIn } from "./resource-refs.js";
import { FILLER, isGreeting, wordCount, type Clause } from "./segment.js";

/**
 * Referent resolution. A definite reference needs an antecedent inside the request:
 * - an event outside the request ("as we did before", "like we discussed", "the one Maria
 *   mentioned", "the error from this morning") is resolved only by an identifier right after it
 *   ("as we did in PR #311");
 * - a distal demonstrative ("that function", "those tests") by an identifier in its clause or a
 *   description earlier in the request;
 * - "this"/"these"/"the" + a referent noun by a qualifier ("the bug in src/x.ts", "the search
 *   endpoint"), an identifier anywhere, or a description anywhere in the request;
 * - a pronoun ("fix it", "it's broken") by an identifier or a description of what it is.
 * A description is another clause of at least four words that is not a rule and holds no
 * unresolved reference of its own.
 */
export interface ReferenceCandidate {
  clause: Clause;
  index: number;
  length: number;
  kind: "external" | "distal" | "definite" | "pronoun";
  phrase: string;
  /** Content defined by what someone outside the request said, did, uses or wants. */
  outside?: boolean;
  /** A determiner after a preposition, or a pronoun in a question (reference-readers.ts). */
  governed?: boolean;
}

export function unresolvedReference(
  content: Clause[],
  anchored: boolean,
  notes?: string[],
  /** The request as written, for the punctuation segment.ts drops between clauses. */
  written?: string,
): { draft: AmbiguityDraft | null; weak: ReferenceCandidate[] } {
  const requesting = content.filter((clause) => clause.section !== "forbidden" && hardnessOf(clause) === null);
  const candidates: ReferenceCandidate[] = [];
  const request = content.map((c) => c.text).join(" ");
  const reading: ReferenceReading = { content, request, notes, candidates };
  for (const clause of requesting) readClause(reading, clause);
  // Fourteenth session: what the work is for, outside the request, is no content it needs.
  for (const candidate of [...candidates])
    if (
      (candidate.kind === "external" &&
        motiveOnly(candidate.clause.text.slice(0, candidate.index)) &&
        resolved(reading, candidate.phrase, "says what the work is for, which the work does not act on")) ||
      (writersOwnPart(candidate.clause.text.slice(0, candidate.index)) &&
        resolved(reading, candidate.phrase, "is what the writer will do themselves, which the work does not act on")) ||
      (shownBelow(content, candidate.clause, candidate.index + candidate.length) &&
        resolved(reading, candidate.phrase, "introduces the code, quote or quoted line right after it, which shows it")) ||
      (listedBelow(content, candidate.clause, written) &&
        resolved(reading, candidate.phrase, "introduces the list after its colon, which spells it out"))
    )
      candidates.splice(candidates.indexOf(candidate), 1);
  if (!candidates.length) return { draft: null, weak: [] };
  const needed = candidates.find((c) => c.outside && contentOfTheAsk(c));
  if (needed)
    return {
      draft: {
        ...referenceQuestion(needed, "Only someone outside the request knows what it is"),
        stands: "the ask needs content only someone outside the request has",
      },
      weak: [],
    };
  const holdsCandidate = new Set(candidates.filter((c) => c.kind !== "pronoun").map((c) => c.clause));
  const describes = (clause: Clause) =>
    !holdsCandidate.has(clause) &&
    hardnessOf(clause) === null &&
    wordCount(clause.text) >= 4 &&
    !isGreeting(clause) &&
    !VAGUE_CLAUSE.test(clause.text);
  // References resolved only from afar (an identifier or a description elsewhere in the request):
  // the borderline decisions the learned evidence may tip.
  const weak: ReferenceCandidate[] = [];
  for (const candidate of candidates) {
    const { clause, kind } = candidate;
    const before = clause.text.slice(0, candidate.index).replace(FILLER, "");
    const earlier = content.filter((other) => other !== clause && other.start < clause.start);
    if (kind === "external") {
      // nothing but an identifier attached to it resolves an event outside the request
    } else if (kind === "distal") {
      // "do that thing ... again" points at an earlier event, whatever came before it.
      if (earlier.some(describes) && !/\bagain\b/i.test(clause.text.slice(candidate.index))) {
        weak.push(candidate);
        continue;
      }
    } else if (kind === "definite") {
      if (anchored || content.some((other) => other !== clause && describes(other))) {
        if (!namesSomething(clause)) weak.push(candidate);
        continue;
      }
    } else {
      if (wordCount(before) >= 3 && !holdsCandidate.has(clause)) continue;
      if (anchored || content.some((other) => other !== clause && describes(other))) {
        if (!namesSomething(clause)) weak.push(candidate);
        continue;
      }
    }
    const draft = referenceQuestion(candidate, "Nothing in the request says which one");
    // Thirty-second session: a determiner after a preposition or a pronoun in a question, in the
    // request's first sentence, has no earlier sentence to describe it and no identifier beside it
    // (reference-readers.ts checked both): the guide's reference with no antecedent, whatever the
    // escalation model's words vote (dh-114, fc-122, df-024).
    const first = !content.some((other) => other.sentence < clause.sentence);
    return { draft: candidate.governed && first ? { ...draft, stands: FIRST_SENTENCE } : draft, weak };
  }
  return { draft: null, weak };
}

const FIRST_SENTENCE = "the request's first sentence names what it asks about only by a pronoun or a demonstrative";
/** An identifier or a path in the reference's own clause resolves it next to it, not from afar. */
const namesSomething = (clause: Clause): boolean => ANCHOR.test(clause.text) || refsIn(clause.text).length > 0;

export function referenceQuestion(candidate: ReferenceCandidate, reason: string): AmbiguityDraft {
  const { clause } = candidate;
  return {
    kind: "unresolved_reference",
    question: `What does "${candidate.phrase.trim()}" refer to? ${reason}; name the file, function, error, change or event.`,
    text: clause.text,
    span: { start: clause.start + candidate.index, end: clause.start + candidate.index + candidate.length },
    field: null,
    options: [],
    defaultOption: null,
    effect: { kind: "text", asCriterion: false },
    refersBack: refersBack(candidate),
  };
}
