// Anything unexpected reaches the client as ERR_INTERNAL with a request id and nothing else;
// the log line keeps the detail under the same request id.
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { codedError } from "../../src/server/error-codes.js";

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
