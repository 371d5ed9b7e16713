// Canon's own JSON Schema for TaskIRV1. It mirrors the ABI's task_ir.schema.json field for
// field, with `task_type` narrowed to Canon's taxonomy; test/contracts/kernel-abi-conformance
// checks that every compiled task validates against the ABI too.
import { extensionMapSchema, schemaFragments } from "./common.js";
import { AMBIGUITY_RESOLUTIONS, INTERACTION_MODES, PRIVACY_CLASSES, RISK_CLASSES, TASK_IR_SCHEMA_ID, TASK_TYPES } from "./task-ir.js";

const { id, nullable } = schemaFragments;
const closed = (required: string[], properties: Record<string, unknown>) =>
  ({ type: "object", required, properties, additionalProperties: false }) as const;
const nonNegative = (type: "integer" | "number") => nullable({ type, minimum: 0 });

export const resourceBudgetSchema = closed([], {
  max_cost_units: nonNegative("number"),
  max_tokens: nonNegative("integer"),
  max_wall_ms: nonNegative("integer"),
  max_tool_calls: nonNegative("integer"),
  max_attempts: nonNegative("integer"),
  max_spawns: nonNegative("integer"),
  extensions: extensionMapSchema,
});

const resourceRef = { type: "string", minLength: 1 } as const;

export const taskIrSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://canon.dev/schemas/task-ir.v1.json",
  title: "Canon TaskIRV1",
  ...closed(
    [
      "schema_id",
      "schema_version",
      "task_id",
      "task_type",
      "objective",
      "acceptance_criteria",
      "constraints",
      "allowed_scope",
      "forbidden_scope",
      "risk_class",
      "interaction_mode",
      "privacy_class",
      "completion_policy",
    ],
    {
      schema_id: { const: TASK_IR_SCHEMA_ID },
      schema_version: { type: "string", pattern: "^1\\.\\d+\\.\\d+$" },
      task_id: id,
      task_type: { enum: TASK_TYPES },
      objective: { type: "string", minLength: 1 },
      requested_outputs: {
        type: "array",
        items: closed(["kind"], { kind: { type: "string" }, description: nullable({ type: "string" }), required: { type: "boolean" } }),
      },
      acceptance_criteria: {
        type: "array",
        items: closed(["criterion_id", "text", "origin"], {
          criterion_id: id,
          text: { type: "string" },
          origin: { enum: ["EXPLICIT", "INFERRED"] },
          required: { type: "boolean" },
        }),
      },
      constraints: {
        type: "array",
        items: closed(["constraint_id", "text", "hardness"], {
          constraint_id: id,
          text: { type: "string" },
          hardness: { enum: ["HARD", "SOFT"] },
        }),
      },
      ambiguities: {
        type: "array",
        items: closed(["ambiguity_id", "text", "resolution"], {
          ambiguity_id: id,
          text: { type: "string" },
          resolution: { enum: AMBIGUITY_RESOLUTIONS },
        }),
      },
      allowed_scope: { type: "array", items: resourceRef },
      forbidden_scope: { type: "array", items: resourceRef },
      risk_class: { enum: RISK_CLASSES },
      interaction_mode: { enum: INTERACTION_MODES },
      freshness_requirement: nullable({ type: "string" }),
      latency_budget_ms: nonNegative("integer"),
      cost_budget: nullable(resourceBudgetSchema),
      privacy_class: { enum: PRIVACY_CLASSES },
      completion_policy: closed(["policy_id", "policy_version"], {
        policy_id: id,
        policy_version: { type: "integer", minimum: 1 },
        extensions: extensionMapSchema,
      }),
      extensions: extensionMapSchema,
    },
  ),
} as const;
