// graphql-yoga's own log calls, into pino. Yoga reports every GraphQL error it meets at `error`,
// some of them twice (a syntax error is logged where it is parsed and again with the result).
// A client's mistake (a syntax or validation error, an unknown run, a refused token) is not a
// server fault: it is logged once, at `info`, with its code. Anything else stays at `error`.
import { GraphQLError } from "graphql";
import type { Logger } from "pino";
import { CanonError } from "../contracts/errors.js";

type YogaLogArgs = unknown[];

/** A GraphQL error that the client caused: parse/validation errors, and Canon's own non-SYSTEM errors. */
function clientMistake(value: unknown): GraphQLError | null {
  if (!(value instanceof GraphQLError)) return null;
  const original = value.originalError;
  if (original instanceof CanonError) return original.family === "SYSTEM" ? null : value;
  if (original && !(original instanceof GraphQLError)) return null;
  const family = value.extensions?.family;
  return family === "SYSTEM" ? null : value;
}

export function yogaLogging(logger: Logger) {
  const seen = new WeakSet<object>();
  const text = (args: YogaLogArgs) => args.map(String).join(" ");
  return {
    // yoga logs at debug twice per request: the text is not built when nobody reads it.
    debug: (...args: YogaLogArgs) => void (logger.isLevelEnabled("debug") && logger.debug(text(args))),
    info: (...args: YogaLogArgs) => logger.info(text(args)),
    warn: (...args: YogaLogArgs) => logger.warn(text(args)),
    error: (...args: YogaLogArgs) => {
      const mistakes = args.map(clientMistake);
      if (args.length && mistakes.every(Boolean)) {
        for (const error of mistakes as GraphQLError[]) {
          if (seen.has(error)) continue;
          seen.add(error);
          const code = error.extensions?.code ?? (error.originalError instanceof CanonError ? error.originalError.code : undefined);
          logger.info({ code, path: error.path?.join(".") }, `client error: ${error.message}`);
        }
        return;
      }
      logger.error(text(args));
    },
  };
}
