// Canon's own JSON Schema (draft 2020-12) for the state document. It mirrors AgentStateV1 of
// Kernel ABI 1.0.0 field for field; test/contracts/kernel-abi-conformance.test.ts checks that
// what this schema accepts, the ABI accepts too.
import { AGENT_STATE_SCHEMA_ID } from "./agent-state.js";
import { CONTENT_HASH_PATTERN, extensionMapSchema, schemaFragments } from "./common.js";
import { EVIDENCE_KINDS } from "./receipts.js";

const { id, nullable } = schemaFragments;
const hash = { type: "string", pattern: CONTENT_HASH_PATTERN } as const;
// uint64, like the ABI's StateVersion. Its maximum is written as 18446744073709551615, which JSON
// parsers read as the double 2^64; this is the same number, so both validators draw the line alike.
const stateVersion = { type: "integer", minimum: 0, maximum: 2 ** 64 } as const;
const ids = { type: "array", items: id } as const;
const closed = (required: string[], properties: Record<string, unknown>) =>
  ({ type: "object", required, properties, additionalProperties: false }) as const;

const evidenceRef = closed(["kind", "ref"], {
  kind: { enum: EVIDENCE_KINDS },
  ref: id,
  content_hash: nullable(hash),
  claim: nullable({ type: "string" }),
  extensions: extensionMapSchema,
});
const nonNegativeInt = nullable({ type: "integer", minimum: 0 });
const text = { type: "string" } as const;
const version = { type: "integer", minimum: 0 } as const;
const listOf = (item: object) => ({ type: "array", items: item }) as const;

// The ABI leaves these items open ({type: object}); Canon writes them only through its
// operations, in these closed shapes (stricter than the ABI, never looser).
const acceptanceCriterion = closed(["criterion_id", "description", "origin", "required"], {
  criterion_id: id,
  description: text,
  origin: { enum: ["EXPLICIT", "INFERRED"] },
  required: { type: "boolean" },
});
const candidateTarget = closed(["target", "reason", "score"], {
  target: { type: "string", minLength: 1 },
  reason: nullable(text),
  score: nullable({ type: "number", minimum: 0, maximum: 1 }),
});
const diagnostic = closed(["diagnostic_id", "severity", "message", "resource", "source_type", "recorded_at_version"], {
  diagnostic_id: id,
  severity: { enum: ["ERROR", "WARNING", "INFO"] },
  message: text,
  resource: nullable(text),
  source_type: text,
  recorded_at_version: version,
});
const failure = closed(["failure_id", "summary", "blocking", "node_id", "recorded_at_version"], {
  failure_id: id,
  summary: text,
  blocking: { type: "boolean" },
  node_id: nullable(id),
  recorded_at_version: version,
});
const subgoal = closed(["subgoal_id", "description", "status", "parent_id"], {
  subgoal_id: id,
  description: text,
  status: { enum: ["OPEN", "DONE", "BLOCKED", "DROPPED"] },
  parent_id: nullable(id),
});

const timestamp = { type: "string", format: "date-time" } as const;
const outcome = { enum: ["COMPLETE", "PARTIAL", "CONTINUE", "ESCALATE", "FAIL"] } as const;

// Canon's own x- keys keep their shapes; any other x- key stays free-form, as the ABI allows.
const stateExtensions = {
  ...extensionMapSchema,
  properties: {
    "x-locks": listOf(
      closed(["resource", "holder", "acquired_at", "expires_at", "state_version_acquired"], {
        resource: { type: "string", minLength: 1 },
        holder: id,
        acquired_at: timestamp,
        expires_at: timestamp,
        state_version_acquired: version,
      }),
    ),
    "x-resolved-failures": listOf(
      closed([...failure.required, "resolution", "resolved_by", "resolved_at_version"], {
        ...failure.properties,
        resolution: text,
        resolved_by: id,
        resolved_at_version: version,
      }),
    ),
    "x-completion": closed(["decision_id", "outcome", "decided_at_version"], { decision_id: id, outcome, decided_at_version: version }),
    "x-completion-proposals": listOf(
      closed(["proposal_id", "proposed_by", "proposed_at_version", "claimed_criteria"], {
        proposal_id: id,
        proposed_by: id,
        proposed_at_version: version,
        claimed_criteria: listOf(closed(["criterion_id", "claim"], { criterion_id: text, claim: text })),
      }),
    ),
    // Written by redaction only (src/domain/redaction.ts), never stored: how much a reader was not shown.
    "x-redactions": closed(["withheld", "viewer_trust"], {
      withheld: { type: "integer", minimum: 1 },
      viewer_trust: { enum: ["UNTRUSTED", "PUBLIC", "INTERNAL", "RESTRICTED", "SECRET"] },
    }),
    "x-completion-policy": closed(["policy_id", "policy_version", "allow_partial"], {
      policy_id: id,
      policy_version: { type: "integer", minimum: 1 },
      allow_partial: { type: "boolean" },
    }),
  },
} as const;

export const agentStateSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://canon.dev/schemas/agent-state.v1.json",
  title: "Canon AgentStateV1",
  ...closed(
    [
      "schema_id",
      "schema_version",
      "identity",
      "user_intent",
      "acceptance",
      "constraints",
      "environment",
      "active_packs",
      "plan",
      "graph_cursor",
      "evidence",
      "permissions",
      "budgets",
      "completion",
      "instruction_predicates",
      "sensitivity_labels",
      "retrieval_snapshot_refs",
    ],
    {
      schema_id: { const: AGENT_STATE_SCHEMA_ID },
      schema_version: { type: "string", pattern: "^1\\.\\d+\\.\\d+$" },
      identity: closed(["run_id", "session_id", "task_id", "state_version"], {
        run_id: id,
        session_id: id,
        task_id: id,
        state_version: stateVersion,
      }),
      work_ref: nullable(
        closed(["store", "run_id", "state_version"], {
          store: { enum: ["AGENT_STATE", "WORK_LEDGER"] },
          run_id: id,
          state_version: stateVersion,
          extensions: extensionMapSchema,
        }),
      ),
      user_intent: closed(["objective"], { objective: { type: "string" }, task_ir_ref: nullable(id) }),
      acceptance: listOf(acceptanceCriterion),
      constraints: ids,
      environment: closed(["workspace_root"], {
        workspace_root: { type: "string" },
        repo_id: nullable({ type: "string" }),
        languages: { type: "array", items: { type: "string" } },
        fingerprint: nullable(hash),
      }),
      repository: nullable({ type: "object" }),
      active_packs: {
        type: "array",
        items: closed(["pack_id", "pack_version"], {
          pack_id: id,
          pack_version: { type: "string", pattern: "^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.]+)?$" },
        }),
      },
      plan: { type: "object" },
      graph_cursor: closed(["graph_id", "graph_version"], {
        graph_id: id,
        graph_version: { type: "integer", minimum: 0 },
        frontier: ids,
        completed_nodes: ids,
        failed_nodes: ids,
      }),
      hypotheses: {
        type: "array",
        items: closed(["hypothesis_id", "statement", "status"], {
          hypothesis_id: id,
          statement: { type: "string" },
          status: { enum: ["OPEN", "SUPPORTED", "REFUTED", "ABANDONED"] },
          evidence_refs: { type: "array", items: evidenceRef },
        }),
      },
      candidate_targets: listOf(candidateTarget),
      selected_targets: { type: "array", items: { type: "string", minLength: 1 } },
      context_index: ids,
      relevant_context: ids,
      generated_artifacts: {
        type: "array",
        items: closed(["artifact_id", "content_hash"], {
          artifact_id: id,
          content_hash: hash,
          mime_type: nullable({ type: "string" }),
          uri: nullable({ type: "string" }),
          extensions: extensionMapSchema,
        }),
      },
      mutations: ids,
      command_history: ids,
      diagnostics: listOf(diagnostic),
      verification: ids,
      unresolved_failures: listOf(failure),
      evidence: { type: "array", items: evidenceRef },
      permissions: closed(["grant_ids"], {
        grant_ids: ids,
        authority_profile: nullable({ enum: ["read-only", "code-safe", "code-write"] }),
      }),
      budgets: closed([], {
        max_cost_units: nullable({ type: "number", minimum: 0 }),
        max_tokens: nonNegativeInt,
        max_wall_ms: nonNegativeInt,
        max_tool_calls: nonNegativeInt,
        max_attempts: nonNegativeInt,
        max_spawns: nonNegativeInt,
        extensions: extensionMapSchema,
      }),
      model_state: { type: "object" },
      subgoals: listOf(subgoal),
      completion: closed(["coverage"], {
        coverage: {
          type: "array",
          items: closed(["criterion_id", "satisfied"], {
            criterion_id: id,
            satisfied: { type: "boolean" },
            evidence_refs: { type: "array", items: evidenceRef },
          }),
        },
        latest_decision_ref: nullable(id),
      }),
      instruction_predicates: {
        type: "array",
        items: closed(["predicate_id", "instruction_ref", "condition"], {
          predicate_id: id,
          instruction_ref: id,
          condition: { type: "string" },
          pinned: { type: "boolean" },
        }),
      },
      sensitivity_labels: {
        type: "array",
        items: closed(["resource", "class"], {
          resource: { type: "string", minLength: 1 },
          class: { enum: ["PUBLIC", "INTERNAL", "RESTRICTED", "SECRET"] },
        }),
      },
      retrieval_snapshot_refs: {
        type: "array",
        items: closed(["snapshot_id", "fingerprint"], { snapshot_id: id, fingerprint: hash }),
      },
      user_visible_status: nullable({ type: "string" }),
      extensions: stateExtensions,
    },
  ),
} as const;
