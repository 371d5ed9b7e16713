// The pipeline for free text and structured requests: segment, extract every field with the
// span it came from, then ask (never guess) about whatever could not be determined.
import {
  TASK_IR_SCHEMA_ID,
  TASK_IR_SCHEMA_VERSION,
  type AcceptanceCriterion,
  type InteractionMode,
  type PrivacyClass,
  type RiskClass,
  type TaskConstraint,
  type TaskIRV1,
  type TaskType,
} from "../../contracts/task-ir.js";
import { detectTextAmbiguities, hasMeasure, isGreetingClause, type AmbiguityDraft } from "./ambiguity.js";
import { extractBudgets, extractFreshness } from "./budgets.js";
import { explainClassification } from "./classification.js";
import { classify } from "./classify.js";
import { explicitType, firstContent, guessStands, reportedCodeOf, settleScope, typeDraft, weighEscalation } from "./compile-steps.js";
import { extractConstraints } from "./constraints.js";
import { forgetClauses } from "./clause-hardness.js";
import { extractCriteria } from "./criteria.js";
import { escalationModelEnabled } from "./model/escalation-evidence.js";
import { learnedType } from "./model/type-evidence.js";
import { extractOutputs } from "./outputs.js";
import { acceptanceIdOf, completionPolicyFor, criterionById } from "./policies.js";
import { AmbiguityLedger, abiAmbiguity, escalationOf, shortHash, type Clarification } from "./records.js";
import { budgetsOf, settle } from "./explicit-fields.js";
import { requestText, type StructuredRequest, type TaskRequest } from "./request.js";
import { privacyOf } from "./privacy.js";
import { modeOfRisk, modeOfText } from "./mode.js";
import { riskOf } from "./risk.js";
import { keyedObject } from "./keyed-object.js";
import { gateFor, mayMatch } from "./literal-gates.js";
import { forgetRefs } from "./scope.js";
import { normalizeText, segment, sentenceCase, type Clause, type Span } from "./segment.js";
import type { CompiledTask, Provenance } from "./types.js";

const RISK_RANK: Record<RiskClass, number> = { UNKNOWN: -1, LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };
const PRIVACY_RANK: Record<PrivacyClass, number> = { PUBLIC: 0, INTERNAL: 1, RESTRICTED: 2, SECRET: 3, UNTRUSTED: 4 };
const MODE_RANK: Record<InteractionMode, number> = { AUTONOMOUS: 0, APPROVAL_GATED: 1, RECOMMEND_ONLY: 2 };
const OBJECTIVE_LEAD =
  /^(?:(?:hey|hi|hello|ok|okay|so|quick one|urgent)[\s,!:-]+)*(?:(?:please|pls|plz|can you|could you|would you|will you|kindly|can someone|could someone|someone should|i need you to|i want you to|i'?d like you to|i need to|we need to|you need to|need to|we should|let'?s|go ahead and|just|i want to|we want to|help me)\s+)+/i;
const OBJECTIVE_TAIL = /[\s,]*(?:please|pls|thanks|thank you|thx|asap|for me|\?)+$/i;
const MAX_OBJECTIVE = 500;

export interface TextCompileInput {
  request: Extract<TaskRequest, { text: string } | { request: StructuredRequest }>;
  taskId: string;
  clarifications: readonly Clarification[];
  provenance: Provenance;
}

export function compileText({ request, taskId, clarifications, provenance }: TextCompileInput): CompiledTask {
  forgetClauses();
  forgetRefs();
  const explicit: StructuredRequest = "request" in request ? request.request : {};
  const text = withAnswers(requestText(request), clarifications);
  const clauses = segment(text);
  const ledger = new AmbiguityLedger(text, clarifications);
  const spans = keyedObject();
  const why: Record<string, string> = {};
  const at = (span: Span | null) => (span ? { start: span.start, end: span.end, text: text.slice(span.start, span.end) } : null);

  // The escalation model weighs the detectors' questions once nobody has answered any: a request
  // being clarified is asked about by the detectors alone, so an answer is never asked again.
  const useModel = escalationModelEnabled() && clarifications.length === 0;
  let typeQuestion: AmbiguityDraft | null = null;

  // Task type: an explicit field wins (compile-steps.ts says when the text's type is asked about).
  const classified = classify(clauses, explicit.labels ?? [], text);
  let taskType: TaskType;
  if (explicit.taskType) taskType = explicitType(explicit.taskType, classified, clauses, ledger, spans, why);
  else {
    // The learned evidence votes on every request and decides only where the rules' evidence is weak.
    const learned = learnedType(text, classified);
    taskType = learned.type;
    spans.task_type = learned.decided ? null : at(classified.span);
    why.task_type = `${explainClassification(classified)}; ${learned.why}`;
    const reportedCode = learned.guessed ? reportedCodeOf(clauses, taskType) : null;
    if (reportedCode) why.task_type = guessStands(why.task_type, `the request reporting a fault in the code it names (${reportedCode})`);
    else if ((taskType === "UNCLASSIFIED" || learned.guessed) && clauses.some((c) => !isGreetingClause(c))) {
      typeQuestion = typeDraft(classified, learned, taskType, clauses);
      // Where the type model has a guess, the escalation model (below) may find the request clear
      // enough to go ahead with it; a request someone already answered about is asked as before.
      if (!useModel || taskType === "UNCLASSIFIED") {
        const chosen = ledger.decide(typeQuestion);
        typeQuestion = null;
        if (chosen) {
          taskType = chosen as TaskType;
          why.task_type = "answered by a person";
        }
      }
    }
  }

  // Objective, constraints and the criteria the caller stated.
  const objectiveClause = firstContent(clauses);
  const objective = objectiveOf(explicit, objectiveClause, clarifications);
  spans.objective = explicit.title ? at({ start: 0, end: explicit.title.trim().length }) : at(objectiveClause);
  const extracted = extractConstraints(clauses, text, taskType);
  const criteria = extractCriteria(clauses, objectiveClause);

  // Risk, mode and privacy: each explicit field wins; one less cautious than the text is asked about.
  const textMode = modeOfText(clauses, taskType);
  const derivedRecommend = (textMode ?? modeOfRisk("LOW")).value === "RECOMMEND_ONLY" ? "RECOMMEND_ONLY" : "AUTONOMOUS";
  const derivedRisk = riskOf(clauses, taskType, derivedRecommend);
  const risk = settle(
    ledger,
    "risk_class",
    "riskClass",
    explicit.riskClass,
    derivedRisk,
    // Fourteenth session: only a lower class that changes the gate is asked about. CRITICAL set to
    // HIGH still needs approval and MEDIUM set to LOW still needs none, so the caller has decided
    // nothing a person must check (writers label both clear: 7 of 9 in development).
    (a, b) => RISK_RANK[a] < RISK_RANK[b] && b !== "UNKNOWN" && modeOfRisk(a).value !== modeOfRisk(b).value,
  );
  const derivedMode = textMode ?? modeOfRisk(risk.value);
  const mode = settle(
    ledger,
    "interaction_mode",
    "interactionMode",
    explicit.interactionMode,
    derivedMode,
    (a, b) => MODE_RANK[a] < MODE_RANK[b],
  );
  // INTERNAL is what nothing-said means, so it never contradicts an explicit class.
  const privacy = settle(
    ledger,
    "privacy_class",
    "privacyClass",
    explicit.privacyClass,
    privacyOf(clauses, taskType),
    (a, b) => a !== "UNTRUSTED" && b !== "INTERNAL" && PRIVACY_RANK[a] < PRIVACY_RANK[b],
  );
  for (const [key, found] of [
    ["risk_class", risk],
    ["interaction_mode", mode],
    ["privacy_class", privacy],
  ] as const) {
    spans[key] = found.explicit ? { field: found.explicit } : at(found.span);
    why[key] = found.reason;
  }

  // Scope: explicit paths are allowed; a ref both allowed and forbidden is asked about.
  const { allowed, forbidden } = settleScope(clauses, text, explicit, taskType, ledger, spans, at);

  // Budgets: explicit fields win over the text; two different numbers for one budget are asked about.
  const budget = budgetsOf(ledger, explicit, extractBudgets(clauses), at, spans);
  const freshness = explicit.freshness ?? extractFreshness(clauses)?.value ?? null;
  if (freshness) spans.freshness_requirement = explicit.freshness ? { field: "/request/freshness" } : at(extractFreshness(clauses)!.span);

  // What the text leaves open.
  const constraints: TaskConstraint[] = [];
  const dropped = new Set<string>();
  const detection = {
    text,
    clauses,
    constraints: extracted,
    taskType,
    forbidden,
    allowed,
    hasExplicitCriteriaWithNumbers: criteria.some((c) => hasMeasure(c.text)),
    notes: [] as string[],
  };
  let drafts = detectTextAmbiguities(detection);
  if (detection.notes.length) why.ambiguity_notes = detection.notes.join("; ");
  if (useModel) drafts = weighEscalation(ledger, typeQuestion, drafts, detection, clauses, why);
  for (const draft of drafts) {
    const answer = ledger.decide(draft);
    if (draft.effect.kind === "choose" && draft.effect.field.startsWith("constraint:") && answer === "drop")
      dropped.add(draft.effect.field.slice(11));
  }
  for (const found of extracted) {
    if (dropped.has(found.clause.text) || found.joined) continue;
    const constraint_id = `c.${found.hardness.toLowerCase()}.${shortHash(found.text, 12)}`;
    if (constraints.some((c) => c.constraint_id === constraint_id)) continue;
    constraints.push({ constraint_id, text: found.text, hardness: found.hardness });
    spans[`constraints/${constraint_id}`] = at(found.clause);
  }

  const policy = completionPolicyFor(taskType);
  const acceptance: AcceptanceCriterion[] = [];
  for (const found of criteria) {
    const criterion_id = `ac.${shortHash(found.text, 12)}`;
    if (acceptance.some((c) => c.criterion_id === criterion_id)) continue;
    acceptance.push({ criterion_id, text: found.text, origin: "EXPLICIT", required: true });
    spans[`acceptance_criteria/${criterion_id}`] = at(found.clause);
  }
  for (const required of policy.require) {
    acceptance.push({
      criterion_id: acceptanceIdOf(required.criterion_id),
      text: criterionById(required.criterion_id)?.verifier_semantics ?? required.criterion_id,
      origin: "INFERRED",
      required: required.blocking,
    });
  }
  why.constraints =
    'HARD from must not/never/do not/only/without/keep … unchanged, a verbless no + new thing/kind of change/period, a negative subject with may/must, an invariance (must be identical), a keep coordinated with a rule, Constraints lists, bullets under a line naming rules ("Repo rules (CONTRIBUTING.md):") or a rule document ("From CONTRIBUTING.md:", "--- AGENTS.md ---"), a denial after a label naming a rule\'s source ("Team rule: nothing under X is to be changed"), an acceptance item opening with a prohibition or stating an invariance (must pass unchanged, must behave exactly as today), a keep X working opening its own sentence, and the forms of constraint-forms.ts (must be same/render identically, there must be no, X is not an option, no X please, only the X for now, not changing anything, nobody deploys, is under a freeze, same behaviour, byte-for-byte, use X not in Y, staging only, not prod, no backfill, must keep its/their …, non-native not + verb, off-peak only, X is allowed but Y is not, no X in this PR, take a snapshot first, nothing else after the ask, no X before v3); a trailing ", keep X" after the ask is a rule of its own; a rule that completes the one before it in its sentence (a pronoun or verbless denial, what an only-limit leaves out, a second rule) is shown with it; an Out of scope label stays in the text of its rule; SOFT from prefer/ideally/if possible/avoid/try to/I\'d rather ("use X rather than Y" in an instruction binds); code blocks, a without describing what code does and "rather than" inside a reason state no rule; fifteenth session: invariances of results or interfaces (must match the current output, must look the same, results identical, ", same inference results/same routes"), X stays <place> as is, ", with no X increase", ", no code yet"/", no implementation" after an advice ask, no X in the examples/repo, no calls to the real X, log only X not Y, keep the changes inside X, you must keep X, a non-native "X not delete", an acceptance item with must not, and a rule followed by ", and try not to …" split into a HARD and a SOFT constraint; seventeenth session (seventeenth-forms.ts): shall not, "I don\'t want anything changed"/"not asking for changes", must keep the old X, ", same X as now", same X byte for byte, must match X to the penny, no locking/dropping X, no message loss, ", not add new X", use X not a new Y / use X, no Y, ", not a real X", ", so no customer names", X is changed by Ops only, an acceptance item denying something new or a contact ("(no direct calls to …)"), a short "no X" after a rule in its sentence ("Keep the tests pure; no DB"), and a denial of a quoted value shown with the clause before it';
  why.allowed_scope =
    "paths and hosts the request names outside a negated context (hosts only when accessed), plus a structured request's paths; a path named only as a source to read from (copy … from X) inside a forbidden scope stays forbidden and is not asked about";
  why.forbidden_scope =
    "paths and hosts in don't touch/leave … alone or as it is/out of scope/read-only contexts, negative or passive subjects (no file in X may be modified, X must not be changed), a tool denied a target (never point X at host) and Out of scope lists; a path after under is a folder (dir/**); a bare file name forbidden after its path was given is that path; in 'don't hit A, use B' only A is forbidden; 'the rest of X' keeps X open when the request changes X elsewhere; seventeenth session: shall not, don't add files under X, no code changes in X, X is changed by Ops only, a machine named without a domain after a denied access (don't hit db-prod-01), and a domain in capitals (GOV.UK) is a name, not a host";
  why.acceptance_criteria = `EXPLICIT from the request's must/should/ensure/so that clauses and acceptance lists; INFERRED from ${policy.policy_id} v${policy.policy_version}`;

  const outputs = extractOutputs(clauses, taskType, mode.value);
  outputs.forEach((found) => {
    if (found.span) spans[`requested_outputs/${found.output.kind}`] = at(found.span);
  });
  why.requested_outputs =
    "outputs named after a delivery verb (return/open/give me/send … a patch, PR, report, …); otherwise the task type's usual deliverable, described as a default";

  const records = ledger.finish(clarifications, [risk.value, derivedRisk.value]);
  const escalation = escalationOf(records);
  const ir: TaskIRV1 = {
    schema_id: TASK_IR_SCHEMA_ID,
    schema_version: TASK_IR_SCHEMA_VERSION,
    task_id: taskId,
    task_type: taskType,
    objective,
    requested_outputs: outputs.map((found) => found.output),
    acceptance_criteria: acceptance,
    constraints,
    ambiguities: records.map(abiAmbiguity),
    allowed_scope: allowed,
    forbidden_scope: forbidden,
    risk_class: risk.value,
    interaction_mode: mode.value,
    freshness_requirement: freshness,
    latency_budget_ms: budget.latency,
    cost_budget: budget.cost,
    privacy_class: privacy.value,
    completion_policy: { policy_id: policy.policy_id, policy_version: policy.policy_version },
    extensions: {
      "x-canon.source": { kind: provenance.kind, request: provenance.request, sha256: provenance.sha256, text },
      "x-canon.compiler": provenance.compiler,
      // A field derived from the task type rather than from words has no span; its explanation says why.
      "x-canon.spans": withoutNulls(spans),
      "x-canon.explanations": why,
      "x-canon.ambiguities": records,
      "x-canon.escalation": escalation,
    },
  };
  return { ir, status: escalation ? "NEEDS_CLARIFICATION" : "COMPILED", ambiguities: records, escalation };
}

/** Answers that add words go after the request, so the request's own spans stay where they were. */
function withAnswers(text: string, clarifications: readonly Clarification[]): string {
  let result = text;
  for (const c of clarifications) {
    if (c.ambiguity.effect.kind !== "text") continue;
    result += c.ambiguity.effect.asCriterion ? `\n\nAcceptance criteria:\n- ${oneLine(c.answer)}` : `\n\n${oneLine(c.answer)}`;
  }
  return result;
}

const oneLine = (text: string): string => normalizeText(text);

function objectiveOf(explicit: StructuredRequest, clause: Clause | null, clarifications: readonly Clarification[]): string {
  const raw = explicit.title?.trim() ? explicit.title : (clause?.text ?? "");
  let objective = normalizeText(raw);
  const led = objective.replace(OBJECTIVE_LEAD, "");
  // Twenty-fifth session (speed): the tail expression, anchored only at its end, is tried from every
  // position; its literal gate (literal-gates.ts) skips the text only where it cannot match.
  const stripped = (mayMatch(gateFor(OBJECTIVE_TAIL), led) ? led.replace(OBJECTIVE_TAIL, "") : led).trim();
  if (stripped) objective = sentenceCase(stripped);
  const answers = clarifications
    .filter((c) => ["unresolved_reference", "missing_target"].includes(c.ambiguity.kind))
    .map((c) => oneLine(c.answer));
  if (objective && answers.length) objective = `${objective} (${answers.join("; ")})`;
  if (!objective) objective = clarifications.find((c) => c.ambiguity.kind === "empty_request")?.answer.trim() || "(empty request)";
  return objective.length > MAX_OBJECTIVE ? `${objective.slice(0, MAX_OBJECTIVE - 1)}…` : objective;
}

/** The spans with a place in the text or a field, in the order they were found. */
function withoutNulls(spans: Record<string, unknown>): Record<string, unknown> {
  const shown = keyedObject();
  for (const [key, span] of Object.entries(spans)) if (span != null) shown[key] = span;
  return shown;
}
