// GraphQL inputs for state operations, derived from the domain's operation registry: adding
// an operation module to src/domain/operations adds its input here without touching this file.
import type { InputFieldRef, InputObjectRef } from "@pothos/core";
import { OPERATIONS, type ArgSpec, type OperationCall } from "../domain/operations/index.js";
import { builder } from "./builder.js";

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type FieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

function argField(t: FieldBuilder, spec: ArgSpec): InputFieldRef<Types, unknown> {
  const options = { required: spec.required, description: spec.description };
  const type = spec.kind === "JSONObject" ? "JSONObject" : spec.kind;
  return (spec.list ? t.field({ ...options, type: [type] }) : t.field({ ...options, type })) as InputFieldRef<Types, unknown>;
}

const operationInputs = OPERATIONS.map((operation) => ({
  name: operation.name,
  description: operation.description,
  ref: builder.inputType(`${pascal(operation.name)}Input`, {
    description: operation.description,
    fields: (t) => Object.fromEntries(Object.entries(operation.args).map(([field, spec]) => [field, argField(t, spec)])),
  }) as InputObjectRef<Types, Record<string, unknown>>,
}));

export const StateOperationInput = builder.inputType("StateOperation", {
  description: "One typed operation on the state. Exactly one field must be set.",
  isOneOf: true,
  fields: (t) =>
    Object.fromEntries(operationInputs.map((input) => [input.name, t.field({ type: input.ref, description: input.description })])),
});

/** `[{ setPlan: { plan } }]` as the domain's `[{ op: "setPlan", args: { plan } }]`. */
export function toOperationCalls(inputs: readonly Record<string, unknown>[]): OperationCall[] {
  return inputs.map((input) => {
    const [op, args] = Object.entries(input).find(([, value]) => value != null) ?? ["", {}];
    const defined = Object.entries(args as Record<string, unknown>).filter(([, value]) => value !== undefined);
    return { op, args: Object.fromEntries(defined) };
  });
}
