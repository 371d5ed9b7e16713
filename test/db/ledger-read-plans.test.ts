// Reads of one run's ledger must touch only the rows they return, whatever the planner believes
// about the run. A run that grew after the table's last ANALYZE is estimated at one row, and
// then every index starting with run_id looks equally good: with a full (run_id,
// idempotency_key) index, PostgreSQL walked and filtered the whole run for a stateAt or a
// history page (bench:ledger: 3-4x slower at 10,000 versions than at 10). The statistics here
// are made stale on purpose: ANALYZE before the run exists, autovacuum off, then grow the run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/database.js";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { CHAIN_STATEMENT, SNAPSHOT_STATEMENT } from "../../src/store/ledger-codec.js";
import { RunStore } from "../../src/store/run-store.js";
import { backendName, openMigratedDatabase } from "../support/database.js";

const producer = { component_id: "plans-test", component_version: "1", kind: "RUNTIME" } as const;
const provenance = [{ source_type: "SYSTEM", source_id: "plans-test", trust_class: "INTERNAL" } as const];
const VERSIONS = 10_000;
/** Rows a scan may read (returned or filtered out) for a read of a handful of entries. */
const ROWS_PER_SCAN = 64;

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

/** Every scan of the plan, with the rows it read: the ones it passed on and the ones it filtered out. */
function scans(node: PlanNode, found: { node: string; index: string | null; rowsRead: number }[] = []) {
  if (/Scan/.test(node["Node Type"])) {
    const loops = node["Actual Loops"] ?? 1;
    found.push({
      node: node["Node Type"],
      index: node["Index Name"] ?? null,
      rowsRead: ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * loops,
    });
  }
  for (const child of node.Plans ?? []) scans(child, found);
  return found;
}

describe(`ledger reads with stale statistics (${backendName})`, () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let runId: string;

  async function plan(statement: string, params: unknown[]) {
    const [row] = await db.sql.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`, params);
    const json = row!["QUERY PLAN"];
    const [{ Plan }] = (typeof json === "string" ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    return scans(Plan);
  }

  beforeAll(async () => {
    ({ db, dispose } = await openMigratedDatabase());
    const store = new RunStore(db, new InProcessChangeFeed());
    const start = async (objective: string) => (await store.startRun({ objective, workspaceRoot: "/w", producer, provenance })).run.id;
    // Entries are copies of a run's first one: the planner sees only how many there are, and a
    // real commit per entry would take minutes for the sizes that make the plan go wrong.
    const grow = (id: string, entries: number) =>
      db.sql.query(
        `INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer", "provenance",
           "state", "snapshot_version", "content_hash", "parent_hash", "entry_hash", "idempotency_key", "created_at")
         SELECT "run_id", g, g, "kind", "operations", "producer", "provenance", "state", g, "content_hash",
           "parent_hash", "entry_hash", CASE WHEN g % 100 = 0 THEN 'key-' || g END, "created_at"
         FROM "ledger_entry", generate_series(1, $2::int) AS g WHERE "run_id" = $1 AND "seq" = 0`,
        [id, entries],
      );
    // Runs of different lengths, so that ANALYZE keeps each as a most common value and a run it
    // did not see is estimated at one row.
    for (const [i, entries] of [300, 500, 800].entries()) await grow(await start(`other ${i}`), entries);
    await db.sql.query(`ALTER TABLE "ledger_entry" SET (autovacuum_enabled = false)`);
    await db.sql.query(`ANALYZE "ledger_entry"`);
    runId = await start("grows after ANALYZE");
    await grow(runId, VERSIONS);
  }, 120_000);

  afterAll(async () => {
    await dispose?.();
  });

  const cases: [string, string, () => unknown[]][] = [
    ["the snapshot a version's chain starts at (stateAt, diff)", SNAPSHOT_STATEMENT, () => [runId, 7_207]],
    ["the chain from a snapshot to a version", CHAIN_STATEMENT, () => [runId, 7_200, 7_207]],
    [
      "a COMMIT by version (stateAt's entry)",
      `SELECT * FROM "ledger_entry" WHERE "run_id" = $1 AND "state_version" = $2 AND "kind" = 'COMMIT'`,
      () => [runId, 7_207],
    ],
    [
      "a history page (seq after a cursor, oldest first)",
      `SELECT * FROM "ledger_entry" WHERE "run_id" = $1 AND "seq" > $2 ORDER BY "seq" ASC LIMIT $3 OFFSET $4`,
      () => [runId, 7_000, 11, 0],
    ],
    [
      "the entry of an idempotency key",
      `SELECT * FROM "ledger_entry" WHERE "run_id" = $1 AND "idempotency_key" = $2 LIMIT $3`,
      () => [runId, "key-7000", 1],
    ],
  ];

  it.each(cases)("%s reads only the rows near it", async (_name, statement, params) => {
    const found = await plan(statement, params());
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((scan) => scan.rowsRead)), JSON.stringify(found)).toBeLessThanOrEqual(ROWS_PER_SCAN);
  });
});
