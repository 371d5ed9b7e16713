// Steps of compileText (compile-text.ts) kept in functions of their own. compileText runs once a
// request and was one body of 8 KB of bytecode: V8 waited seconds before optimising it (every new
// inline-cache state in a rarely taken branch put its optimisation off again), took half a second
// to compile it, and threw the result away whenever a rare branch met a new kind of object. Here a
// rare branch (a caller's explicit type, a scope contradiction, the escalation model's verdict)
// settles its own part and changes only its own code.
import { TASK_TYPES, type RiskClass, type TaskType } from "../../contracts/task-ir.js";
import { isGreetingClause, modelQuestion, type AmbiguityDraft, type DetectionInput } from "./ambiguity.js";
import type { Classification } from "./classification.js";
import { fieldContradiction } from "./explicit-fields.js";
import { askFindingOnLongRequest } from "./long-requests.js";
import { escalationVote, STANDING_KINDS } from "./model/escalation-evidence.js";
import type { LearnedType } from "./model/type-evidence.js";
import { kindOfPath } from "./path-kinds.js";
import type { AmbiguityLedger } from "./records.js";
import type { StructuredRequest } from "./request.js";
import { riskOf } from "./risk.js";
import { rulesBesideTheAsk } from "./rules-beside-the-ask.js";
import { covers, normalizePath, refsIn } from "./resource-refs.js";
import { forbids } from "./forbidding-clauses.js";
import { isNegated } from "./clause-hardness.js";
import { extractScope, type ScopeRef } from "./scope.js";
import type { Clause, Span } from "./segment.js";

const RISK_RANK: Record<RiskClass, number> = { UNKNOWN: -1, LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

export type SpanOf = (span: Span | null) => { start: number; end: number; text: string } | null;

export const unique = (items: string[]): string[] => [...new Set(items)];

export const firstContent = (clauses: Clause[]): Clause | null =>
  clauses.find((c) => !isGreetingClause(c) && c.section === null) ?? clauses.find((c) => !isGreetingClause(c)) ?? null;

/**
 * A caller's explicit task type. Where the text reads as another type, a person is asked only if
 * the caller's type would carry less risk than the text's (as for riskClass): a caller, or a model
 * acting as one, must not lower the risk past an approval gate by naming another type, while a type
 * of the same risk ("PERFORMANCE" for a cache TTL change) is the caller's call
 * (docs/task-labelling.md: the caller's field is the label).
 */
export function explicitType(
  given: TaskType,
  classified: Classification,
  clauses: Clause[],
  ledger: AmbiguityLedger,
  spans: Record<string, unknown>,
  why: Record<string, string>,
): TaskType {
  let taskType = given;
  spans.task_type = { field: "/request/taskType" };
  why.task_type = "set explicitly by the caller";
  const textType = classified.type;
  if (
    textType !== "UNCLASSIFIED" &&
    textType !== taskType &&
    !(classified.scores[taskType] ?? 0) &&
    (classified.scores[textType] ?? 0) >= 4
  ) {
    const callerRisk = riskOf(clauses, taskType, "AUTONOMOUS").value;
    const textRisk = riskOf(clauses, textType, "AUTONOMOUS").value;
    if (RISK_RANK[callerRisk] < RISK_RANK[textRisk]) {
      const chosen = ledger.decide(fieldContradiction("task_type", "taskType", taskType, textType, classified.span));
      if (chosen) taskType = chosen as TaskType;
    } else {
      why.task_type = `set explicitly by the caller; the text reads as ${textType}, which carries no more risk (${textRisk}) than ${taskType} (${callerRisk}), so it is not asked`;
    }
  }
  return taskType;
}

/**
 * Thirty-first session: a bug report that names the code it is about is a request to fix it,
 * whatever its grammar. Where the rules find no type evidence and the type model reads BUG_FIX with
 * confidence, a file named outside any rule ("the tokenizer in ml/text/tok.py lowercases URLs and
 * breaks them", hf-169; "Null deref in `VesselCard.render()` when `imo` is missing
 * (web/fleet/VesselCard.tsx)", bw-051; "shop finder puts Glasgow shops in the sea, lat/long swapped
 * in web/src/shops/map.ts", hb-062) says which thing is broken, and the words the symptom: the guess
 * stands and the type is not asked about. The guide asks about the type where nothing in the text
 * tells the kind of work ("address the feedback from the review", fresh6-017; "the weird thing with
 * the escape room timers is back", bq-145, names no file). On the first-contact rows this drops the
 * question on 93 clear rows (66 parts) and 8 ambiguous ones, 6 of which other detectors ask about;
 * for every guessed type it would drop it on 607 clear and 110 ambiguous rows, too many of them
 * asked about nothing else. A path named only in a rule ("don't touch sandbox/dynamic/") is where
 * the work is not. Returns the file, or null.
 */
export function reportedCodeOf(clauses: Clause[], guessed: TaskType): string | null {
  if (guessed !== "BUG_FIX") return null;
  for (const clause of clauses) {
    if (forbids(clause) || isNegated(clause.text)) continue;
    const found = refsIn(clause.text).find((r) => r.ref.startsWith("fs:"));
    if (found) return found.ref;
  }
  return null;
}

/** The type's explanation once the model's guess stands instead of being asked about, and why it stands. */
export const guessStands = (why: string, because: string): string =>
  `${why.replace("only a guess, asked about", "only a guess")}; the guess stands, ${because}`;

/** The question about a type the rules could not settle (or the model only guessed). */
export function typeDraft(classified: Classification, learned: LearnedType, taskType: TaskType, clauses: Clause[]): AmbiguityDraft {
  const options = classified.candidates.length ? classified.candidates : TASK_TYPES.filter((t) => t !== "UNCLASSIFIED");
  return {
    kind: "undetermined_task_type",
    question: classified.candidates.length
      ? `The request fits ${classified.candidates.join(" and ")} equally. Which kind of task is it?`
      : learned.decided
        ? `The request's wording leans only weakly to ${classified.type}, and reads like no kind of task in particular. Which kind is it?`
        : learned.guessed
          ? `The request does not say what kind of task this is (its words read like ${taskType}, which is only a guess). Which kind is it?`
          : "The request does not say what kind of task this is. Which kind is it?",
    text: firstContent(clauses)?.text ?? "",
    span: firstContent(clauses) ?? null,
    field: "task_type",
    options: [...options],
    defaultOption: null,
    effect: { kind: "choose", field: "task_type" },
  };
}

/** Scope: explicit paths are allowed; a ref both allowed and forbidden is asked about. */
export function settleScope(
  clauses: Clause[],
  text: string,
  explicit: StructuredRequest,
  taskType: TaskType,
  ledger: AmbiguityLedger,
  spans: Record<string, unknown>,
  at: SpanOf,
): { allowed: string[]; forbidden: string[] } {
  const refs: (ScopeRef & { field?: string })[] = extractScope(clauses, text);
  if (explicit.paths) explicitPaths(explicit.paths, refs);
  let allowed = unique(refs.filter((r) => !r.forbidden).map((r) => r.ref));
  let forbidden = unique(refs.filter((r) => r.forbidden).map((r) => r.ref));
  for (const ref of refs) {
    const key = `${ref.forbidden ? "forbidden" : "allowed"}_scope/${ref.ref}`;
    spans[key] ??= ref.field ? { field: ref.field } : at(ref);
  }
  if (forbidden.length && allowed.length) ({ allowed, forbidden } = allowedAndForbidden(refs, allowed, forbidden, taskType, ledger, text));
  // "Only touch X" and a ref outside X exclude each other.
  if (refs.some((r) => r.only)) ({ allowed, forbidden } = outsideOnly(refs, allowed, forbidden, taskType, ledger));
  if (forbidden.length) forbidden = migrationsForbidden(clauses, refs, allowed, forbidden, ledger);
  return { allowed, forbidden };
}

// Twenty-second session: a new column or table, or a column backfilled, is a schema change, and a
// schema change is written as a migration in the migrations folder. A rule that forbids that
// folder itself ("Don't touch db/migrate/, that's Hana's area" beside "Add a climate_controlled
// boolean to units … and backfill it", fy-018; "Add a `deleted_at` column to invoices. Never touch
// db/migrations/.", fresh4-05) forbids the file the change must write: the guide's "a forbidden
// folder that holds the file to change" (con-amb-01). A folder under it ("db/migrations/legacy/",
// ba-030) or a migration path the request allows outside it leaves the change possible.
const MIGRATIONS_FOLDER = /(?:^fs:|\/)(?:migrations?|migrate)\/\*\*$/i;
const SCHEMA_CHANGE = /\b(?:add|adds|adding|create|new)\b[^.;:]{0,60}?\b(?:columns?|tables?)\b|\bbackfill (?:it|them|the)\b/i;
const DENIED = /\b(?:no|not|never|don['’]?t|do not|without)\b/i;
function migrationsForbidden(
  clauses: Clause[],
  refs: ScopeRef[],
  allowed: string[],
  forbiddenRefs: string[],
  ledger: AmbiguityLedger,
): string[] {
  const blocker = forbiddenRefs.find((ref) => MIGRATIONS_FOLDER.test(ref));
  if (!blocker || allowed.some((ref) => /migrat/i.test(ref) && !covers(blocker, ref))) return forbiddenRefs;
  if (!clauses.some((clause) => clause.section !== "forbidden" && SCHEMA_CHANGE.test(clause.text) && !DENIED.test(clause.text)))
    return forbiddenRefs;
  const question = `The schema change needs a migration under ${blocker}, which the request forbids. May the task add one there?`;
  const chosen = askScope(ledger, refs, blocker, question, blocker);
  return chosen === "allowed" ? forbiddenRefs.filter((ref) => ref !== blocker) : forbiddenRefs;
}

function explicitPaths(paths: readonly string[], refs: (ScopeRef & { field?: string })[]): void {
  for (const [index, path] of paths.entries()) {
    // "net:host" and other typed refs pass as given; anything else is a path.
    const ref = /^[a-z]+:[^/]/.test(path.trim()) ? path.trim() : `fs:${normalizePath(path)}`;
    if (path.trim()) refs.push({ ref, start: -1, end: -1, forbidden: false, field: `/request/paths/${index}` });
  }
}

/** Whether a ref the request allows may be changed after all: asked, the default being no. */
function askScope(ledger: AmbiguityLedger, refs: ScopeRef[], ref: string, question: string, text: string): string | null {
  const where = refs.find((r) => r.ref === ref && !r.forbidden && r.start >= 0);
  return ledger.decide({
    kind: "scope_contradiction",
    question,
    text,
    span: where ? { start: where.start, end: where.end } : null,
    field: `allowed_scope/${ref}`,
    options: ["allowed", "forbidden"],
    defaultOption: "forbidden",
    effect: { kind: "choose", field: `scope:${ref}` },
  });
}

const CHANGES_NO_FILE: ReadonlySet<TaskType> = new Set(["INVESTIGATE", "REVIEW", "OBSERVE_ENVIRONMENT"]);
const KEEPS_OUT = /\b(?:stay|keep)\s+out\b|\boff[- ]limits\b|\b(?:read|look|open|access|enter|go into|view|see)\b/i;
/** Whether the sentence forbidding `blocker` keeps the agent from reading there, not only from changing it. */
function keepsOut(refs: ScopeRef[], blocker: string, text: string): boolean {
  return refs.some((r) => {
    if (!r.forbidden || r.ref !== blocker) return false;
    if (r.start < 0) return true;
    const sentence =
      text
        .slice(0, r.start)
        .split(/[.!?;](?:\s|$)|\n/)
        .pop() ?? "";
    return KEEPS_OUT.test(sentence);
  });
}

/** The code a TEST task tests: read, while its changes are test files. */
const testedCode = (taskType: TaskType, ref: string): boolean => taskType === "TEST" && kindOfPath(ref.slice(3)) !== "TEST";

/**
 * Twenty-fifth session (branch `esc25`), the guide's "reading is not changing" (guide25): a forbidden
 * path the work only reads does not contradict the ask. A path named only where the request
 * describes ("the importer in integrations/toast/ is fine", em-092; "the mlctl wrapper reads
 * /etc/mlctl/config.yaml after ~/.mlctl.yaml", ej-172; "config/brand/ is managed by the franchise
 * IT", bj-160) is read, where the request's first instruction of change names the file it changes,
 * by its place, outside every forbidden path. Where it names none ("src/x.ts crashes on empty
 * input. Fix it."; "Upgrade the SDK in driver-app" after "The SDK binaries … live in
 * driver-app/native/cardreader/", fe-198), the described path is where the change goes, and the
 * contradiction stands (con-amb-01). Nor on a refactor: extracting, splitting or deduplicating code
 * out of the files a request describes edits them (the guide's "the ask must edit inside the path":
 * "Extract the retry loop into edi/common/retry.py and make the three clients use it", ba-067).
 */
function readBesideTheChange(refs: readonly ScopeRef[], ref: string, forbidden: readonly string[], taskType: TaskType): boolean {
  if (taskType === "REFACTOR" || !refs.every((r) => r.ref !== ref || r.forbidden || r.source || r.described)) return false;
  // The file the ask changes is named by its place (a bare "debugLogger.ts" may be the described
  // file itself, fr-166), and is no code a TEST task only tests (eh-124, ga-070).
  const changed = (r: ScopeRef) => r.ref.startsWith("fs:") && r.ref.includes("/") && !testedCode(taskType, r.ref);
  return refs.some(
    (r) => r.firstAsk && (changed(r) ? !forbidden.some((f) => covers(f, r.ref)) : namesPlacedFile(refs, r, forbidden, taskType)),
  );
}

/**
 * Thirtieth session (branch `esc30`), the same principle one step on: a bare file name in the
 * first instruction of change is the file the request has already placed, where exactly one path it
 * names ends in that name and no forbidden path covers it ("ssbt-agent/src/Display/Marquee.cs
 * scrolls the ticker … the width comes from ssbt-agent/config/display.json … Fix the parsing in
 * Marquee.cs, leave display.json as it is", hb-192). A bare name that is the forbidden file's own
 * last part is still the described file (fr-166).
 */
function namesPlacedFile(refs: readonly ScopeRef[], ask: ScopeRef, forbidden: readonly string[], taskType: TaskType): boolean {
  if (!ask.ref.startsWith("fs:") || ask.ref.includes("/")) return false;
  const name = ask.ref.slice(3);
  const placed = new Set(refs.filter((r) => r.ref.startsWith("fs:") && r.ref.endsWith(`/${name}`)).map((r) => r.ref));
  if (placed.size !== 1 || forbidden.some((f) => f.endsWith(`/${name}`) || f === ask.ref)) return false;
  const [path] = placed as Set<string>;
  return !testedCode(taskType, path!) && !forbidden.some((f) => covers(f, path!));
}

function allowedAndForbidden(
  refs: ScopeRef[],
  allowedRefs: string[],
  forbiddenRefs: string[],
  taskType: TaskType,
  ledger: AmbiguityLedger,
  text: string,
): { allowed: string[]; forbidden: string[] } {
  let allowed = allowedRefs;
  let forbidden = forbiddenRefs;
  for (const ref of [...allowed]) {
    const blocker = forbidden.find((f) => covers(f, ref));
    if (!blocker) continue;
    // Named only as a source to read from inside a forbidden scope, or as the code a TEST task
    // tests (its changes are test files): reading is not changing.
    const tested = testedCode(taskType, ref);
    // Twenty-fourth session (`esc24`): so is the code a DOCS task documents when the request names
    // the docs file it writes: "Document every property in …/application.yml in …/docs/configuration.md.
    // Don't edit …/application.yml itself" (fk-109), "tf-portal/docs/agent-auth.md: … using the
    // screens in tf-portal/src/pages/agent/*.tsx as the reference. Don't edit anything under
    // tf-portal/src/" (gb-126). Not when it names none (docstrings are written into the code).
    const documented =
      taskType === "DOCS" && kindOfPath(ref.slice(3)) !== "DOCS" && allowedRefs.some((a) => kindOfPath(a.slice(3)) === "DOCS");
    // Nineteenth session: a task that changes no file (a look at what runs, a finding, a review)
    // holds no file to change, which is what a rule against editing or deleting contradicts
    // (docs/task-labelling.md: "a forbidden folder that holds the file to change"): the cron
    // schedule read under /etc/cron.d/ that may not be edited (fj-072), a heap dump read in
    // /srv/dumps/ where nothing may be deleted (fk-114). A rule that keeps the agent out ("stay out
    // of greenhouse/sensors/", bn-039) forbids the reading too.
    const onlyRead = CHANGES_NO_FILE.has(taskType) && !keepsOut(refs, blocker, text);
    if (
      tested ||
      documented ||
      onlyRead ||
      readBesideTheChange(refs, ref, forbidden, taskType) ||
      refs.every((r) => r.ref !== ref || r.forbidden || r.source)
    ) {
      allowed = allowed.filter((a) => a !== ref);
      continue;
    }
    const chosen = askScope(
      ledger,
      refs,
      ref,
      `${ref} is both in scope and forbidden (${blocker}). May the task change it?`,
      `${ref} vs ${blocker}`,
    );
    if (chosen === "allowed") forbidden = forbidden.filter((f) => f !== blocker);
    else if (chosen === "forbidden" || chosen === null) allowed = allowed.filter((a) => a !== ref);
  }
  return { allowed, forbidden };
}

function outsideOnly(
  refs: ScopeRef[],
  allowedRefs: string[],
  forbiddenRefs: string[],
  taskType: TaskType,
  ledger: AmbiguityLedger,
): { allowed: string[]; forbidden: string[] } {
  let allowed = allowedRefs;
  let forbidden = forbiddenRefs;
  const only = refs.filter((r) => r.only);
  for (const ref of [...allowed]) {
    if (only.some((o) => covers(o.ref, ref))) continue;
    // Twenty-fifth session: the code a TEST task tests is read, outside the folder its tests are
    // confined to as outside a forbidden one ("Add unit tests for lib/geo/haversine.ts in tests/geo/;
    // don't modify any file outside tests/", hg-082).
    if (testedCode(taskType, ref)) {
      allowed = allowed.filter((a) => a !== ref);
      continue;
    }
    const outside = `${ref} is outside what the request says to only touch (${unique(only.map((o) => o.ref)).join(", ")}). May the task change it?`;
    const chosen = askScope(ledger, refs, ref, outside, ref);
    if (chosen !== "allowed") {
      allowed = allowed.filter((a) => a !== ref);
      if (chosen === "forbidden") forbidden = unique([...forbidden, ref]);
    }
  }
  return { allowed, forbidden };
}

/**
 * The escalation model weighs the detectors' questions once nobody has answered any (compileText
 * calls it only then); returns the drafts still to be asked.
 */
export function weighEscalation(
  ledger: AmbiguityLedger,
  typeQuestion: AmbiguityDraft | null,
  found: AmbiguityDraft[],
  detection: DetectionInput,
  clauses: Clause[],
  why: Record<string, string>,
): AmbiguityDraft[] {
  const text = detection.text;
  let drafts = found;
  const asked = [
    ...ledger.records.filter((r) => r.resolution === "UNRESOLVED").map((r) => r.kind),
    ...(typeQuestion ? [typeQuestion.kind] : []),
    ...drafts.map((d) => d.kind),
  ];
  const vote = escalationVote(text, clauses, asked);
  // The model's own question is not asked where the detectors checked its likeliest cause, a rule
  // against the ask, and found the rule beside it (rules-beside-the-ask.ts).
  const beside = vote.escalate && !asked.length ? rulesBesideTheAsk(text, detection.allowed ?? [], detection.forbidden ?? []) : null;
  if (beside) why.escalation = `${vote.why}: not asked, ${beside}`;
  else if (vote.escalate) {
    if (typeQuestion) ledger.decide(typeQuestion);
    if (!asked.length) drafts.push(modelQuestion(detection, vote.why));
    why.escalation = `${vote.why}: ${asked.length ? `the detectors' questions (${[...new Set(asked)].join(", ")}) are asked` : "asked, though no detector found a gap"}`;
  } else {
    // On a long request a finding about the ask itself is not outvoted (long-requests.ts), nor is
    // one that says why it stands (content of the ask only someone outside has, referents.ts).
    const onTheAsk = new Map(drafts.map((d) => [d, d.stands ?? askFindingOnLongRequest(d, clauses, text)] as const));
    const stands = (d: AmbiguityDraft) => STANDING_KINDS.has(d.kind) || onTheAsk.get(d) != null;
    const outvoted = [...(typeQuestion ? [typeQuestion] : []), ...drafts.filter((d) => !stands(d))];
    const askFindings = drafts.filter((d) => !STANDING_KINDS.has(d.kind) && stands(d));
    drafts = drafts.filter(stands);
    const standing = askFindings.length ? `; ${askFindings.map((d) => `${onTheAsk.get(d)}: ${d.question}`).join(" | ")}` : "";
    why.escalation = outvoted.length
      ? `${vote.why}: clear enough, so these detectors' questions are not asked: ${outvoted.map((d) => d.question).join(" | ")}${standing}`
      : `${vote.why}: clear${asked.length ? `; the questions that stand (${[...new Set(asked)].join(", ")}) are never outvoted` : ""}${standing}`;
    if (typeQuestion) why.task_type = guessStands(why.task_type!, `the escalation model finding the request clear (${vote.p.toFixed(2)})`);
  }
  return drafts;
}
