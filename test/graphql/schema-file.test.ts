import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { printCanonSchema } from "../../src/graphql/schema.js";

describe("schema.graphql", () => {
  it("is what the Pothos schema prints (run `npm run schema:print` after changing the schema)", () => {
    const committed = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(committed).toBe(printCanonSchema());
  });
});

describe("GraphiQL's default document", () => {
  it("is valid against the schema, so a newcomer's first click works", async () => {
    const { parse, validate } = await import("graphql");
    const { schema } = await import("../../src/graphql/schema.js");
    const { GRAPHIQL_DEFAULT_QUERY } = await import("../../src/server/graphiql-default-query.js");
    expect(validate(schema, parse(GRAPHIQL_DEFAULT_QUERY)).map((error) => error.message)).toEqual([]);
  });
});

describe("input types' field maps (schema.ts, withFastInputFieldMaps)", () => {
  it("are the ones graphql-js coerces with, without a prototype", async () => {
    const { coerceInputValue, isInputObjectType } = await import("graphql");
    const { schema } = await import("../../src/graphql/schema.js");
    const operation = schema.getType("StateOperation");
    if (!isInputObjectType(operation)) throw new Error("StateOperation is not an input type");
    const fields = operation.getFields();
    // Where graphql-js keeps the map: if a release moves it, the replacement silently does nothing.
    expect((operation as unknown as { _fields: unknown })._fields).toBe(fields);
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields).length).toBeGreaterThan(40);
    // A member name of Object.prototype is still an unknown field, and the one-of rule still holds.
    expect(() => coerceInputValue({ constructor: { x: 1 } }, operation)).toThrow(/not defined by type "StateOperation"/);
    expect(() => coerceInputValue({ setPlan: { plan: {} }, setUserVisibleStatus: { status: "s" } }, operation)).toThrow(
      /Exactly one key must be specified for OneOf type "StateOperation"/,
    );
    expect(coerceInputValue({ setUserVisibleStatus: { status: "s" } }, operation)).toEqual({ setUserVisibleStatus: { status: "s" } });
  });
});
