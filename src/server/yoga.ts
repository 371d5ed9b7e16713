// GraphQL over HTTP (POST, GET, SSE) and GraphiQL, via graphql-yoga. Authentication happens
// here, once per request (the principal goes into the context); authorization is the
// schema's (src/graphql/auth-scopes.ts).
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { createGraphQLError, createYoga, handleStreamOrSingleExecutionResult, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { NoSchemaIntrospectionCustomRule, type ExecutionResult } from "graphql";
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import { CSRF_REFUSED } from "../contracts/errors.js";
import type { Principal } from "../domain/principal.js";
import type { CanonServices, GraphQLContext } from "../graphql/builder.js";
import type { WatchDelivery } from "../live/watch-delivery.js";
import { schema } from "../graphql/schema.js";
import { preauthenticated } from "./body-gate.js";
import { codedError } from "./error-codes.js";
import { useInputGuard } from "./input-guard.js";
import { useReadPermits } from "./read-permits.js";
import { yogaLogging } from "./yoga-logging.js";
import { GRAPHIQL_OPTIONS, renderGraphiQLPage } from "./graphiql-page.js";
import { useSSEKeepAlive } from "./keep-alive-sse.js";
import { useSharedSubscriptionExecution } from "./shared-execution.js";
import { queryLimitPlugins } from "./limits.js";
import { requestIdOf } from "./request-context.js";
import { pageSecurityHeaders } from "./web-pages.js";

export type CanonYoga = YogaServerInstance<Record<string, unknown>, GraphQLContext>;

export interface YogaOptions {
  introspection: boolean;
  graphiql: boolean;
  /** How often an SSE subscription gets a `:` comment when idle (0: never). */
  keepAliveMs: number;
}

/** Request errors found before execution (syntax, validation) get their codes here. */
function useErrorCodes(logger: Logger): Plugin {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      const single = result as ExecutionResult;
      if (Array.isArray(result) || !single || typeof single !== "object" || !("errors" in single) || !single.errors) return;
      const requestId = requestIdOf((serverContext as { req?: IncomingMessage }).req);
      setResult({ ...single, errors: single.errors.map((error) => codedError(error, logger, requestId)) });
    },
  };
}

/** What a timed-out or abandoned request ends with: yoga must see it as it is, never masked. */
const isAbort = (error: unknown) => error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");

/**
 * Execution errors get their codes where the request's context, and so its id, is known: an
 * unexpected error is logged and masked with the id the client gets. yoga's own masking
 * (`maskedErrors`, after every plugin here) then finds them coded and leaves them as they are,
 * so each error it would have changed is reported to yoga's log here, as yoga does (`yogaLog`).
 */
function useExecutionErrorCodes(logger: Logger, yogaLog: ReturnType<typeof yogaLogging>): Plugin<GraphQLContext> {
  const coded = (error: unknown, requestId: string | undefined) => {
    const result = codedError(error, logger, requestId);
    if (result !== error) yogaLog.error(error);
    return result;
  };
  const coding =
    (context: unknown) =>
    ({ result, setResult }: { result: ExecutionResult; setResult: (result: ExecutionResult) => void }) => {
      if (!result.errors?.length) return;
      const requestId = (context as Partial<GraphQLContext> | undefined)?.requestId;
      setResult({ ...result, errors: result.errors.map((error) => coded(error, requestId)) });
    };
  return {
    onExecute: ({ args }) => ({ onExecuteDone: (payload) => handleStreamOrSingleExecutionResult(payload, coding(args.contextValue)) }),
    onSubscribe: ({ args }) => ({
      onSubscribeResult: (payload) => handleStreamOrSingleExecutionResult(payload, coding(args.contextValue)),
      onSubscribeError: ({ error, setError }) => {
        if (!isAbort(error)) setError(coded(error, (args.contextValue as Partial<GraphQLContext>).requestId));
      },
    }),
  };
}

/** GraphiQL's page may carry a token in its URL: the same strict headers as the dashboard. */
const usePageSecurityHeaders = (): Plugin => ({
  onResponse({ response }) {
    if (!response.headers.get("content-type")?.startsWith("text/html")) return;
    for (const [name, value] of Object.entries(pageSecurityHeaders("graphiql"))) response.headers.set(name, value);
  },
});

/** Introspection off: graphql-js's own validation rule, added to every request. */
const useNoIntrospection = (): Plugin => ({
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
});

/** The token in `Authorization: Bearer <token>` (HTTP and SSE), or null. */
export const bearerToken = (header: string | null | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
};

export const unauthenticated = () =>
  createGraphQLError("a valid API token is required: send `Authorization: Bearer <token>`", {
    extensions: {
      family: "AUTH",
      code: "ERR_UNAUTHENTICATED",
      retryable: false,
      http: { status: 401, headers: { "www-authenticate": "Bearer" } },
    },
  });

/**
 * graphql-yoga's CSRF prevention, answering with its own code (ERR_CSRF_REFUSED, HTTP 403) so
 * that clients and logs can tell a refused cross-site request from malformed input.
 */
function useCsrfRefusal(): Plugin {
  const prevention = useCSRFPrevention({ requestHeaders: ["authorization", "x-graphql-yoga-csrf"] });
  return {
    onRequestParse(payload) {
      try {
        return prevention.onRequestParse?.(payload);
      } catch {
        throw createGraphQLError(
          "refused as a possible cross-site request: send `Authorization: Bearer <token>` (or an `x-graphql-yoga-csrf` header)",
          {
            extensions: { ...CSRF_REFUSED, http: { status: 403 } },
          },
        );
      }
    },
  };
}

/** What graphql-ws passes into the context factory for a subscription on an authenticated socket. */
export interface SocketContext {
  principal: Principal;
  delivery: WatchDelivery;
  requestId: string;
}

/**
 * One request's context. Written field by field: on Node 20, `{ ...services, principal, … }`
 * took about 4 µs a request (V8's slow path for a spread followed by more properties), this
 * literal about 20 ns.
 */
const contextOf = (services: CanonServices, principal: Principal, requestId: string, delivery: WatchDelivery | null): GraphQLContext => ({
  store: services.store,
  watcher: services.watcher,
  runsWatcher: services.runsWatcher,
  tasks: services.tasks,
  tokens: services.tokens,
  commitLimiter: services.commitLimiter,
  sessions: services.sessions,
  reads: services.reads,
  principal,
  requestId,
  delivery,
});

export function createCanonYoga(services: CanonServices, logger: Logger, options: YogaOptions): CanonYoga {
  const yogaLog = yogaLogging(logger);
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    context: async (initial): Promise<GraphQLContext> => {
      // graphql-ws authenticated the socket once, at connection_init, and passes how its
      // subscriptions write to the socket (websocket.ts).
      const socket = initial as Partial<SocketContext>;
      const req = (initial as { req?: IncomingMessage }).req;
      const requestId = socket.requestId ?? requestIdOf(req) ?? "";
      if (socket.principal) return contextOf(services, socket.principal, requestId, socket.delivery ?? null);
      // A request with a body was authenticated before its body was read (body-gate.ts).
      let principal: Principal | null | undefined = req && preauthenticated.get(req);
      if (!principal) {
        const token = bearerToken(initial.request?.headers.get("authorization"));
        try {
          principal = token ? await services.tokens.authenticate(token) : null;
        } catch (error) {
          throw codedError(error, logger, requestId);
        }
      }
      if (!principal) throw unauthenticated();
      return contextOf(services, principal, requestId, null);
    },
    landingPage: false,
    healthCheckEndpoint: "/livez",
    // Off unless configured: a batch would multiply every per-request limit.
    batching: false,
    // The body gate (body-gate.ts) has counted every body against CANON_MAX_BODY_BYTES before
    // yoga sees it; yoga's own count would pipe each body through a second stream.
    maxRequestBodySize: false,
    // Served from Canon's own origin (graphiql-page.ts); the page reads `?token=` itself.
    graphiql: options.graphiql ? () => GRAPHIQL_OPTIONS : false,
    renderGraphiQL: renderGraphiQLPage,
    maskedErrors: { maskError: (error) => codedError(error, logger) },
    logging: yogaLog,
    plugins: [
      // Browsers send simple cross-site requests without preflight; every real client sends
      // one of these headers (a token needs Authorization anyway).
      useCsrfRefusal(),
      useInputGuard(),
      ...queryLimitPlugins(),
      ...(options.introspection ? [] : [useNoIntrospection()]),
      useErrorCodes(logger),
      useExecutionErrorCodes(logger, yogaLog),
      useReadPermits(services.reads),
      usePageSecurityHeaders(),
      useSSEKeepAlive(options.keepAliveMs),
      useSharedSubscriptionExecution(logger),
    ],
  });
}
