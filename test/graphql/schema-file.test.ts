import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { printCanonSchema } from "../../src/graphql/schema.js";

describe("schema.graphql", () => {
  it("is what the Pothos schema prints (run `npm run schema:print` after changing the schema)", () => {
    const committed = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(committed).toBe(printCanonSchema());
  });
});
