// One async iterator over a subscription that survives its subscription ending: a dropped
// socket, a server restart or ERR_SUBSCRIBER_TOO_SLOW re-subscribe with the variables the
// caller's cursor gives at that moment, so nothing is skipped; the caller's `accept` drops
// anything at or before its cursor, so nothing is repeated.
import type { DocumentTypeDecoration } from "@graphql-typed-document-node/core";
import { backoffDelay, sleep, type BackoffOptions } from "./backoff.js";
import { CanonError, errorFromGraphQL, NetworkError } from "./errors.js";
import { subscriptionError, type Transport } from "./transport.js";

export interface ReconnectOptions extends BackoffOptions {
  /** Re-subscriptions in a row without an event before the watch gives up (default: never). */
  maxAttempts?: number;
}

/** What the stream does when its subscription ends with `error`. */
export type ErrorDecision<End> = { resume: true } | { end: End } | { fail: CanonError };

export interface StreamSpec<TResult, TVariables, TEvent, End> {
  transport: Transport;
  document: DocumentTypeDecoration<TResult, TVariables>;
  /** The variables to (re)subscribe with: the cursor as it is now. */
  variables(): TVariables | Promise<TVariables>;
  /** The events a result carries that the consumer has not had yet; updates the cursor. */
  accept(result: TResult): TEvent[];
  decide(error: CanonError): ErrorDecision<End>;
  reconnect?: ReconnectOptions;
}

export interface ResumableStream<TEvent, End> extends AsyncIterableIterator<TEvent> {
  /** Why the stream ended, once it has; undefined while it runs. */
  readonly end: End | { reason: "closed" } | undefined;
  /** Stops the stream; a pending `next()` resolves as done. */
  close(): Promise<void>;
  /** Resolves when the stream has stopped subscribing, however it ended. */
  readonly closed: Promise<void>;
}

export function resumableStream<TResult, TVariables, TEvent, End>(
  spec: StreamSpec<TResult, TVariables, TEvent, End>,
): ResumableStream<TEvent, End> {
  const queue: TEvent[] = [];
  let wake: (() => void) | undefined;
  let ended: End | { reason: "closed" } | undefined;
  let failure: CanonError | undefined;
  let unsubscribe: (() => void) | undefined;
  const stopping = new AbortController();
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };

  /** Runs one subscription until it ends; resolves with the error it ended with (undefined: completed). */
  const subscribeOnce = (variables: TVariables, onEvent: () => void) =>
    new Promise<CanonError | undefined>((resolve) => {
      let settled = false;
      const onStop = () => finish(undefined);
      const finish = (error: CanonError | undefined) => {
        if (settled) return;
        settled = true;
        stopping.signal.removeEventListener("abort", onStop);
        unsubscribe?.();
        unsubscribe = undefined;
        resolve(error);
      };
      stopping.signal.addEventListener("abort", onStop, { once: true });
      const dispose = spec.transport.subscriptions().subscribe<TResult>(
        { query: spec.document.toString(), variables: variables as Record<string, unknown> },
        {
          next: (result) => {
            if (settled) return;
            if (result.errors?.length) return finish(errorFromGraphQL(result.errors[0] as never));
            const events = spec.accept(result.data as TResult);
            if (events.length) {
              queue.push(...events);
              onEvent();
              notify();
            }
          },
          error: (error) => finish(subscriptionError(error)),
          complete: () => finish(undefined),
        },
      );
      if (!settled) unsubscribe = dispose;
    });

  const run = async () => {
    let attempt = 0;
    const reconnect = { baseDelayMs: 100, maxDelayMs: 5_000, ...spec.reconnect };
    try {
      while (!stopping.signal.aborted) {
        let error: CanonError | undefined;
        try {
          error = await subscribeOnce(await spec.variables(), () => (attempt = 0));
        } catch (thrown) {
          // Working out the cursor can need a request (watchRuns lists runs), which fails too while the server is away.
          error = thrown instanceof CanonError ? thrown : new NetworkError(String(thrown));
        }
        if (stopping.signal.aborted) break;
        const decision: ErrorDecision<End> = error ? spec.decide(error) : { resume: true };
        if ("end" in decision) {
          ended = decision.end;
          break;
        }
        if ("fail" in decision) {
          failure = decision.fail;
          break;
        }
        if (reconnect.maxAttempts !== undefined && attempt >= reconnect.maxAttempts) {
          failure = error ?? new NetworkError(`the subscription ended ${attempt} times in a row without an event`);
          break;
        }
        await sleep(backoffDelay(attempt++, reconnect), stopping.signal);
      }
    } catch (error) {
      failure = error as CanonError;
    }
    ended ??= failure ? undefined : { reason: "closed" };
    notify();
  };
  const running = run();

  const stream: ResumableStream<TEvent, End> = {
    get end() {
      return ended;
    },
    closed: running,
    async next(): Promise<IteratorResult<TEvent>> {
      for (;;) {
        if (queue.length) return { value: queue.shift()!, done: false };
        if (failure) {
          const error = failure;
          failure = undefined;
          ended = { reason: "closed" };
          throw error;
        }
        if (ended) return { value: undefined, done: true };
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return(): Promise<IteratorResult<TEvent>> {
      await stream.close();
      return { value: undefined, done: true };
    },
    async close() {
      if (!ended) ended = { reason: "closed" };
      queue.length = 0;
      stopping.abort();
      notify();
      await running;
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}
