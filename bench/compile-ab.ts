// Two builds of the TaskIR compiler in one process, compared per CPU-second (twenty-sixth session,
// speed). On a shared host separate runs of one build moved by 1.6x within minutes; two builds in
// one process, compiling the same short requests in alternating batches (A B B A, then B A A B),
// see the same load and read the ratio through it.
//
//   BENCH_BASE=/path/to/base/worktree npx tsx bench/compile-ab.ts
//
// Settings (env): BENCH_BASE, a checkout of the base with its node_modules (required);
// BENCH_AB_WARM=20 seconds of warm-up (both builds, request by request); BENCH_AB_BATCH=300
// requests a batch; BENCH_AB_ROUNDS=12. Short requests as in bench/task-compile.ts (development
// corpus, at most 280 characters).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { TaskRequest } from "../src/domain/task-compiler/index.js";
import { compileTask as branchCompile } from "../src/domain/task-compiler/index.js";
import { requestText } from "../src/domain/task-compiler/request.js";
import { loadCorpus, requestOf } from "../test/support/task-corpus.js";

const base = process.env.BENCH_BASE;
if (!base) throw new Error("BENCH_BASE must name a checkout of the base build");
const baseModule = (await import(pathToFileURL(path.resolve(base, "src/domain/task-compiler/index.ts")).href)) as {
  compileTask: (request: TaskRequest) => unknown;
};
const builds = { base: baseModule.compileTask, branch: branchCompile as (request: TaskRequest) => unknown };
const warmSeconds = Number(process.env.BENCH_AB_WARM ?? 20);
const batch = Number(process.env.BENCH_AB_BATCH ?? 300);
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 12);

const short = loadCorpus()
  .map(requestOf)
  .filter((request) => requestText(request).length <= 280);
let offset = 0;
const warmEnd = Date.now() + warmSeconds * 1000;
while (Date.now() < warmEnd) {
  const request = short[offset++ % short.length]!;
  builds.base(request);
  builds.branch(request);
}

/** CPU milliseconds one build takes over a batch from `start`. */
function cpuOf(compile: (request: TaskRequest) => unknown, start: number): number {
  const before = process.cpuUsage();
  for (let i = 0; i < batch; i++) compile(short[(start + i) % short.length]!);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

let baseTotal = 0;
let branchTotal = 0;
const ratios: number[] = [];
for (let round = 0; round < rounds; round++) {
  const start = offset;
  offset += batch;
  const order = round % 2 === 0 ? ["base", "branch", "branch", "base"] : ["branch", "base", "base", "branch"];
  const spent = { base: 0, branch: 0 };
  for (const build of order as (keyof typeof builds)[]) spent[build] += cpuOf(builds[build], start);
  baseTotal += spent.base;
  branchTotal += spent.branch;
  ratios.push(spent.base / spent.branch);
  console.log(
    `round ${round}: base ${spent.base.toFixed(0)} ms, branch ${spent.branch.toFixed(0)} ms, branch speed ${(spent.base / spent.branch).toFixed(3)}x`,
  );
}
ratios.sort((a, b) => a - b);
console.log(
  `branch speed per CPU-second: ${(baseTotal / branchTotal).toFixed(3)}x the base's pooled, median round ${ratios[Math.floor(ratios.length / 2)]!.toFixed(3)}x`,
);
