// The few things the migrator and admin tasks need below Prisma: run a multi-statement
// script, run a parameterised query, hold one session for an advisory lock. Prisma's raw
// queries go through the extended protocol, which refuses multi-statement scripts.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

export interface SqlSession {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface SqlConnection {
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
    withSession(work) {
      const mine = turn.catch(() => {}).then(() => work(session));
      turn = mine;
      return mine;
    },
  };
}

export function pgPoolConnection(pool: pg.Pool): SqlConnection {
  return {
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
