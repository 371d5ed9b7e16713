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
