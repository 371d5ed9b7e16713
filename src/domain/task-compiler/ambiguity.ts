// Detects what the compiler cannot determine, so it asks instead of guessing. Each detector
// is deliberately narrow: a clear request must not be escalated, so a reference only counts as
// unresolved when nothing in the request identifies what it points at.
import type { TaskType } from "../../contracts/task-ir.js";
import { hardnessOf, isNegated, type ExtractedConstraint } from "./constraints.js";
import { refsIn } from "./scope.js";
import type { Clause, Span } from "./segment.js";

export const AMBIGUITY_KINDS = [
  "empty_request",
  "missing_target",
  "unresolved_reference",
  "unmeasurable_goal",
  "scope_contradiction",
  "constraint_contradiction",
  "budget_contradiction",
  "field_contradiction",
  "undetermined_task_type",
  /** An ambiguity a TaskIR document arrived with. */
  "declared",
] as const;
export type AmbiguityKind = (typeof AMBIGUITY_KINDS)[number];

/** What answering does: add words to the request, or pick one value for a field. */
export type AmbiguityEffect =
  | { kind: "text"; asCriterion: boolean }
  | { kind: "choose"; field: string };

export interface AmbiguityDraft {
  kind: AmbiguityKind;
  question: string;
  /** The words of the request it came from (or the explicit field, for a contradiction with one). */
  text: string;
  span: Span | null;
  field: string | null;
  /** When the answer must be one of these; empty for a free answer. */
  options: string[];
  /** What accepting the default means; null when the compiler may not offer one. */
  defaultOption: string | null;
  effect: AmbiguityEffect;
}

const FILLER = /^(?:(?:please|pls|plz|can you|could you|would you|will you|just|kindly|hey|hi|ok|okay|so|now|go ahead and|and|again|quickly|asap|you|we|i|need to|have to|must|should|let'?s|gotta|need you to|want you to|i need|i want)\b[\s,!]*)*/i;
const GREETING = /^(hi|hey|hello|yo|good (morning|afternoon|evening)|thanks|thank you|thx|cheers|ty|quick one|quick question|ok|okay|so|urgent|asap|please|pls)(\s+(all|team|there|folks|everyone|guys|again|a lot|so much|in advance))?$/i;

const PRONOUN_ACTION = /\b(?:fix|change|update|refactor|remove|delete|improve|debug|revert|undo|redo|handle|clean up|rewrite|finish|deploy|ship|review|look at|check|investigate|make|sort out|do)\s+(it|this|that|them|those|these)\b(?!\s+(?:function|file|bug|issue|test|method|class|module|error|problem|page)s?\b)/i;
const SUBJECT_PRONOUN = /^(it|this|that|they)\s+(is|'s|are|keeps|still|doesn'?t|does not|broke|fails|crashed|crashes|stopped|isn'?t|won'?t|is broken)\b/i;
const DEMONSTRATIVE = /\b(?:that|this|those|these|the same|the other|the old)\s+(?:function|method|file|class|module|component|endpoint|script|query|test|bug|issue|error|problem|thing|change|fix|page|service|job|config|code)s?\b/i;
const BARE_DEFINITE = /\bthe\s+(?:bug|issue|problem|error|function|method|file|thing|test|change|script|query|crash|regression|failure|ticket)\b/i;
const EXTERNAL = /\b(?:we|i|you)\s+(?:discussed|talked about|mentioned|saw|looked at|spoke about)\b|\bas discussed\b|\byou know (which|the one)\b/i;
const QUALIFIER = /^\s*(?:in|on|at|where|when|with|that|which|from|of|for|about|causing|caused|affecting|reported|around|inside|under|#|`|"|'|:|\()/i;
const ANCHOR =
  /`[^`]+`|"[^"]{3,}"|'[^']{3,}'|#\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\b[1-5]\d\d\b|\bERR_[A-Z_]+\b/;
const BARE_ACTION =
  /^(fix|refactor|optimi[sz]e|update|deploy|clean ?up|improve|review|test|document|investigate|migrate|upgrade|release|debug|change|implement|add|remove|delete|check|do|handle|build|ship|sort out|make)(?:\s+(?:please|pls|now|asap|again|quickly|thanks|thank you|already|everything|stuff|things|something|all|it all|soon|today))*$/i;

const SPEED = /\b(faster|quicker|snappier|speed up|more (?:performant|efficient|responsive|scalable)|less slow|optimi[sz]e(?:d)?(?: the)?(?: performance| speed)?|improve (?:the )?(?:performance|speed|latency|throughput|efficiency))\b/i;
const QUALITY =
  /\b(cleaner|nicer|prettier|simpler|leaner|more (?:robust|reliable|readable|maintainable|stable|resilient|user[- ]friendly)|less (?:flaky|buggy|brittle|messy)|improve (?:the )?(?:readability|reliability|robustness|quality|code quality|maintainability|ux|experience))\b|\b(?:make|making|get|be|become|work|perform|feel)\b[^.;]{0,40}?\bbetter\b/i;
const MEASURE =
  /\d+(?:\.\d+)?\s*(?:%|ms\b|s\b|secs?\b|seconds?\b|minutes?\b|x\b|times\b|mb\b|kb\b|gb\b|rps\b|qps\b|req\/s|requests\b|lines\b|loc\b|points?\b)|\bp\d\d\b[^.;]*\d|\bby (?:half|a factor)|\bO\([^)]*\)|\bfrom \d+ to \d+|\bthan (?:the )?(?:current|baseline|main|master|before|today|yesterday|last release|previous|v\d)/i;

const CHANGE_TYPES: TaskType[] = [
  "BUG_FIX", "FEATURE", "REFACTOR", "PERFORMANCE", "SECURITY_FIX", "DEPENDENCY_UPDATE", "CONFIG_CHANGE", "DATA_MIGRATION", "DEPLOY",
];
const NO_CHANGES = /\b(?:don'?t|do not|never|without)\s+(?:make|making|change|changing|modify|modifying|touch|touching|edit|editing)\s+(?:any(?:thing)?|any (?:code|files?|changes)|the code(?:base)?|a single (?:line|file))\b|\bno (?:code )?changes\b/i;
const NO_TESTS = /\b(?:don'?t|do not|never|without)\s+(?:touch|touching|change|changing|modify|modifying|edit|editing|add|adding|write|writing)\s+(?:any |the )?tests?\b/i;
const NO_DEPS = /\b(?:no new (?:dependencies|deps|packages|libraries)|(?:don'?t|do not|never|without)\s+(?:add|adding|install|installing|introduc(?:e|ing)|pull(?:ing)? in)\s+(?:any |new )*(?:dependencies|deps|packages|libraries)|\b(?:don'?t|do not|never)\s+(?:upgrade|bump|update)\s+(?:any )?(?:dependencies|deps|packages))\b/i;
const ADDS_DEP = /\b(?:add|install|use|pull in|introduce)\s+(?:the\s+)?[\w@/.-]+\s+(?:package|library|dependency|module from npm)\b|\b(?:npm|yarn|pnpm) (?:install|add) \S+|\bpip install \S+/i;
const NO_DEPLOY = /\b(?:don'?t|do not|never|without)\s+(?:deploy|deploying|release|releasing|ship|shipping|roll(?:ing)? out)\b/i;

export const hasMeasure = (text: string): boolean => MEASURE.test(text);
export const isGreetingClause = (clause: Clause): boolean => isGreeting(clause);

const words = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const isGreeting = (clause: Clause): boolean => GREETING.test(clause.text.replace(/[!.,]+/g, "").trim());

export interface DetectionInput {
  text: string;
  clauses: Clause[];
  constraints: ExtractedConstraint[];
  taskType: TaskType;
  hasExplicitCriteriaWithNumbers: boolean;
}

export function detectTextAmbiguities(input: DetectionInput): AmbiguityDraft[] {
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  if (!content.length) {
    return [{
      kind: "empty_request", question: "The request is empty. What should be done?", text: "", span: null, field: null,
      options: [], defaultOption: null, effect: { kind: "text", asCriterion: false },
    }];
  }
  const found: AmbiguityDraft[] = [];
  const anchored = ANCHOR.test(input.text) || refsIn(input.text).length > 0;
  const bare = content.length === 1 ? BARE_ACTION.exec(content[0]!.text.replace(FILLER, "").replace(/[?!.]+$/, "").trim()) : null;
  if (bare) {
    found.push({
      kind: "missing_target", question: `"${content[0]!.text}" names no target. What exactly should be ${pastTense(bare[1]!)}?`,
      text: content[0]!.text, span: spanOf(content[0]!), field: null, options: [], defaultOption: null,
      effect: { kind: "text", asCriterion: false },
    });
  } else if (!anchored) {
    const reference = unresolvedReference(content);
    if (reference) found.push(reference);
  }
  found.push(...unmeasurableGoals(input));
  found.push(...constraintContradictions(input));
  return found;
}

function unresolvedReference(content: Clause[]): AmbiguityDraft | null {
  const first = content[0]!;
  const firstSentence = content.filter((clause) => clause.sentence === first.sentence);
  for (const clause of firstSentence) {
    for (const pattern of [PRONOUN_ACTION, DEMONSTRATIVE, BARE_DEFINITE, EXTERNAL, SUBJECT_PRONOUN]) {
      const match = pattern.exec(clause.text);
      if (!match) continue;
      const before = clause.text.slice(0, match.index).replace(FILLER, "").trim();
      const after = clause.text.slice(match.index + match[0].length);
      // "fix the bug users hit on login" says which bug; "fix that function ..." never does.
      if (pattern !== EXTERNAL && words(before) > 2) continue;
      if (pattern === BARE_DEFINITE && (QUALIFIER.test(after) || words(after.replace(/\b(please|pls|asap|now|again|quickly|today|thanks|already|for me|real quick)\b/gi, "")) >= 2)) continue;
      // Anything else in the request that describes the problem is its antecedent.
      const described = content.some((other) => other !== clause && hardnessOf(other) === null && words(other.text) >= 3 && !pattern.test(other.text));
      if (described) continue;
      const phrase = match[0];
      const referent = pattern === PRONOUN_ACTION || pattern === SUBJECT_PRONOUN ? `"${match[1]}" in "${phrase.trim()}"` : `"${phrase.trim()}"`;
      return {
        kind: "unresolved_reference",
        question: `What does ${referent} refer to? Name the file, function, error or behaviour.`,
        text: clause.text, span: { start: clause.start + match.index, end: clause.start + match.index + phrase.length }, field: null,
        options: [], defaultOption: null, effect: { kind: "text", asCriterion: false },
      };
    }
  }
  return null;
}

function unmeasurableGoals(input: DetectionInput): AmbiguityDraft[] {
  // A number anywhere ("target: under 4 minutes") is the measure of the goal.
  if (input.hasExplicitCriteriaWithNumbers || input.clauses.some((clause) => MEASURE.test(clause.text))) return [];
  for (const clause of input.clauses) {
    if (isNegated(clause.text) || MEASURE.test(clause.text)) continue;
    const speed = SPEED.exec(clause.text);
    const quality = speed ? null : QUALITY.exec(clause.text);
    const match = speed ?? quality;
    if (!match) continue;
    return [{
      kind: "unmeasurable_goal",
      question: `"${match[0]}" has no number or baseline. How will we know it is done (e.g. a target and how it is measured)?`,
      text: clause.text, span: { start: clause.start + match.index, end: clause.start + match.index + match[0].length }, field: null,
      options: [],
      defaultOption: speed
        ? "At least 10% better than the current baseline on the same benchmark, measured before and after, with no regressions"
        : "Behaviour is unchanged: all existing tests pass and the diff review accepts the change",
      effect: { kind: "text", asCriterion: true },
    }];
  }
  return [];
}

function constraintContradictions(input: DetectionInput): AmbiguityDraft[] {
  const found: AmbiguityDraft[] = [];
  const acting = input.clauses.filter((clause) => !isNegated(clause.text));
  for (const constraint of input.constraints) {
    if (constraint.hardness !== "HARD") continue;
    const text = constraint.clause.text;
    const conflict =
      (NO_CHANGES.test(text) && CHANGE_TYPES.includes(input.taskType) && `a ${input.taskType} task changes code`) ||
      (NO_TESTS.test(text) && input.taskType === "TEST" && "the task is about tests") ||
      (NO_DEPS.test(text) && (input.taskType === "DEPENDENCY_UPDATE" || acting.some((c) => ADDS_DEP.test(c.text))) && "the request also adds or updates dependencies") ||
      (NO_DEPLOY.test(text) && input.taskType === "DEPLOY" && "the task is a deploy");
    if (!conflict) continue;
    found.push({
      kind: "constraint_contradiction",
      question: `"${constraint.text}" contradicts the request (${conflict}). Keep the constraint or drop it?`,
      text, span: spanOf(constraint.clause), field: null,
      options: [`keep`, `drop`], defaultOption: null, effect: { kind: "choose", field: `constraint:${text}` },
    });
  }
  return found;
}

function pastTense(verb: string): string {
  const v = verb.toLowerCase();
  if (v === "do") return "done";
  if (v === "build") return "built";
  if (v === "make") return "made";
  if (v === "sort out") return "sorted out";
  if (v.endsWith("e")) return `${v}d`;
  if (v === "ship") return "shipped";
  return `${v}ed`;
}

const spanOf = (clause: Clause): Span => ({ start: clause.start, end: clause.end });
