// Every error a client sees carries an ErrorV1-style code in its extensions. Canon's own
// failures keep theirs; GraphQL's request errors (syntax, validation, variable types) are
// input errors; anything unexpected is logged and masked, so no stack or SQL leaves the server.
import { GraphQLError } from "graphql";
import type { Logger } from "pino";
import { CanonError, internalError } from "../contracts/errors.js";

/** `requestId`: the request's (request-context.ts), logged with an unexpected error and given to the client with it. */
export function codedError(error: unknown, logger: Logger, requestId?: string): GraphQLError {
  const graphqlError = error instanceof GraphQLError ? error : null;
  const original = graphqlError ? graphqlError.originalError : error;
  const position = { nodes: graphqlError?.nodes, path: graphqlError?.path };
  if (original instanceof CanonError) {
    const { details, ...code } = original.toJSON();
    return new GraphQLError(original.message, { ...position, extensions: { ...code, ...(details ? { details } : {}) } });
  }
  if (graphqlError && (!original || original instanceof GraphQLError)) {
    const code = graphqlError.extensions.code;
    if (typeof code === "string" && code.startsWith("ERR_")) return graphqlError;
    return new GraphQLError(graphqlError.message, {
      ...position,
      extensions: {
        ...graphqlError.extensions,
        ...(code ? { graphqlCode: code } : {}),
        family: "INPUT",
        code: "ERR_INVALID_INPUT",
        retryable: false,
      },
    });
  }
  logger.error({ err: original, requestId }, "unexpected error while serving a request");
  const masked = internalError();
  return new GraphQLError(masked.message, { ...position, extensions: { ...masked, ...(requestId ? { requestId } : {}) } });
}
