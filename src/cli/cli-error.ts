// How a command fails: a message for people (never a stack trace) and an exit code.
export const EXIT = {
  OK: 0,
  /** The work failed: a divergence, a refused import, an unknown run. */
  FAILED: 1,
  /** The command line is wrong: unknown command or flag, missing or bad argument. */
  USAGE: 2,
  /** The data directory is held by another process: try again once it is gone (sysexits EX_TEMPFAIL). */
  BUSY: 75,
  /** Configuration or environment: bad variable, unreachable database, schema behind (sysexits EX_CONFIG). */
  CONFIG: 78,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.FAILED,
  ) {
    super(message);
  }
}
