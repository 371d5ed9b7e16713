// The shape every state operation shares. An operation is one module: a name, typed
// arguments described once (the GraphQL input and the validator are both derived from that
// description), and a pure `apply` that returns the next state.
import type { AgentStateV1 } from "../../contracts/agent-state.js";
import type { InputProblem } from "../../contracts/errors.js";
import { CONTENT_HASH_PATTERN, ID_PATTERN, type ComponentIdentity, type Provenance } from "../../contracts/common.js";
import { LIMITS } from "../limits.js";

export type ScalarKind = "String" | "ID" | "Int" | "Float" | "Boolean" | "JSONObject" | "ContentHash" | "DateTime";

interface ArgBase {
  list?: boolean;
  required: boolean;
  description: string;
}

/** A scalar argument. */
export interface ScalarArg extends ArgBase {
  kind: ScalarKind;
  /** Extra JSON Schema keywords for this argument (e.g. a minimum). */
  schema?: Record<string, unknown>;
}

/** One of a fixed set of values; `enumName` is its GraphQL enum, shared by every op that uses it. */
export interface EnumArg extends ArgBase {
  kind: "Enum";
  enumName: string;
  values: readonly string[];
}

/** A nested object; `typeName` is its GraphQL input type, shared by every op that uses it. */
export interface ObjectArg extends ArgBase {
  kind: "Object";
  typeName: string;
  /** What the input type is, shown on the type itself (`description` is about the argument). */
  typeDescription: string;
  fields: ArgSpecs;
}

export type ArgSpec = ScalarArg | EnumArg | ObjectArg;
export type ArgKind = ArgSpec["kind"];
export type ArgSpecs = Record<string, ArgSpec>;

/**
 * Facts about the write an operation is part of. They come from the ledger entry (who wrote,
 * where the content came from, when), so replaying the ledger reproduces every state exactly.
 */
export interface OperationContext {
  producer: ComponentIdentity;
  provenance: readonly Provenance[];
  /** The commit's time (RFC 3339, ms): lock expiry is computed from it, never from a clock on read. */
  committedAt: string;
}

export interface OperationDefinition<Args = Record<string, unknown>> {
  /** Wire name, also the field of the GraphQL `StateOperation` one-of input. */
  name: string;
  description: string;
  args: ArgSpecs;
  /** Checks beyond the argument schema (e.g. a receipt document against its contract), run before any state is read. */
  check?(args: Args): InputProblem[];
  /**
   * True when `apply` reads `context.committedAt` (locks): the write path then takes the time
   * from the database before planning, rather than letting the append statement stamp it.
   */
  readsClock?: boolean;
  /** Pure: returns the next state (or the same object when nothing changes); never mutates `state`. */
  apply(state: AgentStateV1, args: Args, context: OperationContext): AgentStateV1;
}

/** How a commit's operations are stored in the ledger and passed to the domain. */
export interface OperationCall {
  op: string;
  args: Record<string, unknown>;
}

export const defineOperation = <Args>(definition: OperationDefinition<Args>) => definition;

const scalarSchema: Record<ScalarKind, object> = {
  String: { type: "string", maxLength: LIMITS.stringLength },
  ID: { type: "string", pattern: ID_PATTERN },
  Int: { type: "integer" },
  Float: { type: "number" },
  Boolean: { type: "boolean" },
  JSONObject: { type: "object" },
  ContentHash: { type: "string", pattern: CONTENT_HASH_PATTERN },
  DateTime: { type: "string", format: "date-time" },
};

function argSchema(spec: ArgSpec): object {
  if (spec.kind === "Enum") return { enum: spec.values };
  if (spec.kind === "Object") return argsSchema(spec.fields);
  return { ...scalarSchema[spec.kind], ...spec.schema };
}

/** JSON Schema of an operation's arguments: closed, with required fields as declared. */
export function argsSchema(args: ArgSpecs): object {
  const properties: Record<string, object> = {};
  for (const [field, spec] of Object.entries(args)) {
    const item = argSchema(spec);
    const value = spec.list ? { type: "array", items: item, maxItems: LIMITS.listLength } : item;
    // GraphQL sends an optional argument either absent or null; both mean "not given".
    properties[field] = spec.required ? value : { anyOf: [value, { type: "null" }] };
  }
  const required = Object.entries(args)
    .filter(([, spec]) => spec.required)
    .map(([field]) => field);
  return { type: "object", properties, required, additionalProperties: false };
}
