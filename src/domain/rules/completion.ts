// Rule 5: completion is recorded, never inferred. Only a CompletionDecisionV1 from the runtime
// or a verifier changes it, and Canon checks the decision against what the run has recorded:
// a COMPLETE decision cannot cite receipts the run never saw, skip a required acceptance
// criterion, or claim "no unresolved blocking failures" while one is open.
import {
  EXT,
  type AcceptanceCriterion,
  type AgentStateV1,
  type CompletionPolicyRecord,
  type CompletionRecord,
  type UnresolvedFailure,
} from "../../contracts/agent-state.js";
import { ID_PATTERN } from "../../contracts/common.js";
import { CompletionRejectedError, type InputProblem } from "../../contracts/errors.js";
import type { CompletionDecisionV1 } from "../../contracts/receipts.js";
import type { OperationContext } from "../operations/operation.js";
import { allReceiptIds, extensionOf, nextVersion, receiptKindOfId, withExtension } from "./state-parts.js";

const DECIDERS = new Set(["RUNTIME", "VERIFIER"]);

/** What is wrong with recording `decision` on `state`; empty when the rule accepts it. */
export function completionProblems(state: AgentStateV1, decision: CompletionDecisionV1, context: OperationContext): InputProblem[] {
  const problems: InputProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  if (!DECIDERS.has(context.producer.kind)) {
    problem("/producer/kind", `is ${context.producer.kind}; only RUNTIME or VERIFIER decide completion (others may propose)`);
  }
  if (decision.envelope.producer.component_id !== context.producer.component_id) {
    problem("/decision/envelope/producer", "must be the component committing the decision");
  }
  const policy = extensionOf<CompletionPolicyRecord | null>(state, EXT.completionPolicy, null);
  if (policy && (decision.policy.policy_id !== policy.policy_id || decision.policy.policy_version !== policy.policy_version)) {
    problem("/decision/policy", `must be the run's policy ${policy.policy_id} v${policy.policy_version}`);
  }
  if (decision.outcome === "PARTIAL" && !policy?.allow_partial) {
    problem("/decision/outcome", "PARTIAL is allowed only when the run's completion policy allows partial completion");
  }
  // A decision is made on the state it read: an old decision cannot be replayed onto a later state.
  if (decision.envelope.state_version !== state.identity.state_version) {
    problem(
      "/decision/envelope/state_version",
      `is ${decision.envelope.state_version}; the decision must be made on the version it commits against (${state.identity.state_version})`,
    );
  }
  const recorded = allReceiptIds(state);
  decision.criteria_results.forEach((result, index) => {
    if (!new RegExp(ID_PATTERN).test(result.criterion_id)) {
      problem(`/decision/criteria_results/${index}/criterion_id`, "must be an id (letters, digits and ._:@-)");
    }
    result.receipt_refs.forEach((ref, r) => {
      // A criterion that takes evidence entries (evidence_ref) may cite one, e.g. a person's review.
      if (!recorded.has(ref) && !state.evidence.some((e) => e.ref === ref)) {
        problem(`/decision/criteria_results/${index}/receipt_refs/${r}`, `receipt ${ref} is not recorded in this run`);
      }
    });
  });
  if (decision.outcome === "COMPLETE") problems.push(...completeProblems(state, decision));
  return problems;
}

function completeProblems(state: AgentStateV1, decision: CompletionDecisionV1): InputProblem[] {
  const problems: InputProblem[] = [];
  const passed = new Set(decision.criteria_results.filter((r) => r.result === "PASS").map((r) => r.criterion_id));
  for (const criterion of state.acceptance as unknown as AcceptanceCriterion[]) {
    if (criterion.required !== false && !passed.has(criterion.criterion_id)) {
      problems.push({
        path: "/decision/criteria_results",
        message: `required acceptance criterion ${criterion.criterion_id} has no PASS result`,
      });
    }
  }
  if (decision.criteria_results.length === 0) {
    problems.push({ path: "/decision/criteria_results", message: "COMPLETE needs at least one PASS criterion result backed by a receipt" });
  }
  const blocking = ((state.unresolved_failures ?? []) as unknown as UnresolvedFailure[]).filter((f) => f.blocking);
  if (blocking.length > 0) {
    problems.push({
      path: "/decision/predicate_results/no_unresolved_blocking_failures",
      message: `blocking failures are unresolved: ${blocking.map((f) => f.failure_id).join(", ")}`,
    });
  }
  return problems;
}

/** Records an accepted decision: the state points at it and keeps its outcome and coverage. */
export function applyCompletionDecision(state: AgentStateV1, decision: CompletionDecisionV1, context: OperationContext): AgentStateV1 {
  // The same decision sent again (a retry) changes nothing; its receipt row is unchanged too.
  if (state.completion.latest_decision_ref === decision.decision_id) return state;
  const problems = completionProblems(state, decision, context);
  if (problems.length > 0) throw new CompletionRejectedError(problems);
  const record: CompletionRecord = { decision_id: decision.decision_id, outcome: decision.outcome, decided_at_version: nextVersion(state) };
  const coverage = decision.criteria_results.map((result) => ({
    criterion_id: result.criterion_id,
    satisfied: result.result === "PASS",
    evidence_refs: result.receipt_refs.map((ref) => ({
      kind: receiptKindOfId(state, ref) ?? state.evidence.find((e) => e.ref === ref)?.kind ?? "TOOL_RECEIPT",
      ref,
    })),
  }));
  const next: AgentStateV1 = { ...state, completion: { coverage, latest_decision_ref: decision.decision_id } };
  return withExtension(next, EXT.completion, record);
}

/** The recorded completion, or null while the run is NOT_COMPLETE. */
export const completionOf = (state: AgentStateV1): CompletionRecord | null =>
  extensionOf<CompletionRecord | null>(state, EXT.completion, null);
