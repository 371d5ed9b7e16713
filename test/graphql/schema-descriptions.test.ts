// GraphiQL explorers read the schema's descriptions: every type, field, argument and enum value
// of Canon's API must have one. A new one added without it fails here, naming it, as the
// authorization coverage test does for scopes.
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../src/graphql/schema.js";

function undescribed(): string[] {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__") || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
    if (!type.description?.trim()) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description?.trim()) missing.push(`field ${type.name}.${field.name}`);
        for (const arg of "args" in field ? field.args : []) {
          if (!arg.description?.trim()) missing.push(`argument ${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) if (!value.description?.trim()) missing.push(`enum value ${type.name}.${value.name}`);
    }
  }
  return missing;
}

describe("the schema documents itself", () => {
  it("has a description on every type, field, argument and enum value", () => {
    expect(undescribed()).toEqual([]);
  });
});
