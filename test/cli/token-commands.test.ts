// `canon token create | list | revoke` against a real database: the secret is printed once and
// never stored, and a revoked token no longer authenticates.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tokenCommand } from "../../src/cli/token-commands.js";
import { TokenStore } from "../../src/store/token-store.js";
import type { Database } from "../../src/db/database.js";
import { backendName, openMigratedDatabase } from "../support/database.js";

describe(`canon token on ${backendName}`, () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await openMigratedDatabase());
  });
  afterAll(async () => {
    await dispose?.();
  });

  const run = async (action: string, target?: string, flags = {}) => {
    const out: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    const err = vi.spyOn(console, "error").mockImplementation((line: string) => void out.push(line));
    try {
      return { code: await tokenCommand(db, action, target, flags), out: out.join("\n") };
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  };

  it("creates a token shown once, lists it without the secret, and revokes it", async () => {
    const created = await run("create", undefined, { component: "planner", kind: "MODEL_COMPONENT", scopes: "run:read,run:commit", trust: "INTERNAL", runs: "run-1" });
    expect(created.code).toBe(0);
    const token = /canon_[A-Za-z0-9_-]{43}/.exec(created.out)![0];
    const tokenId = /created (tok_\S+);/.exec(created.out)![1]!;
    const principal = await new TokenStore(db).authenticate(token);
    expect(principal).toMatchObject({ tokenId, trustClass: "INTERNAL", scopes: ["run:read", "run:commit"], runIds: ["run-1"], identity: { component_id: "planner", kind: "MODEL_COMPONENT" } });

    const listed = await run("list");
    expect(listed.out).toContain(tokenId);
    expect(listed.out).not.toContain(token);

    expect((await run("revoke", tokenId)).code).toBe(0);
    expect(await new TokenStore(db).authenticate(token)).toBeNull();
    expect((await run("list")).out).toMatch(new RegExp(`${tokenId}\\s+REVOKED`));
    expect((await run("revoke", tokenId)).code).toBe(1);
  });

  it("refuses unknown scopes, kinds and trust classes", async () => {
    expect((await run("create", undefined, { component: "x", kind: "RUNTIME", scopes: "run:everything" })).code).toBe(2);
    expect((await run("create", undefined, { component: "x", kind: "ROBOT", scopes: "run:read" })).code).toBe(2);
    expect((await run("create", undefined, { component: "x", kind: "RUNTIME", scopes: "run:read", trust: "TOP" })).code).toBe(2);
  });
});
