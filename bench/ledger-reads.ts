// Reads of the ledger must not slow down as it grows: stateAt, a history page and a diff are
// timed over HTTP on runs with 10, 1,000 and 10,000 versions, on PGlite and on PostgreSQL, and
// the ratio between the largest and the smallest is printed. Every run is seeded first; then
// each read is timed in mirrored rounds over the sizes (10, 1k, 10k, 10k, 1k, 10, after a
// warm-up of each), so no size gains from being measured first, last, or right after its own
// seeding. Also: bytes of ledger per commit, against the size of the change (the stored patch)
// and of the state (small, 1 MB, 4 MB), for a one-field change (docs/storage.md).
//   npm run bench:ledger            (BENCH_DATABASE_URL / TEST_DATABASE_URL adds PostgreSQL)
//   BENCH_LEDGER_SAMPLES=200        requests per read and size (half in each round)
//   BENCH_LEDGER_STORAGE_COMMITS=500  one-field commits per state size (more: less page rounding)
import { createScratchDatabase } from "../scripts/scratch-database.js";
import { startCanon, type CanonServer } from "../src/server/canon-server.js";
import { configFromEnv } from "../src/server/config.js";
import { InProcessChangeFeed } from "../src/live/change-feed.js";
import { MEMORY_DATA_DIR, type Database, type DatabaseOptions } from "../src/db/database.js";
import { RunStore } from "../src/store/run-store.js";
import { chainBudget, PATCH_ROW_CHARGE } from "../src/domain/ledger-encoding.js";
import { summarize } from "./lib/stats.js";

const SIZES = (process.env.BENCH_LEDGER_SIZES ?? "10,1000,10000").split(",").map(Number);
const SAMPLES = Number(process.env.BENCH_LEDGER_SAMPLES ?? 200);
/** Target state sizes for the storage measurement (bytes of JSON), and one-field commits on each. */
const STATE_SIZES = (process.env.BENCH_LEDGER_STATE_SIZES ?? "0,1000000,4000000").split(",").map(Number);
const STORAGE_COMMITS = Number(process.env.BENCH_LEDGER_STORAGE_COMMITS ?? 500);
/** Entries per history page: no more than the smallest ledger holds, so every size returns a full page. */
const HISTORY_PAGE = Math.min(50, ...SIZES);
/** The reads go through the API, which needs a token (the server ensures this one at start). */
const ADMIN_TOKEN = "canon_bench-admin-token-0123456789abcdefghijklmnop";
const producer = { component_id: "bench", component_version: "1", kind: "RUNTIME" } as const;
const provenance = [{ source_type: "SYSTEM", source_id: "bench", trust_class: "INTERNAL" } as const];

interface Row {
  backend: string;
  versions: number;
  stateAt: number;
  history: number;
  diff: number;
  /** The whole ledger_entry table (storage runs included) over its entries, after all seeding. */
  bytesPerEntry: number;
}

async function post(url: string, query: string, variables: Record<string, unknown>, retried = false): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ query, variables }),
    });
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

/**
 * p50 of `work` for each size, measured in mirrored rounds (A B C, then C B A) after a warm-up
 * of every size, so that the order of measurement favours none of them.
 */
async function mirroredP50(sizes: number[], work: (size: number, i: number) => Promise<unknown>): Promise<Map<number, number>> {
  const samples = new Map(sizes.map((size) => [size, [] as number[]]));
  for (const size of sizes) for (let i = 0; i < 20; i++) await work(size, SAMPLES + i); // warm-up
  const half = Math.ceil(SAMPLES / 2);
  for (const [round, order] of [sizes, [...sizes].reverse()].entries()) {
    for (const size of order) {
      for (let i = round * half; i < Math.min(SAMPLES, (round + 1) * half); i++) {
        const start = performance.now();
        await work(size, i);
        samples.get(size)!.push(performance.now() - start);
      }
    }
  }
  return new Map([...samples].map(([size, taken]) => [size, summarize(taken).p50]));
}

/** A run with `versions` commits made through the real write path, each a realistic change. */
async function seed(store: RunStore, versions: number): Promise<string> {
  const { run } = await store.startRun({ objective: "benchmark", workspaceRoot: "/w", producer, provenance });
  for (let v = 0; v < versions; v++) {
    const plan = { step: v, steps: Array.from({ length: 8 }, (_, i) => `step ${i}: ${i <= v % 8 ? "done" : "todo"}`) };
    await store.commitState({
      runId: run.id,
      expectedVersion: v,
      operations: [
        { op: "setPlan", args: { plan } },
        { op: "setUserVisibleStatus", args: { status: `v${v + 1}` } },
      ],
      producer,
      provenance,
    });
  }
  return run.id;
}

interface StorageRow {
  backend: string;
  stateBytes: number;
  commits: number;
  snapshots: number;
  patchBytes: number;
  bytesPerCommit: number;
  /** With the snapshot every stateBytes / (patch + charge) commits folded in, when none was taken here. */
  amortizedBytesPerCommit: number;
}

/** Grows a run's state to about `bytes` of JSON (context ids, 1,000 of ~200 bytes per commit). */
async function grow(store: RunStore, runId: string, bytes: number): Promise<number> {
  let version = 0;
  for (let size = 0; size < bytes; size += 1000 * 205) {
    const contextIds = Array.from({ length: 1000 }, (_, i) => `ctx.${version}.${i}.${"x".repeat(180)}`);
    await store.commitState({
      runId,
      expectedVersion: version++,
      operations: [{ op: "indexContext", args: { contextIds } }],
      producer,
      provenance,
    });
  }
  return version;
}

async function ledgerBytes(db: Database): Promise<number> {
  const [size] = await db.prisma.$queryRaw<{ bytes: bigint }[]>`SELECT pg_total_relation_size('ledger_entry') AS bytes`;
  return Number(size!.bytes);
}

/** Bytes the ledger grows by per one-field commit on a state of about `bytes`. */
async function storage(backend: string, store: RunStore, db: Database, bytes: number): Promise<StorageRow> {
  const { run } = await store.startRun({ objective: "storage", workspaceRoot: "/w", producer, provenance });
  let version = await grow(store, run.id, bytes);
  const stateBytes = Buffer.byteLength(JSON.stringify((await store.requireRun(run.id)).state));
  const before = await ledgerBytes(db);
  const from = version;
  for (let i = 0; i < STORAGE_COMMITS; i++) {
    await store.commitState({
      runId: run.id,
      expectedVersion: version++,
      operations: [{ op: "setUserVisibleStatus", args: { status: `step ${i}` } }],
      producer,
      provenance,
    });
  }
  const grown = (await ledgerBytes(db)) - before;
  const [rows] = await db.prisma.$queryRaw<{ patch: number; snapshots: bigint }[]>`
    SELECT COALESCE(avg(octet_length("patch"::text)), 0)::float8 AS "patch", count(*) FILTER (WHERE "patch" IS NULL) AS "snapshots"
    FROM "ledger_entry" WHERE "run_id" = ${run.id} AND "state_version" > ${from} AND "kind" = 'COMMIT'`;
  const patchBytes = rows!.patch;
  const snapshots = Number(rows!.snapshots);
  const bytesPerCommit = grown / STORAGE_COMMITS;
  // No snapshot in this window: add the one that comes every chainBudget(state) / (patch + charge)
  // commits, costing the state's JSON size (its stored, compressed size is smaller: an upper bound).
  const interval = Math.max(1, Math.floor(chainBudget(stateBytes) / (patchBytes + PATCH_ROW_CHARGE)));
  const amortizedBytesPerCommit = snapshots > 0 ? bytesPerCommit : bytesPerCommit + stateBytes / interval;
  return { backend, stateBytes, commits: STORAGE_COMMITS, snapshots, patchBytes, bytesPerCommit, amortizedBytesPerCommit };
}

async function measure(backend: string, options: DatabaseOptions): Promise<{ rows: Row[]; storage: StorageRow[] }> {
  const canon: CanonServer = await startCanon({
    ...configFromEnv({ CANON_ADMIN_TOKEN: ADMIN_TOKEN }),
    port: 0,
    database: options,
    logLevel: "warn",
  });
  const store = new RunStore(canon.database, new InProcessChangeFeed());
  const rows: Row[] = [];
  const stored: StorageRow[] = [];
  try {
    for (const bytes of STATE_SIZES) {
      const started = performance.now();
      stored.push(await storage(backend, store, canon.database, bytes));
      console.error(`${backend}: storage on a ${bytes}-byte state in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const runs = new Map<number, string>();
    for (const versions of SIZES) {
      const started = performance.now();
      runs.set(versions, await seed(store, versions));
      console.error(`${backend}: seeded ${versions} versions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const stateAt = await mirroredP50(SIZES, (versions, i) =>
      post(
        canon.url,
        `query($id: ID!, $v: Int!) { run(id: $id) { ... on Run { stateAt(version: $v) { ... on StateSnapshot { contentHash document } } } } }`,
        { id: runs.get(versions), v: (i * 7919) % (versions + 1) },
      ),
    );
    const history = await mirroredP50(SIZES, (versions, i) =>
      post(
        canon.url,
        `query($id: ID!, $after: String, $first: Int!) { run(id: $id) { ... on Run { history(first: $first, after: $after) { edges { node { seq version kind contentHash entryHash } } } } } }`,
        { id: runs.get(versions), first: HISTORY_PAGE, after: String(Math.max(0, ((i * 7919) % (versions + 1)) - HISTORY_PAGE)) },
      ),
    );
    const diff = await mirroredP50(SIZES, (versions, i) =>
      post(
        canon.url,
        `query($id: ID!, $from: Int!, $to: Int!) { run(id: $id) { ... on Run { diff(fromVersion: $from, toVersion: $to) { ... on StateDiff { changedSections patch } } } } }`,
        { id: runs.get(versions), from: (i * 31) % versions, to: versions },
      ),
    );
    const [size] = await canon.database.prisma.$queryRaw<{ bytes: bigint; entries: bigint }[]>`
      SELECT pg_total_relation_size('ledger_entry') AS bytes, count(*) AS entries FROM "ledger_entry"`;
    for (const versions of SIZES) {
      rows.push({
        backend,
        versions,
        stateAt: stateAt.get(versions)!,
        history: history.get(versions)!,
        diff: diff.get(versions)!,
        bytesPerEntry: Number(size!.bytes) / Number(size!.entries),
      });
    }
  } finally {
    await canon.close();
  }
  return { rows, storage: stored };
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
const results = [await measure("pglite", { kind: "pglite", dataDir: MEMORY_DATA_DIR })];
if (postgresUrl) results.push(await onScratchDatabase(postgresUrl, (url) => measure("postgres", { kind: "postgres", url })));
else console.error("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.");

const rows = results.flatMap((result) => result.rows);
const storageRows = results.flatMap((result) => result.storage);
console.log(`\nLedger bytes per one-field commit (pg_total_relation_size of ledger_entry, indexes and TOAST included).`);
console.log(`backend   state bytes  commits  snapshots  patch bytes  bytes/commit  amortized  target (2 x patch + 1 KB)`);
for (const row of storageRows) {
  const target = 2 * row.patchBytes + 1024;
  console.log(
    `${row.backend.padEnd(9)} ${String(row.stateBytes).padStart(11)} ${String(row.commits).padStart(8)} ${String(row.snapshots).padStart(10)} ${row.patchBytes.toFixed(0).padStart(12)} ${row.bytesPerCommit.toFixed(0).padStart(13)} ${row.amortizedBytesPerCommit.toFixed(0).padStart(10)} ${target.toFixed(0).padStart(10)} ${row.amortizedBytesPerCommit <= target ? "met" : "MISSED"}`,
  );
}

const ms = (value: number) => value.toFixed(2).padStart(8);
console.log(`\nLedger reads over HTTP, p50 of ${SAMPLES} requests each (ms); the ratio compares the largest ledger with the smallest.`);
console.log(`backend   versions   stateAt  history${String(HISTORY_PAGE).padEnd(2)}      diff`);
for (const row of rows) {
  console.log(`${row.backend.padEnd(9)} ${String(row.versions).padStart(8)} ${ms(row.stateAt)} ${ms(row.history)} ${ms(row.diff)}`);
}
for (const backend of new Set(rows.map((row) => row.backend))) {
  const mine = rows.filter((row) => row.backend === backend);
  const small = mine[0]!;
  const large = mine.at(-1)!;
  console.log(
    `${backend}: ratio ${large.versions}/${small.versions} versions: stateAt ${(large.stateAt / small.stateAt).toFixed(2)}, history ${(large.history / small.history).toFixed(2)}, diff ${(large.diff / small.diff).toFixed(2)}; ledger bytes/entry ${large.bytesPerEntry.toFixed(0)}`,
  );
}
