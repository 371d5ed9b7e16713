// graphql-ws on the same /graphql path, executing through yoga's envelop so errors are
// coded and masked exactly as over HTTP.
import type { Server } from "node:http";
import type { ExecutionArgs } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import type { Logger } from "pino";
import { WebSocketServer, type WebSocket } from "ws";
import { codedError } from "./error-codes.js";
import type { CanonYoga } from "./yoga.js";

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

/** `keepAliveMs`: how often each socket is pinged; a socket that missed the last pong is closed (0: never). */
export function attachGraphQLWebSocket(httpServer: Server, yoga: CanonYoga, logger: Logger, keepAliveMs: number) {
  const wsServer = new WebSocketServer({ server: httpServer, path: yoga.graphqlEndpoint, maxPayload: 1024 * 1024 });
  const stopPinging = keepAlive(wsServer, keepAliveMs);
  const disposable = useServer(
    {
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args as ExecutionArgs) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args as ExecutionArgs) as never,
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
        });
        let document;
        try {
          document = parse(params.query);
        } catch (error) {
          return [codedError(error, logger)];
        }
        const errors = validate(schema, document);
        if (errors.length) return errors.map((error: unknown) => codedError(error, logger));
        return {
          schema,
          document,
          operationName: params.operationName,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        };
      },
    },
    wsServer,
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
 * terminated, which ends its subscriptions and frees their buffers.
 */
function keepAlive(wsServer: WebSocketServer, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  const answered = new WeakMap<WebSocket, boolean>();
  wsServer.on("connection", (socket) => {
    answered.set(socket, true);
    socket.on("pong", () => answered.set(socket, true));
  });
  const timer = setInterval(() => {
    for (const socket of wsServer.clients) {
      if (answered.get(socket) === false) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
