// The AgentState rules at the API, against a real server: each test would fail if its rule
// were taken out of the write path, and each refused write is shown to have written nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { commitAs, START_RUN } from "../support/operations.js";
import { completionDecision, completionProposal, toolReceipt, WRITERS, type RunIds, type Writer } from "../support/realistic-run.js";

const PROBE = `query($id: ID!) { run(id: $id) { ... on Run { stateVersion contentHash status ledgerSeq: history(first: 100) { edges { node { seq } } }
  completion { status } } } }`;

const op = (name: string, args: Record<string, unknown>) => ({ op: name, args });
const modelWithoutModelProvenance: Writer = { producer: WRITERS.coder.producer, provenance: WRITERS.runtime.provenance };

describe(`AgentState rules over GraphQL on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  async function newRun(): Promise<RunIds & { version: () => Promise<number> }> {
    const runId = (await canon.gql(START_RUN, { objective: "Fix the failing login test" })).data.startRun.run.runId as string;
    const identity = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: runId })
    ).data.run.state.identity;
    const version = async () => (await probe(runId)).stateVersion as number;
    return { runId, sessionId: identity.sessionId, taskId: identity.taskId, version };
  }

  const probe = async (runId: string) => (await canon.gql(PROBE, { id: runId })).data.run;

  /** Runs `write`, expects the typed error `code`, and checks that nothing at all was written. */
  async function refused(runId: string, code: string, write: () => Promise<{ data?: any; errors?: unknown }>) {
    const before = await probe(runId);
    const response = await write();
    const result = response.data?.commitState ?? response.data?.recordNoop;
    expect(result, JSON.stringify(response)).toMatchObject({ code });
    expect(await probe(runId)).toEqual(before);
    return result;
  }

  describe("model output needs provenance", () => {
    it("refuses a model's commit without a MODEL provenance record, and accepts it with one", async () => {
      const run = await newRun();
      const calls = [op("setPlan", { plan: { steps: ["guess"] } })];
      await refused(run.runId, "ERR_PROVENANCE_REQUIRED", () => commitAs(canon, run.runId, 0, modelWithoutModelProvenance, calls));
      const accepted = await commitAs(canon, run.runId, 0, WRITERS.coder, calls);
      expect(accepted.data.commitState.__typename).toBe("WriteSuccess");
    });

    it("refuses MODEL content from a non-model producer without a MODEL record", async () => {
      const run = await newRun();
      const calls = [op("proposeHypothesis", { hypothesisId: "h1", statement: "the cache is stale", source: "MODEL" })];
      await refused(run.runId, "ERR_PROVENANCE_REQUIRED", () => commitAs(canon, run.runId, 0, WRITERS.runtime, calls));
    });

    it("refuses a model's no-op without a MODEL record too", async () => {
      const run = await newRun();
      await refused(run.runId, "ERR_PROVENANCE_REQUIRED", () =>
        canon.gql(
          `mutation($runId: ID!) { recordNoop(input: { runId: $runId, expectedVersion: 0, reason: "nothing to do",
            producer: { componentId: "coder-v3", componentVersion: "1", kind: MODEL_COMPONENT },
            provenance: [{ sourceType: SYSTEM, sourceId: "x", trustClass: INTERNAL }] }) { __typename ... on Error { code } } }`,
          { runId: run.runId },
          { as: { component_id: "coder-v3", component_version: "1", kind: "MODEL_COMPONENT" } },
        ),
      );
    });
  });

  describe("hypotheses are not facts", () => {
    it("refuses to settle a hypothesis on evidence the run never recorded", async () => {
      const run = await newRun();
      await commitAs(canon, run.runId, 0, WRITERS.runtime, [
        op("proposeHypothesis", { hypothesisId: "h1", statement: "expiry uses local time" }),
      ]);
      const settle = [
        op("resolveHypothesis", { hypothesisId: "h1", status: "SUPPORTED", evidence: [{ kind: "TOOL_RECEIPT", ref: "tool-never-ran" }] }),
      ];
      await refused(run.runId, "ERR_EVIDENCE_REQUIRED", () => commitAs(canon, run.runId, 1, WRITERS.runtime, settle));
      const state = await canon.gql(
        `query($id: ID!) { run(id: $id) { ... on Run { state { hypotheses { status } evidence { ref } } } } }`,
        { id: run.runId },
      );
      expect(state.data.run.state).toEqual({ hypotheses: [{ status: "OPEN" }], evidence: [] });
    });
  });

  describe("completion is recorded, never inferred", () => {
    it("stays NOT_COMPLETE through finished nodes, done subgoals, a 'done' status and a model's proposal", async () => {
      const run = await newRun();
      await commitAs(canon, run.runId, 0, WRITERS.runtime, [
        op("setGraphCursor", { graphId: "g", graphVersion: 1, frontier: [], completedNodes: ["a", "b"] }),
        op("addSubgoal", { subgoalId: "s1", description: "everything" }),
        op("setSubgoalStatus", { subgoalId: "s1", status: "DONE" }),
        op("setUserVisibleStatus", { status: "done!" }),
      ]);
      await commitAs(canon, run.runId, 1, WRITERS.coder, [op("proposeCompletion", { proposal: completionProposal(run, "p1", 1, []) })]);
      const after = await probe(run.runId);
      expect(after.stateVersion).toBe(2);
      expect(after.completion.status).toBe("NOT_COMPLETE");
      expect(after.status).toBe("ACTIVE");
    });

    it("refuses a completion decision committed by a model, even with MODEL provenance", async () => {
      const run = await newRun();
      const receipt = `t-${run.runId}`;
      await commitAs(canon, run.runId, 0, WRITERS.tools, [op("recordToolReceipt", { receipt: toolReceipt(run, receipt, 0, "SUCCESS") })]);
      const decision = completionDecision(run, `d-${run.runId}`, 1, "COMPLETE", [{ criterion_id: "c", receipt_refs: [receipt] }]);
      await refused(run.runId, "ERR_COMPLETION_REJECTED", () =>
        commitAs(canon, run.runId, 1, WRITERS.coder, [op("recordCompletionDecision", { decision })]),
      );
      // A decision document naming a model as its producer does not even parse (ABI: RUNTIME or VERIFIER only).
      const byModel = { ...decision, envelope: { ...decision.envelope, producer: WRITERS.coder.producer } };
      await refused(run.runId, "ERR_INVALID_INPUT", () =>
        commitAs(canon, run.runId, 1, WRITERS.coder, [op("recordCompletionDecision", { decision: byModel })]),
      );
    });
  });

  describe("a run of a compiled task", () => {
    it("starts with the task's acceptance criteria and completion policy, and holds decisions to them", async () => {
      const compiled = await canon.gql(
        `mutation { compileTask(input: { text: "Fix the off-by-one in src/pagination.ts. It must return 20 items per page." }) {
          ... on CompileTaskSuccess { task { taskId status acceptanceCriteria { criterionId origin required } } } } }`,
      );
      const task = compiled.data.compileTask.task;
      expect(task.status).toBe("COMPILED");
      const started = await canon.gql(
        `mutation($taskId: ID!) { startRun(input: { taskId: $taskId, workspaceRoot: "/w",
          provenance: [{ sourceType: SYSTEM, sourceId: "runtime.output", trustClass: INTERNAL }] }) {
          ... on WriteSuccess { run { runId state { acceptance { criterionId origin required } identity { sessionId taskId } extensions } } } } }`,
        { taskId: task.taskId },
      );
      const run = started.data.startRun.run;
      expect(run.state.acceptance).toEqual(task.acceptanceCriteria);
      expect(run.state.acceptance.some((c: { origin: string }) => c.origin === "EXPLICIT")).toBe(true);
      expect(run.state.acceptance.some((c: { origin: string }) => c.origin === "INFERRED")).toBe(true);
      expect(run.state.extensions["x-completion-policy"]).toEqual({
        policy_id: "completion.bug_fix",
        policy_version: 1,
        allow_partial: false,
      });
      // BUG_FIX does not allow partial completion, and a COMPLETE must pass every required criterion.
      const ids = { runId: run.runId, sessionId: run.state.identity.sessionId, taskId: run.state.identity.taskId };
      const receipt = `t-${run.runId}`;
      await commitAs(canon, run.runId, 0, WRITERS.tools, [op("recordToolReceipt", { receipt: toolReceipt(ids, receipt, 0, "SUCCESS") })]);
      const partial = completionDecision(ids, `d-${run.runId}`, 1, "PARTIAL", [
        { criterion_id: task.acceptanceCriteria[0].criterionId, receipt_refs: [receipt] },
      ]);
      const refusedPartial = await refused(run.runId, "ERR_COMPLETION_REJECTED", () =>
        commitAs(canon, run.runId, 1, WRITERS.runtime, [op("recordCompletionDecision", { decision: partial })]),
      );
      expect(refusedPartial.message).toContain("PARTIAL");
      const complete = completionDecision(ids, `d2-${run.runId}`, 1, "COMPLETE", [
        { criterion_id: task.acceptanceCriteria[0].criterionId, receipt_refs: [receipt] },
      ]);
      const refusedComplete = await refused(run.runId, "ERR_COMPLETION_REJECTED", () =>
        commitAs(canon, run.runId, 1, WRITERS.runtime, [op("recordCompletionDecision", { decision: complete })]),
      );
      expect(refusedComplete.message).toContain("has no PASS result");
    });
  });

  describe("receipts are append-only", () => {
    it("records a receipt once, ignores an identical repeat, refuses different content under its id", async () => {
      const run = await newRun();
      const receipt = toolReceipt(run, `tool-${run.runId}`, 0, "SUCCESS");
      expect((await commitAs(canon, run.runId, 0, WRITERS.tools, [op("recordToolReceipt", { receipt })])).data.commitState.entry.kind).toBe(
        "COMMIT",
      );
      expect((await commitAs(canon, run.runId, 1, WRITERS.tools, [op("recordToolReceipt", { receipt })])).data.commitState.entry.kind).toBe(
        "NOOP",
      );
      const forged = { ...receipt, exit_class: "FAILURE" };
      await refused(run.runId, "ERR_RECEIPT_CONFLICT", () =>
        commitAs(canon, run.runId, 1, WRITERS.tools, [op("recordToolReceipt", { receipt: forged })]),
      );
    });

    it("cannot be edited or deleted even directly in the database", async () => {
      const run = await newRun();
      const id = `tool-db-${run.runId}`;
      await commitAs(canon, run.runId, 0, WRITERS.tools, [op("recordToolReceipt", { receipt: toolReceipt(run, id, 0, "SUCCESS") })]);
      const { prisma } = canon.server.database;
      await expect(prisma.$executeRaw`UPDATE "receipt" SET "document" = '{}'::jsonb WHERE "id" = ${id}`).rejects.toThrow();
      await expect(prisma.$executeRaw`DELETE FROM "receipt" WHERE "id" = ${id}`).rejects.toThrow();
      expect(await prisma.receipt.count({ where: { id } })).toBe(1);
    });
  });

  describe("locks", () => {
    it("refuses a live lock held by another component, and grants it once the lock has expired at commit time", async () => {
      const run = await newRun();
      await commitAs(canon, run.runId, 0, WRITERS.runtime, [op("acquireLock", { resource: "fs:src/**", ttlMs: 600_000 })]);
      const held = await refused(run.runId, "ERR_LOCK_HELD", () =>
        commitAs(canon, run.runId, 1, WRITERS.tools, [op("acquireLock", { resource: "fs:src/**", ttlMs: 1_000 })]),
      );
      expect(held.message).toContain("runtime");
      await commitAs(canon, run.runId, 1, WRITERS.runtime, [op("renewLock", { resource: "fs:src/**", ttlMs: 1 })]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const taken = await commitAs(canon, run.runId, 2, WRITERS.tools, [op("acquireLock", { resource: "fs:src/**", ttlMs: 1_000 })]);
      expect(taken.data.commitState.__typename).toBe("WriteSuccess");
      const locks = await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { locks { holder stateVersionAcquired } } } } }`, {
        id: run.runId,
      });
      expect(locks.data.run.state.locks).toEqual([{ holder: "tool-runner", stateVersionAcquired: 3 }]);
    });
  });

  describe("model changes never change state", () => {
    it("logs LOADED, EVICTED and LOST without touching version or content hash", async () => {
      const run = await newRun();
      await commitAs(canon, run.runId, 0, WRITERS.runtime, [op("setUserVisibleStatus", { status: "working" })]);
      const before = await probe(run.runId);
      for (const kind of ["LOADED", "EVICTED", "LOST"]) {
        const logged = await canon.gql(
          `mutation($runId: ID!, $kind: ModelEventKind!) { recordModelEvent(input: { runId: $runId, kind: $kind, modelId: "planner-v2-fast",
            producer: { componentId: "runtime", componentVersion: "1", kind: RUNTIME } }) { __typename } }`,
          { runId: run.runId, kind },
          { as: { component_id: "runtime", component_version: "1", kind: "RUNTIME" } },
        );
        expect(logged.data.recordModelEvent.__typename).toBe("ModelEvent");
      }
      expect(await probe(run.runId)).toEqual(before);
    });
  });

  describe("a commit is all or nothing", () => {
    it("writes none of its operations when a later one is refused", async () => {
      const run = await newRun();
      await refused(run.runId, "ERR_PRECONDITION_FAILED", () =>
        commitAs(canon, run.runId, 0, WRITERS.runtime, [
          op("addConstraint", { constraintId: "c1" }),
          op("setUserVisibleStatus", { status: "half" }),
          op("resolveFailure", { failureId: "no-such-failure", resolution: "n/a" }),
        ]),
      );
    });
  });
});
