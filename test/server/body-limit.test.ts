// The request body limit, with real chunked requests (Transfer-Encoding: chunked, no
// Content-Length) over node:http: bytes are counted as they arrive, and a request without a
// valid token is answered before its body is read.
import { request, type ClientRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";

const LIMIT = 1024 * 1024;

interface Answer {
  status: number;
  body: any;
  /** Body bytes the client had written when the response arrived. */
  writtenWhenAnswered: number;
}

/**
 * POSTs a chunked body of `total` bytes in `chunk`-byte pieces, stopping as soon as the server
 * answers. With `holdAfter`, writes that many bytes and then waits for the answer (the body is
 * never finished).
 */
function chunkedPost(
  url: string,
  options: { token?: string; total: number; chunk?: number; holdAfter?: number; payload?: Buffer },
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req: ClientRequest = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "transfer-encoding": "chunked",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res: IncomingMessage) => {
        answered = true;
        const writtenWhenAnswered = written;
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString("utf8")), writtenWhenAnswered });
        });
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(options.chunk ?? 64 * 1024, 0x20); // spaces: valid JSON whitespace
    const pump = async () => {
      if (options.payload) {
        for (let at = 0; at < options.payload.length; at += 7) {
          req.write(options.payload.subarray(at, at + 7));
          written += Math.min(7, options.payload.length - at);
          await new Promise((r) => setImmediate(r));
        }
        return void req.end();
      }
      while (!answered && written < options.total) {
        if (options.holdAfter !== undefined && written >= options.holdAfter) return; // never finishes the body
        const ok = req.write(piece);
        written += piece.length;
        if (!ok) await new Promise((r) => req.once("drain", r));
      }
      if (!answered) req.end();
    };
    void pump().catch(() => {});
  });
}

describe(`the request body limit on ${backendName}`, () => {
  let canon: TestCanon;
  beforeAll(async () => {
    canon = await startTestCanon({ maxBodyBytes: LIMIT });
  });
  afterAll(async () => {
    await canon?.stop();
  });

  it("stops reading a chunked body at CANON_MAX_BODY_BYTES and answers 413 ERR_INPUT_TOO_LARGE", async () => {
    const answer = await chunkedPost(canon.url, { token: canon.token, total: 10 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.body.errors[0].extensions).toMatchObject({ code: "ERR_INPUT_TOO_LARGE", family: "INPUT", retryable: false });
    // The client was told while it was still sending; socket buffers hold a few MiB at most.
    expect(answer.writtenWhenAnswered).toBeLessThan(10 * 1024 * 1024);
  });

  it("answers a chunked body without a valid token with 401 before reading it", async () => {
    for (const token of [undefined, "canon_not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaa"]) {
      // 64 KiB of a 24 MiB body, then nothing more: the answer must come without the rest.
      const answer = await chunkedPost(canon.url, { token, total: 24 * 1024 * 1024, holdAfter: 64 * 1024 });
      expect(answer.status).toBe(401);
      expect(answer.body.errors[0].extensions).toMatchObject({ code: "ERR_UNAUTHENTICATED", family: "AUTH", retryable: false });
    }
  });

  it("serves a chunked request within the limit, in pieces", async () => {
    const payload = Buffer.from(JSON.stringify({ query: "{ runs(first: 1) { edges { cursor } } }" }), "utf8");
    const answer = await chunkedPost(canon.url, { token: canon.token, total: payload.length, payload });
    expect(answer.status).toBe(200);
    expect(answer.body.data.runs.edges).toEqual(expect.any(Array));
  });

  it("refuses a declared Content-Length over the limit without reading it", async () => {
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${canon.token}` },
      body: JSON.stringify({ query: "{ __typename }", padding: "x".repeat(LIMIT) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].extensions.code).toBe("ERR_INPUT_TOO_LARGE");
  });

  it("refuses a body that is not valid UTF-8 (it is never repaired)", async () => {
    const text = Buffer.from(JSON.stringify({ query: "{ __typename }", variables: { s: "ab" } }), "utf8");
    const bad = Buffer.concat([text.subarray(0, text.length - 5), Buffer.from([0xc3, 0x28]), text.subarray(text.length - 5)]);
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${canon.token}` },
      body: bad,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].extensions).toMatchObject({ code: "ERR_INVALID_INPUT", family: "INPUT", retryable: false });
  });
});
