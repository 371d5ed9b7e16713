import {
  AGENT_STATE_SCHEMA_ID,
  AGENT_STATE_SCHEMA_VERSION,
  EXT,
  type AcceptanceCriterion,
  type AgentStateV1,
  type ResourceBudget,
} from "../contracts/agent-state.js";
import type { TaskIRV1 } from "../contracts/task-ir.js";
import { completionPolicyById } from "./task-compiler/policies.js";

export interface InitialStateInput {
  runId: string;
  sessionId: string;
  taskId: string;
  objective: string;
  workspaceRoot: string;
  budgets?: ResourceBudget;
  /** The compiled task the run works on: its acceptance criteria and completion policy carry over. */
  taskIr?: TaskIRV1 | null;
}

/**
 * The state a run starts from: version 0, the caller's intent, and nothing believed yet. A run
 * of a compiled task starts with the task's acceptance criteria (EXPLICIT and INFERRED kept
 * apart) and its completion policy, which the completion rule then holds decisions to.
 */
export function buildInitialState(input: InitialStateInput): AgentStateV1 {
  const state = bareState(input);
  const ir = input.taskIr;
  if (!ir) return state;
  const acceptance: AcceptanceCriterion[] = ir.acceptance_criteria.map((c) => ({
    criterion_id: c.criterion_id,
    description: c.text,
    origin: c.origin,
    required: c.required ?? true,
  }));
  const policy = completionPolicyById(ir.completion_policy.policy_id, ir.completion_policy.policy_version);
  return {
    ...state,
    acceptance: acceptance as never,
    extensions: {
      [EXT.completionPolicy]: {
        policy_id: ir.completion_policy.policy_id,
        policy_version: ir.completion_policy.policy_version,
        allow_partial: policy?.allow_partial ?? false,
      },
    },
  };
}

function bareState(input: InitialStateInput): AgentStateV1 {
  return {
    schema_id: AGENT_STATE_SCHEMA_ID,
    schema_version: AGENT_STATE_SCHEMA_VERSION,
    identity: { run_id: input.runId, session_id: input.sessionId, task_id: input.taskId, state_version: 0 },
    user_intent: { objective: input.objective, task_ir_ref: input.taskId },
    acceptance: [],
    constraints: [],
    environment: { workspace_root: input.workspaceRoot },
    active_packs: [],
    plan: {},
    graph_cursor: { graph_id: `graph.${input.runId}`.slice(0, 200), graph_version: 0, frontier: [], completed_nodes: [], failed_nodes: [] },
    hypotheses: [],
    evidence: [],
    permissions: { grant_ids: [] },
    budgets: input.budgets ?? {},
    completion: { coverage: [] },
    instruction_predicates: [],
    sensitivity_labels: [],
    retrieval_snapshot_refs: [],
    user_visible_status: null,
  };
}
