// graphql-ws on the same /graphql path, executing through yoga's envelop so errors are
// coded and masked exactly as over HTTP. The socket authenticates once, in connection_init
// (`{ "authorization": "Bearer <token>" }`, or `{ "token": "<token>" }`): without a valid token
// it is closed with 4401; a subscription the token may not make closes it with 4403; revoking
// the token closes its sockets with 4401.
import type { Server } from "node:http";
import type { ExecutionArgs, GraphQLError } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import type { Logger } from "pino";
import { WebSocketServer, type WebSocket } from "ws";
import type { Principal } from "../domain/principal.js";
import type { TokenSessions } from "../graphql/token-sessions.js";
import type { TokenStore } from "../store/token-store.js";
import { codedError } from "./error-codes.js";
import { requestIdFrom } from "./request-context.js";
import { socketDelivery, type CloseFor } from "../live/socket-sink.js";
import { bearerToken, type CanonYoga, type SocketContext } from "./yoga.js";

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

interface SocketAuth {
  principal?: Principal;
  forget?: () => void;
}

export const WS_UNAUTHORIZED = 4401;
export const WS_FORBIDDEN = 4403;

function tokenOf(params: Readonly<Record<string, unknown>> | undefined, upgradeHeader: string | undefined): string | null {
  if (typeof params?.token === "string") return params.token;
  const header = params?.authorization ?? params?.Authorization;
  return bearerToken(typeof header === "string" ? header : upgradeHeader);
}

/** A result with these errors closes the socket: the token may not (or no longer) subscribe. */
const closeFor: CloseFor = (codes) => {
  if (codes.includes("ERR_FORBIDDEN")) return { code: WS_FORBIDDEN, reason: "Forbidden" };
  if (codes.includes("ERR_UNAUTHENTICATED")) return { code: WS_UNAUTHORIZED, reason: "Unauthorized" };
  return null;
};

/** `keepAliveMs`: how often each socket is pinged; a socket that missed the last pong is closed (0: never). */
export function attachGraphQLWebSocket(
  httpServer: Server,
  yoga: CanonYoga,
  logger: Logger,
  auth: { tokens: TokenStore; sessions: TokenSessions },
  keepAliveMs: number,
) {
  const wsServer = new WebSocketServer({ server: httpServer, path: yoga.graphqlEndpoint, maxPayload: 1024 * 1024 });
  const stopPinging = keepAlive(wsServer, keepAliveMs);
  const disposable = useServer(
    {
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args as ExecutionArgs) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args as ExecutionArgs) as never,
      onConnect: async (ctx) => {
        const token = tokenOf(ctx.connectionParams, ctx.extra.request.headers.authorization);
        const principal = token ? await auth.tokens.authenticate(token) : null;
        const socket = ctx.extra.socket;
        if (!principal) {
          socket.close(WS_UNAUTHORIZED, "Unauthorized");
          return false;
        }
        const state = ctx.extra as unknown as SocketAuth;
        state.principal = principal;
        state.forget = auth.sessions.register(principal.tokenId, () => socket.close(WS_UNAUTHORIZED, "Token revoked"));
        socket.once("close", () => state.forget?.());
        return true;
      },
      onNext: (ctx, _id, _payload, _args, result) => {
        const close = closeFor(((result as { errors?: readonly GraphQLError[] }).errors ?? []).map((error) => error.extensions?.code));
        if (close) ctx.extra.socket.close(close.code, close.reason);
      },
      onSubscribe: async (ctx, id, params) => {
        const principal = (ctx.extra as unknown as SocketAuth).principal;
        const requestId = requestIdFrom(undefined);
        // Run watches and runsChanged subscriptions write their events to this socket themselves.
        const socketContext: Omit<SocketContext, "requestId"> | undefined = principal && {
          principal,
          delivery: socketDelivery(ctx.extra.socket, ctx.extra.request.socket, id, closeFor),
        };
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
          requestId,
          ...socketContext,
        });
        let document;
        try {
          document = parse(params.query);
        } catch (error) {
          return [codedError(error, logger, requestId)];
        }
        const errors = validate(schema, document);
        if (errors.length) return errors.map((error: unknown) => codedError(error, logger, requestId));
        const contextValue = await contextFactory();
        return {
          schema,
          document,
          operationName: params.operationName,
          variableValues: params.variables,
          contextValue,
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        };
      },
    },
    wsServer,
    0, // keepAlive below pings instead: one mechanism, spread over the interval
  );
  return {
    async close() {
      stopPinging();
      for (const client of wsServer.clients) client.close(1001, "Canon is shutting down");
      await disposable.dispose();
    },
  };
}

/**
 * WebSocket ping frames (RFC 6455): every client answers them without any code, browsers
 * included, unlike graphql-ws's own ping message. They keep proxies from closing idle
 * subscriptions, and a peer that vanished without a close (no pong within one interval) is
 * terminated, which ends its subscriptions and frees their buffers. Sockets are pinged in
 * PING_SLICES turns spread over the interval: a thousand pings at once would hold up the events
 * due in that moment.
 */
const PING_SLICES = 10;

function keepAlive(wsServer: WebSocketServer, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  const answered = new WeakMap<WebSocket, boolean>();
  const sliceOf = new WeakMap<WebSocket, number>();
  let connections = 0;
  wsServer.on("connection", (socket) => {
    answered.set(socket, true);
    sliceOf.set(socket, connections++ % PING_SLICES);
    socket.on("pong", () => answered.set(socket, true));
  });
  let turn = 0;
  const timer = setInterval(() => {
    const slice = turn++ % PING_SLICES;
    for (const socket of wsServer.clients) {
      if (sliceOf.get(socket) !== slice) continue;
      if (answered.get(socket) === false) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs / PING_SLICES);
  timer.unref();
  return () => clearInterval(timer);
}
