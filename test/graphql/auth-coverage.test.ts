// Default deny, checked: every root field (Query, Mutation, Subscription) declares its own
// auth scopes. A field merged in without a declaration is refused at run time by the root
// types' `undeclared` scope, and fails here by name, so it cannot go unnoticed.
import { describe, expect, it } from "vitest";
import { schema } from "../../src/graphql/schema.js";

const rootTypes = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((t) => t != null);

describe("auth scope declarations", () => {
  it("exist on every Query, Mutation and Subscription field, each lifting the root types' default deny", () => {
    const undeclared: string[] = [];
    for (const type of rootTypes) {
      for (const field of Object.values(type.getFields())) {
        const options = (field.extensions as { pothosOptions?: { authScopes?: unknown; skipTypeScopes?: boolean } }).pothosOptions ?? {};
        if (!options.authScopes || options.skipTypeScopes !== true) undeclared.push(`${type.name}.${field.name}`);
      }
    }
    expect(undeclared, "root fields without an authScopes declaration (see src/graphql/auth-scopes.ts)").toEqual([]);
  });

  it("covers the fields this branch knows of", () => {
    const names = rootTypes.flatMap((type) => Object.keys(type.getFields()).map((name) => `${type.name}.${name}`));
    expect(names).toEqual(
      expect.arrayContaining(["Query.run", "Query.runs", "Query.node", "Mutation.commitState", "Subscription.runStateChanged"]),
    );
  });
});
