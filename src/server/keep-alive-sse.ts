// GraphQL over SSE (yoga's "distinct connections" mode) with a configurable keep-alive. Yoga's
// own SSE processor pings every 12 s, fixed; proxies and load balancers often drop idle
// connections sooner, so Canon serves the same event stream with its own interval. The wire
// format is yoga's: a `:` comment at once and at every interval, `event: next` per result,
// `event: complete` at the end; each event is enqueued whole, so a ping never splits one.
import type { ExecutionResult, GraphQLFormattedError } from "graphql";
import { isAsyncIterable, type Plugin } from "graphql-yoga";

const PING = ":\n\n";

type Processor = Parameters<Parameters<NonNullable<Plugin["onResultProcess"]>>[0]["setResultProcessor"]>[0];

type HttpHint = { status?: number; headers?: Record<string, string> };

/** The HTTP status an error asks for (e.g. 401 from authentication), as yoga honours it. */
function refusal(result: unknown): HttpHint | null {
  if (isAsyncIterable(result)) return null;
  const errors = (result as ExecutionResult).errors ?? [];
  const hint = errors.map((e) => e.extensions?.http as HttpHint | undefined).find((h) => h?.status && h.status >= 400);
  return hint ?? null;
}

function sseProcessor(intervalMs: number): Processor {
  return (result, fetchAPI) => {
    // A request refused before any stream exists (no token, say) gets its status, not a 200 stream.
    const refused = refusal(result);
    if (refused) {
      return new fetchAPI.Response(stringify(result as ExecutionResult), {
        status: refused.status,
        headers: { "Content-Type": "application/json; charset=utf-8", ...refused.headers },
      });
    }
    const encoder = new fetchAPI.TextEncoder();
    let iterator: AsyncIterator<ExecutionResult> | undefined;
    let single: ExecutionResult | undefined = isAsyncIterable(result) ? undefined : (result as ExecutionResult);
    let timer: NodeJS.Timeout | undefined;
    const stream = new fetchAPI.ReadableStream<Uint8Array>({
      start(controller) {
        // Some clients see nothing until the first bytes arrive, so the stream opens with a ping.
        controller.enqueue(encoder.encode(PING));
        if (intervalMs > 0) {
          timer = setInterval(() => {
            // A full queue means the client is not reading: a ping would only add to it.
            if (controller.desiredSize === null) clearInterval(timer);
            else if (controller.desiredSize > 0) controller.enqueue(encoder.encode(PING));
          }, intervalMs);
          timer.unref();
        }
        if (isAsyncIterable(result)) iterator = (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
      },
      async pull(controller) {
        const next = iterator ? await iterator.next() : single ? { done: false, value: single } : { done: true, value: undefined };
        single = undefined;
        if (!next.done && next.value != null) controller.enqueue(encoder.encode(`event: next\ndata: ${stringify(next.value)}\n\n`));
        if (next.done || !iterator) {
          if (!next.done) return; // a single result: `complete` follows on the next pull
          clearInterval(timer);
          controller.enqueue(encoder.encode("event: complete\ndata:\n\n"));
          controller.close();
        }
      },
      async cancel(reason) {
        clearInterval(timer);
        await iterator?.return?.(reason);
      },
    });
    const headers = {
      "Content-Type": "text/event-stream",
      Connection: "keep-alive",
      "Cache-Control": "no-cache",
      "Content-Encoding": "none",
    };
    return new fetchAPI.Response(stream, { status: 200, headers });
  };
}

/** As yoga does, errors lose the `http` hints it keeps in their extensions for itself. */
function stringify(result: ExecutionResult): string {
  if (!result.errors?.length) return JSON.stringify(result);
  const errors = result.errors.map((error): GraphQLFormattedError => {
    const { extensions, ...rest } = error.toJSON();
    const { http: _http, ...kept } = extensions ?? {};
    return Object.keys(kept).length ? { ...rest, extensions: kept } : rest;
  });
  return JSON.stringify({ ...result, errors });
}

/**
 * Takes over whenever yoga chose its SSE processor for a result (the client asked for
 * text/event-stream), and only then: content negotiation stays yoga's.
 */
export function useSSEKeepAlive(intervalMs: number): Plugin {
  const processor = sseProcessor(intervalMs);
  return {
    onResultProcess({ resultProcessor, setResultProcessor }) {
      if (resultProcessor?.name === "processSSEResult") setResultProcessor(processor, "text/event-stream");
    },
  };
}
