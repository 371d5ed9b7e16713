// Export and import round-trip everything a run has: exported from one Canon and imported into
// an empty one, every read (the state at every version, history, diffs, verification, the run's
// receipts and model events, and its task with TaskIR, clarifications, status and revisions)
// answers the same. Tokens do not travel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainHash, entryDigest } from "../../src/domain/ledger-chain.js";
import { exportRun, importRun } from "../../src/store/run-transfer.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { commitAs, START_RUN } from "../support/operations.js";
import { realisticRun, toolReceipt, WRITERS, type RunIds } from "../support/realistic-run.js";

const ANA = { component_id: "ana@example.com", component_version: "1", kind: "HUMAN" } as const;

/** Everything a run and its task answer, in queries each within the API's cost limit. */
const EVERYTHING = [
  `query($id: ID!) { run(id: $id) { ... on Run {
    runId taskId sessionId stateVersion ledgerSeq status contentHash createdAt updatedAt document
    completion { status outcome decisionId decidedAtVersion decision }
    receipts(first: 500) { id runId kind contentHash stateVersion recordedAt document }
    modelEvents { id kind modelId previousModelId detail producer { componentId kind } stateVersion recordedAt }
  } } }`,
  `query($id: ID!) { run(id: $id) { ... on Run {
    history(first: 100) { edges { node { seq version kind operations producer { componentId componentVersion kind }
      provenance { sourceType sourceId trustClass } reason contentHash parentHash entryHash committedAt document } } }
  } } }`,
  `query($id: ID!) { verifyRun(runId: $id) { ... on VerificationReport { ok checkedEntries firstDivergence { seq check } } } }`,
  `query($taskId: ID!) { task(id: $taskId) { ... on Task { taskId revision status objective taskType createdAt updatedAt ir
    ambiguities { ambiguityId resolution answer answeredBy }
    revisions { revision status answeredBy createdAt ir } } } }`,
];

const AT_VERSION = `query($id: ID!, $v: Int!, $prev: Int!) { run(id: $id) { ... on Run {
  stateAt(version: $v) { ... on StateSnapshot { version contentHash document } ... on Error { code } }
  diff(fromVersion: $prev, toVersion: $v) { ... on StateDiff { changedSections patch } ... on Error { code } }
} } }`;

const op = (name: string, args: Record<string, unknown>) => ({ op: name, args });

describe(`canon export / import round-trips runs and their compiled tasks on ${backendName}`, { timeout: 120_000 }, () => {
  let source: TestCanon;
  let target: TestCanon;

  beforeAll(async () => {
    [source, target] = await Promise.all([startTestCanon(), startTestCanon()]);
  });
  afterAll(() => Promise.all([source?.stop(), target?.stop()]));

  async function idsOf(canon: TestCanon, runId: string): Promise<RunIds> {
    const identity = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: runId })
    ).data.run.state.identity;
    return { runId, sessionId: identity.sessionId, taskId: identity.taskId };
  }

  /** A compiled task that needed a clarification, and a run of it with receipts, a lock and model events. */
  async function compiledTaskRun(): Promise<RunIds> {
    const compiled = await source.gql(
      `mutation { compileTask(input: { text: "Fix it." }) { ... on CompileTaskSuccess { task { taskId ambiguities { ambiguityId } } } } }`,
    );
    const task = compiled.data.compileTask.task;
    const clarified = await source.gql(
      `mutation($input: ClarifyTaskInput!) { clarifyTask(input: $input) { __typename ... on ClarifyTaskSuccess { task { status revision } } } }`,
      {
        input: {
          taskId: task.taskId,
          expectedRevision: 0,
          answers: [{ ambiguityId: task.ambiguities[0].ambiguityId, answer: "the null check in src/cart/total.ts" }],
        },
      },
      { as: ANA },
    );
    expect(clarified.data.clarifyTask.task).toEqual({ status: "COMPILED", revision: 1 });
    const started = await source.gql(
      `mutation($taskId: ID!) { startRun(input: { taskId: $taskId, workspaceRoot: "/w",
        provenance: [{ sourceType: SYSTEM, sourceId: "runtime.output", trustClass: INTERNAL }] }) { ... on WriteSuccess { run { runId } } } }`,
      { taskId: task.taskId },
    );
    const ids = await idsOf(source, started.data.startRun.run.runId);
    const commit = async (version: number, who: (typeof WRITERS)[keyof typeof WRITERS], calls: ReturnType<typeof op>[]) => {
      const response = await commitAs(source, ids.runId, version, who, calls);
      expect(response.data.commitState.__typename, JSON.stringify(response)).toBe("WriteSuccess");
    };
    await commit(0, WRITERS.runtime, [
      op("acquireLock", { resource: "fs:src/cart/**", ttlMs: 600_000 }),
      op("setSensitivityLabel", { resource: "fs:.env", class: "SECRET" }),
    ]);
    await commit(1, WRITERS.tools, [op("recordToolReceipt", { receipt: toolReceipt(ids, `t-${ids.runId}`, 1, "FAILURE") })]);
    for (const kind of ["LOADED", "EVICTED"]) {
      await source.gql(
        `mutation($runId: ID!, $kind: ModelEventKind!) { recordModelEvent(input: { runId: $runId, kind: $kind, modelId: "coder-v3", detail: "context full" }) { __typename } }`,
        {
          runId: ids.runId,
          kind,
        },
      );
    }
    await commit(2, WRITERS.runtime, [op("setUserVisibleStatus", { status: "reproduced" })]);
    return ids;
  }

  /** A run that uses every operation, ending in a recorded COMPLETE decision. */
  async function realisticRunOf(): Promise<RunIds> {
    const runId = (await source.gql(START_RUN, { objective: "Fix the failing login test" })).data.startRun.run.runId as string;
    const ids = await idsOf(source, runId);
    let version = 0;
    for (const { step, who, calls, kind } of realisticRun(ids)) {
      const response = await commitAs(source, runId, version, who, calls);
      expect(response.data.commitState.__typename, `${step}: ${JSON.stringify(response)}`).toBe("WriteSuccess");
      if (kind === "COMMIT") version++;
    }
    return ids;
  }

  async function reads(canon: TestCanon, ids: RunIds) {
    const answers = await Promise.all(EVERYTHING.map((query) => canon.gql(query, { id: ids.runId, taskId: ids.taskId })));
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const [run, history, verify, task] = answers.map((answer) => answer.data);
    const everything = { run: { ...run.run, ...history.run }, verifyRun: verify.verifyRun, task: task.task };
    const versions = [];
    for (let v = 0; v <= everything.run.stateVersion; v++) {
      versions.push((await canon.gql(AT_VERSION, { id: ids.runId, v, prev: Math.max(v - 1, 0) })).data.run);
    }
    return { everything, versions };
  }

  it("imports into an empty database a run that reads exactly as it did, with its compiled task", async () => {
    const runs = [await compiledTaskRun(), await realisticRunOf()];
    for (const ids of runs) {
      const lines: string[] = [];
      await exportRun(source.server.database, ids.runId, (line) => void lines.push(line));
      async function* each() {
        yield* lines;
      }
      await importRun(target.server.database, each());
      const [before, after] = [await reads(source, ids), await reads(target, ids)];
      expect(after).toEqual(before);
      expect(after.everything.verifyRun.ok).toBe(true);
    }
    const [compiled, realistic] = await Promise.all(runs.map((ids) => reads(target, ids)));
    expect(compiled!.everything.task).toMatchObject({ status: "COMPILED", revision: 1, taskType: expect.any(String) });
    expect(compiled!.everything.task.ir).not.toBeNull();
    expect(compiled!.everything.task.revisions.map((r: { answeredBy: string | null }) => r.answeredBy)).toEqual([null, ANA.component_id]);
    expect(compiled!.everything.run.modelEvents.map((e: { kind: string }) => e.kind)).toEqual(["LOADED", "EVICTED"]);
    expect(realistic!.everything.run.completion.status).toBe("COMPLETE");
    // Tokens stay where they were made.
    const tokens = await target.server.database.prisma.apiToken.findMany({ select: { identity: true } });
    expect(tokens.map((t) => (t.identity as { component_id: string }).component_id)).not.toContain(ANA.component_id);
  });

  it("refuses a file whose task's TaskIR is not valid, writing nothing", async () => {
    const runId = (await source.gql(START_RUN, { objective: "A run whose export is tampered with" })).data.startRun.run.runId as string;
    const ids = await idsOf(source, runId);
    const lines: string[] = [];
    await exportRun(source.server.database, ids.runId, (line) => void lines.push(line));
    const header = JSON.parse(lines[0]!);
    header.task = { ...header.task, id: `${header.task.id}-forged`, status: "COMPILED", ir: { task_id: "x" } };
    header.run.taskId = header.task.id;
    async function* each() {
      yield JSON.stringify(header);
      yield* lines.slice(1);
    }
    await expect(importRun(target.server.database, each())).rejects.toMatchObject({ code: "ERR_INVALID_INPUT" });
    expect(await target.server.database.prisma.run.count({ where: { id: ids.runId } })).toBe(0);
    expect(await target.server.database.prisma.task.count({ where: { id: header.task.id } })).toBe(0);
  });

  it("refuses a file whose first parent hash is not a sha256 (the ledger stores hashes as 32 bytes), writing nothing", async () => {
    const runId = (await source.gql(START_RUN, { objective: "A run whose parent hash is edited" })).data.startRun.run.runId as string;
    const lines: string[] = [];
    await exportRun(source.server.database, runId, (line) => void lines.push(line));
    // The chain would still verify (it is computed over this text), but the text is no hash.
    const forged = { ...JSON.parse(lines[1]!), parentHash: "sha256:not-a-hash" };
    const entryHash = chainHash(forged.parentHash, 0, entryDigest(forged));
    async function* each() {
      yield lines[0]!;
      yield JSON.stringify({ ...forged, entryHash });
    }
    await expect(importRun(target.server.database, each())).rejects.toMatchObject({ code: "ERR_INVALID_INPUT" });
    expect(await target.server.database.prisma.run.count({ where: { id: runId } })).toBe(0);
  });
});
