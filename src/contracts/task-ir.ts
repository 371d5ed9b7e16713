// TaskIRV1: the one typed task a request compiles to, as Kernel ABI 1.0.0 defines it.
// Canon narrows `task_type` to its taxonomy; everything the ABI leaves open (question, span,
// options of an ambiguity; provenance) travels in `extensions` under `x-` keys.
import type { ResourceBudget } from "./agent-state.js";
import type { ExtensionMap, Id } from "./common.js";

export const TASK_IR_SCHEMA_ID = "allternit.kernel.TaskIRV1";
export const TASK_IR_SCHEMA_VERSION = "1.0.0";

export const TASK_TYPES = [
  "BUG_FIX",
  "FEATURE",
  "REFACTOR",
  "TEST",
  "DOCS",
  "INVESTIGATE",
  "REVIEW",
  "PERFORMANCE",
  "SECURITY_FIX",
  "DEPENDENCY_UPDATE",
  "CONFIG_CHANGE",
  "DATA_MIGRATION",
  "DEPLOY",
  "OBSERVE_ENVIRONMENT",
  "UNCLASSIFIED",
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const RISK_CLASSES = ["LOW", "MEDIUM", "HIGH", "CRITICAL", "UNKNOWN"] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];
export const INTERACTION_MODES = ["AUTONOMOUS", "APPROVAL_GATED", "RECOMMEND_ONLY"] as const;
export type InteractionMode = (typeof INTERACTION_MODES)[number];
export const PRIVACY_CLASSES = ["PUBLIC", "INTERNAL", "RESTRICTED", "SECRET", "UNTRUSTED"] as const;
export type PrivacyClass = (typeof PRIVACY_CLASSES)[number];
export const AMBIGUITY_RESOLUTIONS = ["UNRESOLVED", "DEFAULTED", "CLARIFIED", "ESCALATED"] as const;
export type AmbiguityResolution = (typeof AMBIGUITY_RESOLUTIONS)[number];

export interface AcceptanceCriterion {
  criterion_id: Id;
  text: string;
  origin: "EXPLICIT" | "INFERRED";
  required?: boolean;
}

export interface TaskConstraint {
  constraint_id: Id;
  text: string;
  hardness: "HARD" | "SOFT";
}

export interface TaskAmbiguity {
  ambiguity_id: Id;
  text: string;
  resolution: AmbiguityResolution;
}

export interface CompletionPolicyRef {
  policy_id: Id;
  policy_version: number;
  extensions?: ExtensionMap;
}

export interface TaskIRV1 {
  schema_id: typeof TASK_IR_SCHEMA_ID;
  schema_version: string;
  task_id: Id;
  task_type: TaskType;
  objective: string;
  requested_outputs?: { kind: string; description?: string | null; required?: boolean }[];
  acceptance_criteria: AcceptanceCriterion[];
  constraints: TaskConstraint[];
  ambiguities?: TaskAmbiguity[];
  allowed_scope: string[];
  forbidden_scope: string[];
  risk_class: RiskClass;
  interaction_mode: InteractionMode;
  freshness_requirement?: string | null;
  latency_budget_ms?: number | null;
  cost_budget?: ResourceBudget | null;
  privacy_class: PrivacyClass;
  completion_policy: CompletionPolicyRef;
  extensions?: ExtensionMap;
}

/** CompletionPolicyV1 of the ABI: per task type, the evidence a completion needs. */
export interface CompletionPolicyV1 {
  schema_id: "allternit.kernel.CompletionPolicyV1";
  schema_version: string;
  policy_id: Id;
  policy_version: number;
  task_type: string;
  require: { criterion_id: string; criterion_version: number; blocking: boolean; params?: Record<string, unknown> }[];
  allow_partial: boolean;
  l2882_predicate: readonly string[];
  extensions?: ExtensionMap;
}
