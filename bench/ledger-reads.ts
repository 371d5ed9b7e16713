// Reads of the ledger must not slow down as it grows: stateAt, a history page and a diff are
// timed over HTTP on runs with 10, 1,000 and 10,000 versions, on PGlite and on PostgreSQL, and
// the ratio between the largest and the smallest is printed. Also: bytes of ledger per commit.
//   npm run bench:ledger            (BENCH_DATABASE_URL / TEST_DATABASE_URL adds PostgreSQL)
import { createScratchDatabase } from "../scripts/scratch-database.js";
import { startCanon, type CanonServer } from "../src/server/canon-server.js";
import { configFromEnv } from "../src/server/config.js";
import { InProcessChangeFeed } from "../src/live/change-feed.js";
import { MEMORY_DATA_DIR, type DatabaseOptions } from "../src/db/database.js";
import { RunStore } from "../src/store/run-store.js";
import { summarize } from "./lib/stats.js";

const SIZES = (process.env.BENCH_LEDGER_SIZES ?? "10,1000,10000").split(",").map(Number);
const SAMPLES = Number(process.env.BENCH_LEDGER_SAMPLES ?? 200);
const producer = { component_id: "bench", component_version: "1", kind: "RUNTIME" } as const;
const provenance = [{ source_type: "SYSTEM", source_id: "bench", trust_class: "INTERNAL" } as const];

interface Row {
  backend: string;
  versions: number;
  stateAt: number;
  history: number;
  diff: number;
  bytesPerCommit: number;
}

async function post(url: string, query: string, variables: Record<string, unknown>, retried = false): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) });
  } catch (error) {
    // After the long seeding pause a pooled keep-alive socket may already be closed by the
    // server; these reads are idempotent, so one retry on a fresh socket is safe.
    if (retried) throw error;
    return post(url, query, variables, true);
  }
  const body = (await response.json()) as { errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body;
}

async function p50(work: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await work(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return summarize(samples).p50;
}

/** A run with `versions` commits made through the real write path, each a realistic change. */
async function seed(store: RunStore, versions: number): Promise<string> {
  const { run } = await store.startRun({ objective: "benchmark", workspaceRoot: "/w", producer, provenance });
  for (let v = 0; v < versions; v++) {
    const plan = { step: v, steps: Array.from({ length: 8 }, (_, i) => `step ${i}: ${i <= v % 8 ? "done" : "todo"}`) };
    await store.commitState({ runId: run.id, expectedVersion: v, operations: [{ op: "setPlan", args: { plan } }, { op: "setUserVisibleStatus", args: { status: `v${v + 1}` } }], producer, provenance });
  }
  return run.id;
}

async function measure(backend: string, options: DatabaseOptions): Promise<Row[]> {
  const canon: CanonServer = await startCanon({ ...configFromEnv({}), port: 0, database: options, logLevel: "warn" });
  const store = new RunStore(canon.database, new InProcessChangeFeed());
  const rows: Row[] = [];
  try {
    for (const versions of SIZES) {
      const started = performance.now();
      const runId = await seed(store, versions);
      console.error(`${backend}: seeded ${versions} versions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const stateAt = await p50((i) => post(canon.url, `query($id: ID!, $v: Int!) { run(id: $id) { ... on Run { stateAt(version: $v) { ... on StateSnapshot { contentHash document } } } } }`, { id: runId, v: (i * 7919) % (versions + 1) }));
      const history = await p50((i) => post(canon.url, `query($id: ID!, $after: String) { run(id: $id) { ... on Run { history(first: 50, after: $after) { edges { node { seq version kind contentHash entryHash } } } } } }`, { id: runId, after: String(Math.max(0, ((i * 7919) % (versions + 1)) - 50)) }));
      const diff = await p50((i) => post(canon.url, `query($id: ID!, $from: Int!, $to: Int!) { run(id: $id) { ... on Run { diff(fromVersion: $from, toVersion: $to) { ... on StateDiff { changedSections patch } } } } }`, { id: runId, from: (i * 31) % versions, to: versions }));
      const [size] = await canon.database.prisma.$queryRaw<{ bytes: bigint; entries: bigint }[]>`
        SELECT pg_total_relation_size('ledger_entry') AS bytes, count(*) AS entries FROM "ledger_entry"`;
      rows.push({ backend, versions, stateAt, history, diff, bytesPerCommit: Number(size!.bytes) / Number(size!.entries) });
    }
  } finally {
    await canon.close();
  }
  return rows;
}

async function onScratchDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase(adminUrl, "canon_bench");
  try {
    return await work(scratch.url);
  } finally {
    await scratch.drop();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const rows = await measure("pglite", { kind: "pglite", dataDir: MEMORY_DATA_DIR });
if (postgresUrl) rows.push(...(await onScratchDatabase(postgresUrl, (url) => measure("postgres", { kind: "postgres", url }))));
else console.error("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.");

const ms = (value: number) => value.toFixed(2).padStart(8);
console.log(`\nLedger reads over HTTP, p50 of ${SAMPLES} requests each (ms); the ratio compares the largest ledger with the smallest.`);
console.log(`backend   versions   stateAt  history50      diff   ledger bytes/entry`);
for (const row of rows) {
  console.log(`${row.backend.padEnd(9)} ${String(row.versions).padStart(8)} ${ms(row.stateAt)} ${ms(row.history)} ${ms(row.diff)} ${row.bytesPerCommit.toFixed(0).padStart(12)}`);
}
for (const backend of new Set(rows.map((row) => row.backend))) {
  const mine = rows.filter((row) => row.backend === backend);
  const small = mine[0]!;
  const large = mine.at(-1)!;
  console.log(`${backend}: ratio ${large.versions}/${small.versions} versions: stateAt ${(large.stateAt / small.stateAt).toFixed(2)}, history ${(large.history / small.history).toFixed(2)}, diff ${(large.diff / small.diff).toFixed(2)}`);
}
