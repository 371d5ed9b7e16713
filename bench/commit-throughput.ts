// Commit throughput and latency of Canon, per backend, against the database's own floor.
//
//   BENCH_DATABASE_URL=postgresql://canon@127.0.0.1:54329/postgres npm run bench
//
// For each backend (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, and
// embedded PGlite always) it starts `canon serve` as a child process on a fresh database and
// measures, over HTTP with keep-alive:
//   1. throughput of concurrent writers, each on its own run (so no conflicts are expected),
//   2. sequential commit latency on one run (second, so the server is past its JIT warm-up),
// then stops Canon with SIGTERM (it must exit 0) and measures the floor: the same SQL Canon's
// RunStore.append() runs, in one transaction per commit, straight through `pg` (or PGlite
// in-process), on the same database and runs. Canon's throughput over the floor's is the
// ratio the target is about. Everything is bounded by a count or a duration.
//
// Settings (env, defaults give a full run of about 1.5 minutes):
//   BENCH_SECONDS=10          measured duration of each throughput phase
//   BENCH_WARMUP_SECONDS=2    unmeasured throughput warm-up before each
//   BENCH_WRITERS=32          concurrent writers (= runs)
//   BENCH_COMMITS=500         sequential commits measured, after BENCH_WARMUP_COMMITS=50
//   BENCH_POOL_SIZE=10        Postgres connections, for Canon (CANON_DB_POOL_SIZE) and the floor alike
//   BENCH_PLAN_STEPS=8        size of the plan each commit writes (about 90 bytes a step)
//   BENCH_BACKENDS=postgres,pglite   which backends to run
//   BENCH_SKIP_BUILD=1        reuse dist/ as it is instead of compiling first
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createScratchDatabase, withAdmin } from "../scripts/scratch-database.js";
import { buildDist, startCanonProcess } from "./lib/canon-process.js";
import { floorWriters, meanStateBytes, pgFloor, pgliteFloor, type FloorDatabase } from "./lib/floor.js";
import { report, type BackendResult, type Machine } from "./lib/report.js";
import { cpuStopwatch, driveWriters, peakRssKb, resetPeakRss, summarize, type LatencySummary, type Writer } from "./lib/stats.js";
import { CanonClient } from "./lib/workload.js";

const settings = {
  seconds: fromEnv("BENCH_SECONDS", 10, { min: 0.1 }),
  warmupSeconds: fromEnv("BENCH_WARMUP_SECONDS", 2, { min: 0 }),
  writers: fromEnv("BENCH_WRITERS", 32, { min: 1, integer: true }),
  commits: fromEnv("BENCH_COMMITS", 500, { min: 1, integer: true }),
  warmupCommits: fromEnv("BENCH_WARMUP_COMMITS", 50, { min: 0, integer: true }),
  poolSize: fromEnv("BENCH_POOL_SIZE", 10, { min: 1, integer: true }),
  planSteps: fromEnv("BENCH_PLAN_STEPS", 8, { min: 1, integer: true }),
  backends: (process.env.BENCH_BACKENDS ?? "postgres,pglite").split(",").map((name) => name.trim()),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
};
for (const name of settings.backends) {
  if (name !== "postgres" && name !== "pglite") throw new Error(`BENCH_BACKENDS: unknown backend "${name}" (postgres, pglite)`);
}

/** Cleanups registered as resources are made, run last-first on exit or Ctrl-C. */
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error(`cleanup failed: ${String(error)}`));
}
let interrupted = false;
process.once("SIGINT", () => {
  interrupted = true;
  console.error("\ninterrupted: cleaning up");
  void cleanUp().finally(() => process.exit(130));
});

interface Backend {
  name: string;
  /** Canon's database settings. */
  canonEnv: { DATABASE_URL?: string; CANON_DATA_DIR?: string; CANON_DB_POOL_SIZE?: string };
  /** Whether the postgres processes on this machine are doing this backend's work. */
  usesPostgresServer: boolean;
  openFloor(): Promise<FloorDatabase>;
}

async function main(): Promise<number> {
  const machine: Machine = {
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    memoryGiB: os.totalmem() / 2 ** 30,
    loadAtStart: os.loadavg(),
  };
  const backends: Backend[] = [];
  const skipped: string[] = [];

  if (!settings.skipBuild) {
    log("compiling src/ to dist/ (tsc -p tsconfig.build.json)");
    await buildDist();
  }

  if (settings.backends.includes("postgres")) {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      skipped.push("PostgreSQL: SKIPPED (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a loopback server to include it)");
      log(skipped[skipped.length - 1]!);
    } else backends.push(await postgresBackend(adminUrl, machine));
  }
  if (settings.backends.includes("pglite")) backends.push(pgliteBackend());

  const results: BackendResult[] = [];
  for (const backend of backends) results.push(await benchBackend(backend));
  await cleanUp();

  const failures = report({ machine, settings, results, skipped });
  return failures ? 1 : 0;
}

/** A fresh `canon_bench_<random>` database on the given server, dropped at the end. */
async function postgresBackend(adminUrl: string, machine: Machine): Promise<Backend> {
  const admin = new URL(adminUrl);
  if (!["127.0.0.1", "localhost", "[::1]", ""].includes(admin.hostname)) {
    throw new Error(`the benchmark only talks to loopback; ${admin.hostname} is not (BENCH_DATABASE_URL)`);
  }
  await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS sync, current_setting('max_connections') AS max_connections`,
    );
    const row = rows[0] as Record<string, string>;
    machine.postgres = `PostgreSQL ${row.version} (fsync=${row.fsync}, synchronous_commit=${row.sync}, max_connections=${row.max_connections})`;
  });
  const scratch = await createScratchDatabase(adminUrl, "canon_bench");
  cleanups.push(scratch.drop);
  const url = new URL(scratch.url);
  log(`created database ${scratch.name}`);
  return {
    name: "PostgreSQL",
    canonEnv: { DATABASE_URL: url.toString(), CANON_DB_POOL_SIZE: String(settings.poolSize) },
    usesPostgresServer: true,
    openFloor: async () => pgFloor(url.toString(), settings.poolSize),
  };
}

/** A temporary PGlite data directory, removed at the end. */
function pgliteBackend(): Backend {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "canon-bench-pglite-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    name: "PGlite",
    canonEnv: { CANON_DATA_DIR: dataDir },
    usesPostgresServer: false,
    openFloor: () => pgliteFloor(dataDir),
  };
}

async function benchBackend(backend: Backend): Promise<BackendResult> {
  log(`${backend.name}: starting Canon`);
  const canon = await startCanonProcess(backend.canonEnv);
  cleanups.push(() => canon.stop());
  log(`${backend.name}: Canon pid ${canon.pid} serving ${canon.url.href}`);
  // Startup (PGlite's initdb on a fresh directory above all) has its own peak; reset the
  // high-water mark so the workload's peak is reported separately.
  const startupPeakRssKb = peakRssKb(canon.pid);
  const peakWasReset = resetPeakRss(canon.pid);
  const client = new CanonClient(canon.url, settings.writers, canon.token);
  let result: Omit<BackendResult, "floor" | "floorSequential" | "floorCpu" | "floorDescribe" | "stateBytes" | "exit">;
  let runIds: string[];
  try {
    // Throughput first: a cold Canon needs on the order of a thousand requests before the JIT
    // has compiled Prisma's, yoga's and its own hot paths, and 50 warm-up commits alone would
    // leave that in the sequential numbers. After this phase the server is in steady state.
    log(`${backend.name}: ${settings.writers} writers for ${settings.seconds}s (after ${settings.warmupSeconds}s warm-up)`);
    runIds = [];
    for (let i = 0; i < settings.writers; i++) runIds.push(await client.startRun(`bench: writer ${i}`));
    const writers = runIds.map((runId, i) => client.writer(runId, i, settings.planSteps));
    const warmup = await driveWriters(writers, settings.warmupSeconds * 1000);
    const stopwatch = cpuStopwatch(canon.pid, backend.usesPostgresServer);
    const canonThroughput = await driveWriters(writers, settings.seconds * 1000);
    const canonCpu = stopwatch();
    // Warm-up commits count towards correctness: a conflict there is as wrong as later.
    canonThroughput.conflicts += warmup.conflicts;
    canonThroughput.errors += warmup.errors;
    canonThroughput.firstError ??= warmup.firstError;

    log(`${backend.name}: ${settings.commits} sequential commits on a new run (after ${settings.warmupCommits} warm-up)`);
    const sequentialRun = await client.startRun("bench: sequential latency");
    const sequential = await sequentialLatency(client.writer(sequentialRun, settings.writers, settings.planSteps));
    const workloadPeak = peakRssKb(canon.pid);
    result = {
      name: backend.name,
      sequential,
      canon: canonThroughput,
      canonCpu,
      peakRss: peakWasReset ? { startupKb: startupPeakRssKb, workloadKb: workloadPeak } : { overallKb: workloadPeak },
    };
  } catch (error) {
    console.error(`--- canon output (tail) ---\n${canon.outputTail()}`);
    throw error;
  } finally {
    client.close();
  }
  log(`${backend.name}: stopping Canon (SIGTERM)`);
  const exit = await canon.stop();
  if (exit.code !== 0) console.error(`--- canon output (tail) ---\n${canon.outputTail()}`);

  log(`${backend.name}: floor, same SQL without Canon`);
  const floorDb = await backend.openFloor();
  try {
    const canonStateBytes = await meanStateBytes(floorDb, runIds, null);
    const { writers, startVersions } = await floorWriters(floorDb, runIds, settings.planSteps);
    const warmup = await driveWriters(writers, settings.warmupSeconds * 1000);
    const stopwatch = cpuStopwatch(undefined, backend.usesPostgresServer);
    const floor = await driveWriters(writers, settings.seconds * 1000);
    const floorCpu = stopwatch();
    floor.conflicts += warmup.conflicts;
    floor.errors += warmup.errors;
    floor.firstError ??= warmup.firstError;
    // The floor's sequential latency uses the first writer's run, alone.
    const floorSequential = await sequentialLatency(writers[0]!);
    const floorStateBytes = await meanStateBytes(floorDb, runIds, startVersions);
    return {
      ...result,
      exit,
      floor,
      floorSequential,
      floorCpu,
      floorDescribe: `${floorDb.describe}; ledger ${floorDb.insertShape ?? "?"}`,
      stateBytes: { canon: canonStateBytes, floor: floorStateBytes },
    };
  } finally {
    await floorDb.close();
  }
}

/** Warm-up, then one commit at a time, each timed; any failure aborts (nothing else runs). */
async function sequentialLatency(writer: Writer): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < settings.warmupCommits + settings.commits; i++) {
    const t0 = performance.now();
    const outcome = await writer.commit();
    const ms = performance.now() - t0;
    if (outcome.kind !== "ok") throw new Error(`sequential commit ${i} failed: ${JSON.stringify(outcome)}`);
    if (i >= settings.warmupCommits) samples.push(ms);
  }
  return summarize(samples);
}

function fromEnv(name: string, fallback: number, { min, integer = false }: { min: number; integer?: boolean }): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? "an integer" : "a number"} >= ${min}, got "${raw}"`);
  }
  return value;
}

function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    if (interrupted) return; // the SIGINT handler cleans up and exits; the error is its echo
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUp();
    process.exitCode = 1;
  },
);
