// GraphQL over HTTP (POST, GET, SSE) and GraphiQL, via graphql-yoga.
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import type { ExecutionResult } from "graphql";
import type { Logger } from "pino";
import type { GraphQLContext } from "../graphql/builder.js";
import { schema } from "../graphql/schema.js";
import { codedError } from "./error-codes.js";
import { GRAPHIQL_DEFAULT_QUERY, GRAPHIQL_DEFAULT_VARIABLES } from "./graphiql-default-query.js";
import { useSSEKeepAlive } from "./keep-alive-sse.js";
import { useSharedSubscriptionExecution } from "./shared-execution.js";

export type CanonYoga = YogaServerInstance<Record<string, unknown>, GraphQLContext>;

/** Request errors found before execution (syntax, validation) get their codes here. */
function useErrorCodes(logger: Logger): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      const single = result as ExecutionResult;
      if (Array.isArray(result) || !single || typeof single !== "object" || !("errors" in single) || !single.errors) return;
      setResult({ ...single, errors: single.errors.map((error) => codedError(error, logger)) });
    },
  };
}

/** `keepAliveMs`: how often an SSE subscription gets a `:` comment when idle (0: never). */
export function createCanonYoga(context: GraphQLContext, logger: Logger, keepAliveMs: number): CanonYoga {
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    context: () => context,
    landingPage: false,
    healthCheckEndpoint: "/livez",
    graphiql: {
      title: "Canon",
      defaultQuery: GRAPHIQL_DEFAULT_QUERY,
      defaultVariableEditorOpen: true,
      variables: GRAPHIQL_DEFAULT_VARIABLES,
      subscriptionsProtocol: "WS",
    } as never,
    maskedErrors: { maskError: (error) => codedError(error, logger) },
    logging: {
      debug: (...args) => logger.debug(args.map(String).join(" ")),
      info: (...args) => logger.info(args.map(String).join(" ")),
      warn: (...args) => logger.warn(args.map(String).join(" ")),
      error: (...args) => logger.error(args.map(String).join(" ")),
    },
    plugins: [useErrorCodes(logger), useSSEKeepAlive(keepAliveMs), useSharedSubscriptionExecution()],
  });
}
