// GraphQL enums by name, created once: the operation inputs (derived from the domain's
// argument specs) and the state's output types share one enum per set of values.
import { builder } from "./builder.js";

type EnumRef<T extends string> = ReturnType<typeof builder.enumType<string, readonly T[]>>;

const enums = new Map<string, { ref: unknown; values: readonly string[] }>();

export function sharedEnum<T extends string>(name: string, values: readonly T[], description?: string): EnumRef<T> {
  const existing = enums.get(name);
  if (existing) {
    if (existing.values.join() !== values.join()) throw new Error(`enum ${name} is declared with two different value sets`);
    return existing.ref as EnumRef<T>;
  }
  const ref = builder.enumType(name, { values, description });
  enums.set(name, { ref, values });
  return ref;
}
