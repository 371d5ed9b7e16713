// `canon token create | list | revoke` against a real database: the secret is printed once and
// never stored, and a revoked token no longer authenticates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directBackend } from "../../src/cli/direct-backend.js";
import { createToken, listTokens, revokeToken } from "../../src/cli/token-commands.js";
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

  const output = () => {
    const lines: string[] = [];
    return { sink: { write: (text: string) => lines.push(text) > 0 }, text: () => lines.join("") };
  };

  it("creates a token shown once, lists it without the secret, and revokes it", async () => {
    // The backend's close() would close the shared database: the test disposes of it instead.
    const backend = directBackend(db);
    const created = output();
    await createToken(
      backend,
      {
        component: "planner",
        kind: "MODEL_COMPONENT",
        scopes: ["run:read", "run:commit"],
        trust: "INTERNAL",
        version: "*",
        runs: ["run-1"],
        tasks: [],
      },
      created.sink,
    );
    const token = /canon_[A-Za-z0-9_-]{43}/.exec(created.text())![0];
    const tokenId = /created (tok_\S+);/.exec(created.text())![1]!;
    const principal = await new TokenStore(db).authenticate(token);
    expect(principal).toMatchObject({
      tokenId,
      trustClass: "INTERNAL",
      scopes: ["run:read", "run:commit"],
      runIds: ["run-1"],
      identity: { component_id: "planner", kind: "MODEL_COMPONENT" },
    });

    const listed = output();
    await listTokens(backend, listed.sink);
    expect(listed.text()).toContain(tokenId);
    expect(listed.text()).not.toContain(token);

    await revokeToken(backend, tokenId, output().sink);
    expect(await new TokenStore(db).authenticate(token)).toBeNull();
    const after = output();
    await listTokens(backend, after.sink);
    expect(after.text()).toMatch(new RegExp(`${tokenId}\\s+REVOKED`));
    await expect(revokeToken(backend, tokenId, output().sink)).rejects.toThrow(`no live token ${tokenId}`);
  });
});
