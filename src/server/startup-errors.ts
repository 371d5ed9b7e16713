// Why a server could not start, as errors the CLI turns into one line each (kept apart from
// canon-server.ts so that reporting them does not load the whole server).

/** Bound beyond loopback with no token: anyone who can reach it could read and write every run. */
export class InsecureBindError extends Error {}

/** Another process listens on the configured port. */
export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`port ${port} on ${host} is already in use: stop what listens there, or choose another port with --port or CANON_PORT`);
  }
}

/** CANON_WORKERS above 1 on the embedded database: PGlite is one process's database. */
export class WorkersNeedPostgresError extends Error {
  constructor(workers: number) {
    super(
      `CANON_WORKERS=${workers} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) lives inside one process, ` +
        "so only one process can serve it. Unset CANON_WORKERS (or set it to 1), or set DATABASE_URL.",
    );
  }
}

/** A worker process of `canon serve` exited before it was serving: the whole server stops. */
export class WorkerStartError extends Error {
  constructor(
    message: string,
    /** The worker's exit code (its own error was printed by the worker, on stderr). */
    readonly exitCode: number,
  ) {
    super(message);
  }
}
