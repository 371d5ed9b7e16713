// A CPU profile of Canon's server under one commit workload, for finding what to cut next.
//
//   BENCH_DATABASE_URL=postgresql://canon@127.0.0.1:54329/postgres npx tsx bench/profile-commit.ts
//
// Starts `canon serve` (dist/, as built) with `node --cpu-prof`, drives one workload for
// PROFILE_SECONDS (after a warm-up), stops the server with SIGTERM so it writes its profile, and
// prints the heaviest functions and packages by self time. Not a benchmark: the profiler slows the
// server down; compare throughput with `npm run bench`.
//   PROFILE_WORKLOAD=single|batch|typename   (default single: 32 writers, commitState each)
//   BENCH_SERVER_NODE_ARGS="--max-semi-space-size=32" (extra node flags for the server), PROFILE_SECONDS=8, PROFILE_DIR=<tmp dir>, PROFILE_FILE=<a .cpuprofile to summarise, nothing run>, BENCH_BACKENDS=postgres|pglite (default postgres when a URL is set)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../scripts/scratch-database.js";
import { startCanonProcess } from "./lib/canon-process.js";
import { driveWriters, type Writer } from "./lib/stats.js";
import { CanonClient } from "./lib/workload.js";

const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const workload = process.env.PROFILE_WORKLOAD ?? "single";
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(os.tmpdir(), "canon-profile-"));
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const backend = process.env.BENCH_BACKENDS ?? (adminUrl ? "postgres" : "pglite");

async function main() {
  if (process.env.PROFILE_FILE) return summarise(process.env.PROFILE_FILE); // summarise an earlier profile again
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    let env: Record<string, string>;
    if (backend === "postgres") {
      if (!adminUrl) throw new Error("set BENCH_DATABASE_URL for the PostgreSQL backend");
      const scratch = await createScratchDatabase(adminUrl, "canon_profile");
      cleanups.push(scratch.drop);
      env = { DATABASE_URL: scratch.url, CANON_DB_POOL_SIZE: "10" };
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "canon-profile-pglite-"));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env = { CANON_DATA_DIR: dataDir };
    }
    const canon = await startCanonProcess(env, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
    cleanups.push(() => canon.stop());
    const client = new CanonClient(canon.url, 32, canon.token);
    cleanups.push(async () => client.close());
    const runs: string[] = [];
    for (let i = 0; i < (workload === "batch" ? 128 : 32); i++) runs.push(await client.startRun(`profile ${i}`));
    const writers: Writer[] =
      workload === "batch"
        ? [0, 1, 2, 3].map((b) => client.batchWriter(runs.slice(b * 32, (b + 1) * 32), 1000 + b * 32, 8))
        : workload === "typename"
          ? runs.map(() => client.typenameProber())
          : runs.map((runId, i) => client.writer(runId, i, 8));
    await driveWriters(writers, 2_000);
    const result = await driveWriters(writers, seconds * 1000);
    console.log(`${workload}: ${result.commitsPerSecond.toFixed(0)}/s, ${result.commits} ok, ${result.errors} errors`);
    await canon.stop();
    const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error(`no profile in ${profileDir}`);
    summarise(path.join(profileDir, file));
  } finally {
    while (cleanups.length) await cleanups.pop()!().catch(() => {});
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self time by function and by package (node_modules/<name>, node: internals, Canon's own dist/). */
function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Start-up (module loading, schema compilation) is not the workload: samples count from the
  // first one inside the workload's resolver on.
  const marker = workload === "typename" ? "__typename" : "commitStates";
  const onStack = (id: number, name: string) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)!.callFrame.functionName === name) return true;
    return false;
  };
  const first = workload === "typename" ? Math.floor(profile.samples.length / 2) : profile.samples.findIndex((id) => onStack(id, marker));
  profile.samples = profile.samples.slice(Math.max(first, 0));
  profile.timeDeltas = profile.timeDeltas.slice(Math.max(first, 0));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") {
      idle += us;
      continue;
    }
    total += us;
    const where = url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "");
    fn.set(
      `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`,
      (fn.get(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`) ?? 0) + us,
    );
    const owner =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes("/dist/") ? "canon dist/" : url ? url.split("/")[0]! : functionName);
    pkg.set(owner, (pkg.get(owner) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  console.log(`profile ${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`);
  console.log("by package (self time):\n" + top(pkg, 20).join("\n"));
  console.log("by function (self time):\n" + top(fn, 40).join("\n"));
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === "(idle)") return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      const where = url
        .replace(/^file:\/\//, "")
        .replace(/^.*\/node_modules\//, "")
        .replace(/^.*\/dist\//, "dist/");
      seen.add(`${functionName || "(anonymous)"} ${where}`);
    }
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  console.log("by function (inclusive):\n" + top(inclusive, 120).join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
