// Canon's state document must conform to the frozen Kernel ABI 1.0.0. The ABI's schemas live
// outside the repo (../shared/kernel-abi, see its README) and are read in place, never copied.
// The suite proves two directions: whatever Canon produces, the ABI accepts; and on the points
// below Canon's own validator is no looser than the ABI, so nothing the ABI rejects gets persisted.
import fs from "node:fs";
import path from "node:path";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { AgentStateV1 } from "../../src/contracts/agent-state.js";
import { InvalidStateError } from "../../src/contracts/errors.js";
import { validateAgentState } from "../../src/contracts/validation.js";
import { EMPTY_BOOK, withCarriedReceipts, type ReceiptBook } from "../../src/domain/rules/receipt-book.js";
import { checkedStateJson, operationNames, parseOperations, planCommit, type VersionedState } from "../../src/domain/commit.js";
import { contentHash } from "../../src/domain/content-hash.js";
import { buildInitialState } from "../../src/domain/initial-state.js";
import type { OperationCall } from "../../src/domain/operations/index.js";
import { context } from "../support/fixtures.js";
import { abiExists, abiRoot, errorsOf, loadAbi, readJson, warnIfAbiMissing, type Abi } from "../support/kernel-abi.js";
import { realisticRun } from "../support/realistic-run.js";
import { validateTaskIr } from "../../src/contracts/validation.js";
import { COMPLETION_CRITERIA, COMPLETION_POLICIES, compileTask } from "../../src/domain/task-compiler/index.js";

/** Operations that carry an ABI document: the argument holding it and its contract. */
const DOCUMENT_OF: Record<string, [string, string]> = {
  recordToolReceipt: ["receipt", "ToolReceiptV1"],
  recordMutationReceipt: ["receipt", "MutationReceiptV1"],
  recordVerificationReceipt: ["receipt", "VerificationReceiptV1"],
  recordCompletionDecision: ["decision", "CompletionDecisionV1"],
  proposeCompletion: ["proposal", "CompletionProposalV1"],
};

warnIfAbiMissing("kernel-abi-conformance");
const exists = abiExists;

// Listed at collection time (it.each needs them then); empty when the folder is missing.
const exampleFiles = (kind: "valid" | "invalid"): string[] =>
  exists
    ? fs
        .readdirSync(path.join(abiRoot, "examples", kind))
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];
const validExamples = exampleFiles("valid");
const invalidExamples = exampleFiles("invalid");

/** `<Def>.json` or `<Def>.<case>.json`, as the ABI README names examples. */
const defOf = (file: string): string => file.split(".")[0] ?? file;

describe.skipIf(!exists)(`Kernel ABI 1.0.0 conformance (${abiRoot})`, () => {
  let abi: Abi;
  let abiAgentState: ValidateFunction;

  beforeAll(() => {
    abi = loadAbi();
    abiAgentState = abi.contract("AgentStateV1");
  });

  describe("the ABI's own examples", () => {
    // Guards against an emptied or misplaced folder passing vacuously.
    it("has valid and invalid examples to check", () => {
      expect(validExamples.length).toBeGreaterThan(0);
      expect(invalidExamples.length).toBeGreaterThan(0);
    });

    it.each(validExamples)("valid/%s validates against its contract", (file) => {
      const validate = abi.contract(defOf(file));
      const ok = validate(readJson(path.join(abiRoot, "examples", "valid", file)));
      expect(ok, errorsOf(validate)).toBe(true);
    });

    it.each(invalidExamples)("invalid/%s fails its contract", (file) => {
      const validate = abi.contract(defOf(file));
      expect(validate(readJson(path.join(abiRoot, "examples", "invalid", file)))).toBe(false);
    });
  });

  describe("Canon's AgentState validator on the ABI's examples", () => {
    it("accepts examples/valid/AgentStateV1.json", () => {
      const ok = validateAgentState(readJson(path.join(abiRoot, "examples", "valid", "AgentStateV1.json")));
      expect(ok, errorsOf(validateAgentState)).toBe(true);
    });

    it("rejects examples/invalid/AgentStateV1.unknown_field.json", () => {
      const doc = readJson(path.join(abiRoot, "examples", "invalid", "AgentStateV1.unknown_field.json"));
      expect(validateAgentState(doc)).toBe(false);
      expect(validateAgentState.errors?.map((e) => e.keyword)).toContain("additionalProperties");
    });
  });

  describe("states produced by the pure domain", () => {
    const initial = (): VersionedState => {
      const state = buildInitialState({
        runId: "run-7f3c2a10-0b9e-4f4e-9d51-6a2f0c1e8b77",
        sessionId: "session-2024-06-01T09:30:00Z",
        taskId: "task-login-flaky",
        objective: "Fix the failing login test without touching the public API",
        workspaceRoot: "/work/app",
        budgets: { max_tokens: 200_000, max_tool_calls: 50, max_cost_units: 2.5 },
      });
      return { state, contentHash: contentHash(state) };
    };

    const plan = { steps: ["reproduce", "locate", "fix", "verify"], current: 0, notes: { owner: "agent", retries: 2 } };
    const graphId = "graph.run-7f3c2a10";

    // What a run might send, in order. Each commit lists whether it should change the state; the
    // NOOPs are there because a conforming store must record them without inventing a version.
    const run: { calls: OperationCall[]; kind: "COMMIT" | "NOOP" }[] = [
      { kind: "COMMIT", calls: [{ op: "setPlan", args: { plan } }] },
      { kind: "COMMIT", calls: [{ op: "addConstraint", args: { constraintId: "no-network" } }] },
      { kind: "NOOP", calls: [{ op: "addConstraint", args: { constraintId: "no-network" } }] },
      {
        kind: "COMMIT",
        calls: [{ op: "setGraphCursor", args: { graphId, graphVersion: 1, frontier: ["node.reproduce", "node.locate"] } }],
      },
      { kind: "COMMIT", calls: [{ op: "setUserVisibleStatus", args: { status: "Reproducing the failure" } }] },
      { kind: "NOOP", calls: [{ op: "setUserVisibleStatus", args: { status: "Reproducing the failure" } }] },
      {
        kind: "COMMIT",
        calls: [
          {
            op: "setGraphCursor",
            args: { graphId, graphVersion: 1, frontier: ["node.fix"], completedNodes: ["node.reproduce", "node.locate"], failedNodes: [] },
          },
          { op: "addConstraint", args: { constraintId: "tests:must-pass" } },
          { op: "setPlan", args: { plan: { ...plan, current: 2 } } },
        ],
      },
      { kind: "NOOP", calls: [{ op: "removeConstraint", args: { constraintId: "never-added" } }] },
      // Same plan, keys in another order: the content is unchanged, so this must be a NOOP.
      { kind: "NOOP", calls: [{ op: "setPlan", args: { plan: { notes: plan.notes, current: 2, steps: plan.steps } } }] },
      { kind: "COMMIT", calls: [{ op: "removeConstraint", args: { constraintId: "no-network" } }] },
      {
        kind: "NOOP",
        calls: [
          { op: "addConstraint", args: { constraintId: "temp@lock" } },
          { op: "removeConstraint", args: { constraintId: "temp@lock" } },
        ],
      },
      { kind: "COMMIT", calls: [{ op: "setUserVisibleStatus", args: {} }] },
      { kind: "NOOP", calls: [{ op: "setUserVisibleStatus", args: {} }] },
    ];

    const ids = {
      runId: "run-7f3c2a10-0b9e-4f4e-9d51-6a2f0c1e8b77",
      sessionId: "session-2024-06-01T09:30:00Z",
      taskId: "task-login-flaky",
    };
    const scripted = realisticRun(ids);

    it("the realistic run exercises every registered operation", () => {
      const used = new Set(scripted.flatMap((commit) => commit.calls.map((call) => call.op)));
      expect([...used].sort()).toEqual(operationNames().sort());
    });

    it("every state of the realistic run validates against the ABI's AgentStateV1, and so does every document it records", () => {
      let current = initial();
      let receipts: ReceiptBook = EMPTY_BOOK; // what the receipt table would hold
      scripted.forEach(({ step, who, calls, kind }, index) => {
        const context = { ...who, committedAt: new Date(Date.UTC(2026, 11, 2, 10, index)).toISOString() };
        const planned = planCommit(current, parseOperations(calls), context, receipts);
        receipts = withCarriedReceipts(receipts, calls);
        expect(planned.kind, step).toBe(kind);
        expect(abiAgentState(planned.state), `${step}: ${errorsOf(abiAgentState)}`).toBe(true);
        for (const call of calls) {
          const [field, def] = DOCUMENT_OF[call.op] ?? [];
          if (!field || !def) continue;
          const validate = abi.contract(def);
          expect(validate(call.args[field]), `${step} ${call.op}: ${errorsOf(validate)}`).toBe(true);
        }
        current = planned;
      });
      expect(current.state.completion.latest_decision_ref).toBe("decision-1");
      expect(current.state.hypotheses?.map((h) => h.status)).toEqual(["SUPPORTED", "ABANDONED"]);
    });

    it("the initial state and every state after each commit validate against the ABI's AgentStateV1", () => {
      let current = initial();
      expect(abiAgentState(current.state), errorsOf(abiAgentState)).toBe(true);
      run.forEach(({ calls, kind }, index) => {
        const planned = planCommit(current, parseOperations(calls), context);
        expect(planned.kind, `commit ${index}`).toBe(kind);
        expect(planned.stateVersion, `commit ${index}`).toBe(current.state.identity.state_version + (kind === "COMMIT" ? 1 : 0));
        expect(abiAgentState(planned.state), `commit ${index}: ${errorsOf(abiAgentState)}`).toBe(true);
        expect(validateAgentState(planned.state), `commit ${index}: ${errorsOf(validateAgentState)}`).toBe(true);
        current = planned;
      });
      expect(current.state.identity.state_version).toBe(run.filter((c) => c.kind === "COMMIT").length);
      expect(current.state.constraints).toEqual(["tests:must-pass"]);
      expect(current.state.user_visible_status).toBeNull();
    });
  });

  describe("Canon's validator is no looser than the ABI", () => {
    const base = (): AgentStateV1 =>
      buildInitialState({ runId: "run-1", sessionId: "session-1", taskId: "task-1", objective: "x", workspaceRoot: "/w" });

    // Each case breaks one thing in an otherwise valid state; the loose casts are the point.
    const broken: [string, (s: AgentStateV1) => void][] = [
      ["an unknown top-level field", (s) => Object.assign(s, { lifecycle: "RUNNING" })],
      ["an unknown field in a closed sub-object", (s) => Object.assign(s.graph_cursor, { lease_id: "l-1" })],
      ["a content hash in upper-case hex", (s) => (s.environment.fingerprint = `sha256:${"AB".repeat(32)}`)],
      ["a content hash that is too short", (s) => s.retrieval_snapshot_refs.push({ snapshot_id: "snap-1", fingerprint: "sha256:abc" })],
      [
        "a content hash with another algorithm",
        (s) => s.evidence.push({ kind: "FILE", ref: "f-1", content_hash: `md5:${"0".repeat(32)}` as never }),
      ],
      ["an id starting with a dash", (s) => (s.identity.run_id = "-run-1")],
      ["an id with a space", (s) => s.constraints.push("no network")],
      ["an id longer than 200 characters", (s) => (s.graph_cursor.graph_id = `g${"x".repeat(200)}`)],
      ["a negative state_version", (s) => (s.identity.state_version = -1)],
      ["a fractional state_version", (s) => (s.identity.state_version = 1.5)],
      ["a state_version above uint64", (s) => (s.identity.state_version = 2 ** 65)],
      ["a negative state_version in work_ref", (s) => (s.work_ref = { store: "WORK_LEDGER", run_id: "run-1", state_version: -1 })],
      ["an extension key without x-", (s) => (s.extensions = { vendor_field: 1 } as never)],
      ["an extension key with upper case", (s) => (s.extensions = { "x-Vendor": 1 } as never)],
      ["an extension key without x- in a nested map", (s) => (s.budgets = { extensions: { custom: 1 } } as never)],
    ];

    it("the unbroken base state passes both", () => {
      expect(validateAgentState(base()), errorsOf(validateAgentState)).toBe(true);
      expect(abiAgentState(base()), errorsOf(abiAgentState)).toBe(true);
    });

    it.each(broken)("rejects %s, as the ABI does", (_name, breakIt) => {
      const state = base();
      breakIt(state);
      expect(abiAgentState(state)).toBe(false);
      expect(validateAgentState(state)).toBe(false);
      // And the write path, which is what actually stands between a caller and the ledger.
      expect(() => checkedStateJson(state)).toThrow(InvalidStateError);
    });
  });

  describe("TaskIR (issue #4)", () => {
    it("Canon's TaskIR validator accepts valid/TaskIRV1.json and rejects invalid/TaskIRV1.unknown_field.json", () => {
      expect(validateTaskIr(readJson(path.join(abiRoot, "examples", "valid", "TaskIRV1.json"))), errorsOf(validateTaskIr)).toBe(true);
      expect(validateTaskIr(readJson(path.join(abiRoot, "examples", "invalid", "TaskIRV1.unknown_field.json")))).toBe(false);
    });

    // That every compiled development request validates against the ABI's TaskIRV1 is checked in
    // test/domain/task-compiler-corpus.test.ts, on the outputs of its one compile of the split (a
    // second compile of 30,000 requests here cost minutes of CPU); it says there too when the ABI
    // is missing. Here, one compiled request stands for the path.
    it("a compiled request validates against the ABI's TaskIRV1", () => {
      const abiTaskIr = abi.contract("TaskIRV1");
      const outcome = compileTask({ text: "Fix the failing login test in tests/login.test.ts without touching the public API" });
      expect(outcome.ok).toBe(true);
      if (outcome.ok) expect(abiTaskIr(outcome.task.ir), errorsOf(abiTaskIr)).toBe(true);
    });

    it("every completion policy Canon ships is a valid CompletionPolicyV1; BUG_FIX is the ABI's own", () => {
      const abiPolicy = abi.contract("CompletionPolicyV1");
      for (const policy of Object.values(COMPLETION_POLICIES))
        expect(abiPolicy(policy), `${policy.policy_id}: ${errorsOf(abiPolicy)}`).toBe(true);
      const reference = readJson(path.join(abiRoot, "data", "completion_policy.bug_fix.v1.json"));
      expect(COMPLETION_POLICIES.BUG_FIX).toEqual(reference);
    });

    it("Canon's criteria registry is valid CompletionCriterionV1, with the ABI's built-ins verbatim", () => {
      const abiCriterion = abi.contract("CompletionCriterionV1");
      for (const criterion of COMPLETION_CRITERIA)
        expect(abiCriterion(criterion), `${criterion.criterion_id}: ${errorsOf(abiCriterion)}`).toBe(true);
      const builtIns = readJson(path.join(abiRoot, "data", "completion_criteria.builtin.v1.json")) as { criterion_id: string }[];
      for (const builtIn of builtIns) expect(COMPLETION_CRITERIA.find((c) => c.criterion_id === builtIn.criterion_id)).toEqual(builtIn);
      for (const policy of Object.values(COMPLETION_POLICIES)) {
        for (const required of policy.require)
          expect(
            COMPLETION_CRITERIA.map((c) => c.criterion_id),
            policy.policy_id,
          ).toContain(required.criterion_id);
      }
    });
  });
});
