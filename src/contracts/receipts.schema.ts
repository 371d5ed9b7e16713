// Canon's own JSON Schemas (draft 2020-12) for the receipt and completion documents of Kernel
// ABI 1.0.0. They mirror the ABI field for field; test/contracts/receipt-schemas.test.ts checks
// that whatever these accept, the ABI accepts too. Canon is stricter in a few places, never looser:
// free text is capped at TEXT_MAX_LENGTH characters, arrays at LIST_MAX_ITEMS entries, maps at
// LIST_MAX_ITEMS keys, and the shared ComponentIdentity/Provenance fragments bound their strings.
import { CONTENT_HASH_PATTERN, componentIdentitySchema, extensionMapSchema, provenanceSchema, schemaFragments } from "./common.js";
import {
  ABI_ERROR_FAMILIES,
  ABI_VERSION_PATTERN,
  COMPLETION_DECISION_PRODUCER_KINDS,
  COMPLETION_DECISION_SCHEMA_ID,
  COMPLETION_DECISION_OUTCOMES,
  COMPLETION_PREDICATES,
  COMPLETION_PROPOSAL_SCHEMA_ID,
  CRITERION_CLAIMS,
  EVIDENCE_KINDS,
  KERNEL_SCHEMA_ID_PATTERN,
  MUTATION_RECEIPT_SCHEMA_ID,
  MUTATION_STATUSES,
  PROPOSER_ROLES,
  SEMVER_PATTERN,
  STRUCTURAL_PARSE_RESULTS,
  TOOL_EXIT_CLASSES,
  TOOL_RECEIPT_SCHEMA_ID,
  VERIFICATION_RECEIPT_SCHEMA_ID,
  VERIFICATION_RESULTS,
  VERIFIER_KINDS,
} from "./receipts.js";

/** 16 KiB of characters: the cap on every free-text string. */
export const TEXT_MAX_LENGTH = 16 * 1024;
/** The cap on every array (and on the keys of the ABI's open maps). */
export const LIST_MAX_ITEMS = 1000;

const { id, nullable } = schemaFragments;
const hash = { type: "string", pattern: CONTENT_HASH_PATTERN } as const;
const text = { type: "string", maxLength: TEXT_MAX_LENGTH } as const;
const timestamp = { type: "string", format: "date-time" } as const;
// uint64, like the ABI's StateVersion (see agent-state.schema.ts on why 2 ** 64 is the same bound).
const stateVersion = { type: "integer", minimum: 0, maximum: 2 ** 64 } as const;
const resourceRef = { type: "string", minLength: 1, maxLength: TEXT_MAX_LENGTH } as const;
const confidence = nullable({ type: "number", minimum: 0, maximum: 1 });
const list = <T extends object>(items: T) => ({ type: "array", items, maxItems: LIST_MAX_ITEMS }) as const;
const openObject = { type: "object", maxProperties: LIST_MAX_ITEMS } as const;
const closed = <R extends readonly string[], P extends Record<string, unknown>>(required: R, properties: P) =>
  ({ type: "object", required, properties, additionalProperties: false }) as const;

// The ABI's ComponentIdentity and Provenance allow `extensions`; Canon's shared fragments (used on
// ledger entries) do not, so the envelope adds it back rather than rejecting what the ABI accepts.
const abiComponentIdentitySchema = {
  ...componentIdentitySchema,
  properties: { ...componentIdentitySchema.properties, extensions: extensionMapSchema },
} as const;
const abiProvenanceSchema = {
  ...provenanceSchema,
  properties: { ...provenanceSchema.properties, extensions: extensionMapSchema },
} as const;

/** AbiEnvelopeV1 (common.schema.json): closed; `schema_id` is any kernel id until a document pins it. */
export const abiEnvelopeSchema = closed(
  [
    "abi_version",
    "schema_id",
    "schema_version",
    "run_id",
    "session_id",
    "task_id",
    "state_version",
    "created_at",
    "producer",
    "trace_id",
    "provenance",
  ],
  {
    abi_version: { type: "string", pattern: ABI_VERSION_PATTERN },
    schema_id: { type: "string", pattern: KERNEL_SCHEMA_ID_PATTERN },
    schema_version: { type: "string", pattern: SEMVER_PATTERN, maxLength: 200 },
    run_id: id,
    session_id: id,
    task_id: id,
    graph_id: nullable(id),
    node_id: nullable(id),
    state_version: stateVersion,
    work_state_version: nullable(stateVersion),
    created_at: timestamp,
    producer: abiComponentIdentitySchema,
    trace_id: id,
    parent_trace_id: nullable(id),
    provenance: { ...list(abiProvenanceSchema), minItems: 1 },
    extensions: extensionMapSchema,
  },
);

/** The envelope of one document: AbiEnvelopeV1 with `schema_id` pinned, as the ABI does it (allOf). */
export const envelopeSchemaFor = <S extends string>(schemaId: S) =>
  ({
    type: "object",
    allOf: [abiEnvelopeSchema, { type: "object", properties: { schema_id: { const: schemaId } } }],
  }) as const;

/** ErrorV1 (common.schema.json): the kernel's runtime error, as carried in ToolReceiptV1.error. */
export const abiErrorSchema = closed(["family", "code", "message", "retryable"], {
  family: { enum: ABI_ERROR_FAMILIES },
  code: { type: "string", pattern: "^ERR_[A-Z0-9_]+$", maxLength: 200 },
  message: text,
  retryable: { type: "boolean" },
  receipt_id: nullable(id),
  details: openObject,
  extensions: extensionMapSchema,
});

const evidenceRefSchema = closed(["kind", "ref"], {
  kind: { enum: EVIDENCE_KINDS },
  ref: id,
  content_hash: nullable(hash),
  claim: nullable(text),
  extensions: extensionMapSchema,
});

const artifactRefSchema = closed(["artifact_id", "content_hash"], {
  artifact_id: id,
  content_hash: hash,
  mime_type: nullable({ type: "string", maxLength: 1000 }),
  uri: nullable(text),
  extensions: extensionMapSchema,
});

const draft = "https://json-schema.org/draft/2020-12/schema";

/** ToolReceiptV1 (tool.schema.json). */
export const toolReceiptSchema = {
  $schema: draft,
  $id: "https://canon.dev/schemas/tool-receipt.v1.json",
  title: "Canon ToolReceiptV1",
  ...closed(
    [
      "envelope",
      "invocation_id",
      "tool_id",
      "operation_id",
      "started_at",
      "finished_at",
      "exit_class",
      "policy_receipt_id",
      "content_hashes",
    ],
    {
      envelope: envelopeSchemaFor(TOOL_RECEIPT_SCHEMA_ID),
      invocation_id: id,
      tool_id: id,
      operation_id: text,
      started_at: timestamp,
      finished_at: timestamp,
      exit_class: { enum: TOOL_EXIT_CLASSES },
      exit_code: nullable({ type: "integer" }),
      stdout_ref: nullable(id),
      stderr_ref: nullable(id),
      outputs: list(artifactRefSchema),
      observed_reads: list(resourceRef),
      observed_writes: list(resourceRef),
      diagnostics: list(openObject),
      policy_receipt_id: id,
      content_hashes: list(hash),
      error: nullable(abiErrorSchema),
      extensions: extensionMapSchema,
    },
  ),
} as const;

/** UnifiedDiffV1 (mutation.schema.json): the canonical recorded mutation. */
export const unifiedDiffSchema = closed(["format", "diff_ref", "diff_hash", "base_hashes"], {
  format: { const: "unified_diff" },
  diff_ref: id,
  diff_hash: hash,
  base_hashes: { type: "object", maxProperties: LIST_MAX_ITEMS, additionalProperties: hash },
  files: list(text),
  extensions: extensionMapSchema,
});

/** MutationReceiptV1 (mutation.schema.json). */
export const mutationReceiptSchema = {
  $schema: draft,
  $id: "https://canon.dev/schemas/mutation-receipt.v1.json",
  title: "Canon MutationReceiptV1",
  ...closed(
    ["envelope", "mutation_id", "target", "status", "canonical_change", "structural_parse", "state_version_before", "state_version_after"],
    {
      envelope: envelopeSchemaFor(MUTATION_RECEIPT_SCHEMA_ID),
      mutation_id: id,
      target: resourceRef,
      status: { enum: MUTATION_STATUSES },
      before_hash: nullable(hash),
      after_hash: nullable(hash),
      canonical_change: unifiedDiffSchema,
      structural_parse: { enum: STRUCTURAL_PARSE_RESULTS },
      rollback_ref: nullable(id),
      changed_symbols: list(text),
      affected_resources: list(resourceRef),
      state_version_before: stateVersion,
      state_version_after: stateVersion,
      extensions: extensionMapSchema,
    },
  ),
} as const;

/** VerificationReceiptV1 (verification.schema.json). */
export const verificationReceiptSchema = {
  $schema: draft,
  $id: "https://canon.dev/schemas/verification-receipt.v1.json",
  title: "Canon VerificationReceiptV1",
  ...closed(
    ["envelope", "verification_id", "subject_ref", "verifier", "result", "findings", "evidence_refs", "deterministic", "retryable"],
    {
      envelope: envelopeSchemaFor(VERIFICATION_RECEIPT_SCHEMA_ID),
      verification_id: id,
      subject_ref: id,
      verifier: { enum: VERIFIER_KINDS },
      result: { enum: VERIFICATION_RESULTS },
      findings: list(openObject),
      evidence_refs: list(evidenceRefSchema),
      confidence,
      deterministic: { type: "boolean" },
      retryable: { type: "boolean" },
      generated_followups: list(id),
      criteria_results: list(closed(["criterion_id", "result"], { criterion_id: id, result: { enum: VERIFICATION_RESULTS } })),
      extensions: extensionMapSchema,
    },
  ),
} as const;

/** CompletionPolicyRef (completion.schema.json). */
export const completionPolicyRefSchema = closed(["policy_id", "policy_version"], {
  policy_id: id,
  policy_version: { type: "integer", minimum: 1 },
  extensions: extensionMapSchema,
});

/** CompletionProposalV1 (completion.schema.json). Any component may propose. */
export const completionProposalSchema = {
  $schema: draft,
  $id: "https://canon.dev/schemas/completion-proposal.v1.json",
  title: "Canon CompletionProposalV1",
  ...closed(["envelope", "proposal_id", "proposer_node_id", "claimed_criteria", "evidence_refs"], {
    envelope: envelopeSchemaFor(COMPLETION_PROPOSAL_SCHEMA_ID),
    proposal_id: id,
    proposer_node_id: id,
    proposer_role: nullable({ enum: PROPOSER_ROLES }),
    claimed_criteria: list(closed(["criterion_id", "claim"], { criterion_id: text, claim: { enum: CRITERION_CLAIMS } })),
    evidence_refs: list(evidenceRefSchema),
    confidence,
    rationale: nullable(text),
    extensions: extensionMapSchema,
  }),
} as const;

const predicatesAll = <V extends object>(value: V) =>
  Object.fromEntries(COMPLETION_PREDICATES.map((name) => [name, value])) as Record<(typeof COMPLETION_PREDICATES)[number], V>;

/**
 * CompletionDecisionV1 (completion.schema.json). Two rules beyond the shape, both the ABI's:
 * the envelope's producer must be the RUNTIME or a VERIFIER (decision backends and models only
 * propose), and COMPLETE needs every L2882 predicate true and every criteria result PASS.
 */
export const completionDecisionSchema = {
  $schema: draft,
  $id: "https://canon.dev/schemas/completion-decision.v1.json",
  title: "Canon CompletionDecisionV1",
  ...closed(["envelope", "decision_id", "proposal_id", "policy", "outcome", "predicate_results", "criteria_results", "decided_by"], {
    envelope: {
      type: "object",
      allOf: [
        ...envelopeSchemaFor(COMPLETION_DECISION_SCHEMA_ID).allOf,
        {
          type: "object",
          properties: {
            producer: { type: "object", properties: { kind: { enum: COMPLETION_DECISION_PRODUCER_KINDS } } },
          },
        },
      ],
    },
    decision_id: id,
    proposal_id: nullable(id),
    policy: completionPolicyRefSchema,
    outcome: { enum: COMPLETION_DECISION_OUTCOMES },
    predicate_results: closed(COMPLETION_PREDICATES, predicatesAll({ type: "boolean" } as const)),
    criteria_results: list(
      closed(["criterion_id", "result", "receipt_refs"], {
        criterion_id: text,
        result: { enum: VERIFICATION_RESULTS },
        receipt_refs: { ...list(id), minItems: 1 },
      }),
    ),
    decided_by: { const: "SYSTEM" },
    verifier_ids: list(id),
    attention_id: nullable(id),
    extensions: extensionMapSchema,
  }),
  allOf: [
    {
      if: { type: "object", properties: { outcome: { const: "COMPLETE" } } },
      then: {
        type: "object",
        properties: {
          predicate_results: { type: "object", properties: predicatesAll({ const: true } as const) },
          criteria_results: { type: "array", items: { type: "object", properties: { result: { const: "PASS" } } } },
        },
      },
    },
  ],
} as const;
