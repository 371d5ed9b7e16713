// Configuration is checked once, at start: every bad value is reported together, each with its
// variable (or flag) and the values it accepts; a non-PostgreSQL DATABASE_URL is refused.
import { describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { ConfigError, configFromEnv, MAX_WORKERS, unknownCanonVariables } from "../../src/server/config.js";

const problems = (env: NodeJS.ProcessEnv, flags = {}) => {
  try {
    configFromEnv(env, flags);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
};

describe("configuration", () => {
  it("has defaults that need no variable at all", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 4000,
      database: { kind: "pglite", dataDir: "./.canon/data" },
      logLevel: "info",
      graphiql: true,
      introspection: true,
    });
    expect(configFromEnv({ CANON_HOST: "0.0.0.0" })).toMatchObject({ graphiql: false, introspection: false });
  });

  it("names each bad value with its variable and the values it accepts, all at once", () => {
    const found = problems({ CANON_LOG_LEVEL: "loud", CANON_PORT: "http", CANON_GRAPHIQL: "maybe", CANON_WATCH_BUFFER: "0" });
    expect(found).toEqual([
      'CANON_PORT="http" is not valid: expected a port number from 0 to 65535 (0 picks a free one)',
      'CANON_LOG_LEVEL="loud" is not valid: expected fatal, error, warn, info, debug, trace, silent',
      'CANON_WATCH_BUFFER="0" is not valid: expected a number of ledger entries, 1 or more',
      'CANON_GRAPHIQL="maybe" is not valid: expected true, false, 1, 0, on, off, yes, no',
    ]);
    expect(new ConfigError(found).message).toMatch(/^4 configuration problems:\n {2}CANON_PORT=/);
  });

  it("reads CANON_WORKERS as a number of processes, or auto (one per available core)", () => {
    expect(configFromEnv({}).workers).toBe(1);
    expect(configFromEnv({ CANON_WORKERS: "3" }).workers).toBe(3);
    expect(configFromEnv({ CANON_WORKERS: " Auto " }).workers).toBe(Math.min(availableParallelism(), MAX_WORKERS));
    const accepts = `a number of worker processes from 1 to ${MAX_WORKERS}, or auto (one per available core); more than 1 needs PostgreSQL`;
    expect(problems({ CANON_WORKERS: "0" })).toEqual([`CANON_WORKERS="0" is not valid: expected ${accepts}`]);
    expect(problems({ CANON_WORKERS: "all" })).toEqual([`CANON_WORKERS="all" is not valid: expected ${accepts}`]);
    expect(problems({ CANON_WORKERS: String(MAX_WORKERS + 1) })).toHaveLength(1);
  });

  it("names flags as flags", () => {
    expect(problems({}, { port: "70000" })).toEqual([
      '--port="70000" is not valid: expected a port number from 0 to 65535 (0 picks a free one)',
    ]);
    expect(configFromEnv({ CANON_PORT: "1" }, { port: "0", host: "::1" })).toMatchObject({ port: 0, host: "::1" });
  });

  it("refuses a DATABASE_URL that is not a PostgreSQL URL", () => {
    for (const url of ["mysql://root@localhost/canon", "not-a-url", "http://db:5432/canon"]) {
      expect(problems({ DATABASE_URL: url })).toEqual([
        expect.stringMatching(/^DATABASE_URL=".*" is not valid: expected a PostgreSQL URL, postgresql:\/\//),
      ]);
    }
    for (const url of ["postgresql://canon:secret@db:5432/canon", "postgres://localhost/canon"]) {
      expect(configFromEnv({ DATABASE_URL: url }).database).toMatchObject({ kind: "postgres", url });
    }
  });

  it("never repeats a secret: the admin token is not shown, a URL's password is masked", () => {
    expect(problems({ CANON_ADMIN_TOKEN: "hunter2" })).toEqual([
      expect.stringMatching(
        /^CANON_ADMIN_TOKEN \(value not shown\) is not valid: expected canon_ followed by 32 to 100 base64url characters/,
      ),
    ]);
    expect(problems({ DATABASE_URL: "mysql://root:hunter2@db/canon" })[0]).toMatch(
      /^DATABASE_URL="mysql:\/\/root:\*\*\*@db\/canon" is not valid/,
    );
  });

  it("points out variables that look like Canon's but are not", () => {
    expect(unknownCanonVariables({ CANON_LOGLEVEL: "debug", CANON_PORT: "1", PATH: "/bin" })).toEqual(["CANON_LOGLEVEL"]);
  });
});
