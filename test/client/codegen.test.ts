// canon/client's typed operations are generated, committed, and must match what the generator
// makes of schema.graphql and src/client/operations.graphql today.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_FILE, generateClientTypes } from "../../scripts/client-codegen.js";

describe("src/client/generated/graphql.ts", () => {
  it("is what GraphQL Code Generator makes of the schema and the client's operations (run `npm run client:codegen`)", async () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(await generateClientTypes());
  });
});
