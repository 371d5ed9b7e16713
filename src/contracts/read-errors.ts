// Errors of reads that would cost too much (docs/limits.md): a response over the byte limit,
// and a token with too many expensive reads in flight.
import { CanonError, InvalidInputError } from "./errors.js";

/** One response may carry at most CANON_MAX_RESPONSE_BYTES; this one would not fit. */
export class ResponseTooLargeError extends CanonError {
  constructor(
    readonly limitBytes: number,
    readonly requestedBytes: number,
    readonly field: string,
    advice: string,
    readonly pagingArguments: string[] = [],
  ) {
    super({
      family: "INPUT",
      code: "ERR_RESPONSE_TOO_LARGE",
      message: `${field} would bring this response to about ${requestedBytes} bytes, over its limit of ${limitBytes}; ${advice}`,
      retryable: false,
      details: { limitBytes, requestedBytes, field, pagingArguments },
    });
  }
}

/** The token already has as many expensive reads (states, pages of history) in flight as it may. */
export class ReadsBusyError extends CanonError {
  constructor(
    readonly inFlight: number,
    readonly waiting: number,
  ) {
    super({
      // An API-layer error, like ERR_RATE_LIMITED: the token asks too much at once (docs/errors.md).
      family: "RATE_LIMIT",
      code: "ERR_READS_BUSY",
      message: `this token has ${inFlight} expensive reads running and ${waiting} waiting; retry when one has finished`,
      retryable: true,
      details: { inFlight, waiting },
    });
  }
}

/** A page's `after` names nothing in this run: said plainly, rather than an empty page that looks like the end. */
export const unknownCursor = (what: string, id: string): InvalidInputError =>
  new InvalidInputError(`after: no ${what} ${id} in this run`, [{ path: "/after", message: `no ${what} with this id in this run` }]);
