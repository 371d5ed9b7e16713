// Receipts and completion documents, as Kernel ABI 1.0.0 defines them: the envelope every
// document carries (common.schema.json AbiEnvelopeV1), ToolReceiptV1 (tool.schema.json),
// MutationReceiptV1 with its UnifiedDiffV1 (mutation.schema.json), VerificationReceiptV1
// (verification.schema.json), and CompletionProposalV1 / CompletionDecisionV1 /
// CompletionPolicyRef (completion.schema.json). Canon's schemas for them are in
// receipts.schema.ts; the compiled validators in receipt-validation.ts.
import type { JsonObject } from "./agent-state.js";
import type { ComponentIdentity, ComponentKind, ContentHash, ExtensionMap, Id, Provenance, Timestamp } from "./common.js";

export const TOOL_RECEIPT_SCHEMA_ID = "allternit.kernel.ToolReceiptV1";
export const MUTATION_RECEIPT_SCHEMA_ID = "allternit.kernel.MutationReceiptV1";
export const VERIFICATION_RECEIPT_SCHEMA_ID = "allternit.kernel.VerificationReceiptV1";
export const COMPLETION_DECISION_SCHEMA_ID = "allternit.kernel.CompletionDecisionV1";
export const COMPLETION_PROPOSAL_SCHEMA_ID = "allternit.kernel.CompletionProposalV1";

/** Every envelope's `schema_id` must look like this (the ABI's pattern, before the per-document const). */
export const KERNEL_SCHEMA_ID_PATTERN = "^allternit\\.kernel\\.[A-Za-z]+V\\d+$";
/** The ABI's `AbiVersion`: any 1.x.y. */
export const ABI_VERSION_PATTERN = "^1\\.\\d+\\.\\d+$";
/** The ABI's `SemVer`, used by the envelope's `schema_version`. */
export const SEMVER_PATTERN = "^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.]+)?$";

/** The ABI's ComponentIdentity: Canon's ComponentIdentity plus the ABI's optional `extensions`. */
export type AbiComponentIdentity = ComponentIdentity & { extensions?: ExtensionMap };
/** The ABI's Provenance: Canon's Provenance plus the ABI's optional `extensions`. */
export type AbiProvenance = Provenance & { extensions?: ExtensionMap };

/** The header every kernel document carries; `S` is the document's own `schema_id`. */
export interface AbiEnvelopeV1<S extends string = string> {
  abi_version: string;
  schema_id: S;
  schema_version: string;
  run_id: Id;
  session_id: Id;
  task_id: Id;
  graph_id?: Id | null;
  node_id?: Id | null;
  /** AgentState version read. */
  state_version: number;
  /** Work ledger version, when there is one. */
  work_state_version?: number | null;
  created_at: Timestamp;
  producer: AbiComponentIdentity;
  trace_id: Id;
  parent_trace_id?: Id | null;
  /** At least one entry: output without provenance never becomes durable. */
  provenance: AbiProvenance[];
  extensions?: ExtensionMap;
}

export const ABI_ERROR_FAMILIES = [
  "INPUT",
  "STATE",
  "CONTEXT",
  "ROUTING",
  "DECISION",
  "TOOL",
  "POLICY",
  "MUTATION",
  "VERIFY",
  "TRANSFER",
  "BUDGET",
  "SYSTEM",
] as const;
export type AbiErrorFamily = (typeof ABI_ERROR_FAMILIES)[number];

/**
 * The ABI's runtime ErrorV1 (common.schema.json), as carried in ToolReceiptV1.error. Not Canon's
 * API error (errors.ts `ErrorV1`): its families are the kernel's, with no NOT_FOUND/IDEMPOTENCY.
 */
export interface AbiErrorV1 {
  family: AbiErrorFamily;
  code: `ERR_${string}`;
  message: string;
  retryable: boolean;
  receipt_id?: Id | null;
  details?: JsonObject;
  extensions?: ExtensionMap;
}

export const EVIDENCE_KINDS = [
  "STATE",
  "FILE",
  "SYMBOL",
  "TOOL_RECEIPT",
  "ACTION_RECEIPT",
  "MUTATION_RECEIPT",
  "VERIFICATION_RECEIPT",
  "POLICY_RECEIPT",
  "SPAWN_RECEIPT",
  "NODE_OUTPUT",
  "TRACE",
  "HUMAN",
  "ATTENTION_RESOLUTION",
  "DECISION_RESULT",
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** The ABI's EvidenceRef with its kind as a closed union. */
export interface EvidenceRefV1 {
  kind: EvidenceKind;
  ref: Id;
  content_hash?: ContentHash | null;
  claim?: string | null;
  extensions?: ExtensionMap;
}

export interface ArtifactRef {
  artifact_id: Id;
  content_hash: ContentHash;
  mime_type?: string | null;
  uri?: string | null;
  extensions?: ExtensionMap;
}

/** A typed resource path, e.g. `fs:src/app.py`; never empty. */
export type ResourceRef = string;

// ---------------------------------------------------------------- ToolReceiptV1

export const TOOL_EXIT_CLASSES = ["SUCCESS", "FAILURE", "PARTIAL", "TIMEOUT", "DENIED", "CANCELLED"] as const;
export type ToolExitClass = (typeof TOOL_EXIT_CLASSES)[number];

export interface ToolReceiptV1 {
  envelope: AbiEnvelopeV1<typeof TOOL_RECEIPT_SCHEMA_ID>;
  invocation_id: Id;
  tool_id: Id;
  operation_id: string;
  started_at: Timestamp;
  finished_at: Timestamp;
  exit_class: ToolExitClass;
  exit_code?: number | null;
  stdout_ref?: Id | null;
  stderr_ref?: Id | null;
  outputs?: ArtifactRef[];
  observed_reads?: ResourceRef[];
  observed_writes?: ResourceRef[];
  diagnostics?: JsonObject[];
  policy_receipt_id: Id;
  content_hashes: ContentHash[];
  error?: AbiErrorV1 | null;
  extensions?: ExtensionMap;
}

// ---------------------------------------------------------------- MutationReceiptV1

/** The canonical recorded mutation (ABI Q5): a unified diff, stored by reference. */
export interface UnifiedDiffV1 {
  format: "unified_diff";
  diff_ref: Id;
  diff_hash: ContentHash;
  /** Path → content hash of the file the diff applies to. */
  base_hashes: Record<string, ContentHash>;
  files?: string[];
  extensions?: ExtensionMap;
}

export const MUTATION_STATUSES = ["APPLIED", "REJECTED", "ROLLED_BACK", "FAILED"] as const;
export type MutationStatus = (typeof MUTATION_STATUSES)[number];
export const STRUCTURAL_PARSE_RESULTS = ["PASS", "FAIL", "NOT_APPLICABLE"] as const;
export type StructuralParseResult = (typeof STRUCTURAL_PARSE_RESULTS)[number];

export interface MutationReceiptV1 {
  envelope: AbiEnvelopeV1<typeof MUTATION_RECEIPT_SCHEMA_ID>;
  mutation_id: Id;
  target: ResourceRef;
  status: MutationStatus;
  before_hash?: ContentHash | null;
  after_hash?: ContentHash | null;
  canonical_change: UnifiedDiffV1;
  structural_parse: StructuralParseResult;
  rollback_ref?: Id | null;
  changed_symbols?: string[];
  affected_resources?: ResourceRef[];
  state_version_before: number;
  state_version_after: number;
  extensions?: ExtensionMap;
}

// ---------------------------------------------------------------- VerificationReceiptV1

export const VERIFIER_KINDS = [
  "PARSE",
  "FORMAT",
  "LINT",
  "TYPECHECK",
  "UNIT_TEST",
  "INTEGRATION_TEST",
  "BUILD",
  "SEMANTIC_RULE",
  "REQUIREMENT",
  "SECURITY",
  "REGRESSION",
  "DIFF_REVIEW",
  "HUMAN",
] as const;
export type VerifierKind = (typeof VERIFIER_KINDS)[number];
/** INCONCLUSIVE is never PASS. */
export const VERIFICATION_RESULTS = ["PASS", "FAIL", "INCONCLUSIVE", "ERROR"] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

export interface VerificationReceiptV1 {
  envelope: AbiEnvelopeV1<typeof VERIFICATION_RECEIPT_SCHEMA_ID>;
  verification_id: Id;
  subject_ref: Id;
  verifier: VerifierKind;
  result: VerificationResult;
  findings: JsonObject[];
  evidence_refs: EvidenceRefV1[];
  confidence?: number | null;
  deterministic: boolean;
  retryable: boolean;
  generated_followups?: Id[];
  criteria_results?: { criterion_id: Id; result: VerificationResult }[];
  extensions?: ExtensionMap;
}

// ---------------------------------------------------------------- Completion

export interface CompletionPolicyRef {
  policy_id: Id;
  /** >= 1. */
  policy_version: number;
  extensions?: ExtensionMap;
}

export const PROPOSER_ROLES = ["S0", "S1", "S2", "S3"] as const;
export type ProposerRole = (typeof PROPOSER_ROLES)[number];
export const CRITERION_CLAIMS = ["SATISFIED", "UNSATISFIED", "UNKNOWN"] as const;
export type CriterionClaim = (typeof CRITERION_CLAIMS)[number];

/** A claim that the run is done. It carries no authority: a model's "done" never completes a run. */
export interface CompletionProposalV1 {
  envelope: AbiEnvelopeV1<typeof COMPLETION_PROPOSAL_SCHEMA_ID>;
  proposal_id: Id;
  proposer_node_id: Id;
  proposer_role?: ProposerRole | null;
  claimed_criteria: { criterion_id: string; claim: CriterionClaim }[];
  evidence_refs: EvidenceRefV1[];
  confidence?: number | null;
  rationale?: string | null;
  extensions?: ExtensionMap;
}

export const COMPLETION_DECISION_OUTCOMES = ["COMPLETE", "PARTIAL", "CONTINUE", "ESCALATE", "FAIL"] as const;
export type CompletionDecisionOutcome = (typeof COMPLETION_DECISION_OUTCOMES)[number];

/** The six L2882 predicates, in the ABI's order. COMPLETE requires every one of them true. */
export const COMPLETION_PREDICATES = [
  "acceptance_criteria_satisfied",
  "required_verifications_pass",
  "no_unresolved_blocking_failures",
  "required_artifacts_exist",
  "policy_obligations_satisfied",
  "completion_evidence_durable",
] as const;
export type CompletionPredicate = (typeof COMPLETION_PREDICATES)[number];

/** Only the system runtime or a verifier may produce a CompletionDecisionV1; others only propose. */
export const COMPLETION_DECISION_PRODUCER_KINDS = ["RUNTIME", "VERIFIER"] as const satisfies readonly ComponentKind[];
export type CompletionDecisionProducerKind = (typeof COMPLETION_DECISION_PRODUCER_KINDS)[number];

export interface CompletionDecisionV1 {
  envelope: AbiEnvelopeV1<typeof COMPLETION_DECISION_SCHEMA_ID> & {
    producer: AbiComponentIdentity & { kind: CompletionDecisionProducerKind };
  };
  decision_id: Id;
  proposal_id: Id | null;
  policy: CompletionPolicyRef;
  /** COMPLETE only with every predicate true and every criteria result PASS. */
  outcome: CompletionDecisionOutcome;
  predicate_results: Record<CompletionPredicate, boolean>;
  /** `receipt_refs` has at least one entry. */
  criteria_results: { criterion_id: string; result: VerificationResult; receipt_refs: Id[] }[];
  decided_by: "SYSTEM";
  verifier_ids?: Id[];
  attention_id?: Id | null;
  extensions?: ExtensionMap;
}
