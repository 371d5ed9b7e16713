// Every registered state operation, applied without a database: one happy path each whose
// result must still be a valid AgentStateV1, idempotent repeats that plan a NOOP, and the
// argument checks parseOperations runs before any state is read.
import { describe, expect, it } from "vitest";
import { EXT, type AgentStateV1, type Lock, type ResolvedFailure } from "../../src/contracts/agent-state.js";
import {
  validateCompletionDecision,
  validateCompletionProposal,
  validateMutationReceipt,
  validateToolReceipt,
  validateVerificationReceipt,
} from "../../src/contracts/receipt-validation.js";
import { checkedStateJson, operationNames, parseOperations } from "../../src/domain/commit.js";
import { OPERATIONS, type OperationCall, type OperationContext } from "../../src/domain/operations/index.js";
import { commit, deepFreeze, inputProblems, op, plan, thrown } from "./fixtures/commit-helpers.js";
import {
  completionDecision,
  completionProposal,
  ctx,
  DEFAULT_AT,
  HASH_A,
  HASH_B,
  initialState,
  mutationReceipt,
  RUN_ID,
  toolReceipt,
  USER,
  verificationReceipt,
} from "./fixtures/documents.js";

describe("document fixtures", () => {
  // Guards the fixtures themselves: every other test assumes they conform to the contracts.
  it.each([
    ["toolReceipt", validateToolReceipt, () => toolReceipt(RUN_ID, "inv-1")],
    ["mutationReceipt", validateMutationReceipt, () => mutationReceipt(RUN_ID, "mut-1")],
    [
      "verificationReceipt",
      validateVerificationReceipt,
      () => verificationReceipt(RUN_ID, "ver-1", "PASS", [{ criterion_id: "c-1", result: "PASS" }]),
    ],
    ["completionProposal", validateCompletionProposal, () => completionProposal(RUN_ID, "proposal-1")],
    [
      "completionDecision COMPLETE",
      validateCompletionDecision,
      () =>
        completionDecision(RUN_ID, "decision-1", {
          outcome: "COMPLETE",
          criteria: [{ criterion_id: "c-1", result: "PASS", receipt_refs: ["ver-1"] }],
        }),
    ],
    [
      "completionDecision CONTINUE with a FAIL",
      validateCompletionDecision,
      () =>
        completionDecision(RUN_ID, "decision-2", {
          outcome: "CONTINUE",
          criteria: [{ criterion_id: "c-1", result: "FAIL", receipt_refs: ["ver-1"] }],
          predicates: { acceptance_criteria_satisfied: false },
          producerKind: "VERIFIER",
          producerId: "verifier-1",
        }),
    ],
  ])("%s validates against its contract", (_name, validate, build) => {
    const valid = validate(build());
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });
});

interface HappyPath {
  /** Commits applied first, each under the default context. */
  setup?: OperationCall[];
  call: OperationCall;
  context?: OperationContext;
  expect: (state: AgentStateV1, before: AgentStateV1) => void;
}

const at = (offsetMs: number) => new Date(Date.parse(DEFAULT_AT) + offsetMs).toISOString();

/** One happy path per operation. The test below fails if an operation is registered without one. */
const HAPPY: Record<string, HappyPath> = {
  setIntent: {
    call: op("setIntent", { objective: "Fix login for SSO users", taskIrRef: "task-ir-2" }),
    expect: (s) => expect(s.user_intent).toEqual({ objective: "Fix login for SSO users", task_ir_ref: "task-ir-2" }),
  },
  addAcceptanceCriterion: {
    call: op("addAcceptanceCriterion", { criterionId: "tests-pass", description: "The login suite passes" }),
    expect: (s) =>
      expect(s.acceptance).toEqual([
        { criterion_id: "tests-pass", description: "The login suite passes", origin: "EXPLICIT", required: true },
      ]),
  },
  removeAcceptanceCriterion: {
    setup: [op("addAcceptanceCriterion", { criterionId: "tests-pass", description: "d" })],
    call: op("removeAcceptanceCriterion", { criterionId: "tests-pass" }),
    expect: (s) => expect(s.acceptance).toEqual([]),
  },
  addConstraint: {
    call: op("addConstraint", { constraintId: "no-network" }),
    expect: (s) => expect(s.constraints).toEqual(["no-network"]),
  },
  removeConstraint: {
    setup: [op("addConstraint", { constraintId: "no-network" })],
    call: op("removeConstraint", { constraintId: "no-network" }),
    expect: (s) => expect(s.constraints).toEqual([]),
  },
  setEnvironment: {
    call: op("setEnvironment", { repoId: "github.com/acme/app", languages: ["typescript"], fingerprint: HASH_A }),
    // workspace_root was left out, so it keeps its value.
    expect: (s) =>
      expect(s.environment).toEqual({
        workspace_root: "/work/app",
        repo_id: "github.com/acme/app",
        languages: ["typescript"],
        fingerprint: HASH_A,
      }),
  },
  setRepository: {
    call: op("setRepository", { repository: { branch: "main", head: "abc123", dirty: ["src/a.ts"] } }),
    expect: (s) => expect(s.repository).toEqual({ branch: "main", head: "abc123", dirty: ["src/a.ts"] }),
  },
  setPlan: {
    call: op("setPlan", { plan: { steps: ["reproduce", "fix"] } }),
    expect: (s) => expect(s.plan).toEqual({ steps: ["reproduce", "fix"] }),
  },
  setGraphCursor: {
    call: op("setGraphCursor", { graphId: "graph-2", graphVersion: 3, frontier: ["n3"], completedNodes: ["n1", "n2"] }),
    expect: (s) =>
      expect(s.graph_cursor).toEqual({
        graph_id: "graph-2",
        graph_version: 3,
        frontier: ["n3"],
        completed_nodes: ["n1", "n2"],
        failed_nodes: [],
      }),
  },
  moveGraphNode: {
    setup: [op("setGraphCursor", { graphId: "graph-2", graphVersion: 1, frontier: ["n1", "n2"] })],
    call: op("moveGraphNode", { nodeId: "n1", to: "COMPLETED" }),
    expect: (s) => expect(s.graph_cursor).toMatchObject({ frontier: ["n2"], completed_nodes: ["n1"], failed_nodes: [] }),
  },
  proposeHypothesis: {
    call: op("proposeHypothesis", { hypothesisId: "h-1", statement: "The session cookie expires early" }),
    expect: (s) =>
      expect(s.hypotheses).toEqual([
        { hypothesis_id: "h-1", statement: "The session cookie expires early", status: "OPEN", evidence_refs: [] },
      ]),
  },
  resolveHypothesis: {
    setup: [
      op("proposeHypothesis", { hypothesisId: "h-1", statement: "s" }),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
    ],
    call: op("resolveHypothesis", {
      hypothesisId: "h-1",
      status: "SUPPORTED",
      evidence: [{ kind: "TOOL_RECEIPT", ref: "inv-1", claim: "the test fails" }],
    }),
    expect: (s) =>
      expect(s.hypotheses?.[0]).toEqual({
        hypothesis_id: "h-1",
        statement: "s",
        status: "SUPPORTED",
        evidence_refs: [{ kind: "TOOL_RECEIPT", ref: "inv-1", claim: "the test fails" }],
      }),
  },
  abandonHypothesis: {
    setup: [op("proposeHypothesis", { hypothesisId: "h-1", statement: "s" })],
    call: op("abandonHypothesis", { hypothesisId: "h-1" }),
    expect: (s) => expect(s.hypotheses?.[0]?.status).toBe("ABANDONED"),
  },
  recordEvidence: {
    call: op("recordEvidence", { evidence: { kind: "FILE", ref: "file-src-login", contentHash: HASH_A } }),
    expect: (s) => expect(s.evidence).toEqual([{ kind: "FILE", ref: "file-src-login", content_hash: HASH_A }]),
  },
  addCandidateTarget: {
    call: op("addCandidateTarget", { target: "fs:src/auth/login.ts", reason: "named in the stack trace", score: 0.8 }),
    expect: (s) =>
      expect(s.candidate_targets).toEqual([{ target: "fs:src/auth/login.ts", reason: "named in the stack trace", score: 0.8 }]),
  },
  selectTarget: {
    call: op("selectTarget", { target: "fs:src/auth/login.ts" }),
    expect: (s) => expect(s.selected_targets).toEqual(["fs:src/auth/login.ts"]),
  },
  deselectTarget: {
    setup: [op("selectTarget", { target: "fs:a.ts" }), op("selectTarget", { target: "fs:b.ts" })],
    call: op("deselectTarget", { target: "fs:a.ts" }),
    expect: (s) => expect(s.selected_targets).toEqual(["fs:b.ts"]),
  },
  indexContext: {
    call: op("indexContext", { contextIds: ["ctx-1", "ctx-2", "ctx-1"] }),
    expect: (s) => expect(s.context_index).toEqual(["ctx-1", "ctx-2"]),
  },
  setRelevantContext: {
    setup: [op("indexContext", { contextIds: ["ctx-1", "ctx-2"] })],
    call: op("setRelevantContext", { contextIds: ["ctx-2"] }),
    expect: (s) => {
      expect(s.relevant_context).toEqual(["ctx-2"]);
      expect(s.context_index).toEqual(["ctx-1", "ctx-2"]);
    },
  },
  recordRetrievalSnapshot: {
    call: op("recordRetrievalSnapshot", { snapshotId: "snap-1", fingerprint: HASH_B }),
    expect: (s) => expect(s.retrieval_snapshot_refs).toEqual([{ snapshot_id: "snap-1", fingerprint: HASH_B }]),
  },
  recordArtifact: {
    call: op("recordArtifact", { artifactId: "patch-1", contentHash: HASH_A, mimeType: "text/x-diff" }),
    expect: (s) =>
      expect(s.generated_artifacts).toEqual([{ artifact_id: "patch-1", content_hash: HASH_A, mime_type: "text/x-diff", uri: null }]),
  },
  recordToolReceipt: {
    call: op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
    expect: (s) => expect(s.command_history).toEqual(["inv-1"]),
  },
  recordMutationReceipt: {
    call: op("recordMutationReceipt", { receipt: mutationReceipt(RUN_ID, "mut-1") }),
    expect: (s) => expect(s.mutations).toEqual(["mut-1"]),
  },
  recordVerificationReceipt: {
    call: op("recordVerificationReceipt", { receipt: verificationReceipt(RUN_ID, "ver-1", "PASS") }),
    expect: (s) => expect(s.verification).toEqual(["ver-1"]),
  },
  addDiagnostic: {
    call: op("addDiagnostic", { diagnosticId: "diag-1", severity: "ERROR", message: "TS2345", resource: "fs:src/a.ts" }),
    expect: (s) =>
      expect(s.diagnostics).toEqual([
        {
          diagnostic_id: "diag-1",
          severity: "ERROR",
          message: "TS2345",
          resource: "fs:src/a.ts",
          source_type: "TOOL",
          recorded_at_version: 1,
        },
      ]),
  },
  clearDiagnostic: {
    setup: [op("addDiagnostic", { diagnosticId: "diag-1", severity: "WARNING", message: "m" })],
    call: op("clearDiagnostic", { diagnosticId: "diag-1" }),
    expect: (s) => expect(s.diagnostics).toEqual([]),
  },
  recordFailure: {
    call: op("recordFailure", { failureId: "fail-1", summary: "login test times out", blocking: true, nodeId: "n1" }),
    expect: (s) =>
      expect(s.unresolved_failures).toEqual([
        { failure_id: "fail-1", summary: "login test times out", blocking: true, node_id: "n1", recorded_at_version: 1 },
      ]),
  },
  resolveFailure: {
    setup: [op("recordFailure", { failureId: "fail-1", summary: "s", blocking: true })],
    call: op("resolveFailure", { failureId: "fail-1", resolution: "raised the timeout" }),
    context: ctx({ kind: "HUMAN", id: "alice", provenance: [USER] }),
    expect: (s) => {
      expect(s.unresolved_failures).toEqual([]);
      expect((s.extensions as Record<string, unknown>)[EXT.resolvedFailures]).toEqual([
        {
          failure_id: "fail-1",
          summary: "s",
          blocking: true,
          node_id: null,
          recorded_at_version: 1,
          resolution: "raised the timeout",
          resolved_by: "alice",
          resolved_at_version: 2,
        },
      ]);
    },
  },
  grantPermission: {
    call: op("grantPermission", { grantId: "grant-1" }),
    expect: (s) => expect(s.permissions.grant_ids).toEqual(["grant-1"]),
  },
  revokePermission: {
    setup: [op("grantPermission", { grantId: "grant-1" })],
    call: op("revokePermission", { grantId: "grant-1" }),
    expect: (s) => expect(s.permissions.grant_ids).toEqual([]),
  },
  setAuthorityProfile: {
    call: op("setAuthorityProfile", { profile: "CODE_SAFE" }),
    expect: (s) => expect(s.permissions.authority_profile).toBe("code-safe"),
  },
  setBudgets: {
    call: op("setBudgets", { maxTokens: 100_000, maxCostUnits: 2.5, maxSpawns: 0 }),
    expect: (s) => expect(s.budgets).toEqual({ max_tokens: 100_000, max_cost_units: 2.5, max_spawns: 0 }),
  },
  acquireLock: {
    call: op("acquireLock", { resource: "fs:src/db/**", ttlMs: 60_000 }),
    expect: (s) =>
      expect((s.extensions as Record<string, unknown>)[EXT.locks]).toEqual([
        { resource: "fs:src/db/**", holder: "runtime-1", acquired_at: DEFAULT_AT, expires_at: at(60_000), state_version_acquired: 1 },
      ]),
  },
  renewLock: {
    setup: [op("acquireLock", { resource: "fs:src/db/**", ttlMs: 60_000 })],
    call: op("renewLock", { resource: "fs:src/db/**", ttlMs: 120_000 }),
    expect: (s) => expect(((s.extensions as Record<string, unknown>)[EXT.locks] as Lock[])[0]?.expires_at).toBe(at(120_000)),
  },
  releaseLock: {
    setup: [op("acquireLock", { resource: "fs:src/db/**", ttlMs: 60_000 })],
    call: op("releaseLock", { resource: "fs:src/db/**" }),
    expect: (s) => expect((s.extensions as Record<string, unknown>)[EXT.locks]).toEqual([]),
  },
  addSubgoal: {
    call: op("addSubgoal", { subgoalId: "sg-1", description: "Reproduce the failure" }),
    expect: (s) =>
      expect(s.subgoals).toEqual([{ subgoal_id: "sg-1", description: "Reproduce the failure", status: "OPEN", parent_id: null }]),
  },
  setSubgoalStatus: {
    setup: [op("addSubgoal", { subgoalId: "sg-1", description: "d" })],
    call: op("setSubgoalStatus", { subgoalId: "sg-1", status: "BLOCKED" }),
    expect: (s) => expect(s.subgoals).toEqual([{ subgoal_id: "sg-1", description: "d", status: "BLOCKED", parent_id: null }]),
  },
  addInstructionPredicate: {
    call: op("addInstructionPredicate", {
      predicateId: "pred-1",
      instructionRef: "instr-1",
      condition: "never push to main",
      pinned: true,
    }),
    expect: (s) =>
      expect(s.instruction_predicates).toEqual([
        { predicate_id: "pred-1", instruction_ref: "instr-1", condition: "never push to main", pinned: true },
      ]),
  },
  removeInstructionPredicate: {
    setup: [op("addInstructionPredicate", { predicateId: "pred-1", instructionRef: "instr-1", condition: "c" })],
    call: op("removeInstructionPredicate", { predicateId: "pred-1" }),
    expect: (s) => expect(s.instruction_predicates).toEqual([]),
  },
  setSensitivityLabel: {
    call: op("setSensitivityLabel", { resource: "fs:.env", class: "SECRET" }),
    expect: (s) => expect(s.sensitivity_labels).toEqual([{ resource: "fs:.env", class: "SECRET" }]),
  },
  removeSensitivityLabel: {
    setup: [op("setSensitivityLabel", { resource: "fs:.env", class: "SECRET" })],
    call: op("removeSensitivityLabel", { resource: "fs:.env" }),
    expect: (s) => expect(s.sensitivity_labels).toEqual([]),
  },
  setUserVisibleStatus: {
    call: op("setUserVisibleStatus", { status: "Reproducing the failure" }),
    expect: (s) => expect(s.user_visible_status).toBe("Reproducing the failure"),
  },
  proposeCompletion: {
    call: op("proposeCompletion", { proposal: completionProposal(RUN_ID, "proposal-1") }),
    expect: (s) => {
      expect((s.extensions as Record<string, unknown>)[EXT.completionProposals]).toEqual([
        {
          proposal_id: "proposal-1",
          proposed_by: "runtime-1",
          proposed_at_version: 1,
          claimed_criteria: [{ criterion_id: "tests-pass", claim: "SATISFIED" }],
        },
      ]);
      expect(s.completion.latest_decision_ref ?? null).toBeNull();
    },
  },
  recordCompletionDecision: {
    setup: [
      op("addAcceptanceCriterion", { criterionId: "tests-pass", description: "d" }),
      op("recordVerificationReceipt", { receipt: verificationReceipt(RUN_ID, "ver-1", "PASS") }),
    ],
    call: op("recordCompletionDecision", {
      decision: completionDecision(RUN_ID, "decision-1", {
        outcome: "COMPLETE",
        criteria: [{ criterion_id: "tests-pass", result: "PASS", receipt_refs: ["ver-1"] }],
      }),
    }),
    expect: (s) => {
      expect(s.completion).toEqual({
        coverage: [{ criterion_id: "tests-pass", satisfied: true, evidence_refs: [{ kind: "VERIFICATION_RECEIPT", ref: "ver-1" }] }],
        latest_decision_ref: "decision-1",
      });
      expect((s.extensions as Record<string, unknown>)[EXT.completion]).toEqual({
        decision_id: "decision-1",
        outcome: "COMPLETE",
        decided_at_version: 3,
      });
    },
  },
};

function setupState(path: HappyPath): AgentStateV1 {
  let state = initialState();
  for (const call of path.setup ?? []) state = commit(state, [call]);
  return state;
}

describe("every registered operation", () => {
  // Guards the registry: adding an operation to OPERATIONS without a happy path here fails.
  it("has a happy-path test", () => {
    const registered = OPERATIONS.map((definition) => definition.name).sort();
    expect(Object.keys(HAPPY).sort()).toEqual(registered);
    expect(operationNames().sort()).toEqual(registered);
  });

  it.each(Object.keys(HAPPY))("%s: applies, bumps the version, and leaves a valid AgentStateV1", (name) => {
    const path = HAPPY[name]!;
    expect(path.call.op).toBe(name);
    const before = deepFreeze(setupState(path));
    const snapshot = structuredClone(before);
    const result = plan(before, [path.call], path.context ?? ctx());

    expect(result.kind).toBe("COMMIT");
    expect(result.stateVersion).toBe(before.identity.state_version + 1);
    expect(result.state.identity.state_version).toBe(before.identity.state_version + 1);
    // checkedStateJson validates against AgentStateV1 and the size limit; throws if either fails.
    expect(() => checkedStateJson(result.state)).not.toThrow();
    path.expect(result.state, before);
    // apply is pure: the state it was given (frozen, so writes would throw) is untouched.
    expect(before).toEqual(snapshot);
  });
});

describe("idempotent repeats plan a NOOP", () => {
  // Guards each operation's "already there → return state" branch (or a content-equal result).
  const repeats: [string, OperationCall][] = [
    ["selectTarget", op("selectTarget", { target: "fs:src/a.ts" })],
    ["addConstraint", op("addConstraint", { constraintId: "no-network" })],
    ["recordToolReceipt", op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") })],
    ["recordMutationReceipt", op("recordMutationReceipt", { receipt: mutationReceipt(RUN_ID, "mut-1") })],
    ["recordVerificationReceipt", op("recordVerificationReceipt", { receipt: verificationReceipt(RUN_ID, "ver-1", "PASS") })],
    ["grantPermission", op("grantPermission", { grantId: "grant-1" })],
    ["proposeHypothesis (same statement)", op("proposeHypothesis", { hypothesisId: "h-1", statement: "s" })],
    ["addSubgoal (same description and parent)", op("addSubgoal", { subgoalId: "sg-1", description: "d" })],
    ["recordEvidence", op("recordEvidence", { evidence: { kind: "FILE", ref: "file-1" } })],
    ["indexContext", op("indexContext", { contextIds: ["ctx-1"] })],
    ["recordRetrievalSnapshot", op("recordRetrievalSnapshot", { snapshotId: "snap-1", fingerprint: HASH_A })],
    ["setSensitivityLabel", op("setSensitivityLabel", { resource: "fs:.env", class: "SECRET" })],
    ["addAcceptanceCriterion", op("addAcceptanceCriterion", { criterionId: "c-1", description: "d" })],
    ["addDiagnostic", op("addDiagnostic", { diagnosticId: "diag-1", severity: "INFO", message: "m" })],
    ["recordArtifact", op("recordArtifact", { artifactId: "a-1", contentHash: HASH_A })],
    ["addInstructionPredicate", op("addInstructionPredicate", { predicateId: "p-1", instructionRef: "i-1", condition: "c" })],
    ["setBudgets", op("setBudgets", { maxTokens: 5 })],
  ];

  it.each(repeats)("%s twice", (_name, call) => {
    const once = commit(initialState(), [call]);
    const twice = plan(once, [call]);
    expect(twice.kind).toBe("NOOP");
    expect(twice.stateVersion).toBe(once.identity.state_version);
    expect(twice.state).toBe(once);
  });

  it("the same call twice in one commit changes the state once", () => {
    const call = op("selectTarget", { target: "fs:src/a.ts" });
    const state = commit(initialState(), [call, call]);
    expect(state.selected_targets).toEqual(["fs:src/a.ts"]);
  });

  it("moveGraphNode to where the node already is", () => {
    const state = commit(initialState(), [op("setGraphCursor", { graphId: "g-1", graphVersion: 0, completedNodes: ["n1"] })]);
    expect(plan(state, [op("moveGraphNode", { nodeId: "n1", to: "COMPLETED" })]).kind).toBe("NOOP");
  });

  it("re-proposing a hypothesis with another statement is refused, not silently replaced", () => {
    const state = commit(initialState(), [op("proposeHypothesis", { hypothesisId: "h-1", statement: "s" })]);
    expect(thrown(() => plan(state, [op("proposeHypothesis", { hypothesisId: "h-1", statement: "other" })])).code).toBe(
      "ERR_PRECONDITION_FAILED",
    );
  });
});

describe("moveGraphNode", () => {
  const lists = (s: AgentStateV1) => ({
    frontier: s.graph_cursor.frontier ?? [],
    completed: s.graph_cursor.completed_nodes ?? [],
    failed: s.graph_cursor.failed_nodes ?? [],
  });
  const placesOf = (s: AgentStateV1, node: string) =>
    Object.entries(lists(s))
      .filter(([, ids]) => ids.includes(node))
      .map(([name]) => name);

  it("keeps a node in exactly one list as it moves between all three", () => {
    // Guards graph.ts `place(..., here)`: every list but the target drops the node.
    let state = commit(initialState(), [op("setGraphCursor", { graphId: "g-1", graphVersion: 0, frontier: ["n1", "n2"] })]);
    const moves: [string, string][] = [
      ["COMPLETED", "completed"],
      ["FAILED", "failed"],
      ["FRONTIER", "frontier"],
      ["FAILED", "failed"],
      ["COMPLETED", "completed"],
    ];
    for (const [to, list] of moves) {
      state = commit(state, [op("moveGraphNode", { nodeId: "n1", to })]);
      expect(placesOf(state, "n1"), `after moving to ${to}`).toEqual([list]);
      expect(placesOf(state, "n2")).toEqual(["frontier"]);
    }
    expect(checkedStateJson(state)).toBeTruthy();
  });

  it("places a node that was in no list", () => {
    const state = commit(initialState(), [op("moveGraphNode", { nodeId: "new-node", to: "FRONTIER" })]);
    expect(placesOf(state, "new-node")).toEqual(["frontier"]);
  });

  it("repairs a node that an older state holds in two lists", () => {
    // Such a state can no longer be written (setGraphCursor refuses it), but one may exist.
    const legacy = {
      ...initialState(),
      graph_cursor: { graph_id: "g-1", graph_version: 0, frontier: ["n1"], completed_nodes: [], failed_nodes: ["n1"] },
    };
    const moved = commit(legacy, [op("moveGraphNode", { nodeId: "n1", to: "COMPLETED" })]);
    expect(placesOf(moved, "n1")).toEqual(["completed"]);
  });

  it("setGraphCursor refuses a node in more than one list", () => {
    // Guards set-graph-cursor.ts `check`: the invariant moveGraphNode keeps holds for a whole cursor too.
    const problems = inputProblems([
      op("setGraphCursor", { graphId: "g-1", graphVersion: 0, frontier: ["n1", "n2"], completedNodes: ["n1"], failedNodes: ["n2", "n3"] }),
    ]);
    expect(problems.map((p) => p.path).sort()).toEqual([
      "/operations/0/setGraphCursor/completedNodes",
      "/operations/0/setGraphCursor/failedNodes",
    ]);
    // A repeat within one list is not a second place.
    expect(() => parseOperations([op("setGraphCursor", { graphId: "g-1", graphVersion: 0, frontier: ["n1", "n1"] })])).not.toThrow();
  });
});

describe("failures", () => {
  it("resolveFailure moves the failure to x-resolved-failures, resolved by the producer", () => {
    // Guards failures.ts resolveFailure: removal from unresolved_failures, `resolved_by: context.producer.component_id`.
    let state = commit(initialState(), [
      op("recordFailure", { failureId: "fail-1", summary: "timeout", blocking: true }),
      op("recordFailure", { failureId: "fail-2", summary: "flaky", blocking: false }),
    ]);
    state = commit(
      state,
      [op("resolveFailure", { failureId: "fail-1", resolution: "raised the timeout" })],
      ctx({ kind: "VERIFIER", id: "verifier-7" }),
    );
    expect(state.unresolved_failures).toEqual([expect.objectContaining({ failure_id: "fail-2" })]);
    const resolved = (state.extensions as Record<string, unknown>)[EXT.resolvedFailures] as ResolvedFailure[];
    expect(resolved).toEqual([
      {
        failure_id: "fail-1",
        summary: "timeout",
        blocking: true,
        node_id: null,
        recorded_at_version: 1,
        resolution: "raised the timeout",
        resolved_by: "verifier-7",
        resolved_at_version: 2,
      },
    ]);
    expect(() => checkedStateJson(state)).not.toThrow();
  });

  it("cannot resolve a failure that is not unresolved (unknown, or already resolved)", () => {
    let state = commit(initialState(), [op("recordFailure", { failureId: "fail-1", summary: "s", blocking: false })]);
    expect(thrown(() => plan(state, [op("resolveFailure", { failureId: "nope", resolution: "r" })])).code).toBe("ERR_PRECONDITION_FAILED");
    state = commit(state, [op("resolveFailure", { failureId: "fail-1", resolution: "r" })]);
    expect(thrown(() => plan(state, [op("resolveFailure", { failureId: "fail-1", resolution: "r" })])).code).toBe(
      "ERR_PRECONDITION_FAILED",
    );
  });

  it("a failure id cannot be recorded again, even after it was resolved", () => {
    let state = commit(initialState(), [op("recordFailure", { failureId: "fail-1", summary: "s", blocking: false })]);
    expect(thrown(() => plan(state, [op("recordFailure", { failureId: "fail-1", summary: "s", blocking: false })])).code).toBe(
      "ERR_PRECONDITION_FAILED",
    );
    state = commit(state, [op("resolveFailure", { failureId: "fail-1", resolution: "r" })]);
    expect(thrown(() => plan(state, [op("recordFailure", { failureId: "fail-1", summary: "s", blocking: false })])).code).toBe(
      "ERR_PRECONDITION_FAILED",
    );
  });
});

describe("subgoals", () => {
  it("a subgoal's parent must exist", () => {
    // Guards subgoals.ts `if (parentId && !current.some(...))`.
    const error = thrown(() => plan(initialState(), [op("addSubgoal", { subgoalId: "sg-2", description: "d", parentId: "sg-missing" })]));
    expect(error.code).toBe("ERR_PRECONDITION_FAILED");
    expect(error.details).toEqual({ path: "parentId" });
  });

  it("accepts a parent added earlier, even earlier in the same commit", () => {
    const state = commit(initialState(), [
      op("addSubgoal", { subgoalId: "sg-1", description: "parent" }),
      op("addSubgoal", { subgoalId: "sg-2", description: "child", parentId: "sg-1" }),
    ]);
    expect(state.subgoals).toEqual([
      { subgoal_id: "sg-1", description: "parent", status: "OPEN", parent_id: null },
      { subgoal_id: "sg-2", description: "child", status: "OPEN", parent_id: "sg-1" },
    ]);
  });

  it("setSubgoalStatus needs an existing subgoal", () => {
    expect(thrown(() => plan(initialState(), [op("setSubgoalStatus", { subgoalId: "sg-x", status: "DONE" })])).code).toBe(
      "ERR_PRECONDITION_FAILED",
    );
  });
});

describe("receipts name their run", () => {
  it.each([
    ["recordToolReceipt", () => toolReceipt("run-other", "inv-1")],
    ["recordMutationReceipt", () => mutationReceipt("run-other", "mut-1")],
    ["recordVerificationReceipt", () => verificationReceipt("run-other", "ver-1", "PASS")],
  ])("%s refuses a document from another run", (name, build) => {
    // Guards receipts.ts requireSameRun.
    const error = thrown(() => plan(initialState(), [op(name, { receipt: build() })]));
    expect(error.code).toBe("ERR_PRECONDITION_FAILED");
    expect(error.details).toEqual({ path: "envelope/run_id" });
  });

  it("proposeCompletion refuses a proposal from another run", () => {
    expect(thrown(() => plan(initialState(), [op("proposeCompletion", { proposal: completionProposal("run-other", "p-1") })])).code).toBe(
      "ERR_PRECONDITION_FAILED",
    );
  });
});

describe("parseOperations reports bad arguments with their paths", () => {
  const cases: [string, OperationCall, string, RegExp][] = [
    [
      "a value outside its enum",
      op("moveGraphNode", { nodeId: "n1", to: "DONE" }),
      "/operations/0/moveGraphNode/to",
      /must be one of FRONTIER, COMPLETED, FAILED/,
    ],
    [
      "a hypothesis verdict outside its enum",
      op("resolveHypothesis", { hypothesisId: "h-1", status: "OPEN", evidence: [] }),
      "/operations/0/resolveHypothesis/status",
      /must be one of/,
    ],
    [
      "an evidence kind outside its enum",
      op("recordEvidence", { evidence: { kind: "RUMOUR", ref: "r-1" } }),
      "/operations/0/recordEvidence/evidence/kind",
      /must be one of/,
    ],
    ["a missing required argument", op("addSubgoal", { subgoalId: "sg-1" }), "/operations/0/addSubgoal", /required property 'description'/],
    [
      "a missing nested required field",
      op("recordEvidence", { evidence: { kind: "FILE" } }),
      "/operations/0/recordEvidence/evidence",
      /required property 'ref'/,
    ],
    [
      "a malformed content hash",
      op("recordArtifact", { artifactId: "a-1", contentHash: "sha256:XYZ" }),
      "/operations/0/recordArtifact/contentHash",
      /must match pattern/,
    ],
    [
      "a malformed fingerprint",
      op("recordRetrievalSnapshot", { snapshotId: "s-1", fingerprint: "md5:abc" }),
      "/operations/0/recordRetrievalSnapshot/fingerprint",
      /must match pattern/,
    ],
    ["a score above 1", op("addCandidateTarget", { target: "fs:a", score: 1.5 }), "/operations/0/addCandidateTarget/score", /must be <= 1/],
    ["a negative budget", op("setBudgets", { maxTokens: -1 }), "/operations/0/setBudgets/maxTokens", /must be >= 0/],
    [
      "an empty objective",
      op("setIntent", { objective: "" }),
      "/operations/0/setIntent/objective",
      /must NOT have fewer than 1 characters/,
    ],
    [
      "a receipt that fails its schema (a bad enum inside it)",
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1", { exit_class: "MAYBE" }) }),
      "/operations/0/recordToolReceipt/receipt/exit_class",
      /must be one of/,
    ],
    [
      "a receipt that lacks a required field",
      op("recordToolReceipt", { receipt: { ...toolReceipt(RUN_ID, "inv-1"), policy_receipt_id: undefined } }),
      "/operations/0/recordToolReceipt/receipt",
      /required property 'policy_receipt_id'/,
    ],
    [
      "a receipt whose envelope is of another document",
      op("recordMutationReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
      "/operations/0/recordMutationReceipt/receipt",
      /required property 'mutation_id'/,
    ],
    [
      "a verification receipt with a bad result",
      op("recordVerificationReceipt", { receipt: verificationReceipt(RUN_ID, "ver-1", "MAYBE" as never) }),
      "/operations/0/recordVerificationReceipt/receipt/result",
      /must be one of/,
    ],
    [
      "a proposal that fails its schema",
      op("proposeCompletion", { proposal: completionProposal(RUN_ID, "p-1", { claimed_criteria: [{ criterion_id: "c", claim: "YES" }] }) }),
      "/operations/0/proposeCompletion/proposal/claimed_criteria/0/claim",
      /must be one of/,
    ],
  ];

  it.each(cases)("%s", (_name, call, path, message) => {
    // JSON.parse(JSON.stringify()) drops `undefined` fields, as the wire would.
    const problems = inputProblems([JSON.parse(JSON.stringify(call)) as OperationCall]);
    expect(problems).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("reports problems of several operations at once, each at its own index", () => {
    const problems = inputProblems([
      op("addConstraint", { constraintId: "ok" }),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1", { exit_class: "MAYBE" }) }),
      op("moveGraphNode", { nodeId: "n1", to: "DONE" }),
    ]);
    expect(problems.map((p) => p.path).sort()).toEqual([
      "/operations/1/recordToolReceipt/receipt/exit_class",
      "/operations/2/moveGraphNode/to",
    ]);
  });
});
