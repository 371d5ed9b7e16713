// The registry of state operations, grouped by the part of AgentState they change. Adding an
// operation means adding it to its module and one line here; GraphQL and validation follow.
import { addConstraint } from "./add-constraint.js";
import { recordArtifact } from "./artifacts.js";
import { setBudgets } from "./budgets.js";
import { proposeCompletion, recordCompletionDecision } from "./completion.js";
import { indexContext, recordRetrievalSnapshot, setRelevantContext } from "./context.js";
import { addDiagnostic, clearDiagnostic } from "./diagnostics.js";
import { setEnvironment, setRepository } from "./environment.js";
import { recordEvidence } from "./evidence.js";
import { recordFailure, resolveFailure } from "./failures.js";
import { moveGraphNode } from "./graph.js";
import { abandonHypothesis, proposeHypothesis, resolveHypothesis } from "./hypotheses.js";
import { addInstructionPredicate, removeInstructionPredicate } from "./instructions.js";
import { addAcceptanceCriterion, removeAcceptanceCriterion, setIntent } from "./intent.js";
import { acquireLock, releaseLock, renewLock } from "./locks.js";
import type { OperationDefinition } from "./operation.js";
import { grantPermission, revokePermission, setAuthorityProfile } from "./permissions.js";
import { recordMutationReceipt, recordToolReceipt, recordVerificationReceipt } from "./receipts.js";
import { removeConstraint } from "./remove-constraint.js";
import { removeSensitivityLabel, setSensitivityLabel } from "./sensitivity.js";
import { setGraphCursor } from "./set-graph-cursor.js";
import { setPlan } from "./set-plan.js";
import { setUserVisibleStatus } from "./set-user-visible-status.js";
import { addSubgoal, setSubgoalStatus } from "./subgoals.js";
import { addCandidateTarget, deselectTarget, selectTarget } from "./targets.js";

export const OPERATIONS: readonly OperationDefinition<never>[] = [
  // intent, acceptance, constraints
  setIntent,
  addAcceptanceCriterion,
  removeAcceptanceCriterion,
  addConstraint,
  removeConstraint,
  // environment and repository
  setEnvironment,
  setRepository,
  // plan and graph position
  setPlan,
  setGraphCursor,
  moveGraphNode,
  // hypotheses kept apart from evidence
  proposeHypothesis,
  resolveHypothesis,
  abandonHypothesis,
  recordEvidence,
  // targets and context
  addCandidateTarget,
  selectTarget,
  deselectTarget,
  indexContext,
  setRelevantContext,
  recordRetrievalSnapshot,
  // what the run produced and observed
  recordArtifact,
  recordToolReceipt,
  recordMutationReceipt,
  recordVerificationReceipt,
  addDiagnostic,
  clearDiagnostic,
  recordFailure,
  resolveFailure,
  // authority and limits
  grantPermission,
  revokePermission,
  setAuthorityProfile,
  setBudgets,
  acquireLock,
  renewLock,
  releaseLock,
  // work breakdown and instructions
  addSubgoal,
  setSubgoalStatus,
  addInstructionPredicate,
  removeInstructionPredicate,
  setSensitivityLabel,
  removeSensitivityLabel,
  // what people see, and completion
  setUserVisibleStatus,
  proposeCompletion,
  recordCompletionDecision,
];

export type { ArgKind, ArgSpec, OperationCall, OperationContext, OperationDefinition } from "./operation.js";
export { carriedReceipts, RECEIPT_OPERATIONS, receiptIdOf, type CarriedReceipt } from "./receipts.js";
