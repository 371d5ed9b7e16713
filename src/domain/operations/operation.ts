// The shape every state operation shares. An operation is one module: a name, typed
// arguments described once (the GraphQL input and the validator are both derived from that
// description), and a pure `apply` that returns the next state.
import type { AgentStateV1 } from "../../contracts/agent-state.js";
import { ID_PATTERN } from "../../contracts/common.js";
import { LIMITS } from "../limits.js";

export type ArgKind = "String" | "ID" | "Int" | "Boolean" | "JSONObject";

export interface ArgSpec {
  kind: ArgKind;
  list?: boolean;
  required: boolean;
  description: string;
}

export type ArgSpecs = Record<string, ArgSpec>;

export interface OperationDefinition<Args = Record<string, unknown>> {
  /** Wire name, also the field of the GraphQL `StateOperation` one-of input. */
  name: string;
  description: string;
  args: ArgSpecs;
  /** Pure: returns the next state; never mutates `state`. */
  apply(state: AgentStateV1, args: Args): AgentStateV1;
}

/** How a commit's operations are stored in the ledger and passed to the domain. */
export interface OperationCall {
  op: string;
  args: Record<string, unknown>;
}

export const defineOperation = <Args>(definition: OperationDefinition<Args>) => definition;

const scalarSchema: Record<ArgKind, object> = {
  String: { type: "string", maxLength: LIMITS.stringLength },
  ID: { type: "string", pattern: ID_PATTERN },
  Int: { type: "integer" },
  Boolean: { type: "boolean" },
  JSONObject: { type: "object" },
};

/** JSON Schema of an operation's arguments: closed, with required fields as declared. */
export function argsSchema(args: ArgSpecs): object {
  const properties: Record<string, object> = {};
  for (const [field, spec] of Object.entries(args)) {
    const item = scalarSchema[spec.kind];
    const value = spec.list ? { type: "array", items: item } : item;
    // GraphQL sends an optional argument either absent or null; both mean "not given".
    properties[field] = spec.required ? value : { anyOf: [value, { type: "null" }] };
  }
  const required = Object.entries(args)
    .filter(([, spec]) => spec.required)
    .map(([field]) => field);
  return { type: "object", properties, required, additionalProperties: false };
}
