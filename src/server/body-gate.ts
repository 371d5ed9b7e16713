// What happens to an HTTP request body before yoga sees it: the token is checked first (a
// request without a valid one is answered 401 before a byte of its body is read), then the
// body is read while its bytes are counted, and reading stops at CANON_MAX_BODY_BYTES, whether
// the client declared a Content-Length or sent the body chunked. A body that is not valid
// UTF-8 is refused rather than repaired: Canon never stores text other than what it was sent.
// yoga then reads the buffered body (`req.body`, which @whatwg-node/server takes as is) and the
// principal found here (`preauthenticated`), so the token is looked up once per request.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Principal } from "../domain/principal.js";

export type BodyGateOutcome =
  | { kind: "pass" }
  | { kind: "refused"; status: number; code: "ERR_UNAUTHENTICATED" | "ERR_INPUT_TOO_LARGE" | "ERR_INVALID_INPUT"; message: string };

/** Principals authenticated before their request's body was read, for yoga's context. */
export const preauthenticated = new WeakMap<IncomingMessage, Principal>();

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Whether the request carries a body (chunked, or a Content-Length above zero). */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Authenticates, then reads the body into `req.body`, counting bytes as they arrive.
 * `authenticate` resolves the request's principal from its headers, or null.
 */
export async function gateBody(
  req: IncomingMessage,
  limit: number,
  authenticate: (req: IncomingMessage) => Promise<Principal | null>,
): Promise<BodyGateOutcome> {
  if (!hasBody(req)) return { kind: "pass" };
  const declared = Number(req.headers["content-length"] ?? 0);
  if (Number.isFinite(declared) && declared > limit) return tooLarge(limit);
  const principal = await authenticate(req);
  if (!principal) {
    return {
      kind: "refused",
      status: 401,
      code: "ERR_UNAUTHENTICATED",
      message: "a valid API token is required: send `Authorization: Bearer <token>`",
    };
  }
  const read = await readCounted(req, limit);
  if (read === "too large") return tooLarge(limit);
  if (read === "aborted")
    return { kind: "refused", status: 400, code: "ERR_INVALID_INPUT", message: "the request body ended before it was complete" };
  const body = read;
  try {
    utf8.decode(body);
  } catch {
    return { kind: "refused", status: 400, code: "ERR_INVALID_INPUT", message: "the request body is not valid UTF-8" };
  }
  (req as IncomingMessage & { body?: BufferedBody }).body = new BufferedBody(body);
  preauthenticated.set(req, principal);
  return { kind: "pass" };
}

/**
 * The body already read, as @whatwg-node/server takes a pre-read `req.body`: an object with an
 * own key (it probes `Object.keys(req.body).length`, which on a Buffer would list every byte:
 * 0.4 s for 1 MiB) that is async-iterable. @whatwg-node/node-fetch collects such a body by
 * calling `next()` and takes a value that is not a promise as it is, so `request.json()` reads
 * this one Buffer without a stream; a Readable here cost a stream pipeline per request.
 */
export class BufferedBody {
  constructor(readonly bytes: Buffer) {}

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    let done = false;
    const next = () => {
      const result = done ? { done: true as const, value: undefined } : { done: false as const, value: this.bytes };
      done = true;
      return result;
    };
    // Deliberately synchronous: node-fetch awaits only what is a promise.
    return { next } as unknown as AsyncIterator<Buffer>;
  }
}

/**
 * The body, or why not. Listens rather than iterating: ending an iteration early would destroy
 * the socket before the refusal could be sent.
 */
function readCounted(req: IncomingMessage, limit: number): Promise<Buffer | "too large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const stop = (outcome: Buffer | "too large" | "aborted") => {
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("aborted", onAbort);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= limit) return void chunks.push(chunk);
      req.pause();
      stop("too large");
    };
    const onEnd = () => stop(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes));
    const onAbort = () => stop("aborted");
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("aborted", onAbort);
  });
}

const tooLarge = (limit: number): BodyGateOutcome => ({
  kind: "refused",
  status: 413,
  code: "ERR_INPUT_TOO_LARGE",
  message: `request bodies are limited to ${limit} bytes`,
});

/**
 * Answers a refused request and closes its connection, so that the rest of an unread body is
 * never read (Node would otherwise drain it to keep the connection alive).
 */
export function sendRefusal(res: ServerResponse, outcome: Extract<BodyGateOutcome, { kind: "refused" }>, requestId: string): void {
  const family = outcome.code === "ERR_UNAUTHENTICATED" ? "AUTH" : "INPUT";
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    connection: "close",
    "x-request-id": requestId,
  };
  if (outcome.status === 401) headers["www-authenticate"] = "Bearer";
  res.writeHead(outcome.status, headers);
  res.end(JSON.stringify({ errors: [{ message: outcome.message, extensions: { family, code: outcome.code, retryable: false } }] }));
}
