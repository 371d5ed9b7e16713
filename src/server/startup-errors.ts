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
