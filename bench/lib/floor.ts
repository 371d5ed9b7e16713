// The floor: what the database itself can do for Canon's write. The same conditional UPDATE
// and ledger INSERT Canon's RunStore issues, in one statement, with the same bytes,
// but no HTTP, GraphQL, validation or ORM in front. Canon's throughput divided by this is the
// share of the database's capacity that Canon manages to deliver.
import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Outcome, Writer } from "./stats.js";
import { commitPayload, STORED_PRODUCER, STORED_PROVENANCE } from "./workload.js";

type Row = Record<string, any>;

/** A database the floor writers can run statements on. */
export interface FloorDatabase {
  describe: string;
  /** Set by floorWriters: which shape of ledger INSERT the database called for. */
  insertShape?: string;
  query(text: string, params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

// Copied from src/store/run-store.ts (appendStatement, COMMIT case; keep in step with it), with
// placeholders numbered for pg. Like Canon's, it is one statement: the conditional UPDATE and
// the ledger INSERT commit or fail together without BEGIN/COMMIT.
const APPEND = `
  WITH moved AS (
    UPDATE "run" SET
      "state_version" = $1,
      "ledger_seq" = "ledger_seq" + 1,
      "state" = $2::jsonb,
      "content_hash" = $3,
      "status" = $4,
      "head_parent_hash" = "head_hash",
      "head_hash" = 'sha256:' || encode(sha256(convert_to("head_hash" || '|' || ("ledger_seq" + 1) || '|' || $5, 'UTF8')), 'hex'),
      "updated_at" = now()
    WHERE "id" = $6 AND "state_version" = $7
    RETURNING "ledger_seq", "task_id", "session_id", "status", "created_at", "updated_at", "head_hash", "head_parent_hash"
  ), appended AS (
    INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer", "provenance",
      "reason", "state", "content_hash", "parent_hash", "entry_hash", "idempotency_key", "request_hash", "created_at")
    SELECT $6, m."ledger_seq", $1, 'COMMIT'::"LedgerKind", $8::jsonb, $9::jsonb, $10::jsonb,
      NULL, $2::jsonb, decode(substr($3, 8), 'hex'), decode(substr(m."head_parent_hash", 8), 'hex'),
      decode(substr(m."head_hash", 8), 'hex'), NULL, NULL, m."updated_at"
    FROM moved m
    RETURNING "seq"
  )
  SELECT m.* FROM moved m JOIN appended a ON a."seq" = m."ledger_seq"`;

/** A pg.Pool of `poolSize` connections: the same driver and pool size Canon uses. */
export function pgFloor(url: string, poolSize: number): FloorDatabase {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", () => {});
  return {
    describe: `plain pg.Pool (max ${poolSize}), same database`,
    query: async (text, params) => (await pool.query(text, params)).rows,
    close: () => pool.end(),
  };
}

/** A PGlite instance in this process on Canon's data directory (Canon must have exited). */
export async function pgliteFloor(dataDir: string): Promise<FloorDatabase> {
  const db = await PGlite.create(dataDir);
  return {
    describe: "PGlite in-process on the same data dir",
    query: async (text, params) => (await db.query<Row>(text, params)).rows,
    close: () => db.close(),
  };
}

/**
 * One writer per run, continuing from wherever Canon left the run. Per commit it does the
 * client-side minimum: build the next state, serialise it once, hash it, then the one
 * statement. It appends only if the UPDATE matched, exactly like Canon.
 */
export async function floorWriters(
  db: FloorDatabase,
  runIds: string[],
  planSteps: number,
): Promise<{ writers: Writer[]; startVersions: Map<string, number> }> {
  const rows = await db.query(`SELECT "id", "state_version", "status", "state"::text AS "state" FROM "run" WHERE "id" = ANY($1)`, [runIds]);
  const byId = new Map(rows.map((row) => [row.id as string, row]));
  const producer = JSON.stringify(STORED_PRODUCER);
  const provenance = JSON.stringify(STORED_PROVENANCE);
  const startVersions = new Map(rows.map((row) => [row.id as string, row.state_version as number]));
  const sha256 = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;
  db.insertShape = "one statement: conditional UPDATE + chained ledger INSERT";
  const writers = runIds.map((runId, writerIndex): Writer => {
    const row = byId.get(runId);
    if (!row) throw new Error(`run ${runId} is not in the database`);
    const base = JSON.parse(row.state as string);
    let version = row.state_version as number;
    return {
      async commit(): Promise<Outcome> {
        const expected = version;
        const payload = commitPayload(writerIndex, expected + 1, planSteps);
        const state = {
          ...base,
          plan: payload.plan,
          user_visible_status: payload.status,
          identity: { ...base.identity, state_version: expected + 1 },
        };
        const stateJson = JSON.stringify(state);
        const hash = sha256(stateJson);
        const operations = JSON.stringify(payload.ledger);
        // The entry digest Canon hashes canonically; one sha256 of the same fields stands in.
        const digest = sha256(`${runId}|${expected + 1}|COMMIT|${operations}|${producer}|${provenance}|${hash}`);
        const written =
          (await db.query(APPEND, [expected + 1, stateJson, hash, row.status, digest, runId, expected, operations, producer, provenance]))
            .length > 0;
        if (!written) {
          const now = await db.query(`SELECT "state_version" FROM "run" WHERE "id" = $1`, [runId]);
          version = (now[0]?.state_version as number | undefined) ?? expected;
          return { kind: "conflict", currentVersion: version };
        }
        version = expected + 1;
        return { kind: "ok" };
      },
    };
  });
  return { writers, startVersions };
}

/** Mean stored size of the state documents, so the output can show both sides wrote the same. */
export async function meanStateBytes(
  db: FloorDatabase,
  runIds: string[],
  fromVersionExclusive: Map<string, number> | null,
): Promise<number> {
  const rows = await db.query(
    `SELECT "run_id", "state_version", octet_length("state"::text) AS "bytes" FROM "ledger_entry" WHERE "run_id" = ANY($1) AND "kind" = 'COMMIT' AND "state_version" > 0`,
    [runIds],
  );
  const picked = rows.filter(
    (row) => !fromVersionExclusive || (row.state_version as number) > (fromVersionExclusive.get(row.run_id as string) ?? 0),
  );
  return picked.length ? picked.reduce((sum, row) => sum + Number(row.bytes), 0) / picked.length : NaN;
}
