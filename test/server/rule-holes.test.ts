// The holes of issue 17, each tried over GraphQL with a token of the component kind that would
// try it: each attack gets its typed error and leaves the run exactly as it was (state
// version, content hash, ledger position, status, receipts). docs/rules.md names each rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { commitAs, START_RUN } from "../support/operations.js";
import {
  completionDecision,
  envelope,
  hashOf,
  toolReceipt,
  verificationReceipt,
  WRITERS,
  type RunIds,
  type Writer,
} from "../support/realistic-run.js";

const PROBE = `query($id: ID!) { run(id: $id) { ... on Run { stateVersion contentHash ledgerSeq status
  receipts(first: 500) { id contentHash } completion { status } state { relevantContext contextIndex locks { resource holder } } } } }`;

const op = (name: string, args: Record<string, unknown>) => ({ op: name, args });
const ciVerifier: Writer = {
  producer: { component_id: "ci-verifier", component_version: "1.4.0", kind: "VERIFIER" },
  provenance: [{ source_type: "TOOL", source_id: "ci-verifier.output", trust_class: "INTERNAL" }],
};

/** A verification receipt by `who`, with the given verifier and result. */
function verification(ids: RunIds, id: string, read: number, verifier: string, result: string, who: Writer = WRITERS.verifier) {
  return {
    ...verificationReceipt(ids, id, read, []),
    envelope: envelope(ids, "VerificationReceiptV1", read, who),
    verifier,
    result,
    criteria_results: undefined,
  };
}

const withoutUndefined = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe(`the holes in the rules are closed, over GraphQL on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  const probe = async (runId: string) => (await canon.gql(PROBE, { id: runId })).data.run;

  async function newRun(taskId?: string): Promise<RunIds> {
    const started = taskId
      ? await canon.gql(
          `mutation($taskId: ID!) { startRun(input: { taskId: $taskId, workspaceRoot: "/w",
            provenance: [{ sourceType: SYSTEM, sourceId: "runtime.output", trustClass: INTERNAL }] }) { ... on WriteSuccess { run { runId } } ... on Error { code message } } }`,
          { taskId },
        )
      : await canon.gql(START_RUN, { objective: "Fix the failing login test" });
    const runId = started.data.startRun.run.runId as string;
    const identity = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: runId })
    ).data.run.state.identity;
    return { runId, sessionId: identity.sessionId, taskId: identity.taskId };
  }

  /** Commits and expects success; returns the new version. */
  async function accepted(runId: string, version: number, who: Writer, calls: ReturnType<typeof op>[]): Promise<number> {
    const response = await commitAs(canon, runId, version, who, withoutUndefined(calls));
    expect(response.data?.commitState?.__typename, JSON.stringify(response)).toBe("WriteSuccess");
    return response.data.commitState.run.stateVersion as number;
  }

  /** Commits `calls` as `who`, expects the typed error `code`, and checks that nothing was written. */
  async function refused(runId: string, version: number, who: Writer, calls: ReturnType<typeof op>[], code: string) {
    const before = await probe(runId);
    const response = await commitAs(canon, runId, version, who, withoutUndefined(calls));
    expect(response.data?.commitState, JSON.stringify(response)).toMatchObject({ code });
    expect(await probe(runId)).toEqual(before);
    return response.data.commitState as { code: string; message: string };
  }

  describe("evidence is never model output (rule 2)", () => {
    it("a model cannot settle its own hypothesis with a receipt it wrote, in the same commit or later", async () => {
      const run = await newRun();
      const coder = WRITERS.coder;
      let v = await accepted(run.runId, 0, coder, [
        op("proposeHypothesis", { hypothesisId: "h1", statement: "the cookie expires early", source: "MODEL" }),
      ]);
      const ownReceipt = { ...toolReceipt(run, `t-model-${run.runId}`, v, "SUCCESS"), envelope: envelope(run, "ToolReceiptV1", v, coder) };
      const settle = op("resolveHypothesis", {
        hypothesisId: "h1",
        status: "SUPPORTED",
        evidence: [{ kind: "TOOL_RECEIPT", ref: ownReceipt.invocation_id }],
      });
      const error = await refused(run.runId, v, coder, [op("recordToolReceipt", { receipt: ownReceipt }), settle], "ERR_EVIDENCE_REQUIRED");
      expect(error.message).toContain("model output");
      // Recorded on its own the model's receipt is kept, but no one can settle a hypothesis with it.
      v = await accepted(run.runId, v, coder, [op("recordToolReceipt", { receipt: ownReceipt })]);
      await refused(run.runId, v, coder, [settle], "ERR_EVIDENCE_REQUIRED");
      await refused(run.runId, v, WRITERS.runtime, [settle], "ERR_EVIDENCE_REQUIRED");
      await refused(
        run.runId,
        v,
        WRITERS.runtime,
        [op("recordEvidence", { evidence: { kind: "TOOL_RECEIPT", ref: ownReceipt.invocation_id } })],
        "ERR_EVIDENCE_REQUIRED",
      );
      // A tool's observation still settles it.
      const observed = toolReceipt(run, `t-tool-${run.runId}`, v, "FAILURE");
      v = await accepted(run.runId, v, WRITERS.tools, [op("recordToolReceipt", { receipt: observed })]);
      await accepted(run.runId, v, WRITERS.runtime, [
        op("resolveHypothesis", {
          hypothesisId: "h1",
          status: "SUPPORTED",
          evidence: [{ kind: "TOOL_RECEIPT", ref: observed.invocation_id }],
        }),
      ]);
    });

    it("an evidence reference whose content hash is not the cited receipt's stored hash is refused", async () => {
      const run = await newRun();
      const receipt = toolReceipt(run, `t-${run.runId}`, 0, "SUCCESS");
      let v = await accepted(run.runId, 0, WRITERS.tools, [op("recordToolReceipt", { receipt })]);
      v = await accepted(run.runId, v, WRITERS.runtime, [op("proposeHypothesis", { hypothesisId: "h1", statement: "s" })]);
      const stored = (await canon.gql(`query($id: ID!) { receipt(id: $id) { contentHash } }`, { id: receipt.invocation_id })).data.receipt
        .contentHash;
      const cite = (contentHash: string) => [
        op("resolveHypothesis", {
          hypothesisId: "h1",
          status: "SUPPORTED",
          evidence: [{ kind: "TOOL_RECEIPT", ref: receipt.invocation_id, contentHash }],
        }),
      ];
      const error = await refused(run.runId, v, WRITERS.runtime, cite(hashOf("something else")), "ERR_EVIDENCE_REQUIRED");
      expect(error.message).toContain(stored);
      await accepted(run.runId, v, WRITERS.runtime, cite(stored));
    });
  });

  describe("receipts are the token's own, written on versions the run has reached", () => {
    it("a model cannot record receipts in a verifier's name, nor use them to complete a run", async () => {
      const run = await newRun();
      let v = await accepted(run.runId, 0, WRITERS.runtime, [
        op("addAcceptanceCriterion", { criterionId: "login-passes", description: "login passes" }),
      ]);
      const forged = verification(run, `ver-forged-${run.runId}`, v, "UNIT_TEST", "PASS", ciVerifier);
      const error = await refused(run.runId, v, WRITERS.coder, [op("recordVerificationReceipt", { receipt: forged })], "ERR_FORBIDDEN");
      expect(error.message).toContain("ci-verifier");
      // The same document recorded and decided on in one commit by the runtime: still not its own.
      const decision = completionDecision(run, `d-${run.runId}`, v, "COMPLETE", [
        { criterion_id: "login-passes", receipt_refs: [forged.verification_id] },
      ]);
      await refused(
        run.runId,
        v,
        WRITERS.runtime,
        [op("recordVerificationReceipt", { receipt: forged }), op("recordCompletionDecision", { decision })],
        "ERR_FORBIDDEN",
      );
      // The real verifier may record it.
      v = await accepted(run.runId, v, ciVerifier, [op("recordVerificationReceipt", { receipt: forged })]);
      expect(v).toBe(2);
    });

    it("a receipt claiming to have read a version the run has not reached is refused", async () => {
      const run = await newRun();
      const ahead = toolReceipt(run, `t-ahead-${run.runId}`, 7, "SUCCESS");
      const error = await refused(run.runId, 0, WRITERS.tools, [op("recordToolReceipt", { receipt: ahead })], "ERR_PRECONDITION_FAILED");
      expect(error.message).toContain("version 7");
    });
  });

  describe("a PASS rests on passing evidence of the kind its criterion asks for", () => {
    /** A run of a compiled BUG_FIX task: its acceptance criteria are the ABI's built-in ones plus one of the caller's. */
    async function bugFixRun() {
      const compiled = await canon.gql(
        `mutation { compileTask(input: { text: "Fix the off-by-one in src/pagination.ts. It must return 20 items per page." }) {
          ... on CompileTaskSuccess { task { taskId status acceptanceCriteria { criterionId required } } } } }`,
      );
      const task = compiled.data.compileTask.task;
      expect(task.status).toBe("COMPILED");
      const run = await newRun(task.taskId);
      return { run, criteria: task.acceptanceCriteria.map((c: { criterionId: string }) => c.criterionId) as string[] };
    }

    /** Receipts that pass every criterion of the run, each of the right kind, recorded by the verifier. */
    const VERIFIER_OF: Record<string, string> = {
      "ac.policy.target-tests-pass": "UNIT_TEST",
      "ac.policy.affected-tests-pass": "UNIT_TEST",
      "ac.policy.no-new-regressions": "REGRESSION",
      "ac.policy.diff-review-accept": "DIFF_REVIEW",
      "ac.policy.requirements-satisfied": "REQUIREMENT",
    };

    it("refuses COMPLETE citing a FAIL, an INCONCLUSIVE, a failed tool run or a LINT pass for 'target tests pass', and accepts real passes", async () => {
      const { run, criteria } = await bugFixRun();
      const id = (name: string) => `${name}-${run.runId}`;
      const passes = criteria.map((criterion) =>
        verification(run, id(`ver-${criterion}`), 0, VERIFIER_OF[criterion] ?? "UNIT_TEST", "PASS"),
      );
      const failing = [
        verification(run, id("ver-fail"), 0, "UNIT_TEST", "FAIL"),
        verification(run, id("ver-inconclusive"), 0, "UNIT_TEST", "INCONCLUSIVE"),
        verification(run, id("ver-lint"), 0, "LINT", "PASS"),
      ];
      let v = await accepted(
        run.runId,
        0,
        WRITERS.verifier,
        [...passes, ...failing].map((receipt) => op("recordVerificationReceipt", { receipt })),
      );
      const failedRun = toolReceipt(run, id("tool-failed"), v, "FAILURE");
      v = await accepted(run.runId, v, WRITERS.tools, [op("recordToolReceipt", { receipt: failedRun })]);

      const decide = (target: string, decisionId: string) => {
        const results = criteria.map((criterion, i) => ({
          criterion_id: criterion,
          receipt_refs: [criterion === "ac.policy.target-tests-pass" ? target : passes[i]!.verification_id],
        }));
        return [
          op("recordCompletionDecision", { decision: completionDecision(run, decisionId, v, "COMPLETE", results, WRITERS.verifier) }),
        ];
      };
      for (const [target, says] of [
        [id("ver-fail"), "FAIL"],
        [id("ver-inconclusive"), "INCONCLUSIVE"],
        [failedRun.invocation_id, "verification_receipt"],
        [id("ver-lint"), "UNIT_TEST"],
      ] as const) {
        const error = await refused(run.runId, v, WRITERS.verifier, decide(target, id(`d-${says}`)), "ERR_COMPLETION_REJECTED");
        expect(error.message).toContain(says);
      }
      expect((await probe(run.runId)).completion.status).toBe("NOT_COMPLETE");
      await accepted(
        run.runId,
        v,
        WRITERS.verifier,
        decide(passes[criteria.indexOf("ac.policy.target-tests-pass")]!.verification_id, id("d-ok")),
      );
      const done = await probe(run.runId);
      expect([done.status, done.completion.status]).toEqual(["COMPLETED", "COMPLETE"]);
    });

    it("a failed tool run cannot back a PASS for the caller's own criterion either", async () => {
      const run = await newRun();
      let v = await accepted(run.runId, 0, WRITERS.runtime, [
        op("addAcceptanceCriterion", { criterionId: "login-passes", description: "login passes" }),
      ]);
      const failed = toolReceipt(run, `t-${run.runId}`, v, "FAILURE");
      v = await accepted(run.runId, v, WRITERS.tools, [op("recordToolReceipt", { receipt: failed })]);
      const decision = completionDecision(run, `d-${run.runId}`, v, "COMPLETE", [
        { criterion_id: "login-passes", receipt_refs: [failed.invocation_id] },
      ]);
      const error = await refused(run.runId, v, WRITERS.runtime, [op("recordCompletionDecision", { decision })], "ERR_COMPLETION_REJECTED");
      expect(error.message).toContain("FAILURE");
    });
  });

  describe("completion is final", () => {
    it("a CONTINUE (or any other) decision after COMPLETE is refused; the run stays COMPLETED", async () => {
      const run = await newRun();
      let v = await accepted(run.runId, 0, WRITERS.runtime, [
        op("addAcceptanceCriterion", { criterionId: "login-passes", description: "login passes" }),
      ]);
      const passed = toolReceipt(run, `t-${run.runId}`, v, "SUCCESS");
      v = await accepted(run.runId, v, WRITERS.tools, [op("recordToolReceipt", { receipt: passed })]);
      const complete = completionDecision(run, `d1-${run.runId}`, v, "COMPLETE", [
        { criterion_id: "login-passes", receipt_refs: [passed.invocation_id] },
      ]);
      v = await accepted(run.runId, v, WRITERS.runtime, [op("recordCompletionDecision", { decision: complete })]);
      for (const outcome of ["CONTINUE", "FAIL", "ESCALATE"] as const) {
        const later = completionDecision(run, `d-${outcome}-${run.runId}`, v, outcome, []);
        const error = await refused(
          run.runId,
          v,
          WRITERS.runtime,
          [op("recordCompletionDecision", { decision: later })],
          "ERR_COMPLETION_REJECTED",
        );
        expect(error.message).toContain("final");
      }
      expect((await probe(run.runId)).status).toBe("COMPLETED");
    });
  });

  describe("context and locks", () => {
    it("setRelevantContext refuses an id that is not in the context index", async () => {
      const run = await newRun();
      const v = await accepted(run.runId, 0, WRITERS.runtime, [op("indexContext", { contextIds: ["ctx.1"] })]);
      const error = await refused(
        run.runId,
        v,
        WRITERS.runtime,
        [op("setRelevantContext", { contextIds: ["ctx.1", "ctx.nowhere"] })],
        "ERR_PRECONDITION_FAILED",
      );
      expect(error.message).toContain("ctx.nowhere");
      await accepted(run.runId, v, WRITERS.runtime, [op("setRelevantContext", { contextIds: ["ctx.1"] })]);
    });

    it("a live lock on fs:src/auth/** stops another component locking fs:src/auth/login.ts, and the other way round", async () => {
      const run = await newRun();
      let v = await accepted(run.runId, 0, WRITERS.runtime, [op("acquireLock", { resource: "fs:src/auth/**", ttlMs: 600_000 })]);
      const error = await refused(
        run.runId,
        v,
        WRITERS.tools,
        [op("acquireLock", { resource: "fs:src/auth/login.ts", ttlMs: 60_000 })],
        "ERR_LOCK_HELD",
      );
      expect(error.message).toContain("fs:src/auth/**");
      // Elsewhere is free, and the holder may lock inside its own scope.
      v = await accepted(run.runId, v, WRITERS.tools, [op("acquireLock", { resource: "fs:src/db/**", ttlMs: 60_000 })]);
      v = await accepted(run.runId, v, WRITERS.runtime, [op("acquireLock", { resource: "fs:src/auth/login.ts", ttlMs: 60_000 })]);
      await refused(run.runId, v, WRITERS.runtime, [op("acquireLock", { resource: "fs:src/**", ttlMs: 60_000 })], "ERR_LOCK_HELD");
    });
  });
});
