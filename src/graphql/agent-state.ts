// AgentStateV1 as typed GraphQL objects (camelCase), so clients select exactly the parts of
// the state they need. The types are built from the state's JSON Schema (schema-objects.ts):
// a property added there is a field here. What follows is only what the schema cannot say.
// Hypotheses and evidence are separate fields on purpose: a guess is never shown as a fact.
import type { ObjectRef } from "@pothos/core";
import { agentStateSchema } from "../contracts/agent-state.schema.js";
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { profileName } from "../domain/operations/permissions.js";
import { builder } from "./builder.js";
import { CompletionView } from "./completion.js";
import { schemaObjectTypes, type FieldBuilder, type FieldRule, type SchemaNode } from "./schema-objects.js";
import { sharedEnum } from "./shared-enums.js";

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type Parent = Record<string, unknown>;

/**
 * Properties of the schema with no GraphQL field of their own, and why. The state's
 * test/graphql/agent-state-shape.test.ts fails on a property missing from GraphQL unless it is here.
 */
export const NOT_IN_GRAPHQL: Record<string, string> = {
  "AgentState.work_ref": "No operation writes it; Run.document carries it if an imported state has it.",
  "AgentState.model_state": "No operation writes it; Run.document carries it if an imported state has it.",
  "EvidenceRef.extensions": "An item's ABI extension map; Canon writes none. Run.document carries it.",
  "ArtifactRef.extensions": "An item's ABI extension map; Canon writes none. Run.document carries it.",
  "ResourceBudget.extensions": "An item's ABI extension map; Canon writes none. Run.document carries it.",
};

/** Canon's x- keys shown as typed fields of AgentState (the raw map stays in `extensions`). */
export const LIFTED_EXTENSIONS = {
  locks: "x-locks",
  resolvedFailures: "x-resolved-failures",
  completionProposals: "x-completion-proposals",
} as const;

/** Fields of AgentState that no property holds: computed from the state. */
export const COMPUTED_FIELDS = ["completionStatus"] as const;

const rules: Record<string, FieldRule> = {
  ...Object.fromEntries(Object.keys(NOT_IN_GRAPHQL).map((path) => [path, "omit" as const])),
  // GraphQL enum values cannot hold "-": the API names the profiles as the operations take them.
  "Permissions.authority_profile": (t, property, schema) =>
    t.field({
      description: schema.description,
      type: sharedEnum("AuthorityProfile", ["READ_ONLY", "CODE_SAFE", "CODE_WRITE"]),
      nullable: true,
      resolve: (p) => {
        const profile = p[property] as AgentStateV1["permissions"]["authority_profile"];
        return profile ? profileName(profile) : null;
      },
    }),
  // Kept as JSON, as the API has always served it.
  "CompletionProposal.claimed_criteria": (t, property, schema) =>
    t.field({ description: schema.description, type: "JSON", resolve: (p) => p[property] }),
};

const stateSchema = agentStateSchema as SchemaNode;
const { objectType, propertyField } = schemaObjectTypes(rules);

export const AgentState = objectType(stateSchema) as unknown as ObjectRef<Types, AgentStateV1>;

const extensionSchemas = stateSchema.properties?.extensions?.properties ?? {};

builder.objectFields(AgentState, (t) => ({
  ...Object.fromEntries(
    Object.entries(LIFTED_EXTENSIONS).map(([field, key]) => {
      const schema = extensionSchemas[key]!;
      const read = (state: Parent) => (state.extensions as Parent | undefined)?.[key];
      return [
        field,
        propertyField(t as unknown as FieldBuilder, { name: key, schema, required: false, path: `AgentState.extensions.${key}`, read }),
      ];
    }),
  ),
  completionStatus: t.field({
    type: CompletionView,
    description: "NOT_COMPLETE until a completion decision is recorded; never inferred.",
    resolve: (s) => s,
  }),
}));
