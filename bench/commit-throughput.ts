// Commit throughput and latency of Canon, per backend, against its peers and the database's floor.
//
//   BENCH_DATABASE_URL=postgresql://canon@127.0.0.1:54329/postgres npm run bench
//
// For each backend (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, and
// embedded PGlite always) it starts `canon serve` as a child process on a fresh database and
// measures, over HTTP with keep-alive, in mirrored rounds (A B C D D C B A, so no system gains
// from its place) with one warm-up each first:
//   1. LangGraph JS PostgresSaver.put, ~2 KB checkpoints, 32 threads (PostgreSQL only),
//   2. Canon commitState, 32 writers each on its own run (so no conflicts are expected); on
//      PostgreSQL also through a second Canon started with CANON_WORKERS=2 (its own row),
//   3. Canon commitStates, BENCH_BATCHERS concurrent batches of BENCH_BATCH commits each,
//   4. plain pg: Canon's append statement on runs of its own (PostgreSQL only),
//   5. `{ __typename }` against Canon (authenticated) and against a bare graphql-yoga server,
// then sequential commit latency on one run, and RSS of Canon at idle and under load,
// then stops Canon with SIGTERM (it must exit 0) and measures the floor: the same SQL Canon's
// RunStore.append() runs, in one transaction per commit, straight through `pg` (or PGlite
// in-process), on the same database and runs. Canon's throughput over the floor's is the
// ratio the target is about. Everything is bounded by a count or a duration.
//
// Settings (env, defaults give a full run of about 1.5 minutes):
//   BENCH_SECONDS=10          measured duration of each throughput phase (each round)
//   BENCH_ROUNDS=1            mirrored rounds (each is every system twice)
//   BENCH_BATCH=32, BENCH_BATCHERS=4   commitStates batch size and concurrent batches
//   BENCH_WARMUP_SECONDS=2    unmeasured throughput warm-up before each
//   BENCH_WRITERS=32          concurrent writers (= runs)
//   BENCH_COMMITS=500         sequential commits measured, after BENCH_WARMUP_COMMITS=50
//   BENCH_POOL_SIZE=10        Postgres connections, for Canon (CANON_DB_POOL_SIZE) and the floor alike
//   BENCH_PLAN_STEPS=8        size of the plan each commit writes (about 90 bytes a step)
//   BENCH_BACKENDS=postgres,pglite   which backends to run
//   BENCH_SKIP_BUILD=1        reuse dist/ as it is instead of compiling first
//   BENCH_VARIANT_NODE_ARGS="--max-semi-space-size=16"   also a second Canon started with these
//                             node flags added (PostgreSQL only), batched, on runs of its own (its own row): a flag
//                             judged against the shipped ones in the same mirrored rounds
//   BENCH_VARIANT_DIST=<dir>[,<dir>…]  also a Canon run from each <dir>/dist (a copy of another build, with its
//                             package.json and prisma/migrations; node_modules found above it), batched, on
//                             runs of its own (PostgreSQL only): a build judged against the working tree's
//                             in the same mirrored rounds; each phase's rate and CPU per commit are printed
//   BENCH_CANON_DIST=<dir>    run the main Canon from <dir>/dist too (laid out as for BENCH_VARIANT_DIST), so
//                             that two builds can also be measured with their places swapped
//   BENCH_BATCH_ONLY=1        measure only LangGraph's put and the batched systems in the rounds (for A/B runs)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createScratchDatabase, withAdmin } from "../scripts/scratch-database.js";
import { buildDist, startBareYoga, startCanonProcess } from "./lib/canon-process.js";
import { langGraphPeer } from "./lib/langgraph.js";
import { floorWriters, meanStateBytes, pgFloor, pgliteFloor, type FloorDatabase } from "./lib/floor.js";
import { report, type BackendResult, type Machine } from "./lib/report.js";
import {
  cpuStopwatch,
  driveWriters,
  peakRssKb,
  resetPeakRss,
  rssKb,
  summarize,
  type CpuSplit,
  type LatencySummary,
  type ThroughputResult,
  type Writer,
} from "./lib/stats.js";
import { CanonClient } from "./lib/workload.js";

const settings = {
  seconds: fromEnv("BENCH_SECONDS", 10, { min: 0.1 }),
  warmupSeconds: fromEnv("BENCH_WARMUP_SECONDS", 2, { min: 0 }),
  writers: fromEnv("BENCH_WRITERS", 32, { min: 1, integer: true }),
  commits: fromEnv("BENCH_COMMITS", 500, { min: 1, integer: true }),
  warmupCommits: fromEnv("BENCH_WARMUP_COMMITS", 50, { min: 0, integer: true }),
  poolSize: fromEnv("BENCH_POOL_SIZE", 10, { min: 1, integer: true }),
  planSteps: fromEnv("BENCH_PLAN_STEPS", 8, { min: 1, integer: true }),
  batchSize: fromEnv("BENCH_BATCH", 32, { min: 1, integer: true }),
  batchers: fromEnv("BENCH_BATCHERS", 4, { min: 1, integer: true }),
  rounds: fromEnv("BENCH_ROUNDS", 1, { min: 1, integer: true }),
  backends: (process.env.BENCH_BACKENDS ?? "postgres,pglite").split(",").map((name) => name.trim()),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
  batchOnly: process.env.BENCH_BATCH_ONLY === "1",
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

/** One system measured in the mirrored rounds: its writers, and whose CPU is its own. */
interface System {
  name: string;
  writers: Writer[];
  /** The server process whose CPU and memory the phase is about (none: the client does the work). */
  serverPid?: number;
  /** Commits (true) or bare requests (false). */
  commits: boolean;
}

async function benchBackend(backend: Backend): Promise<BackendResult> {
  log(`${backend.name}: starting Canon`);
  const canon = await startCanonProcess(backend.canonEnv, [], process.env.BENCH_CANON_DIST || undefined);
  cleanups.push(() => canon.stop());
  log(`${backend.name}: Canon pid ${canon.pid} serving ${canon.url.href}`);
  // Idle: after start, the first request done and a moment to settle.
  const startupPeakRssKb = peakRssKb(canon.pid);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleRssKb = rssKb(canon.pid);
  const yoga = await startBareYoga();
  cleanups.push(() => yoga.stop());
  const sockets = Math.max(settings.writers, settings.batchers);
  const client = new CanonClient(canon.url, sockets, canon.token);
  const yogaClient = new CanonClient(yoga.url, sockets, "none");
  const closers: (() => Promise<unknown>)[] = [];
  let result: Omit<BackendResult, "floor" | "floorSequential" | "floorCpu" | "floorDescribe" | "stateBytes" | "exit">;
  let runIds: string[];
  try {
    const newRuns = async (count: number, label: string) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await client.startRun(`bench: ${label} ${i}`));
      return ids;
    };
    runIds = await newRuns(settings.writers, "writer");
    const batchRuns = await newRuns(settings.batchers * settings.batchSize, "batched writer");
    const systems: System[] = [];
    if (backend.usesPostgresServer) {
      const peer = await langGraphPeer(backend.canonEnv.DATABASE_URL!, settings.poolSize, settings.writers, settings.planSteps);
      closers.push(peer.close);
      systems.push({ name: "LangGraph PostgresSaver.put", writers: peer.writers, commits: true });
    }
    if (!settings.batchOnly)
      systems.push({
        name: "Canon commitState",
        writers: runIds.map((runId, i) => client.writer(runId, i, settings.planSteps)),
        serverPid: canon.pid,
        commits: true,
      });
    /** BENCH_BATCHERS writers, each committing to its own BENCH_BATCH runs in one commitStates. */
    const batchWriters = (via: CanonClient, runs: string[]) =>
      Array.from({ length: settings.batchers }, (_, b) =>
        via.batchWriter(
          runs.slice(b * settings.batchSize, (b + 1) * settings.batchSize),
          1000 + b * settings.batchSize,
          settings.planSteps,
        ),
      );
    systems.push({
      name: `Canon commitStates x${settings.batchSize}`,
      writers: batchWriters(client, batchRuns),
      serverPid: canon.pid,
      commits: true,
    });
    // Variants judged against this Canon in the same mirrored rounds (PostgreSQL only): the same
    // build with other node flags, and other builds; each batched, on runs of its own.
    const variantArgs = process.env.BENCH_VARIANT_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    const variantDists = process.env.BENCH_VARIANT_DIST?.split(",").filter(Boolean) ?? [];
    const variants = [
      ...(variantArgs.length
        ? [{ label: variantArgs.join(" "), nodeArgs: variantArgs, root: undefined, runs: "batched writer, variant" }]
        : []),
      ...variantDists.map((dist) => ({
        label: path.basename(path.resolve(dist)),
        nodeArgs: [],
        root: dist,
        runs: "batched writer, variant build",
      })),
    ];
    for (const { label, nodeArgs, root, runs } of backend.usesPostgresServer ? variants : []) {
      const variant = await startCanonProcess(backend.canonEnv, nodeArgs, root);
      const variantClient = new CanonClient(variant.url, sockets, variant.token);
      closers.push(async () => (variantClient.close(), variant.stop()));
      const variantRuns = await newRuns(settings.batchers * settings.batchSize, runs);
      systems.push({
        name: `Canon commitStates x${settings.batchSize}, ${label}`,
        writers: batchWriters(variantClient, variantRuns),
        serverPid: variant.pid,
        commits: true,
      });
    }
    if (backend.usesPostgresServer && !settings.batchOnly) {
      // The same Canon with CANON_WORKERS=2 (node:cluster), on runs of its own; CPU is its process tree's.
      const workers = await startCanonProcess({ ...backend.canonEnv, CANON_WORKERS: "2" });
      const workersClient = new CanonClient(workers.url, sockets, workers.token);
      closers.push(async () => (workersClient.close(), workers.stop()));
      const workerRuns = await newRuns(settings.writers, "writer via 2 workers");
      systems.push({
        name: "Canon commitState, 2 workers",
        writers: workerRuns.map((runId, i) => workersClient.writer(runId, i, settings.planSteps)),
        serverPid: workers.pid,
        commits: true,
      });
    }
    if (backend.usesPostgresServer && !settings.batchOnly) {
      // The floor writes its own runs (Canon made them), so it can run between Canon's phases.
      const floorRuns = await newRuns(settings.writers, "floor writer");
      const floorDb = await backend.openFloor();
      closers.push(() => floorDb.close());
      const { writers } = await floorWriters(floorDb, floorRuns, settings.planSteps);
      systems.push({ name: "plain pg (one statement)", writers, commits: true });
    }
    if (!settings.batchOnly)
      for (const [name, prober, serverPid] of [
        ["Canon { __typename }", client, canon.pid],
        ["bare yoga { __typename }", yogaClient, yoga.pid],
      ] as const)
        systems.push({
          name,
          writers: Array.from({ length: settings.writers }, () => prober.typenameProber()),
          serverPid,
          commits: false,
        });

    log(`${backend.name}: warm-up, ${settings.warmupSeconds}s per system`);
    for (const system of systems) await driveWriters(system.writers, settings.warmupSeconds * 1000);
    // Mirrored rounds (A B C D D C B A): no system gains from its place in the run.
    const order = Array.from({ length: settings.rounds }, () => [...systems, ...[...systems].reverse()]).flat();
    const samples = new Map<string, { throughput: ThroughputResult; cpu: CpuSplit }[]>(systems.map((system) => [system.name, []]));
    let loadPeakKb = 0;
    for (const [phase, system] of order.entries()) {
      log(`${backend.name}: round ${phase + 1}/${order.length}: ${system.name}, ${settings.seconds}s`);
      if (system.serverPid === canon.pid) resetPeakRss(canon.pid);
      const stopwatch = cpuStopwatch(system.serverPid, backend.usesPostgresServer);
      const throughput = await driveWriters(system.writers, settings.seconds * 1000);
      samples.get(system.name)!.push({ throughput, cpu: stopwatch() });
      if (system.serverPid === canon.pid) loadPeakKb = Math.max(loadPeakKb, peakRssKb(canon.pid) ?? 0);
    }
    log(`${backend.name}: ${settings.commits} sequential commits on a new run (after ${settings.warmupCommits} warm-up)`);
    const sequentialRun = await client.startRun("bench: sequential latency");
    const sequential = await sequentialLatency(client.writer(sequentialRun, settings.writers, settings.planSteps));
    if (variantDists.length || settings.batchOnly) {
      // Each phase in run order: a build judged against another by the phases next to each other.
      for (const system of systems.filter((s) => s.serverPid !== undefined)) {
        const cells = samples
          .get(system.name)!
          .map(
            ({ throughput, cpu }) =>
              `${throughput.commitsPerSecond.toFixed(0)}/s ${cpu.canonMs === undefined ? "-" : (cpu.canonMs / throughput.commits).toFixed(3)} ms`,
          );
        log(`${backend.name}: phases of ${system.name}: ${cells.join(", ")}`);
      }
    }
    const single = samples.get(settings.batchOnly ? `Canon commitStates x${settings.batchSize}` : "Canon commitState")!;
    result = {
      name: backend.name,
      sequential,
      canon: medianOf(single.map((s) => s.throughput)),
      canonCpu: single[0]!.cpu,
      systems: systems.map((system) => ({ name: system.name, commits: system.commits, samples: samples.get(system.name)! })),
      rss: { startupPeakKb: startupPeakRssKb, idleKb: idleRssKb, loadPeakKb },
      peakRss: { overallKb: loadPeakKb },
    };
  } catch (error) {
    console.error(`--- canon output (tail) ---\n${canon.outputTail()}`);
    throw error;
  } finally {
    client.close();
    yogaClient.close();
    for (const close of closers) await close().catch(() => {});
    await yoga.stop();
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

/** The phase with the median throughput (of an even count, the lower middle one). */
function medianOf(results: ThroughputResult[]): ThroughputResult {
  const sorted = [...results].sort((a, b) => a.commitsPerSecond - b.commitsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
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
