// The request id, carried through everything one request does (resolvers, error masking, log
// lines) in the GraphQL context (`requestId`). The client gets it too: `x-request-id` and, on
// errors, `extensions.requestId`, so a report can be matched to the server's log line.
//
// Carried by hand rather than in an AsyncLocalStorage: on Node 20 a store that has been entered
// turns on V8's promise hooks for every promise of the process, about 5 % of the CPU of a
// `{ __typename }` request (profile in docs/benchmark-log.md).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A client-supplied id is kept only if it is short and plain, so it cannot forge log lines. */
export const requestIdFrom = (header: string | string[] | null | undefined): string =>
  typeof header === "string" && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : randomUUID();

const requestIds = new WeakMap<IncomingMessage, string>();

/** Gives an HTTP request its id: kept for yoga's context, and sent back on every answer as `x-request-id`. */
export function nameRequest(req: IncomingMessage, res: ServerResponse): string {
  const requestId = requestIdFrom(req.headers["x-request-id"]);
  requestIds.set(req, requestId);
  res.setHeader("x-request-id", requestId);
  return requestId;
}

/** The id `nameRequest` gave this request. */
export const requestIdOf = (req: IncomingMessage | undefined): string | undefined => (req ? requestIds.get(req) : undefined);
