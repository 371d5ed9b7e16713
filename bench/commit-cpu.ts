// The CPU a commit costs Canon's domain code, in process, without HTTP or a database: checking
// the operations, applying them under the write rules, validating and canonicalising the next
// state, its hash, its stored form (patch or snapshot) and the entry digest. What the
// commit-throughput benchmark cannot show on a shared 2-core machine (its numbers move by a fifth
// from run to run), this shows to a few percent, so a change to the commit path is judged here.
//
//   npm run bench:commit-cpu
//   BENCH_BUILDS=/tmp/dist-before,dist npm run bench:commit-cpu   (two builds, mirrored rounds)
//
// Cases: the commit-throughput workload (a ~2 KB state, each commit a new 8-step plan and a
// status line), and a ~100 KB state (a 1,000-step plan) where each commit changes the status
// line only, or the plan. BENCH_BUILDS: directories of `tsc -p tsconfig.build.json` output
// (the dist/ layout); each is loaded in this process and the rounds run A B B A, so neither gains
// from its place. Without it, the sources as they are (through tsx). CPU is process.cpuUsage.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { commitPayload, PRODUCER, PROVENANCE } from "./lib/workload.js";

const COMMITS = Number(process.env.BENCH_COMMITS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Build {
  label: string;
  planCommit: (current: any, calls: any[], context: any) => any;
  parseOperations: (calls: any[]) => any[];
  buildInitialState: (input: any) => any;
  storedCommit: (previous: any, next: any, nextJson: string, version: number, position: any) => any;
  entryDigest: (entry: any, operationsJson?: string) => string;
  sha256Of: (text: string) => string;
  canonicalJson: (value: unknown) => string;
  /** Builds that have it: the operations' text as appendItem makes it (reusing the state's member texts). */
  canonicalJsonOfCalls?: (calls: any[], state: any, texts: unknown) => string;
}

async function load(dir: string | null): Promise<Build> {
  const at = (module: string) => (dir ? import(pathToFileURL(path.resolve(dir, `${module}.js`)).href) : import(`../src/${module}.js`));
  const [commit, initial, codec, chain, hash] = await Promise.all([
    at("domain/commit"),
    at("domain/initial-state"),
    at("store/ledger-codec"),
    at("domain/ledger-chain"),
    at("domain/content-hash"),
  ]);
  return {
    label: dir ?? "src",
    planCommit: commit.planCommit,
    parseOperations: commit.parseOperations,
    buildInitialState: initial.buildInitialState,
    storedCommit: codec.storedCommit,
    entryDigest: chain.entryDigest,
    sha256Of: hash.sha256Of,
    canonicalJson: hash.canonicalJson,
    canonicalJsonOfCalls: hash.canonicalJsonOfCalls,
  };
}

const context = () => ({
  producer: { component_id: PRODUCER.componentId, component_version: PRODUCER.componentVersion, kind: PRODUCER.kind },
  provenance: [{ source_type: PROVENANCE.sourceType, source_id: PROVENANCE.sourceId, trust_class: PROVENANCE.trustClass }],
  committedAt: new Date(0).toISOString(),
});

interface Case {
  name: string;
  /** The operations of commit `step` (fresh objects, as a request's are). */
  operations: (step: number) => { op: string; args: unknown }[];
  /** Operations applied once before measuring. */
  setup: { op: string; args: unknown }[];
}

const bigPlan = (step: number) => ({
  goal: "a long plan",
  step,
  steps: Array.from({ length: 1000 }, (_, i) => ({
    id: `s${i}`,
    title: `step ${i} of a long plan`,
    status: i < step % 1000 ? "done" : "pending",
  })),
});

const CASES: Case[] = [
  { name: "~2 KB state, new 8-step plan + status", setup: [], operations: (step) => commitPayload(0, step, 8).ledger },
  {
    name: "~100 KB state, status line only",
    setup: [{ op: "setPlan", args: { plan: bigPlan(0) } }],
    operations: (step) => [{ op: "setUserVisibleStatus", args: { status: `at step ${step}` } }],
  },
  {
    name: "~100 KB state, new 1,000-step plan",
    setup: [],
    operations: (step) => [{ op: "setPlan", args: { plan: bigPlan(step) } }],
  },
];

/** One commit as the write path makes it (run-writes.ts commitSpec, ledger-writes.ts appendItem). */
function commitOnce(
  build: Build,
  current: { state: any; contentHash: string; memberTexts?: unknown },
  calls: { op: string; args: unknown }[],
) {
  const operations = build.parseOperations(calls);
  const plan = build.planCommit(current, operations, context());
  if (plan.kind !== "COMMIT") throw new Error("the workload must commit");
  build.storedCommit(current.state, plan.state, plan.stateJson, plan.stateVersion, { snapshotVersion: 1, chainBytes: 0 });
  build.entryDigest(
    {
      runId: "run-bench",
      stateVersion: plan.stateVersion,
      kind: "COMMIT",
      operations,
      producer: context().producer,
      provenance: context().provenance,
      reason: null,
      contentHash: plan.contentHash,
    },
    build.canonicalJsonOfCalls?.(operations, plan.state, plan.memberTexts),
  );
  return { state: plan.state, contentHash: plan.contentHash, memberTexts: plan.memberTexts };
}

function measure(build: Build, testCase: Case): number {
  const state = build.buildInitialState({ runId: "run-bench", sessionId: "s", taskId: "t", objective: "bench", workspaceRoot: "/w" });
  let current = { state, contentHash: build.sha256Of(build.canonicalJson(state)) };
  if (testCase.setup.length) current = commitOnce(build, current, testCase.setup);
  for (let i = 0; i < 200; i++) current = commitOnce(build, current, testCase.operations(100_000 + i)); // warm-up
  // Each commit's operations are made inside the loop (the same work for every build): made
  // beforehand, all of them would stay alive at once, which no server does.
  const before = process.cpuUsage();
  for (let i = 1; i <= COMMITS; i++) current = commitOnce(build, current, testCase.operations(i));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / COMMITS;
}

async function main() {
  const dirs = process.env.BENCH_BUILDS?.split(",").filter(Boolean) ?? [];
  const builds = dirs.length ? await Promise.all(dirs.map(load)) : [await load(null)];
  const order = [...builds, ...[...builds].reverse()];
  console.log(
    `commit CPU in process, ${COMMITS} commits per measurement, ${ROUNDS} mirrored round(s) (${order.map((b) => b.label).join(" ")})`,
  );
  for (const testCase of CASES) {
    const samples = new Map<string, number[]>(builds.map((b) => [b.label, []]));
    for (let round = 0; round < ROUNDS; round++) for (const build of order) samples.get(build.label)!.push(measure(build, testCase));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const cells = builds.map((b) => `${b.label} ${median(samples.get(b.label)!).toFixed(1)} µs`);
    const ratio =
      builds.length > 1
        ? `  (${builds[1]!.label} / ${builds[0]!.label}: ${(median(samples.get(builds[1]!.label)!) / median(samples.get(builds[0]!.label)!)).toFixed(2)})`
        : "";
    console.log(`${testCase.name.padEnd(40)} ${cells.join("   ")}${ratio}`);
  }
}

await main();
