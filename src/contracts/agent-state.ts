// AgentStateV1: the run's canonical document, as Kernel ABI 1.0.0 defines it.
// The ABI leaves some parts open (`{type: object}`: acceptance items, diagnostics, failures,
// subgoals, candidate targets); Canon's operations always write them in the shapes below.
// What the ABI has no field for (locks, resolved failures, the completion outcome, completion
// proposals) lives under `extensions`, with the `x-` keys named here.
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

export const SENSITIVITY_CLASSES = ["PUBLIC", "INTERNAL", "RESTRICTED", "SECRET"] as const;
export type SensitivityClass = (typeof SENSITIVITY_CLASSES)[number];

export interface AcceptanceCriterion {
  criterion_id: Id;
  description: string;
  /** EXPLICIT when the caller stated it, INFERRED when it came from the task type's policy. */
  origin: "EXPLICIT" | "INFERRED";
  /** A required criterion must PASS in a COMPLETE decision. */
  required: boolean;
}

export interface CandidateTarget {
  target: string;
  reason: string | null;
  score: number | null;
}

export interface Diagnostic {
  diagnostic_id: Id;
  severity: "ERROR" | "WARNING" | "INFO";
  message: string;
  resource: string | null;
  source_type: string;
  recorded_at_version: number;
}

export interface UnresolvedFailure {
  failure_id: Id;
  summary: string;
  blocking: boolean;
  node_id: Id | null;
  recorded_at_version: number;
}

export interface ResolvedFailure extends UnresolvedFailure {
  resolution: string;
  resolved_by: Id;
  resolved_at_version: number;
}

export const SUBGOAL_STATUSES = ["OPEN", "DONE", "BLOCKED", "DROPPED"] as const;
export interface Subgoal {
  subgoal_id: Id;
  description: string;
  status: (typeof SUBGOAL_STATUSES)[number];
  parent_id: Id | null;
}

export interface Lock {
  resource: string;
  holder: Id;
  acquired_at: string;
  expires_at: string;
  state_version_acquired: number;
}

export const COMPLETION_OUTCOMES = ["COMPLETE", "PARTIAL", "CONTINUE", "ESCALATE", "FAIL"] as const;
export type CompletionOutcome = (typeof COMPLETION_OUTCOMES)[number];

export interface CompletionRecord {
  decision_id: Id;
  outcome: CompletionOutcome;
  decided_at_version: number;
}

/** A claim that the run is done, kept for the deciding component; it completes nothing. */
export interface CompletionProposal {
  proposal_id: Id;
  proposed_by: Id;
  proposed_at_version: number;
  claimed_criteria: { criterion_id: string; claim: string }[];
}

/** The completion policy a run was started under (from its compiled task), if any. */
export interface CompletionPolicyRecord {
  policy_id: Id;
  policy_version: number;
  allow_partial: boolean;
}

/** The `x-` keys Canon keeps in `extensions`. */
export const EXT = {
  locks: "x-locks",
  resolvedFailures: "x-resolved-failures",
  completion: "x-completion",
  completionProposals: "x-completion-proposals",
  completionPolicy: "x-completion-policy",
} as const;

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
