// Fan-out: what subscribers cost. Canon runs as its own process (`canon serve`); subscribers are
// real graphql-ws clients, one WebSocket each, in this process; commits go over HTTP.
//
//   BENCH_DATABASE_URL=postgresql://canon@127.0.0.1:54351/postgres npm run bench:fanout
//
// Per backend (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, and PGlite):
//   1. commit-to-delivery latency (from sending the commit to each subscriber's event) with 1,
//      100 and 1,000 subscribers on one run and 1,000 over 100 runs: commits one at a time,
//      each waited for at every subscriber, so latencies do not queue behind each other;
//   2. throughput: BENCH_WRITERS concurrent writers on their own runs, with no subscriber and
//      with 1,000 spread over those runs, and with 100 runsChanged dashboards each following all
//      of them (every event counted at every subscriber), in rounds none, 1,000, dashboards,
//      dashboards, 1,000, none, with each process's CPU per commit;
//   3. memory: server live-heap and RSS growth per idle subscription, over BENCH_IDLE_SUBSCRIBERS;
//   4. PostgreSQL only: 1,000 subscribers on instance A, commits through instance B, so each
//      delivery is a NOTIFY plus one ledger read by the run's group for all of them.
// Settings: BENCH_FANOUT_COMMITS=300 (latency commits per case: a commit's deliveries are
// correlated samples, so a p99 needs several hundred commits), BENCH_SECONDS=8,
// BENCH_WARMUP_SECONDS=2, BENCH_WRITERS=32, BENCH_IDLE_SUBSCRIBERS=1000, BENCH_BACKENDS,
// BENCH_SKIP_BUILD=1, BENCH_SUBSCRIBER=wire|graphql-ws (see Subscribers).
// Diagnosis, one case on one server: BENCH_FANOUT_PROFILE=1 (1,000 subscribers on one run) or
// BENCH_FANOUT_PROFILE=throughput; BENCH_SERVER_NODE_ARGS="--cpu-prof" profiles the server.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { createScratchDatabase } from "../scripts/scratch-database.js";
import { buildDist, startCanonProcess, type CanonProcess } from "./lib/canon-process.js";
import {
  cpuStopwatch,
  driveWriters,
  processCpuSplitMs,
  summarize,
  type CpuSplit,
  type LatencySummary,
  type ThroughputResult,
} from "./lib/stats.js";
import { HEAP_SNAPSHOT_ARGS, liveHeapBytes } from "./lib/heap.js";
import { CanonClient } from "./lib/workload.js";

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const settings = {
  commits: num("BENCH_FANOUT_COMMITS", 300),
  seconds: num("BENCH_SECONDS", 8),
  warmupSeconds: num("BENCH_WARMUP_SECONDS", 2),
  writers: num("BENCH_WRITERS", 32),
  idle: num("BENCH_IDLE_SUBSCRIBERS", 1_000),
  backends: (process.env.BENCH_BACKENDS ?? "postgres,pglite").split(",").map((name) => name.trim()),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
  subscriber: process.env.BENCH_SUBSCRIBER === "graphql-ws" ? "graphql-ws" : "wire",
};
const PLAN_STEPS = 8;
const DELIVERY_TIMEOUT_MS = 10_000;
const WATCH = `subscription($runId: ID!, $afterVersion: Int!) { runStateChanged(runId: $runId, afterVersion: $afterVersion) { runId version seq contentHash } }`;
const DASHBOARD = `subscription($runIds: [ID!], $after: [RunPositionInput!]) { runsChanged(filter: { runIds: $runIds }, after: $after) { runId version seq status } }`;
const DASHBOARDS = 100;

const log = (message: string) => console.error(`[fanout] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Event {
  runId: string;
  version: number;
}

/**
 * Subscribers, one socket each, all feeding one callback. By default each is a bare `ws` socket
 * speaking graphql-transport-ws itself (init, subscribe, parse each `next`): a thousand of
 * graphql-ws's own clients in this process cost more CPU per event than Canon does, on the
 * same two cores, so they would measure mostly themselves. BENCH_SUBSCRIBER=graphql-ws uses them.
 */
class Subscribers {
  private readonly sockets: { close(): Promise<void> }[] = [];
  constructor(
    private readonly url: URL,
    private readonly token: string,
  ) {}

  async open(runId: string, afterVersion: number, count: number, onEvent: (event: Event) => void): Promise<void> {
    await this.openMany(count, () => {
      const variables = { runId, afterVersion };
      return settings.subscriber === "graphql-ws" ? this.graphqlWs(variables, onEvent) : this.wire(WATCH, variables, onEvent);
    });
  }

  /** Dashboards: `runsChanged` over `runIds`, from the positions given (each entry after them, exactly once). */
  async openDashboards(positions: { runId: string; seq: number }[], count: number, onEvent: (event: Event) => void): Promise<void> {
    const variables = { runIds: positions.map((position) => position.runId), after: positions };
    await this.openMany(count, () => this.wire(DASHBOARD, variables, onEvent));
  }

  private async openMany(count: number, connect: () => { connected: Promise<void>; close(): Promise<void> }): Promise<void> {
    const ready: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const { connected, close } = connect();
      this.sockets.push({ close });
      ready.push(connected.catch(() => {}));
      // Open sockets in small groups so the server's accept queue never overflows.
      if (i % 50 === 49) await Promise.all(ready.slice(-50));
    }
    await Promise.all(ready);
  }

  private wire(query: string, variables: Record<string, unknown>, onEvent: (event: Event) => void) {
    const socket = new WebSocket(this.url.toString().replace("http", "ws"), "graphql-transport-ws");
    const connected = new Promise<void>((resolve, reject) => {
      socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${this.token}` } })));
      socket.on("message", (data) => {
        const message = JSON.parse(String(data)) as { type: string; payload?: { data?: { runStateChanged?: Event; runsChanged?: Event } } };
        if (message.type === "next") {
          const event = message.payload?.data?.runStateChanged ?? message.payload?.data?.runsChanged;
          if (event) onEvent(event);
        } else if (message.type === "connection_ack") {
          socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query, variables } }));
          resolve();
        } else if (message.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
        else if (message.type === "error") log(`subscription error: ${JSON.stringify(message.payload).slice(0, 300)}`);
      });
      socket.on("close", () => reject(new Error("a subscriber's socket closed")));
      socket.on("error", () => {});
    });
    const close = () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close(1000);
      });
    return { connected, close };
  }

  private graphqlWs(variables: Record<string, unknown>, onEvent: (event: Event) => void) {
    const client: Client = createClient({
      url: this.url.toString().replace("http", "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: false,
      connectionParams: { authorization: `Bearer ${this.token}` },
    });
    const connected = new Promise<void>((resolve, reject) => {
      client.on("connected", () => resolve());
      client.on("closed", () => reject(new Error("a subscriber's socket closed")));
    });
    client.subscribe<{ runStateChanged: Event }>(
      { query: WATCH, variables },
      {
        next: (result) => result.data && onEvent(result.data.runStateChanged),
        error: (error) => log(`subscription error: ${JSON.stringify(error).slice(0, 300)}`),
        complete: () => {},
      },
    );
    return { connected, close: () => client.dispose() as Promise<void> };
  }

  get count(): number {
    return this.sockets.length;
  }

  async close(): Promise<void> {
    await Promise.all(this.sockets.splice(0).map((socket) => socket.close()));
  }
}

/** Sequential commits round-robin over `runs`; each waits until all its subscribers have it. */
async function latencyCase(canon: CanonProcess, client: CanonClient, runCount: number, subscribers: number, commits: number) {
  const runs = await Promise.all(Array.from({ length: runCount }, (_, i) => client.startRun(`fanout latency ${i}`)));
  const perRun = Math.ceil(subscribers / runCount);
  const sent = new Map<string, number>();
  const received = new Map<string, number>();
  const latencies: number[] = [];
  const subs = new Subscribers(canon.url, canon.token);
  const onEvent = (event: Event) => {
    const key = `${event.runId}@${event.version}`;
    const at = sent.get(key);
    if (at !== undefined) latencies.push(performance.now() - at);
    received.set(key, (received.get(key) ?? 0) + 1);
  };
  for (const runId of runs) await subs.open(runId, 0, Math.min(perRun, subscribers - subs.count), onEvent);
  const writers = runs.map((runId, i) => client.writer(runId, i, PLAN_STEPS));
  const commitLatencies: number[] = [];
  let missing = 0;
  let cpuAtStart: { user: number; system: number } | undefined;
  let clientCpuAtStart: NodeJS.CpuUsage | undefined;
  // Two unmeasured rounds: subscriptions are live, and the JIT is warm.
  for (let i = -2 * runCount; i < commits; i++) {
    const index = ((i % runCount) + runCount) % runCount;
    const writer = writers[index]!;
    const key = `${runs[index]}@${writer.version + 1}`;
    const expected = Math.min(perRun, subscribers - index * perRun);
    if (i === 0) {
      cpuAtStart = processCpuSplitMs(canon.pid);
      clientCpuAtStart = process.cpuUsage();
    }
    const t0 = performance.now();
    if (i >= 0) sent.set(key, t0);
    const outcome = await writer.commit();
    if (outcome.kind !== "ok") throw new Error(`commit failed: ${JSON.stringify(outcome)}`);
    if (i >= 0) commitLatencies.push(performance.now() - t0);
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    while ((received.get(key) ?? 0) < expected && performance.now() < deadline) await sleep(0.2);
    if ((received.get(key) ?? 0) < expected && i >= 0) missing += expected - (received.get(key) ?? 0);
  }
  const cpuAtEnd = processCpuSplitMs(canon.pid);
  const clientCpu = process.cpuUsage(clientCpuAtStart);
  await subs.close();
  // Server CPU per commit, delivery included: what the machine's other load cannot inflate. The
  // system part is mostly the socket writes (on loopback, the receiving side's TCP work too).
  const perCommit = (part: "user" | "system") => (cpuAtStart && cpuAtEnd ? (cpuAtEnd[part] - cpuAtStart[part]) / commits : NaN);
  const cpuPerCommitMs = perCommit("user") + perCommit("system");
  // The subscribers' own process (this one) shares the machine's two cores with Canon.
  const clientCpuPerCommitMs = (clientCpu.user + clientCpu.system) / 1000 / commits;
  return {
    delivery: summarize(latencies),
    commit: summarize(commitLatencies),
    missing,
    cpuPerCommitMs,
    systemCpuPerCommitMs: perCommit("system"),
    clientCpuPerCommitMs,
  };
}

type Audience = "none" | "watches" | "dashboards";

/**
 * Throughput with `audience` listening: nobody; 1,000 runStateChanged subscribers spread over the
 * writers' runs; or DASHBOARDS runsChanged subscribers, each following every one of those runs.
 */
async function throughputCase(canon: CanonProcess, client: CanonClient, audience: Audience) {
  const runs = await Promise.all(Array.from({ length: settings.writers }, (_, i) => client.startRun(`fanout throughput ${i}`)));
  const writers = runs.map((runId, i) => client.writer(runId, i, PLAN_STEPS));
  let delivered = 0;
  const subs = new Subscribers(canon.url, canon.token);
  const watches = audience === "watches" ? 1_000 : 0;
  const perRun = (i: number) =>
    audience === "dashboards" ? DASHBOARDS : Math.floor(watches / runs.length) + (i < watches % runs.length ? 1 : 0);
  if (audience === "dashboards")
    await subs.openDashboards(
      runs.map((runId) => ({ runId, seq: 0 })),
      DASHBOARDS,
      () => delivered++,
    );
  else for (const [i, runId] of runs.entries()) await subs.open(runId, 0, perRun(i), () => delivered++);
  await driveWriters(writers, settings.warmupSeconds * 1_000);
  const deadline = () => performance.now() + DELIVERY_TIMEOUT_MS;
  const warmedUp = deadline();
  const warmupDeliveries = writers.reduce((total, writer, i) => total + writer.version * perRun(i), 0);
  while (delivered < warmupDeliveries && performance.now() < warmedUp) await sleep(10);
  const before = delivered;
  const versions = writers.map((writer) => writer.version);
  const stopwatch = cpuStopwatch(canon.pid, true);
  const result = await driveWriters(writers, settings.seconds * 1_000);
  const cpu = stopwatch();
  // Every commit must reach every subscriber of its run, exactly once; wait for the tail.
  const expected = writers.reduce((total, writer, i) => total + (writer.version - versions[i]!) * perRun(i), 0);
  const tail = deadline();
  while (delivered - before < expected && performance.now() < tail) await sleep(10);
  await sleep(200); // a duplicate would show up as more than expected
  await subs.close();
  return { result, cpu, delivered: delivered - before, expectedDeliveries: expected };
}

interface ThroughputRound {
  result: ThroughputResult;
  cpu: CpuSplit;
}

/** Rounds of one kind taken together: commits over elapsed time, CPU over commits. */
function pooled(rounds: ThroughputRound[]) {
  const commits = rounds.reduce((total, round) => total + round.result.commits, 0);
  const seconds = rounds.reduce((total, round) => total + round.result.elapsedMs / 1_000, 0);
  const perCommit = (part: (cpu: CpuSplit) => number | undefined) => {
    const parts = rounds.map((round) => part(round.cpu));
    return parts.some((value) => value === undefined) ? undefined : parts.reduce((a, b) => a! + b!, 0)! / commits;
  };
  return {
    commitsPerSecond: commits / seconds,
    each: rounds.map((round) => round.result.commitsPerSecond),
    latency: rounds[0]!.result.latency,
    cpuPerCommitMs: {
      canon: perCommit((cpu) => cpu.canonMs),
      postgres: perCommit((cpu) => cpu.postgresMs),
      bench: perCommit((cpu) => cpu.benchMs),
    },
  };
}

/**
 * Throughput with nobody listening, with 1,000 run watches and with DASHBOARDS dashboards, in the
 * order none, watches, dashboards, dashboards, watches, none, so that a server warming up or a
 * machine's load drifting during the case weighs on every kind alike.
 */
async function throughputComparison(canon: CanonProcess, client: CanonClient) {
  const rounds: Record<Audience, ThroughputRound[]> = { none: [], watches: [], dashboards: [] };
  let delivered = 0;
  let expectedDeliveries = 0;
  for (const audience of ["none", "watches", "dashboards", "dashboards", "watches", "none"] as const) {
    log(
      `  throughput, ${audience === "none" ? "no subscribers" : audience === "watches" ? "1,000 subscribers" : `${DASHBOARDS} dashboards`}`,
    );
    const round = await throughputCase(canon, client, audience);
    rounds[audience].push(round);
    delivered += round.delivered;
    expectedDeliveries += round.expectedDeliveries;
  }
  const [none, many, dashboards] = [pooled(rounds.none), pooled(rounds.watches), pooled(rounds.dashboards)];
  return {
    none,
    many,
    dashboards,
    delivered,
    expectedDeliveries,
    ratio: many.commitsPerSecond / none.commitsPerSecond,
    dashboardsRatio: dashboards.commitsPerSecond / none.commitsPerSecond,
  };
}

function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : NaN;
}

/**
 * Two measures. The live heap (from heap snapshots, bench/lib/heap.ts) before and after is exact
 * for JavaScript objects. RSS also sees native memory, but is noisy (heap pages kept after a
 * GC, PGlite's WebAssembly memory), so its slope is taken over the last of three equal batches,
 * once the heap has grown for the first ones, and its overall average is reported beside it.
 */
async function memoryCase(canon: CanonProcess, client: CanonClient, count: number, heapDir: string) {
  const runId = await client.startRun("fanout idle");
  const warm = new Subscribers(canon.url, canon.token);
  await warm.open(runId, 0, 50, () => {});
  await sleep(3_000);
  const heapBefore = await liveHeapBytes(canon.pid, heapDir);
  const samples = [rssKb(canon.pid)];
  const batch = Math.ceil(count / 3);
  const subs = new Subscribers(canon.url, canon.token);
  for (let i = 0; i < 3; i++) {
    await subs.open(runId, 0, batch, () => {});
    await sleep(2_000);
    samples.push(rssKb(canon.pid));
  }
  const heapAfter = await liveHeapBytes(canon.pid, heapDir);
  await subs.close();
  await warm.close();
  return {
    heapPerSubscriberKb: (heapAfter - heapBefore) / 1024 / (batch * 3),
    beforeKb: samples[0]!,
    afterKb: samples[3]!,
    count: batch * 3,
    perSubscriberKb: (samples[3]! - samples[0]!) / (batch * 3),
    lastBatchKb: (samples[3]! - samples[2]!) / batch,
  };
}

/** PostgreSQL: subscribers on A, commits through B; every delivery is a NOTIFY and a read. */
async function crossInstanceCase(databaseUrl: string) {
  const env = { DATABASE_URL: databaseUrl, CANON_WATCH_RESYNC_MS: "60000" };
  const a = await startCanonProcess(env);
  const b = await startCanonProcess(env);
  try {
    const clientB = new CanonClient(b.url, 4, b.token);
    const result = await latencyCase(a, clientB, 1, 1_000, Math.min(settings.commits, 50));
    clientB.close();
    return result;
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

interface BackendReport {
  name: string;
  memory: Awaited<ReturnType<typeof memoryCase>>;
  latency: {
    label: string;
    delivery: LatencySummary;
    commit: LatencySummary;
    missing: number;
    cpuPerCommitMs: number;
    systemCpuPerCommitMs: number;
    clientCpuPerCommitMs: number;
  }[];
  throughput: Awaited<ReturnType<typeof throughputComparison>>;
  crossInstance?: Awaited<ReturnType<typeof crossInstanceCase>>;
}

async function benchBackend(name: string, env: Record<string, string>, databaseUrl?: string): Promise<BackendReport> {
  log(`${name}: starting canon serve`);
  const heapDir = mkdtempSync(path.join(os.tmpdir(), "canon-fanout-heap-"));
  const canon = await startCanonProcess({ ...env, CANON_DB_POOL_SIZE: "10" }, HEAP_SNAPSHOT_ARGS(heapDir));
  const client = new CanonClient(canon.url, settings.writers, canon.token);
  try {
    const latency: BackendReport["latency"] = [];
    for (const [label, runs, subscribers] of [
      ["1 subscriber, 1 run", 1, 1],
      ["100 subscribers, 1 run", 1, 100],
      ["1,000 subscribers, 1 run", 1, 1_000],
      ["1,000 subscribers over 100 runs", 100, 1_000],
    ] as const) {
      log(`${name}: latency, ${label}`);
      latency.push({ label, ...(await latencyCase(canon, client, runs, subscribers, Math.max(settings.commits, runs))) });
    }
    log(`${name}: throughput`);
    const throughput = await throughputComparison(canon, client);
    // Last, when the heap is at its working size (PGlite's start-up peak is long gone).
    log(`${name}: memory per idle subscriber (${settings.idle})`);
    const memory = await memoryCase(canon, client, settings.idle, heapDir);
    const report: BackendReport = { name, memory, latency, throughput };
    client.close();
    const stopped = await canon.stop();
    if (stopped.code !== 0) log(`${name}: canon exited with ${stopped.code} (${stopped.signal})`);
    if (databaseUrl) {
      log(`${name}: across instances`);
      report.crossInstance = await crossInstanceCase(databaseUrl);
    }
    return report;
  } finally {
    client.close();
    await canon.stop();
    rmSync(heapDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");
const p = (summary: LatencySummary) => `${ms(summary.p50)} / ${ms(summary.p99)}`;

function print(reports: BackendReport[]) {
  const rows: string[][] = [["", ...reports.map((r) => r.name)]];
  const row = (label: string, cell: (r: BackendReport) => string) => rows.push([label, ...reports.map(cell)]);
  row(`Idle subscribers (${reports[0]?.memory.count ?? 0}), memory each (target < 50 KB)`, () => "");
  row("  live heap", (r) => `${r.memory.heapPerSubscriberKb.toFixed(1)} KB ${r.memory.heapPerSubscriberKb < 50 ? "met" : "MISSED"}`);
  row("  RSS, all / last third (noisy)", (r) => `${r.memory.perSubscriberKb.toFixed(1)} / ${r.memory.lastBatchKb.toFixed(1)} KB`);
  row("  server RSS before / after", (r) => `${(r.memory.beforeKb / 1024).toFixed(0)} / ${(r.memory.afterKb / 1024).toFixed(0)} MiB`);
  row("Commit-to-delivery p50 / p99 ms (commit p50 / p99 ms)", () => "");
  for (const [i, label] of (reports[0]?.latency ?? []).map((l) => l.label).entries()) {
    row(`  ${label}`, (r) => {
      const l = r.latency[i]!;
      return `${p(l.delivery)} (${p(l.commit)})${l.missing ? ` MISSING ${l.missing}` : ""}`;
    });
  }
  row("CPU ms per commit: Canon, delivery included (its system part) / the subscribers' process", () => "");
  for (const [i, label] of (reports[0]?.latency ?? []).map((l) => l.label).entries()) {
    row(`  ${label}`, (r) => {
      const l = r.latency[i]!;
      return `${ms(l.cpuPerCommitMs)} (${ms(l.systemCpuPerCommitMs)}) / ${ms(l.clientCpuPerCommitMs)}`;
    });
  }
  row("  p99 at 1,000 on 1 run (target < 50 ms)", (r) => (r.latency[2]!.delivery.p99 < 50 ? "met" : "MISSED"));
  row(
    `Throughput, ${settings.writers} writers (${settings.seconds}s a round; rounds: none, 1,000, dashboards, dashboards, 1,000, none)`,
    () => "",
  );
  const rounds = (each: number[]) => each.map((value) => value.toFixed(0)).join(", ");
  row(
    "  commits/s, no subscribers (each round)",
    (r) => `${r.throughput.none.commitsPerSecond.toFixed(0)} (${rounds(r.throughput.none.each)})`,
  );
  row(
    "  commits/s, 1,000 subscribers (each round)",
    (r) => `${r.throughput.many.commitsPerSecond.toFixed(0)} (${rounds(r.throughput.many.each)})`,
  );
  row("  events delivered / expected", (r) => `${r.throughput.delivered} / ${r.throughput.expectedDeliveries}`);
  row("  ratio (target >= 0.8)", (r) => `${r.throughput.ratio.toFixed(2)} ${r.throughput.ratio >= 0.8 ? "met" : "MISSED"}`);
  row(
    `  commits/s, ${DASHBOARDS} runsChanged dashboards of all ${settings.writers} runs (each round)`,
    (r) => `${r.throughput.dashboards.commitsPerSecond.toFixed(0)} (${rounds(r.throughput.dashboards.each)})`,
  );
  row("  ratio, dashboards / none", (r) => r.throughput.dashboardsRatio.toFixed(2));
  const cpu = (split: { canon?: number; postgres?: number; bench?: number }) =>
    [split.canon, split.postgres, split.bench].map((value) => (value === undefined ? "n/a" : value.toFixed(2))).join(" / ");
  row("  CPU ms per commit, Canon / postgres / bench, none", (r) => cpu(r.throughput.none.cpuPerCommitMs));
  row("  CPU ms per commit, Canon / postgres / bench, 1,000", (r) => cpu(r.throughput.many.cpuPerCommitMs));
  row("  CPU ms per commit, Canon / postgres / bench, dashboards", (r) => cpu(r.throughput.dashboards.cpuPerCommitMs));
  row("  commit p50 / p99 ms, none / 1,000", (r) => `${p(r.throughput.none.latency)} / ${p(r.throughput.many.latency)}`);
  if (reports.some((r) => r.crossInstance)) {
    row("Across instances, 1,000 subscribers on A, commits via B", () => "");
    row("  delivery p50 / p99 ms", (r) => (r.crossInstance ? p(r.crossInstance.delivery) : "n/a"));
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((cells) => (cells[c] ?? "").length)));
  for (const cells of rows)
    console.log(cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]! + 2))).join(""));
}

async function main() {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    if (!settings.skipBuild) await buildDist();
    const reports: BackendReport[] = [];
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (settings.backends.includes("postgres")) {
      if (!adminUrl) log("PostgreSQL: SKIPPED (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
      else {
        const scratch = await createScratchDatabase(adminUrl, "canon_fanout");
        cleanups.push(scratch.drop);
        reports.push(await benchBackend("PostgreSQL", { DATABASE_URL: scratch.url }, scratch.url));
      }
    }
    if (settings.backends.includes("pglite")) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "canon-fanout-"));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      reports.push(await benchBackend("PGlite", { CANON_DATA_DIR: dataDir }));
    }
    console.log(
      `\nFan-out, ${os.cpus().length} cores, Node ${process.version}, subscribers: ${settings.subscriber} clients, load at end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    print(reports);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  }
}

if (process.env.BENCH_FANOUT_PROFILE) {
  // Diagnostic: one server (PostgreSQL when BENCH_DATABASE_URL is set, else PGlite), 1,000
  // subscribers on one run; BENCH_SERVER_NODE_ARGS reaches the server only.
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "canon_fanout") : undefined;
  const dataDir = scratch ? undefined : mkdtempSync(path.join(os.tmpdir(), "canon-fanout-"));
  const canon = await startCanonProcess(scratch ? { DATABASE_URL: scratch.url } : { CANON_DATA_DIR: dataDir });
  if (process.env.BENCH_FANOUT_PROFILE === "throughput") {
    // The throughput case alone, with each process's CPU per commit beside it.
    const client = new CanonClient(canon.url, settings.writers, canon.token);
    await throughputCase(canon, client, "none"); // warm-up: the full run measures a server that latency cases warmed
    const { none, many, dashboards, ratio, dashboardsRatio } = await throughputComparison(canon, client);
    console.log(JSON.stringify({ none, many, dashboards, ratio, dashboardsRatio }));
    client.close();
  } else {
    const client = new CanonClient(canon.url, 4, canon.token);
    console.log(JSON.stringify(await latencyCase(canon, client, 1, num("BENCH_FANOUT_SUBSCRIBERS", 1_000), settings.commits)));
    client.close();
  }
  await canon.stop();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
} else await main();
