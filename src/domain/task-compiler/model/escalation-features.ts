// What the escalation model reads (docs/task-compiler.md, "Escalation model"): the questions the
// rules' detectors asked, the naive Bayes ambiguity vote, and a few generic facts about the
// request's shape. Shared by the compiler and scripts/train-task-model.ts, so training and use see
// the same numbers. Pure and deterministic.
import { hasMeasure } from "../ambiguity.js";
import { hardnessOf } from "../clause-hardness.js";
import { countMatches, wordCount, type Clause } from "../segment.js";

/** The feature names, in the order of the vector (the generated table lists them too). */
export const ESCALATION_FEATURES = [
  "asks:reference",
  "asks:measure",
  "asks:contradiction",
  "asks:task_type",
  "asks:target",
  "asks:count",
  "words:ambiguity_lean",
  "words:ambiguity_logit",
  "shape:log_words",
  "shape:short",
  "shape:identifier",
  "shape:path",
  "shape:number",
  "shape:measure",
  "shape:list",
  "shape:question",
  "cue:pronoun",
  "cue:demonstrative",
  "cue:past_event",
  "cue:comparative",
  "shape:rules",
] as const;

/** What the rules asked: the kinds of the unresolved questions (one request, any order). */
export type AskedKinds = readonly string[];

export interface EscalationInput {
  text: string;
  clauses: readonly Clause[];
  asked: AskedKinds;
  /** The naive Bayes ambiguity vote: log-odds for AMBIGUOUS per known feature, and in total. */
  lean: number;
  logit: number;
}

// Generic facts, not phrasings: whether the request names something (an identifier, a path, a
// number), how it is laid out, and how many words of the closed classes that point elsewhere
// (pronouns, demonstratives, words of time before the request, comparatives) it holds, whether
// it states a measure (the measurability detector's own test) and how many rules (HARD or SOFT
// constraints) it states.
const IDENTIFIER =
  /`[^`]+`|"[^"]{3,}"|#\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\b[0-9a-f]{7,40}\b|\b[A-Z][a-zA-Z]+(?:Error|Exception)\b/;
const PATH =
  /(?:^|[\s(`"'])(?:[A-Za-z]:\\|\.{0,2}\/)?[\w@.-]+[\\/][\w@.*/\\-]+|\b[\w-]+\.(?:tsx?|jsx?|py|go|rs|java|rb|md|ya?ml|json|toml|sql|sh|tf|css|html)\b|https?:\/\//;
const NUMBER = /\d/;
const PRONOUN = /\b(?:it|its|it's|they|them|this|these)\b/gi;
const DEMONSTRATIVE = /\b(?:that|those)\b/gi;
const PAST_EVENT =
  /\b(?:before|again|earlier|last (?:time|week|sprint|night)|yesterday|usual|previous(?:ly)?|discussed|mentioned|agreed|said|told|same|original(?:ly)?)\b/gi;
export const COMPARATIVE = /\b(?:more|less|better|worse|faster|slower|smaller|bigger|cleaner|nicer|simpler|improve[sd]?|optimi[sz]e)\b/gi;

// Module functions rather than closures per request (under tsx each closure made costs a defineProperty of its name).
const has = (asked: ReadonlySet<string>, ...kinds: string[]): number => (kinds.some((k) => asked.has(k)) ? 1 : 0);
const perWord = (n: number): number => Math.log1p(n);
const clip = (x: number, limit: number): number => Math.max(-limit, Math.min(limit, x));

/** The feature vector, in ESCALATION_FEATURES order. */
export function escalationFeatures(input: EscalationInput): number[] {
  const text = input.text.length > 8192 ? input.text.slice(0, 8192) : input.text;
  const asked = new Set(input.asked);
  const words = wordCount(text);
  return [
    has(asked, "unresolved_reference"),
    has(asked, "unmeasurable_goal"),
    has(asked, "constraint_contradiction", "scope_contradiction", "budget_contradiction", "field_contradiction"),
    has(asked, "undetermined_task_type"),
    has(asked, "missing_target", "empty_request"),
    Math.min(asked.size, 3),
    clip(input.lean, 1),
    clip(input.logit, 20) / 10,
    Math.log1p(words) / 3,
    words <= 8 ? 1 : 0,
    IDENTIFIER.test(text) ? 1 : 0,
    PATH.test(text) ? 1 : 0,
    NUMBER.test(text) ? 1 : 0,
    hasMeasure(text) ? 1 : 0,
    input.clauses.some((c) => c.bullet || c.section !== null || c.heading) ? 1 : 0,
    text.includes("?") ? 1 : 0,
    perWord(countMatches(PRONOUN, text)),
    perWord(countMatches(DEMONSTRATIVE, text)),
    perWord(countMatches(PAST_EVENT, text)),
    perWord(countMatches(COMPARATIVE, text)),
    perWord(input.clauses.filter((c) => hardnessOf(c) !== null).length),
  ];
}
