import {
  AGENT_STATE_SCHEMA_ID,
  AGENT_STATE_SCHEMA_VERSION,
  type AgentStateV1,
  type ResourceBudget,
} from "../contracts/agent-state.js";

export interface InitialStateInput {
  runId: string;
  sessionId: string;
  taskId: string;
  objective: string;
  workspaceRoot: string;
  budgets?: ResourceBudget;
}

/** The state a run starts from: version 0, the caller's intent, and nothing believed yet. */
export function buildInitialState(input: InitialStateInput): AgentStateV1 {
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
