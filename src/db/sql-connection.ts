// The few things that go below Prisma: run a multi-statement script, run a parameterised query,
// hold one session for an advisory lock (the migrator and admin tasks; Prisma's raw queries go
// through the extended protocol, which refuses multi-statement scripts), and the commit path's
// statements (the append, the ledger NOTIFY), which skip Prisma's query engine and tracing on
// the hottest path (docs/benchmark-log.md, 2026-12-03). Errors are the driver's own (SQLSTATE in `code`).
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

export interface SqlSession {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * A statement PostgreSQL parses and plans once per connection and then only executes (a named
 * prepared statement, made by the driver on first use). For the commit path's fixed statements:
 * planning the append was about a third of its database time (docs/benchmark-log.md,
 * 2026-12-03). PGlite runs it as plain text. `name` must be unique per text.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

export interface SqlConnection {
  /** One statement on whichever session is free (PGlite: after any open transaction). */
  query<Row>(statement: string | PreparedStatement, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` on one dedicated session (so session-level advisory locks hold). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}

/**
 * PGlite has exactly one session, and an advisory lock cannot keep apart two callers that share
 * a session (it is re-entrant). So callers take turns here: each gets the session to itself.
 */
export function pgliteConnection(client: PGlite): SqlConnection {
  const session: SqlSession = {
    exec: async (script) => void (await client.exec(script)),
    query: async <Row>(text: string, params: unknown[] = []) => (await client.query<Row>(text, params)).rows,
  };
  let turn: Promise<unknown> = Promise.resolve();
  return {
    // PGlite runs each query exclusively, waiting for a transaction in progress (Prisma's included).
    query: (statement, params) => session.query(typeof statement === "string" ? statement : statement.text, params),
    withSession(work) {
      const mine = turn.catch(() => {}).then(() => work(session));
      turn = mine;
      return mine;
    },
  };
}

export function pgPoolConnection(pool: pg.Pool): SqlConnection {
  return {
    query: async <Row>(statement: string | PreparedStatement, params: unknown[] = []) =>
      (await pool.query(typeof statement === "string" ? { text: statement, values: params } : { ...statement, values: params }))
        .rows as Row[],
    async withSession(work) {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (script) => void (await client.query(script)),
          query: async <Row>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
  };
}
