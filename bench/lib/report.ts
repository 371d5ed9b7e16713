// The one table at the end: every number for every backend side by side, then the checks.
import type { CpuSplit, LatencySummary, ThroughputResult } from "./stats.js";

export const TARGET_RATIO = 0.8;

export interface Machine {
  cores: number;
  cpuModel: string;
  node: string;
  os: string;
  memoryGiB: number;
  loadAtStart: number[];
  postgres?: string;
}

/** One system of the mirrored rounds, with one sample per phase it ran in. */
export interface SystemResult {
  name: string;
  /** Commits (true) or bare requests (false). */
  commits: boolean;
  samples: { throughput: ThroughputResult; cpu: CpuSplit }[];
}

export interface BackendResult {
  name: string;
  systems: SystemResult[];
  /** Canon's RSS: peak while starting, current when idle after start, peak under the rounds' load. */
  rss: { startupPeakKb?: number; idleKb?: number; loadPeakKb?: number };
  sequential: LatencySummary;
  canon: ThroughputResult;
  canonCpu: CpuSplit;
  /** VmHWM: split at the end of startup when the kernel let us reset it, else one overall peak. */
  peakRss: { startupKb?: number; workloadKb?: number; overallKb?: number };
  exit: { code: number | null; signal: NodeJS.Signals | null; killed: boolean };
  floor: ThroughputResult;
  floorSequential: LatencySummary;
  floorCpu: CpuSplit;
  floorDescribe: string;
  stateBytes: { canon: number; floor: number };
}

interface ReportInput {
  machine: Machine;
  settings: {
    seconds: number;
    warmupSeconds: number;
    writers: number;
    commits: number;
    warmupCommits: number;
    poolSize: number;
    planSteps: number;
  };
  results: BackendResult[];
  skipped: string[];
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");
const mib = (kb: number | undefined) => (kb === undefined ? "n/a" : `${(kb / 1024).toFixed(1)} MiB`);
const busyShare = (split: CpuSplit, cores: number) =>
  split.otherMs === undefined ? "n/a" : `${((100 * split.otherMs) / (split.wallMs * cores)).toFixed(0)}%`;
const perCommit = (cpuMs: number | undefined, commits: number) => (cpuMs === undefined || !commits ? "n/a" : (cpuMs / commits).toFixed(3));

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
};

/** The targets, as ratios of medians in one run: [label, numerator, denominator, target]. */
const TARGETS: [string, string, string, number][] = [
  ["Canon commitState / LangGraph put", "Canon commitState", "LangGraph PostgresSaver.put", 0.5],
  ["Canon commitStates x32 / LangGraph put (per commit)", "Canon commitStates x32", "LangGraph PostgresSaver.put", 1.5],
  ["Canon { __typename } / bare yoga", "Canon { __typename }", "bare yoga { __typename }", 0.8],
  ["Canon commitState / plain pg", "Canon commitState", "plain pg (one statement)", 0],
  ["Canon commitState, 2 workers / LangGraph put", "Canon commitState, 2 workers", "LangGraph PostgresSaver.put", 0],
  ["Canon commitState, 2 workers / one process", "Canon commitState, 2 workers", "Canon commitState", 0],
];

/** The mirrored rounds: each system's median, CPU per commit, and the ratios the issue sets targets for. */
function reportSystems(results: BackendResult[]): { missed: string[]; errors: string[] } {
  const missed: string[] = [];
  const errors: string[] = [];
  for (const r of results) {
    console.log(`\n--- ${r.name}: mirrored rounds (median of ${r.systems[0]?.samples.length ?? 0} phases each) ---`);
    console.log(
      [
        "system".padEnd(34),
        "per s".padStart(8),
        "min..max".padStart(13),
        "p50 ms".padStart(8),
        "p99 ms".padStart(8),
        "CPU ms/op server/pg/client".padStart(28),
      ].join("  "),
    );
    const medians = new Map<string, number>();
    for (const system of r.systems) {
      const rates = system.samples.map((x) => x.throughput.commitsPerSecond);
      const m = median(rates);
      medians.set(system.name, m);
      const cpu = (pick: (c: CpuSplit) => number | undefined) =>
        median(system.samples.map((x) => (pick(x.cpu) ?? NaN) / (x.throughput.commits || NaN)));
      const cpuCell = [cpu((c) => c.canonMs), cpu((c) => c.postgresMs), cpu((c) => c.benchMs)]
        .map((v) => (Number.isFinite(v) ? v.toFixed(3) : "-"))
        .join(" / ");
      console.log(
        [
          system.name.padEnd(34),
          m.toFixed(0).padStart(8),
          `${Math.min(...rates).toFixed(0)}..${Math.max(...rates).toFixed(0)}`.padStart(13),
          ms(median(system.samples.map((x) => x.throughput.latency.p50))).padStart(8),
          ms(median(system.samples.map((x) => x.throughput.latency.p99))).padStart(8),
          cpuCell.padStart(28),
        ].join("  "),
      );
      for (const x of system.samples) {
        if (x.throughput.errors || x.throughput.conflicts)
          errors.push(
            `${r.name}: ${system.name}: ${x.throughput.conflicts} conflicts, ${x.throughput.errors} errors (first: ${x.throughput.firstError ?? "-"})`,
          );
      }
    }
    for (const [label, a, b, target] of TARGETS) {
      if (!medians.has(a) || !medians.has(b)) continue;
      const ratio = medians.get(a)! / medians.get(b)!;
      const verdict = target ? (ratio >= target ? `MEETS >= ${target}` : `BELOW ${target}`) : "";
      if (target && ratio < target) missed.push(`${r.name}: ${label} ${ratio.toFixed(2)} < ${target}`);
      console.log(`ratio: ${label.padEnd(52)} ${ratio.toFixed(2)}  ${verdict}`);
    }
    console.log(
      `RSS:   Canon idle after start ${mib(r.rss.idleKb)}; peak during start ${mib(r.rss.startupPeakKb)}; peak under load ${mib(r.rss.loadPeakKb)}`,
    );
  }
  return { missed, errors };
}

/** Prints the table; returns the number of failed checks (conflicts, errors, unclean exits). */
export function report({ machine, settings, results, skipped }: ReportInput): number {
  const peers = reportSystems(results);
  const rows: { cells: string[]; section?: true }[] = [];
  const row = (label: string, values: (r: BackendResult) => string) => rows.push({ cells: [label, ...results.map(values)] });
  const section = (label: string) => rows.push({ cells: [label], section: true });

  section(`Sequential, 1 run (${settings.commits} commits after ${settings.warmupCommits} warm-up)`);
  row("  Canon commit p50 / p99 ms", (r) => `${ms(r.sequential.p50)} / ${ms(r.sequential.p99)}`);
  row("  Canon commit mean / max ms", (r) => `${ms(r.sequential.mean)} / ${ms(r.sequential.max)}`);
  row("  floor commit p50 / p99 ms", (r) => `${ms(r.floorSequential.p50)} / ${ms(r.floorSequential.p99)}`);
  row("  floor commit mean ms", (r) => ms(r.floorSequential.mean));
  section(
    `Concurrent, ${settings.writers} writers on ${settings.writers} runs (${settings.seconds}s after ${settings.warmupSeconds}s warm-up)`,
  );
  row("  Canon commits/s", (r) => r.canon.commitsPerSecond.toFixed(0));
  row("  Canon commits (conflicts, errors)", (r) => `${r.canon.commits} (${r.canon.conflicts}, ${r.canon.errors})`);
  row("  Canon latency p50 / p99 ms", (r) => `${ms(r.canon.latency.p50)} / ${ms(r.canon.latency.p99)}`);
  row("  floor commits/s", (r) => r.floor.commitsPerSecond.toFixed(0));
  row("  floor commits (conflicts, errors)", (r) => `${r.floor.commits} (${r.floor.conflicts}, ${r.floor.errors})`);
  row("  floor latency p50 / p99 ms", (r) => `${ms(r.floor.latency.p50)} / ${ms(r.floor.latency.p99)}`);
  row(`  Canon / floor (target >= ${TARGET_RATIO})`, (r) => {
    const ratio = r.canon.commitsPerSecond / r.floor.commitsPerSecond;
    return `${ratio.toFixed(2)} ${ratio >= TARGET_RATIO ? "MEETS" : "BELOW"}`;
  });
  section("CPU ms per commit, measured phase (Canon's process / postgres server / this client)");
  const cpu = (split: CpuSplit, commits: number) =>
    [perCommit(split.canonMs, commits), perCommit(split.postgresMs, commits), perCommit(split.benchMs, commits)].join(" / ");
  row("  Canon", (r) => cpu(r.canonCpu, r.canon.commits));
  row("  floor", (r) => cpu(r.floorCpu, r.floor.commits));
  row(
    "  other processes, % of all cores (Canon / floor)",
    (r) => `${busyShare(r.canonCpu, machine.cores)} / ${busyShare(r.floorCpu, machine.cores)}`,
  );
  section("Other");
  row("  state JSON stored, mean bytes (Canon / floor)", (r) => `${r.stateBytes.canon.toFixed(0)} / ${r.stateBytes.floor.toFixed(0)}`);
  if (results.some((r) => r.peakRss.overallKb === undefined)) {
    row("  Canon peak RSS, startup (VmHWM)", (r) => mib(r.peakRss.startupKb));
    row("  Canon peak RSS, workload (VmHWM after reset)", (r) => mib(r.peakRss.workloadKb ?? r.peakRss.overallKb));
  } else {
    row("  Canon peak RSS (VmHWM)", (r) => mib(r.peakRss.overallKb));
  }
  row("  Canon exit after SIGTERM", (r) => (r.exit.signal ? `signal ${r.exit.signal}` : `code ${r.exit.code}`));

  // Section titles span the table, so they do not widen the first column.
  const header = ["", ...results.map((r) => r.name)];
  const cellRows = rows.filter((cells) => !cells.section);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...cellRows.map((r) => r.cells)].map((cells) => (cells[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join("  ");

  console.log("\n=== Canon commit benchmark ===");
  console.log(
    `machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB.toFixed(1)} GiB, ${machine.os}, node ${machine.node}`,
  );
  console.log(`         load average at start ${machine.loadAtStart.map((l) => l.toFixed(2)).join(" ")}`);
  if (machine.postgres) console.log(`server:  ${machine.postgres}`);
  const pool = results.some((r) => r.name === "PostgreSQL") ? `; Postgres pool ${settings.poolSize} for Canon and floor alike` : "";
  console.log(`client:  node:http keep-alive, ${settings.writers} sockets${pool}; plan ${settings.planSteps} steps per commit`);
  console.log("         Canon, the database and this client share the same cores.");
  for (const r of results) console.log(`floor:   ${r.name}: the same conditional UPDATE + ledger INSERT through ${r.floorDescribe}`);
  if (results.some((r) => r.name === "PGlite")) {
    console.log(
      "         PGlite's database runs inside Canon's process (Canon row) and inside this client (floor row); its CPU is counted there.",
    );
  }
  for (const note of skipped) console.log(`note:    ${note}`);
  console.log("");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(r.section ? r.cells[0] : line(r.cells));

  const failures: string[] = [...peers.errors];
  for (const r of results) {
    if (r.canon.conflicts || r.canon.errors)
      failures.push(
        `${r.name}: Canon had ${r.canon.conflicts} conflicts and ${r.canon.errors} errors (first: ${r.canon.firstError ?? "-"})`,
      );
    if (r.floor.conflicts || r.floor.errors)
      failures.push(
        `${r.name}: floor had ${r.floor.conflicts} conflicts and ${r.floor.errors} errors (first: ${r.floor.firstError ?? "-"})`,
      );
    if (r.exit.code !== 0) failures.push(`${r.name}: Canon did not exit 0 after SIGTERM (code ${r.exit.code}, signal ${r.exit.signal})`);
  }
  console.log("");
  if (failures.length) for (const failure of failures) console.log(`FAILED:  ${failure}`);
  else console.log("checks:  zero conflicts and zero errors everywhere; Canon exited 0 on SIGTERM every time.");
  const below = results.filter((r) => r.canon.commitsPerSecond / r.floor.commitsPerSecond < TARGET_RATIO).map((r) => r.name);
  console.log(
    below.length
      ? `target:  Canon should reach >= ${TARGET_RATIO} of the floor's throughput; below it on ${below.join(", ")}.`
      : `target:  Canon reaches >= ${TARGET_RATIO} of the floor's throughput on every backend run.`,
  );
  if (peers.missed.length) console.log(`targets: missed: ${peers.missed.join("; ")}`);
  const busy = results.filter((r) => [r.canonCpu, r.floorCpu].some((split) => (split.otherMs ?? 0) > 0.1 * split.wallMs * machine.cores));
  if (busy.length) {
    console.log(
      `warning: other processes used more than 10% of the machine while ${busy.map((r) => r.name).join(", ")} was measured; those numbers are not from a quiet machine.`,
    );
  }
  return failures.length;
}
