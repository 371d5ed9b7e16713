// GraphQL enums by name, created once: the operation inputs (derived from the domain's
// argument specs) and the state's output types share one enum per set of values. Each value's
// meaning comes from enum-docs.ts.
import { builder } from "./builder.js";
import { ENUM_DOCS } from "./enum-docs.js";

type EnumRef<T extends string> = ReturnType<typeof builder.enumType<string, readonly T[]>>;

const enums = new Map<string, { ref: unknown; values: readonly string[] }>();

export function sharedEnum<T extends string>(name: string, values: readonly T[]): EnumRef<T> {
  const existing = enums.get(name);
  if (existing) {
    if (existing.values.join() !== values.join()) throw new Error(`enum ${name} is declared with two different value sets`);
    return existing.ref as EnumRef<T>;
  }
  const docs = ENUM_DOCS[name];
  const described = Object.fromEntries(values.map((value) => [value, { value, description: docs?.values[value] }]));
  // The value list decides the enum's TypeScript type; the object form only adds descriptions.
  const ref = builder.enumType(name, { values: described, description: docs?.description }) as unknown as EnumRef<T>;
  enums.set(name, { ref, values });
  return ref;
}
