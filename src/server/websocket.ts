// graphql-ws on the same /graphql path, executing through yoga's envelop so errors are
// coded and masked exactly as over HTTP.
import type { Server } from "node:http";
import type { ExecutionArgs } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import type { Logger } from "pino";
import { WebSocketServer } from "ws";
import { codedError } from "./error-codes.js";
import type { CanonYoga } from "./yoga.js";

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

export function attachGraphQLWebSocket(httpServer: Server, yoga: CanonYoga, logger: Logger) {
  const wsServer = new WebSocketServer({ server: httpServer, path: yoga.graphqlEndpoint, maxPayload: 1024 * 1024 });
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
      for (const client of wsServer.clients) client.close(1001, "Canon is shutting down");
      await disposable.dispose();
    },
  };
}
