// Anything unexpected reaches the client as ERR_INTERNAL with a request id and nothing else;
// the log line keeps the detail under the same request id.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codedError } from "../../src/server/error-codes.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";

describe("error masking", () => {
  it("masks an unexpected error, and logs it with the request id the client gets", () => {
    const lines: string[] = [];
    const logger = pino({ level: "error" }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const leaky = new Error('relation "run" does not exist: SELECT * FROM run WHERE id = $1');
    const masked = codedError(leaky, logger, "req-123");
    expect(masked.message).toBe("Canon hit an unexpected internal error");
    expect(masked.extensions).toEqual({
      family: "SYSTEM",
      code: "ERR_INTERNAL",
      message: masked.message,
      retryable: true,
      requestId: "req-123",
    });
    expect(JSON.stringify(masked.toJSON())).not.toMatch(/SELECT|relation|\.ts:/);
    const logged = JSON.parse(lines[0]!);
    expect(logged.requestId).toBe("req-123");
    expect(logged.err.message).toContain("SELECT");
  });
});

describe("error masking over HTTP", () => {
  let canon: TestCanon;
  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(async () => {
    await canon?.stop();
  });

  it("gives an unexpected error in a resolver the id of its request, as sent in x-request-id", async () => {
    // A table the resolver needs is gone: the database's error must not reach the client.
    await canon.server.database.sql.query(`ALTER TABLE receipt RENAME TO receipt_elsewhere`);
    try {
      const response = await fetch(canon.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${canon.token}`, "x-request-id": "req-e2e-1" },
        body: JSON.stringify({ query: `{ receipt(id: "${randomUUID()}") { __typename } }` }),
      });
      expect(response.headers.get("x-request-id")).toBe("req-e2e-1");
      const body = (await response.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
      expect(body.errors[0]!.extensions).toMatchObject({ family: "SYSTEM", code: "ERR_INTERNAL", requestId: "req-e2e-1" });
      expect(JSON.stringify(body)).not.toMatch(/receipt_elsewhere|relation|SELECT/);
    } finally {
      await canon.server.database.sql.query(`ALTER TABLE receipt_elsewhere RENAME TO receipt`);
    }
  });
});
