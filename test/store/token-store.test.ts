// CANON_ADMIN_TOKEN is made sure of by every instance at start: instances starting together on
// one database must all come up, with one token row between them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_SPEC } from "../../src/server/canon-server.js";
import { TokenStore } from "../../src/store/token-store.js";
import { backendName, openMigratedDatabase } from "../support/database.js";

describe(`TokenStore on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  it("ensures one token for a secret however many starts race for it", async () => {
    const secret = "canon_race-test-token-0123456789abcdefghijklmnop";
    const stores = Array.from({ length: 6 }, () => new TokenStore(opened.db));
    await Promise.all(stores.map((store) => store.ensure(secret, ADMIN_TOKEN_SPEC)));
    const tokens = (await stores[0]!.list()).filter((token) => token.label === "admin");
    expect(tokens).toHaveLength(1);
    expect(await stores[0]!.authenticate(secret)).toMatchObject({ tokenId: tokens[0]!.tokenId });
  });
});
