// How the client talks to Canon: GraphQL over HTTP (fetch) for queries and mutations, and
// graphql-ws for subscriptions. Both run in browsers and in Node 20+ (Node's global fetch;
// for WebSockets Node 20 has none, so callers pass `ws` as `webSocketImpl`).
import { createClient, type Client } from "graphql-ws";
import type { DocumentTypeDecoration } from "@graphql-typed-document-node/core";
import { backoffDelay, sleep, type BackoffOptions } from "./backoff.js";
import { errorFromGraphQL, NetworkError, RateLimitedError, type CanonError } from "./errors.js";

export interface TransportOptions {
  /** Canon's GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql (ws:// is derived from it). */
  url: string;
  /** An API token (`canon_…`), sent as `Authorization: Bearer` and in graphql-ws's connection_init. */
  token: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to the global WebSocket (browsers, Node 22+); pass `ws`'s default export on Node 20. */
  webSocketImpl?: unknown;
  /** A request that has not answered after this long is abandoned as a NetworkError (default 30 s). */
  timeoutMs?: number;
}

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface RequestRetry extends BackoffOptions {
  /** Tries in all, first included. 1: never retried. */
  maxAttempts: number;
}

/** Requests that are safe to repeat: reads, and writes that carry an idempotency key. */
export const SAFE_RETRY: RequestRetry = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 2_000 };
export const NO_RETRY: RequestRetry = { maxAttempts: 1 };

export class Transport {
  readonly url: string;
  readonly token: string;
  private readonly fetchImpl: typeof fetch;
  private readonly webSocketImpl: unknown;
  private readonly timeoutMs: number;
  private ws: Client | undefined;

  constructor(options: TransportOptions) {
    this.url = options.url;
    this.token = options.token;
    // Bound: a browser's fetch must be called with `this` as the window.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.webSocketImpl = options.webSocketImpl;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /**
   * Sends one operation and returns its `data`. A top-level GraphQL error is thrown as its
   * typed error. Transport failures (and ERR_RATE_LIMITED, after its `retryAfterMs`) are
   * retried per `retry`, resending the very same request.
   */
  async request<TResult, TVariables>(
    document: DocumentTypeDecoration<TResult, TVariables>,
    variables: TVariables,
    retry: RequestRetry = SAFE_RETRY,
  ): Promise<TResult> {
    const body = JSON.stringify({ query: document.toString(), variables });
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<TResult>(body);
      } catch (error) {
        const canRetry = (error instanceof NetworkError || error instanceof RateLimitedError) && attempt + 1 < retry.maxAttempts;
        if (!canRetry) throw error;
        const wait = error instanceof RateLimitedError ? error.retryAfterMs : backoffDelay(attempt, retry);
        await sleep(wait);
      }
    }
  }

  private async once<TResult>(body: string): Promise<TResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    let response: Response;
    let parsed: GraphQLResponse<TResult>;
    try {
      response = await this.fetchImpl(this.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/graphql-response+json, application/json",
          authorization: `Bearer ${this.token}`,
        },
        body,
        signal: controller.signal,
      });
      const text = await response.text();
      try {
        parsed = JSON.parse(text) as GraphQLResponse<TResult>;
      } catch {
        throw new NetworkError(`Canon answered HTTP ${response.status} without a GraphQL response`, response.status);
      }
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      throw new NetworkError(
        controller.signal.aborted ? `no answer within ${this.timeoutMs} ms` : `request failed: ${(error as Error)?.message ?? error}`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (parsed.errors?.length) throw errorFromGraphQL(parsed.errors[0]);
    if (parsed.data == null) throw new NetworkError(`Canon answered HTTP ${response.status} without data`, response.status);
    return parsed.data;
  }

  /** The one graphql-ws connection all watches share; opened on first use, reopened after a drop. */
  subscriptions(): Client {
    this.ws ??= createClient({
      url: this.url.replace(/^http/, "ws"),
      webSocketImpl: this.webSocketImpl,
      connectionParams: { authorization: `Bearer ${this.token}` },
      lazy: true,
      // Each watch resumes on its own, from its own cursor: graphql-ws's own retry would
      // re-send the original variables and repeat what was already delivered.
      retryAttempts: 0,
    });
    return this.ws;
  }

  async dispose(): Promise<void> {
    const ws = this.ws;
    this.ws = undefined;
    await ws?.dispose();
  }
}

/** What a graphql-ws sink's `error` carries → a typed error. */
export function subscriptionError(error: unknown): CanonError {
  if (Array.isArray(error)) return errorFromGraphQL(error[0] as { message?: string; extensions?: Record<string, unknown> });
  const close = error as { code?: unknown; reason?: unknown } | null;
  if (close && typeof close.code === "number") {
    // Canon closes with 4401 (no valid token) and 4403 (refused by scope); others are drops.
    if (close.code === 4401)
      return errorFromGraphQL({
        message: String(close.reason || "unauthenticated"),
        extensions: { code: "ERR_UNAUTHENTICATED", family: "AUTH", retryable: false },
      });
    if (close.code === 4403)
      return errorFromGraphQL({
        message: String(close.reason || "forbidden"),
        extensions: { code: "ERR_FORBIDDEN", family: "AUTH", retryable: false },
      });
    return new NetworkError(`the subscription socket closed (${close.code}${close.reason ? `: ${String(close.reason)}` : ""})`);
  }
  if (error instanceof Error) return new NetworkError(`the subscription socket failed: ${error.message}`);
  return new NetworkError("the subscription socket failed");
}
