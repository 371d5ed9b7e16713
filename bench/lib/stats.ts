// Numbers in, numbers out: latency percentiles, the concurrent-writer driver every throughput
// measurement shares (Canon over HTTP and the raw-SQL floors), and /proc readings.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentiles, in milliseconds. */
export function summarize(samplesMs: number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return { count: sorted.length, p50: at(50), p99: at(99), mean: sorted.length ? sum / sorted.length : NaN, max: at(100) };
}

/** What one attempted commit came to. A conflict carries the version the run is really at. */
export type Outcome =
  /** `commits`: how many commits the call made (a commitStates batch: its size); 1 if absent. */
  { kind: "ok"; commits?: number } | { kind: "conflict"; currentVersion: number } | { kind: "error"; message: string };

/** One writer owns one run and knows the version it last wrote. */
export interface Writer {
  commit(): Promise<Outcome>;
}

export interface ThroughputResult {
  /** Commits made (a batch counts its items); latency is per call. */
  commits: number;
  conflicts: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  commitsPerSecond: number;
  latency: LatencySummary;
}

/**
 * Every writer commits back to back until the deadline (no new commit starts after it) or
 * until it has made `maxCommitsPerWriter`, whichever comes first, so the loop is bounded even
 * if the clock misbehaves. A writer that hits an error stops: a broken server must not turn
 * into a hot loop of instant failures. Elapsed time runs until the last in-flight commit ends.
 */
export async function driveWriters(writers: Writer[], durationMs: number, maxCommitsPerWriter = 1_000_000): Promise<ThroughputResult> {
  const latencies: number[] = [];
  let commits = 0;
  let conflicts = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    writers.map(async (writer) => {
      for (let i = 0; i < maxCommitsPerWriter && performance.now() < deadline; i++) {
        const t0 = performance.now();
        const outcome = await writer.commit().catch((error: unknown): Outcome => ({ kind: "error", message: String(error) }));
        if (outcome.kind === "ok") {
          latencies.push(performance.now() - t0);
          commits += outcome.commits ?? 1;
        } else if (outcome.kind === "conflict") conflicts++;
        else {
          errors++;
          firstError ??= outcome.message;
          return;
        }
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  return {
    commits,
    conflicts,
    errors,
    firstError,
    elapsedMs,
    commitsPerSecond: commits / (elapsedMs / 1000),
    latency: summarize(latencies),
  };
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** user+system CPU time of a process in ms, from /proc/<pid>/stat (fields 14 and 15). */
export function processCpuMs(pid: number): number | undefined {
  const split = processCpuSplitMs(pid);
  return split && split.user + split.system;
}

/** User and system (kernel: system calls, the loopback's TCP work) CPU time of a process in ms. */
export function processCpuSplitMs(pid: number): { user: number; system: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces; everything after its closing paren is fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: (Number(fields[11]) * 1000) / CLOCK_TICKS_PER_SECOND, system: (Number(fields[12]) * 1000) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/**
 * CPU time of a process and its descendants (the workers of `canon serve` with CANON_WORKERS),
 * found by their parent pids in /proc. A descendant that exits during a phase takes its time with it.
 */
export function processTreeCpuMs(pid: number): number | undefined {
  const own = processCpuMs(pid);
  if (own === undefined) return undefined;
  let children: number[];
  try {
    children = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return own;
  }
  return children.reduce((total, child) => total + (processTreeCpuMs(child) ?? 0), own);
}

/**
 * CPU time of every process named `postgres` on this machine (the server and its backends).
 * Read-only; it tells where the two cores went during a phase. Backends that exit during the
 * phase take their time with them, so this is a lower bound when connections churn.
 */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  let found = false;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      } catch {
        continue;
      }
      const cpu = processCpuMs(Number(entry));
      if (cpu !== undefined) {
        total += cpu;
        found = true;
      }
    }
  } catch {
    return undefined;
  }
  return found ? total : undefined;
}

/** Current resident set size (VmRSS) in KiB, from /proc/<pid>/status. */
export function rssKb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Peak resident set size (VmHWM) in KiB, from /proc/<pid>/status. */
export function peakRssKb(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resets a process's VmHWM to its current RSS (writing 5 to /proc/<pid>/clear_refs, Linux
 * >= 4.0, own processes only), so a later peakRssKb() is the peak of what ran in between.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Busy (non-idle) CPU time of the whole machine in ms, summed over cores, from /proc/stat. */
export function machineBusyCpuMs(): number | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU used by a phase, split by who used it. Any part may be unknown (not Linux, no access).
 * `otherMs` is the machine's busy time that none of the three accounts for: other processes
 * (and the kernel's own work). A large value means the numbers were taken on a busy machine.
 */
export interface CpuSplit {
  canonMs?: number;
  postgresMs?: number;
  benchMs: number;
  otherMs?: number;
  wallMs: number;
}

/** Starts a CPU stopwatch; call the result at the end of the phase. */
export function cpuStopwatch(canonPid: number | undefined, watchPostgres: boolean): () => CpuSplit {
  const canon0 = canonPid === undefined ? undefined : processTreeCpuMs(canonPid);
  const pg0 = watchPostgres ? postgresCpuMs() : undefined;
  const machine0 = machineBusyCpuMs();
  const bench0 = process.cpuUsage();
  const wall0 = performance.now();
  return () => {
    const bench = process.cpuUsage(bench0);
    const canon1 = canonPid === undefined ? undefined : processTreeCpuMs(canonPid);
    const pg1 = watchPostgres ? postgresCpuMs() : undefined;
    const machine1 = machineBusyCpuMs();
    const split: CpuSplit = {
      canonMs: canon0 !== undefined && canon1 !== undefined ? canon1 - canon0 : undefined,
      postgresMs: pg0 !== undefined && pg1 !== undefined ? pg1 - pg0 : undefined,
      benchMs: (bench.user + bench.system) / 1000,
      wallMs: performance.now() - wall0,
    };
    if (machine0 !== undefined && machine1 !== undefined) {
      split.otherMs = Math.max(0, machine1 - machine0 - (split.canonMs ?? 0) - (split.postgresMs ?? 0) - split.benchMs);
    }
    return split;
  };
}
