// AgentStateV1: the run's canonical document, as Kernel ABI 1.0.0 defines it.
// Open objects of the ABI (plan, acceptance items, diagnostics, ...) stay `JsonObject` here;
// their typed operations arrive with the AgentState issue.
import type { ContentHash, ExtensionMap, Id } from "./common.js";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export const AGENT_STATE_SCHEMA_ID = "allternit.kernel.AgentStateV1";
export const AGENT_STATE_SCHEMA_VERSION = "1.0.0";

export type HypothesisStatus = "OPEN" | "SUPPORTED" | "REFUTED" | "ABANDONED";

export interface EvidenceRef {
  kind: string;
  ref: Id;
  content_hash?: ContentHash | null;
  claim?: string | null;
  extensions?: ExtensionMap;
}

export interface ResourceBudget {
  max_cost_units?: number | null;
  max_tokens?: number | null;
  max_wall_ms?: number | null;
  max_tool_calls?: number | null;
  max_attempts?: number | null;
  max_spawns?: number | null;
}

export interface AgentStateV1 {
  schema_id: typeof AGENT_STATE_SCHEMA_ID;
  schema_version: string;
  identity: { run_id: Id; session_id: Id; task_id: Id; state_version: number };
  work_ref?: { store: "AGENT_STATE" | "WORK_LEDGER"; run_id: Id; state_version: number } | null;
  user_intent: { objective: string; task_ir_ref?: Id | null };
  acceptance: JsonObject[];
  constraints: Id[];
  environment: { workspace_root: string; repo_id?: string | null; languages?: string[]; fingerprint?: ContentHash | null };
  repository?: JsonObject | null;
  active_packs: { pack_id: Id; pack_version: string }[];
  plan: JsonObject;
  graph_cursor: { graph_id: Id; graph_version: number; frontier?: Id[]; completed_nodes?: Id[]; failed_nodes?: Id[] };
  hypotheses?: { hypothesis_id: Id; statement: string; status: HypothesisStatus; evidence_refs?: EvidenceRef[] }[];
  candidate_targets?: JsonObject[];
  selected_targets?: string[];
  context_index?: Id[];
  relevant_context?: Id[];
  generated_artifacts?: { artifact_id: Id; content_hash: ContentHash; mime_type?: string | null; uri?: string | null }[];
  mutations?: Id[];
  command_history?: Id[];
  diagnostics?: JsonObject[];
  verification?: Id[];
  unresolved_failures?: JsonObject[];
  evidence: EvidenceRef[];
  permissions: { grant_ids: Id[]; authority_profile?: "read-only" | "code-safe" | "code-write" | null };
  budgets: ResourceBudget;
  model_state?: JsonObject;
  subgoals?: JsonObject[];
  completion: {
    coverage: { criterion_id: Id; satisfied: boolean; evidence_refs?: EvidenceRef[] }[];
    latest_decision_ref?: Id | null;
  };
  instruction_predicates: { predicate_id: Id; instruction_ref: Id; condition: string; pinned?: boolean }[];
  sensitivity_labels: { resource: string; class: "PUBLIC" | "INTERNAL" | "RESTRICTED" | "SECRET" }[];
  retrieval_snapshot_refs: { snapshot_id: Id; fingerprint: ContentHash }[];
  user_visible_status?: string | null;
  extensions?: ExtensionMap;
}
