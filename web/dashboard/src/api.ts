// The dashboard's only door to Canon: GraphQL queries over HTTP and subscriptions over
// graphql-ws, both to this page's own origin, with the tab's token. Views see this narrow
// interface, not the transport.
import { createClient, type Client } from "graphql-ws";

/** A GraphQL or transport error, with Canon's error code when there is one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface Sink<T> {
  next(data: T): void;
  error(error: ApiError): void;
  complete?(): void;
}

export interface CanonApi {
  query<T>(document: string, variables?: Record<string, unknown>): Promise<T>;
  /** Starts a subscription; the returned function ends it. */
  subscribe<T>(document: string, variables: Record<string, unknown>, sink: Sink<T>): () => void;
  dispose(): void;
}

interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string };
}

const fromErrors = (errors: readonly GraphQLErrorLike[]) =>
  new ApiError(errors.map((e) => e.message).join("; "), errors[0]?.extensions?.code ?? "ERR_GRAPHQL");

/** A socket closed by the server with 4401/4403 is an authentication answer, not a network blip. */
function fromSocketError(error: unknown): ApiError {
  if (Array.isArray(error)) return fromErrors(error as GraphQLErrorLike[]);
  if (error && typeof error === "object" && "code" in error && typeof (error as CloseEvent).code === "number") {
    const close = error as CloseEvent;
    if (close.code === 4401) return new ApiError("the token was refused", "ERR_UNAUTHENTICATED");
    if (close.code === 4403) return new ApiError("the token may not do this", "ERR_FORBIDDEN");
    return new ApiError(`connection closed (${close.code}${close.reason ? `: ${close.reason}` : ""})`, "ERR_NETWORK");
  }
  return new ApiError(error instanceof Error ? error.message : String(error), "ERR_NETWORK");
}

export function createApi(token: string, endpoint = new URL("/graphql", location.href)): CanonApi {
  let socket: Client | undefined;
  const wsUrl = new URL(endpoint);
  wsUrl.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";
  const ws = () =>
    (socket ??= createClient({
      url: wsUrl.href,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 10,
      // Refusals (bad token, revoked) are final; network drops are retried.
      shouldRetry: (event) => !(event && typeof event === "object" && "code" in event && [4401, 4403].includes((event as CloseEvent).code)),
    }));

  return {
    async query<T>(document: string, variables: Record<string, unknown> = {}) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: document, variables }),
        });
      } catch (error) {
        throw new ApiError(`Canon did not answer: ${(error as Error).message}`, "ERR_NETWORK");
      }
      const body = (await response.json().catch(() => ({}))) as { data?: T; errors?: GraphQLErrorLike[] };
      if (body.errors?.length) throw fromErrors(body.errors);
      if (!response.ok || !body.data) throw new ApiError(`HTTP ${response.status}`, response.status === 401 ? "ERR_UNAUTHENTICATED" : "ERR_HTTP");
      return body.data;
    },
    subscribe<T>(document: string, variables: Record<string, unknown>, sink: Sink<T>) {
      return ws().subscribe<T>(
        { query: document, variables },
        {
          next: (result) => (result.errors?.length ? sink.error(fromErrors(result.errors as GraphQLErrorLike[])) : sink.next(result.data as T)),
          error: (error) => sink.error(fromSocketError(error)),
          complete: () => sink.complete?.(),
        },
      );
    },
    dispose() {
      void socket?.dispose();
    },
  };
}
