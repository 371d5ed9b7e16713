// GraphQL inputs for state operations, derived from the domain's operation registry: adding
// an operation module to src/domain/operations adds its input here without touching this file.
import type { InputFieldRef, InputObjectRef } from "@pothos/core";
import { OPERATIONS, type ArgSpec, type OperationCall } from "../domain/operations/index.js";
import type { ObjectArg } from "../domain/operations/operation.js";
import { builder } from "./builder.js";
import { sharedEnum } from "./shared-enums.js";

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type FieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];
type AnyInputRef = InputObjectRef<Types, Record<string, unknown>>;

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

// Nested argument objects (e.g. EvidenceRefInput) are shared by name like the enums.
const objectInputs = new Map<string, AnyInputRef>();

function objectInput(spec: ObjectArg): AnyInputRef {
  let ref = objectInputs.get(spec.typeName);
  if (!ref) {
    ref = builder.inputType(spec.typeName, {
      description: spec.typeDescription,
      fields: (t) => Object.fromEntries(Object.entries(spec.fields).map(([field, child]) => [field, argField(t, child)])),
    }) as AnyInputRef;
    objectInputs.set(spec.typeName, ref);
  }
  return ref;
}

function graphqlType(spec: ArgSpec) {
  switch (spec.kind) {
    case "Enum":
      return sharedEnum(spec.enumName, spec.values);
    case "Object":
      return objectInput(spec);
    case "ContentHash":
      return "String" as const;
    default:
      return spec.kind;
  }
}

function argField(t: FieldBuilder, spec: ArgSpec): InputFieldRef<Types, unknown> {
  const options = { required: spec.required, description: spec.description };
  const type = graphqlType(spec) as "String";
  return (spec.list ? t.field({ ...options, type: [type] }) : t.field({ ...options, type })) as InputFieldRef<Types, unknown>;
}

const operationInputs = OPERATIONS.map((operation) => ({
  name: operation.name,
  description: operation.description,
  ref: builder.inputType(`${pascal(operation.name)}Input`, {
    description: operation.description,
    fields: (t) => Object.fromEntries(Object.entries(operation.args).map(([field, spec]) => [field, argField(t, spec)])),
  }) as AnyInputRef,
}));

export const StateOperationInput = builder.inputType("StateOperation", {
  description: "One typed operation on the state. Exactly one field must be set.",
  isOneOf: true,
  fields: (t) =>
    Object.fromEntries(operationInputs.map((input) => [input.name, t.field({ type: input.ref, description: input.description })])),
});

/** `[{ setPlan: { plan } }]` as the domain's `[{ op: "setPlan", args: { plan } }]`, dropping absent fields at every depth. */
export function toOperationCalls(inputs: readonly Record<string, unknown>[]): OperationCall[] {
  return inputs.map((input) => {
    const [op, args] = Object.entries(input).find(([, value]) => value != null) ?? ["", {}];
    return { op, args: withoutUndefined(args) as Record<string, unknown> };
  });
}

// graphql-js hands input objects over as null-prototype objects, and a JSON argument written
// inline may hold an undefined member (a variable that was not sent). Both are made plain here;
// everything else, which is nearly all of a commit (its JSON arguments came from JSON.parse), is
// passed on as it is rather than copied: a deep copy per commit was garbage for the collector.
function withoutUndefined(value: unknown): unknown {
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((child, index) => {
      const plain = withoutUndefined(child);
      if (plain !== child && !copy) copy = value.slice(0, index);
      if (copy) copy.push(plain);
    });
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let copy: Record<string, unknown> | null = Object.getPrototypeOf(record) === Object.prototype ? null : {};
  keys.forEach((key, index) => {
    const child = record[key];
    const plain = child === undefined ? undefined : withoutUndefined(child);
    if (!copy && (child === undefined || plain !== child)) copy = Object.fromEntries(keys.slice(0, index).map((k) => [k, record[k]]));
    if (copy && plain !== undefined) copy[key] = plain;
  });
  return copy ?? value;
}
