// The request id, carried through everything one request does (resolvers, error masking, log
// lines) without threading it by hand. The client gets it too: `x-request-id` and, on errors,
// `extensions.requestId`, so a report can be matched to the server's log line.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

const scope = new AsyncLocalStorage<{ requestId: string }>();

/** A client-supplied id is kept only if it is short and plain, so it cannot forge log lines. */
export const requestIdFrom = (header: string | string[] | null | undefined): string =>
  typeof header === "string" && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : randomUUID();

export const withRequestId = <T>(requestId: string, work: () => T): T => scope.run({ requestId }, work);

export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;
