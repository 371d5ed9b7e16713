// Detects what the compiler cannot determine, so it asks instead of guessing. Each detector
// is deliberately narrow: a clear request must not be escalated, so a reference only counts as
// unresolved when nothing in the request identifies what it points at.
import type { TaskType } from "../../contracts/task-ir.js";
import { hardnessOf, isNegated, maskQuoted } from "./clause-hardness.js";
import type { ExtractedConstraint } from "./constraints.js";
import { constraintContradictions } from "./contradictions.js";
import { forbiddenWork } from "./forbidden-work.js";
import { comparativeIsNoGoal, finishesBy, vagueGoal, withoutBaselines } from "./measures.js";
import { ANCHOR, VAGUE_CLAUSE } from "./referent-patterns.js";
import { referenceQuestion, unresolvedReference } from "./referents.js";
import { refsIn } from "./resource-refs.js";
import { FILLER, isGreeting, spanOf, wordCount, type Clause, type Span } from "./segment.js";
import { gatedExec, gatedTest } from "./literal-gates.js";

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
export type AmbiguityEffect = { kind: "text"; asCriterion: boolean } | { kind: "choose"; field: string };

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
  /** Why the escalation model may not outvote this finding; absent when it may. */
  stands?: string;
  /** A reference back into the request's own description, not outside it (long-requests.ts). */
  refersBack?: boolean;
}

const BARE_ACTION =
  /^(fix|refactor|optimi[sz]e|update|deploy|clean ?up|improve|review|test|document|investigate|migrate|upgrade|release|debug|change|implement|add|remove|delete|check|do|handle|build|ship|sort out|make)(?:\s+(?:please|pls|now|asap|again|quickly|thanks|thank you|already|everything|stuff|things|something|all|it all|soon|today))*$/i;

// Measurability: a comparative or subjective goal is done only when something says when.
const SPEED =
  /\b(faster|quicker|snappier|speed up|more (?:performant|efficient|responsive|scalable|fast)|less slow|optimi[sz]e(?:d)?(?: the)?(?: performance| speed)?|improve (?:the )?(?:performance|speed|latency|throughput|efficiency)(?: of)?|(?:reduce|lower|cut|decrease|shrink|minimi[sz]e)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:memory(?: usage)?|latency|cpu(?: usage)?|load time|build time|response time|bundle size|size|footprint|duration|startup time|run ?time|cost)|(?:higher|better|more) throughput|(?:handle|support|serve) more (?:load|traffic|users|requests)|scales?(?: up| out)? better|(?:get|make) (?:\w+ ){0,4}(?:smaller|shorter|snappier|lighter)|smaller (?:bundle|image|binary|build|footprint)|lower it|reduce it|too (?:slow|long|heavy|big|large|sluggish))\b/i;
// Eighteenth session: "make with strategy class per carrier": a noun in -ier is no comparative.
// The comparatives in -ier come from adjectives in -y ("tidier", "snappier"); the nouns are agent
// nouns of verbs in -y ("carrier", "supplier", "identifier", "classifier", "copier") and a few
// others ("courier", "barrier", "cashier", "frontier"), which name a thing the request works on.
const QUALITY =
  /\b(cleaner|nicer|prettier|simpler|leaner|clearer|more (?:robust|reliable|readable|maintainable|stable|resilient|user[- ]friendly|modern|relevant|secure|intuitive|consistent|polished)|less (?:flaky|buggy|brittle|messy|confusing)|improve (?:the )?(?:readability|reliability|robustness|quality|code quality|maintainability|ux|experience|ui|error handling|logging|docs|documentation|design|structure)|improve [\w./-]+\.(?:md|mdx|rst|txt)|better (?:test )?coverage|better (?:error messages|logging|docs|naming|ux|ui|structure)|(?:increase|improve|raise|more|higher|increased|extend) (?:the )?(?:test )?coverage|more tests)\b|\b(?:make|making|get|be|become|work|perform|feel)\b[^.;]{0,40}?\bbetter\b|\bmore better\b|\b(?:acceptable|reasonable|good enough|production[- ]ready|decent|smoother|more intuitive)\b|\b(?:tech(?:nical)? debt)\b|\b(?:improve|increase|boost|enhance)\s+(?:the\s+)?(?:overall\s+)?(?:reliability|accessibility|a11y|consistency|usability|stability|robustness|resilience|security|quality|ux|dx|developer experience)\b|\b(?:reduce|less|lower|fewer) (?:the )?(?:flakiness|flakes|noise|noisy)\b|\bless noisy\b|\bharden\b|\blighter\b|\bas (?!soon\b|well\b|much\b|many\b|far\b|long\b)[a-z]+ as (?:possible|we can|you can)\b|\b(?:quick|fast|snappy|responsive|small|light|clear|simple|stable|reliable|smooth|readable|friendly)\s+enough\b|\b(?:fewer|less|reduce(?: the)?|lower(?: the)?)\s+(?:number of\s+)?false (?:alarms|positives|alerts)\b|\b(?:make|making|get|keep)\s+(?:\S+\s+){1,4}?(?![a-z]*(?:fier|plier)\b|(?:carrier|courier|barrier|cashier|frontier|dossier|premier|soldier|copier|financier)\b)[a-z]{3,}ier\b(?=\s*(?:$|[.,;!]|\s(?:for|to|on|in|and)\b))/i;
// "more approachable", "less verbose", "more idiomatic": a comparative of an adjective (known by
// its suffix: the closed lists above cannot name every adjective) with no "than".
const COMPARATIVE_ADJECTIVE =
  /\b(?:more|less)\s+(?!than\b)([a-z]+(?:able|ible|ive|ful|ous|ic|ical|al|ent|ant|ose|ile|ern|less|ish))\b(?!\s+than\b)(?!\s+(?:of|about)\b)/i;
// Seventeenth session: a number is read from its first digit, and a unit before "/s" is a word, not
// a run of any length: read from every digit of a long run, with the unit scanning the run again
// for each digit given back, 60 KiB of digits took minutes.
// Twenty-first session: a size in binary units or terabytes ("within a 2 GiB limit", ex-140; 512 MiB,
// 1 TB) is a number with its unit, as MB and GB are.
const MEASURE =
  /(?<!\d)\d+(?:[.,]\d+)?\s*(?:%|ms\b|s\b|secs?\b|seconds?\b|minutes?\b|min\b|hours?\b|h\b|x\b|times\b|[kmgt]i?b\b|rps\b|qps\b|req\/s|requests\b|lines\b|loc\b|points?\b|runs?\b|quer(?:y|ies)\b|images\b|events\b|items\b|rows\b|[\w/]{1,40}\/(?:s|sec|second|minute|min)\b)|\bp\d\d\b[^.;]*\d|\bby (?:half|a factor)|\bhalve\b|\bO\([^)]*\)|\bfrom \d+ to \d+|\b(?:under|below|above|at least|at most|less than|more than|fewer than|within|to|max(?:imum)?|only)\s+~?\d|\bthan (?:on )?(?:the )?(?:current|baseline|main|master|before|today|yesterday|last release|previous|v\d)|\bbaseline\b|\bbench(?:mark)?s?\/[\w./-]+|\bnpm run bench[\w:-]*|\b(?:k6|lighthouse|hyperfine|jmh|wrk)\b|\bin a row\b|\bzero (?:warnings|errors)\b/i;

export const hasMeasure = (text: string): boolean => MEASURE.test(text);
export const isGreetingClause = (clause: Clause): boolean => isGreeting(clause);

export interface DetectionInput {
  text: string;
  /** Forbidden refs (fs:…, net:…) the request states; a request whose work lies there contradicts them. */
  forbidden?: readonly string[];
  /** Paths the request names as what it changes (the allowed scope); the escalation step reads them. */
  allowed?: readonly string[];
  clauses: Clause[];
  constraints: ExtractedConstraint[];
  taskType: TaskType;
  hasExplicitCriteriaWithNumbers: boolean;
  /** Why a detector found no question where one might be expected (x-canon.explanations.ambiguity_notes). */
  notes?: string[];
}

export function detectTextAmbiguities(input: DetectionInput): AmbiguityDraft[] {
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  if (!content.length) {
    return [
      {
        kind: "empty_request",
        question: "The request is empty. What should be done?",
        text: "",
        span: null,
        field: null,
        options: [],
        defaultOption: null,
        effect: { kind: "text", asCriterion: false },
      },
    ];
  }
  const found: AmbiguityDraft[] = [];
  const anchored = ANCHOR.test(input.text) || refsIn(input.text).length > 0;
  const bare =
    content.length === 1
      ? BARE_ACTION.exec(
          content[0]!.text
            .replace(FILLER, "")
            .replace(/[?!.]+$/, "")
            .trim(),
        )
      : null;
  if (bare) {
    found.push({
      kind: "missing_target",
      question: `"${content[0]!.text}" names no target. What exactly should be ${pastTense(bare[1]!)}?`,
      text: content[0]!.text,
      span: spanOf(content[0]!),
      field: null,
      options: [],
      defaultOption: null,
      effect: { kind: "text", asCriterion: false },
    });
  } else {
    const reference = unresolvedReference(content, anchored, input.notes, input.text);
    if (reference.draft) found.push(reference.draft);
  }
  found.push(...unmeasurableGoals(input));
  found.push(...constraintContradictions(input));
  if (!found.some((draft) => draft.kind === "constraint_contradiction")) found.push(...forbiddenWork(input));
  return found;
}

/**
 * The question to ask when the escalation model finds a request ambiguous and no detector asked
 * anything: about a reference resolved only from afar if there is one (the detector's own
 * borderline finding), otherwise about what the request leaves open.
 */
export function modelQuestion(input: DetectionInput, why: string): AmbiguityDraft {
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  const anchored = ANCHOR.test(input.text) || refsIn(input.text).length > 0;
  const weak = content.length ? unresolvedReference(content, anchored).weak[0] : undefined;
  if (weak) return referenceQuestion(weak, `The request may describe it elsewhere, but not next to it, and the ${why}`);
  const first = content[0] ?? null;
  return {
    kind: "missing_target",
    question: `The request may leave open what is to be done (no detector found the gap, but the ${why}). What exactly should be done, to what, and how will we know it is done?`,
    text: first?.text ?? "",
    span: first ? spanOf(first) : null,
    field: null,
    options: [],
    defaultOption: null,
    effect: { kind: "text", asCriterion: false },
  };
}

// "clean up the CSS", "tidy up the repo a bit": a whole area to improve, with nothing said about what.
const VAGUE_IMPROVEMENT =
  /^(?:clean(?: ?up)?|tidy(?: up)?|polish|moderni[sz]e|improve|simplify|rework|revamp)\s+(?:up\s+)?(?:the |this |our |my )?[\w.-]+(?:\s+[\w.-]+)?(?:\s+(?:a bit|a little|please|pls|overall))*$/i;

const NO_GOAL = {
  reported: "a claim someone else makes or argues",
  attributive: "a description of a thing the request names",
  judged: "the standard a question asks the agent to judge",
} as const;

// Parts of a long request that describe or quote: a number there is today's state ("## Today",
// "## Background", a log), not a target, and a comparative there describes the problem when the
// request states its goal in a part of its own.
const DESCRIBES: ReadonlySet<string> = new Set(["background", "data"]);

function unmeasurableGoals(input: DetectionInput): AmbiguityDraft[] {
  // The measure of a goal is in its own sentence or the next one, or in a list of targets
  // ("Acceptance criteria", bullets): a number elsewhere measures another request.
  if (input.hasExplicitCriteriaWithNumbers) return [];
  // measures.ts: today's time or size ("took 3h12 last night") is a baseline, no target, and a clock
  // time the run must finish by is one (guide25).
  const measuring = input.clauses.filter(
    (clause) =>
      !(clause.role && DESCRIBES.has(clause.role)) && (gatedTest(MEASURE, withoutBaselines(clause.text)) || finishesBy(clause.text)),
  );
  // A markdown table row ("| LCP | 4.2 s | < 2.5 s |") is a list of targets too.
  const listed = measuring.some(
    (clause) => clause.bullet || clause.section !== null || clause.text.startsWith("|") || clause.role === "acceptance",
  );
  if (listed) return [];
  const measuredSentences = new Set(measuring.flatMap((clause) => [clause.sentence, clause.sentence - 1]));
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  const statesGoal = input.clauses.some((clause) => clause.role === "ask" || clause.role === "acceptance");
  // "tidy up the ingestion code, it's a mess": a complaint beside the ask says nothing about when it
  // is done. Read once, not once per clause (quadratic in the clauses: 16,000 lines took minutes).
  const asks = content.filter((other) => !VAGUE_CLAUSE.test(other.text.replace(FILLER, "")));
  for (const clause of input.clauses) {
    if (isNegated(clause.text) || measuredSentences.has(clause.sentence)) continue;
    if (statesGoal && clause.role && DESCRIBES.has(clause.role)) continue;
    // Nineteenth session: a preference beside the ask ("Could you upgrade react … ? Ideally keep
    // the PR small enough to review in one sitting", fk-190) is SOFT by the guide: the work is done
    // whether or not it is met, so its measure does not decide when the work is done. A preference
    // that is the whole request ("Ideally the export should be faster") is its goal.
    if (hardnessOf(clause) === "SOFT" && asks.some((other) => other !== clause && hardnessOf(other) === null)) continue;
    // Twenty-first session: quoted text and code are data (docs/task-labelling.md, "Quoted error
    // text, log lines and code comments are data"): a goal word inside them names a report, a
    // script or a value ("the 'rounds optimised' report email", ex-043; "`provision/harden.ps1`",
    // fv-165), not a goal of the request. Masking keeps every offset.
    const goalText = maskQuoted(clause.text);
    const speed = gatedExec(SPEED, goalText);
    const vague =
      asks.length === 1 && asks[0] === clause
        ? VAGUE_IMPROVEMENT.exec(
            goalText
              .replace(FILLER, "")
              .replace(/,\s*(?:it|this|that|they)(?:'s|'re| is| are)\b.*$/i, "")
              .replace(/[?!.]+$/, ""),
          )
        : null;
    const quality = speed
      ? null
      : (gatedExec(QUALITY, goalText) ?? gatedExec(COMPARATIVE_ADJECTIVE, goalText) ?? vague ?? vagueGoal(goalText));
    const match = speed ?? quality;
    if (!match) continue;
    // measures.ts: someone else's claim or a named thing is no goal.
    const noGoal = comparativeIsNoGoal(clause.text, match.index, match[0].length);
    if (noGoal) {
      input.notes?.push(`"${match[0]}" is ${NO_GOAL[noGoal]}, not a goal to measure`);
      continue;
    }
    // "Add an index on orders(customer_id) so the page loads faster": the comparative is the motive
    // of a concrete change that names its target, not the goal to measure.
    const purpose = /^(.*?)\b(?:so(?: that)?|in order to|to make)\s/i.exec(clause.text.slice(0, match.index));
    if (
      purpose &&
      wordCount(purpose[1]!) >= 3 &&
      (ANCHOR.test(purpose[1]!) || refsIn(purpose[1]!).length > 0 || /\w\([\w, ]+\)/.test(purpose[1]!))
    )
      continue;
    return [
      {
        kind: "unmeasurable_goal",
        question: `"${match[0]}" has no number or baseline. How will we know it is done (e.g. a target and how it is measured)?`,
        text: clause.text,
        span: { start: clause.start + match.index, end: clause.start + match.index + match[0].length },
        field: null,
        options: [],
        defaultOption: speed
          ? "At least 10% better than the current baseline on the same benchmark, measured before and after, with no regressions"
          : "Behaviour is unchanged: all existing tests pass and the diff review accepts the change",
        effect: { kind: "text", asCriterion: true },
      },
    ];
  }
  return [];
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
