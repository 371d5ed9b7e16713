// The rules of AgentState, one describe each, checked on the pure domain (no database). Each
// test names the check it guards: deleting that check makes the test fail.
import { describe, expect, it } from "vitest";
import { EXT, type AgentStateV1, type CompletionPolicyRecord, type Lock } from "../../src/contracts/agent-state.js";
import { ProvenanceRequiredError, type InputProblem } from "../../src/contracts/errors.js";
import { applyOperations, checkedStateJson, parseOperations, planCommit } from "../../src/domain/commit.js";
import { contentHash } from "../../src/domain/content-hash.js";
import { chainHash, entryDigest, GENESIS_PARENT } from "../../src/domain/ledger-chain.js";
import { LedgerVerifier, type VerifiableEntry } from "../../src/domain/ledger-verifier.js";
import { LIMITS } from "../../src/domain/limits.js";
import type { OperationCall, OperationContext } from "../../src/domain/operations/index.js";
import { completionOf } from "../../src/domain/rules/completion.js";
import { modelOutputReasons, requireModelProvenance } from "../../src/domain/rules/provenance.js";
import { withExtension } from "../../src/domain/rules/state-parts.js";
import { runStatusOf } from "../../src/domain/run-status.js";
import { commit, deepFreeze, inputProblems, op, plan, thrown, withReceiptsOf } from "./fixtures/commit-helpers.js";
import {
  completionDecision,
  completionProposal,
  ctx,
  DEFAULT_POLICY,
  initialState,
  MODEL,
  mutationReceipt,
  producer,
  RUN_ID,
  SYSTEM,
  TOOL,
  toolReceipt,
  USER,
  verificationReceipt,
  versioned,
  type DecisionOptions,
} from "./fixtures/documents.js";

const ext = (state: AgentStateV1) => (state.extensions ?? {}) as Record<string, unknown>;

// ====================================================================================== Rule 4

describe("hypotheses are not facts", () => {
  const proposed = () => commit(initialState(), [op("proposeHypothesis", { hypothesisId: "h-1", statement: "The cookie expires early" })]);
  const resolve = (evidence: unknown[], status = "SUPPORTED") => op("resolveHypothesis", { hypothesisId: "h-1", status, evidence });

  it("a proposed hypothesis is OPEN, with no evidence, and is not evidence", () => {
    const state = proposed();
    expect(state.hypotheses).toEqual([{ hypothesis_id: "h-1", statement: "The cookie expires early", status: "OPEN", evidence_refs: [] }]);
    expect(state.evidence).toEqual([]);
  });

  it("resolving without evidence is ERR_EVIDENCE_REQUIRED", () => {
    // Guards hypotheses.ts `if (evidence.length === 0)`: the argument schema allows an empty list.
    const error = thrown(() => plan(proposed(), [resolve([])]));
    expect(error.code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(error.details).toEqual({ path: "evidence" });
  });

  it.each([
    ["a tool receipt the run never recorded", { kind: "TOOL_RECEIPT", ref: "inv-404" }],
    ["a verification receipt the run never recorded", { kind: "VERIFICATION_RECEIPT", ref: "ver-404" }],
    ["a human resolution never recorded as evidence", { kind: "HUMAN", ref: "human-404" }],
  ])("resolving on %s is ERR_EVIDENCE_REQUIRED", (_name, ref) => {
    // Guards hypotheses.ts `if (!isRecorded(state, ref))` (state-parts.ts isRecorded).
    const error = thrown(() => plan(proposed(), [resolve([ref])]));
    expect(error.code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(error.details).toEqual({ path: "evidence/0" });
  });

  it("a receipt of another kind under the same id does not count", () => {
    // isRecorded looks in the list of the ref's own kind: a tool receipt is not a verification receipt.
    const state = commit(proposed(), [op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") })]);
    expect(thrown(() => plan(state, [resolve([{ kind: "VERIFICATION_RECEIPT", ref: "inv-1" }])])).code).toBe("ERR_EVIDENCE_REQUIRED");
  });

  it("a receipt recorded earlier in the SAME commit supports it; in the other order it does not", () => {
    // Guards applyOperations applying calls in order, each on the previous result.
    const record = op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") });
    const cite = resolve([{ kind: "TOOL_RECEIPT", ref: "inv-1", claim: "the suite fails at the cookie check" }]);
    const state = commit(proposed(), [record, cite]);
    expect(state.hypotheses?.[0]).toMatchObject({
      status: "SUPPORTED",
      evidence_refs: [{ kind: "TOOL_RECEIPT", ref: "inv-1", claim: "the suite fails at the cookie check" }],
    });
    expect(state.command_history).toEqual(["inv-1"]);
    expect(thrown(() => plan(proposed(), [cite, record])).code).toBe("ERR_EVIDENCE_REQUIRED");
  });

  it("evidence recorded by a human (HUMAN producer, USER provenance) settles it", () => {
    const human = ctx({ kind: "HUMAN", id: "alice", provenance: [USER] });
    let state = commit(
      proposed(),
      [op("recordEvidence", { evidence: { kind: "HUMAN", ref: "alice-says-1", claim: "cookie TTL is 24h" } })],
      human,
    );
    expect(state.evidence).toEqual([{ kind: "HUMAN", ref: "alice-says-1", claim: "cookie TTL is 24h" }]);
    state = commit(state, [resolve([{ kind: "HUMAN", ref: "alice-says-1" }], "REFUTED")]);
    expect(state.hypotheses?.[0]).toMatchObject({ status: "REFUTED", evidence_refs: [{ kind: "HUMAN", ref: "alice-says-1" }] });
    expect(() => checkedStateJson(state)).not.toThrow();
  });

  it("recordEvidence whose ref is a hypothesis id is ERR_EVIDENCE_REQUIRED", () => {
    // Guards evidence.ts `if (state.hypotheses?.some((h) => h.hypothesis_id === evidence.ref))`.
    // HUMAN by a human: nothing else about this write would be refused.
    const human = ctx({ kind: "HUMAN", id: "alice", provenance: [USER] });
    const error = thrown(() => plan(proposed(), [op("recordEvidence", { evidence: { kind: "HUMAN", ref: "h-1" } })], human));
    expect(error.code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(error.details).toEqual({ path: "evidence/ref" });
  });

  it("a hypothesis cannot be cited as evidence for another (nor itself), even once SUPPORTED", () => {
    let state = commit(proposed(), [
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
      op("proposeHypothesis", { hypothesisId: "h-2", statement: "follows from h-1" }),
    ]);
    state = commit(state, [resolve([{ kind: "TOOL_RECEIPT", ref: "inv-1" }])]);
    for (const kind of ["STATE", "NODE_OUTPUT", "DECISION_RESULT"]) {
      const cite = op("resolveHypothesis", { hypothesisId: "h-2", status: "SUPPORTED", evidence: [{ kind, ref: "h-1" }] });
      expect(thrown(() => plan(state, [cite])).code, kind).toBe("ERR_EVIDENCE_REQUIRED");
      expect(thrown(() => plan(state, [resolve([{ kind, ref: "h-1" }])])).code, kind).toBe("ERR_EVIDENCE_REQUIRED");
    }
  });

  it.each([
    [
      "a MODEL_COMPONENT producer (even with USER provenance too)",
      ctx({ kind: "MODEL_COMPONENT", id: "model-1", provenance: [MODEL, USER] }),
    ],
    ["a DECISION_BACKEND producer", ctx({ kind: "DECISION_BACKEND", id: "backend-1", provenance: [MODEL, SYSTEM] })],
    ["a RUNTIME producer with only MODEL provenance", ctx({ provenance: [MODEL] })],
  ])("recordEvidence by %s is ERR_EVIDENCE_REQUIRED", (_name, context) => {
    // Guards evidence.ts `fromModelOnly` (both halves: the producer kind, and `every(... MODEL)`).
    const error = thrown(() => plan(initialState(), [op("recordEvidence", { evidence: { kind: "FILE", ref: "file-1" } })], context));
    expect(error.code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(error.details).toEqual({ path: "evidence" });
  });

  it("recordEvidence by a runtime with MODEL provenance beside an observed source is accepted", () => {
    // The rule is "not from model output alone": `every`, not `some`.
    const state = commit(
      initialState(),
      [op("recordEvidence", { evidence: { kind: "FILE", ref: "file-1" } })],
      ctx({ provenance: [MODEL, TOOL] }),
    );
    expect(state.evidence).toEqual([{ kind: "FILE", ref: "file-1" }]);
  });

  it.each([
    ["TOOL_RECEIPT", "recordToolReceipt", () => toolReceipt(RUN_ID, "r-1")],
    ["MUTATION_RECEIPT", "recordMutationReceipt", () => mutationReceipt(RUN_ID, "r-1")],
    ["VERIFICATION_RECEIPT", "recordVerificationReceipt", () => verificationReceipt(RUN_ID, "r-1", "PASS")],
  ])("recordEvidence of kind %s needs that receipt recorded first", (kind, recordOp, build) => {
    // Guards evidence.ts `isReceiptKind(...) && !receiptIdsOf(...).includes(...)`.
    const cite = op("recordEvidence", { evidence: { kind, ref: "r-1" } });
    const error = thrown(() => plan(initialState(), [cite]));
    expect(error.code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(error.details).toEqual({ path: "evidence/ref" });
    const state = commit(initialState(), [op(recordOp, { receipt: build() }), cite]);
    expect(state.evidence).toEqual([{ kind, ref: "r-1" }]);
  });

  it("hypotheses and evidence stay in separate lists", () => {
    let state = commit(proposed(), [
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
      op("recordEvidence", { evidence: { kind: "TOOL_RECEIPT", ref: "inv-1" } }),
    ]);
    state = commit(state, [resolve([{ kind: "TOOL_RECEIPT", ref: "inv-1" }])]);
    // Resolving a hypothesis does not turn it (or its statement) into evidence...
    expect(state.evidence).toEqual([{ kind: "TOOL_RECEIPT", ref: "inv-1" }]);
    expect(state.evidence.some((e) => e.ref === "h-1")).toBe(false);
    // ...and recording evidence does not create or change hypotheses.
    expect(state.hypotheses?.map((h) => h.hypothesis_id)).toEqual(["h-1"]);
    const more = commit(state, [op("recordEvidence", { evidence: { kind: "FILE", ref: "file-1" } })]);
    expect(more.hypotheses).toEqual(state.hypotheses);
  });

  it("a hypothesis that does not exist cannot be resolved or abandoned", () => {
    expect(thrown(() => plan(initialState(), [resolve([{ kind: "HUMAN", ref: "x" }])])).code).toBe("ERR_PRECONDITION_FAILED");
    expect(thrown(() => plan(initialState(), [op("abandonHypothesis", { hypothesisId: "h-1" })])).code).toBe("ERR_PRECONDITION_FAILED");
  });
});

// ====================================================================================== Rule 5

describe("completion is recorded, never inferred", () => {
  const CRITERION = "tests-pass";
  const pass = (refs = ["ver-1"]) => ({ criterion_id: CRITERION, result: "PASS" as const, receipt_refs: refs });

  /** A run with one required criterion, a passing verification receipt and a tool receipt. */
  const ready = (): AgentStateV1 =>
    commit(initialState(), [
      op("addAcceptanceCriterion", { criterionId: CRITERION, description: "The login suite passes" }),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
      op("recordVerificationReceipt", {
        receipt: verificationReceipt(RUN_ID, "ver-1", "PASS", [{ criterion_id: CRITERION, result: "PASS" }]),
      }),
    ]);

  const decide = (
    state: AgentStateV1,
    options: Partial<DecisionOptions> & { id?: string; runId?: string } = {},
    context: OperationContext = ctx(),
  ) =>
    plan(
      state,
      [
        op("recordCompletionDecision", {
          decision: completionDecision(options.runId ?? RUN_ID, options.id ?? "decision-1", {
            outcome: "COMPLETE",
            criteria: [pass()],
            ...options,
          }),
        }),
      ],
      context,
    );

  /** The problems of a refused decision; fails unless it is ERR_COMPLETION_REJECTED. */
  function rejected(fn: () => unknown): InputProblem[] {
    const error = thrown(fn);
    expect(error.code).toBe("ERR_COMPLETION_REJECTED");
    expect(error.family).toBe("POLICY");
    return (error.details as { problems: InputProblem[] }).problems;
  }

  const withPolicy = (state: AgentStateV1, policy: CompletionPolicyRecord) =>
    withReceiptsOf(state, withExtension(state, EXT.completionPolicy, policy));

  it("finishing the graph, the subgoals, the frontier, the status line and proposing does not complete the run", () => {
    // Guards run-status.ts (status only from latest_decision_ref) and that no other operation sets it.
    let state = commit(initialState(), [
      op("setGraphCursor", { graphId: "g-1", graphVersion: 1, frontier: ["n1", "n2"] }),
      op("addSubgoal", { subgoalId: "sg-1", description: "reproduce" }),
      op("addSubgoal", { subgoalId: "sg-2", description: "fix", parentId: "sg-1" }),
    ]);
    state = commit(state, [
      op("moveGraphNode", { nodeId: "n1", to: "COMPLETED" }),
      op("moveGraphNode", { nodeId: "n2", to: "COMPLETED" }),
      op("setSubgoalStatus", { subgoalId: "sg-1", status: "DONE" }),
      op("setSubgoalStatus", { subgoalId: "sg-2", status: "DONE" }),
      op("setUserVisibleStatus", { status: "done" }),
    ]);
    const model = ctx({ kind: "MODEL_COMPONENT", id: "model-1", provenance: [MODEL] });
    const byModel = { envelope: { producer: producer("MODEL_COMPONENT", "model-1"), provenance: [MODEL] } };
    state = commit(state, [op("proposeCompletion", { proposal: completionProposal(RUN_ID, "proposal-1", byModel) })], model);

    expect(state.graph_cursor.frontier).toEqual([]);
    expect(state.graph_cursor.completed_nodes).toEqual(["n1", "n2"]);
    expect(state.user_visible_status).toBe("done");
    expect(state.completion.latest_decision_ref ?? null).toBeNull();
    expect(state.completion.coverage).toEqual([]);
    expect(completionOf(state)).toBeNull();
    expect(runStatusOf(state)).toBe("ACTIVE");
    expect(ext(state)[EXT.completionProposals]).toEqual([expect.objectContaining({ proposal_id: "proposal-1", proposed_by: "model-1" })]);
  });

  it.each(["MODEL_COMPONENT", "DECISION_BACKEND", "TOOL", "HUMAN", "PRIMITIVE"] as const)(
    "a %s producer cannot record a decision",
    (kind) => {
      // Guards completion.ts `if (!DECIDERS.has(context.producer.kind))`. The document itself is
      // valid (its envelope says RUNTIME, the schema's only check); the committing producer is not.
      const context = ctx({ kind, id: "runtime-1", provenance: [MODEL, SYSTEM] });
      const problems = rejected(() => decide(ready(), {}, context));
      expect(problems).toEqual([{ path: "/producer/kind", message: expect.stringContaining("only RUNTIME or VERIFIER") }]);
    },
  );

  it("a VERIFIER producer may record a decision", () => {
    const state = decide(
      ready(),
      { producerKind: "VERIFIER", producerId: "verifier-1" },
      ctx({ kind: "VERIFIER", id: "verifier-1" }),
    ).state;
    expect(state.completion.latest_decision_ref).toBe("decision-1");
  });

  it("the decision's envelope producer must be the committing component", () => {
    // Guards completion.ts `decision.envelope.producer.component_id !== context.producer.component_id`.
    const problems = rejected(() => decide(ready(), { producerId: "runtime-2" }));
    expect(problems).toEqual([{ path: "/decision/envelope/producer", message: expect.any(String) }]);
  });

  it("COMPLETE citing a receipt the run never recorded is rejected", () => {
    // Guards completion.ts `if (!recorded.has(ref))`.
    const problems = rejected(() => decide(ready(), { criteria: [pass(["ver-1", "ver-404"])] }));
    expect(problems).toEqual([
      { path: "/decision/criteria_results/0/receipt_refs/1", message: "receipt ver-404 is not recorded in this run" },
    ]);
  });

  it("a non-COMPLETE decision citing an unrecorded receipt is rejected too", () => {
    const problems = rejected(() =>
      decide(ready(), { outcome: "CONTINUE", criteria: [{ criterion_id: CRITERION, result: "FAIL", receipt_refs: ["inv-404"] }] }),
    );
    expect(problems.map((p) => p.path)).toEqual(["/decision/criteria_results/0/receipt_refs/0"]);
  });

  it("receipts recorded in the same commit, before the decision, count", () => {
    const state = commit(commit(initialState(), [op("addAcceptanceCriterion", { criterionId: CRITERION, description: "d" })]), [
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-2") }),
      op("recordCompletionDecision", {
        decision: completionDecision(RUN_ID, "decision-1", { outcome: "COMPLETE", criteria: [pass(["inv-2"])] }),
      }),
    ]);
    expect(state.completion.coverage).toEqual([
      { criterion_id: CRITERION, satisfied: true, evidence_refs: [{ kind: "TOOL_RECEIPT", ref: "inv-2" }] },
    ]);
  });

  it("COMPLETE without a PASS for a required acceptance criterion is rejected", () => {
    // Guards completeProblems' loop over state.acceptance.
    const state = commit(ready(), [op("addAcceptanceCriterion", { criterionId: "no-api-change", description: "public API unchanged" })]);
    const problems = rejected(() => decide(state));
    expect(problems).toEqual([
      { path: "/decision/criteria_results", message: "required acceptance criterion no-api-change has no PASS result" },
    ]);
  });

  it("COMPLETE may skip an acceptance criterion that is not required", () => {
    // Guards `criterion.required !== false`.
    const state = commit(ready(), [op("addAcceptanceCriterion", { criterionId: "nice-to-have", description: "d", required: false })]);
    expect(decide(state).kind).toBe("COMMIT");
  });

  it("COMPLETE with no criteria results at all is rejected", () => {
    // Guards `if (decision.criteria_results.length === 0)`: with no acceptance criteria nothing else would catch it.
    const problems = rejected(() => decide(initialState(), { criteria: [] }));
    expect(problems).toEqual([{ path: "/decision/criteria_results", message: expect.stringContaining("at least one PASS") }]);
  });

  it("COMPLETE while a blocking failure is unresolved is rejected; after resolving it, accepted", () => {
    // Guards completeProblems' `blocking.length > 0` check.
    let state = commit(ready(), [
      op("recordFailure", { failureId: "fail-1", summary: "flaky e2e", blocking: false }),
      op("recordFailure", { failureId: "fail-2", summary: "login times out", blocking: true }),
    ]);
    const problems = rejected(() => decide(state));
    expect(problems).toEqual([
      { path: "/decision/predicate_results/no_unresolved_blocking_failures", message: "blocking failures are unresolved: fail-2" },
    ]);
    state = commit(state, [op("resolveFailure", { failureId: "fail-2", resolution: "fixed" })]);
    // fail-1 is not blocking, so it does not hold completion up.
    expect(decide(state).state.completion.latest_decision_ref).toBe("decision-1");
  });

  it("PARTIAL without a run policy allowing it is rejected", () => {
    // Guards `decision.outcome === "PARTIAL" && !policy?.allow_partial`.
    const partial = {
      outcome: "PARTIAL" as const,
      criteria: [{ criterion_id: CRITERION, result: "FAIL" as const, receipt_refs: ["ver-1"] }],
      predicates: { acceptance_criteria_satisfied: false },
    };
    expect(rejected(() => decide(ready(), partial)).map((p) => p.path)).toEqual(["/decision/outcome"]);
    const disallowing = withPolicy(ready(), { ...DEFAULT_POLICY, allow_partial: false });
    expect(rejected(() => decide(disallowing, partial)).map((p) => p.path)).toEqual(["/decision/outcome"]);

    const allowing = withPolicy(ready(), { ...DEFAULT_POLICY, allow_partial: true });
    const state = decide(allowing, partial).state;
    expect(state.completion.latest_decision_ref).toBe("decision-1");
    expect(completionOf(state)).toEqual({ decision_id: "decision-1", outcome: "PARTIAL", decided_at_version: 2 });
    expect(state.completion.coverage).toEqual([
      { criterion_id: CRITERION, satisfied: false, evidence_refs: [{ kind: "VERIFICATION_RECEIPT", ref: "ver-1" }] },
    ]);
  });

  it.each([
    ["another policy id", { policy_id: "completion.other", policy_version: 1 }],
    ["another policy version", { policy_id: DEFAULT_POLICY.policy_id, policy_version: 2 }],
  ])("a decision under %s than the run's is rejected", (_name, policy) => {
    // Guards `policy && (decision.policy.policy_id !== ... || decision.policy.policy_version !== ...)`.
    const state = withPolicy(ready(), { ...DEFAULT_POLICY, allow_partial: false });
    expect(rejected(() => decide(state, { policy })).map((p) => p.path)).toEqual(["/decision/policy"]);
    expect(decide(state).kind).toBe("COMMIT");
  });

  it("a decision whose envelope names another run is ERR_PRECONDITION_FAILED", () => {
    // Guards completion.ts recordCompletionDecision's requireSameRun.
    const error = thrown(() => decide(ready(), { runId: "run-2" }));
    expect(error.code).toBe("ERR_PRECONDITION_FAILED");
    expect(error.details).toEqual({ path: "envelope/run_id" });
  });

  it("a valid COMPLETE records the decision, its outcome and the coverage", () => {
    const before = ready();
    const result = decide(before, { criteria: [pass(["ver-1", "inv-1"])] });
    expect(result.kind).toBe("COMMIT");
    const state = result.state;
    expect(state.completion).toEqual({
      latest_decision_ref: "decision-1",
      coverage: [
        {
          criterion_id: CRITERION,
          satisfied: true,
          evidence_refs: [
            { kind: "VERIFICATION_RECEIPT", ref: "ver-1" },
            { kind: "TOOL_RECEIPT", ref: "inv-1" },
          ],
        },
      ],
    });
    expect(ext(state)[EXT.completion]).toEqual({ decision_id: "decision-1", outcome: "COMPLETE", decided_at_version: 2 });
    expect(runStatusOf(state)).toBe("COMPLETED");
    expect(runStatusOf(before)).toBe("ACTIVE");
    expect(() => checkedStateJson(state)).not.toThrow();
  });

  it.each([
    [
      "COMPLETE with a false predicate",
      { predicates: { required_verifications_pass: false } },
      "/operations/0/recordCompletionDecision/decision/predicate_results/required_verifications_pass",
    ],
    [
      "COMPLETE with a non-PASS criteria result",
      { criteria: [{ criterion_id: CRITERION, result: "INCONCLUSIVE" as const, receipt_refs: ["ver-1"] }] },
      "/operations/0/recordCompletionDecision/decision/criteria_results/0/result",
    ],
    ["decided_by other than SYSTEM", { decidedBy: "MODEL" }, "/operations/0/recordCompletionDecision/decision/decided_by"],
    [
      "an envelope producer that is a model",
      { producerKind: "MODEL_COMPONENT" as const },
      "/operations/0/recordCompletionDecision/decision/envelope/producer/kind",
    ],
    [
      "a criteria result with no receipt refs",
      { outcome: "CONTINUE" as const, criteria: [{ criterion_id: CRITERION, result: "FAIL" as const, receipt_refs: [] }] },
      "/operations/0/recordCompletionDecision/decision/criteria_results/0/receipt_refs",
    ],
  ])("schema-level: %s is ERR_INVALID_INPUT from parseOperations", (_name, options, path) => {
    // Guards the recordCompletionDecision `check` (receipts.schema.ts completionDecisionSchema).
    const decision = completionDecision(RUN_ID, "decision-1", { outcome: "COMPLETE", criteria: [pass()], ...options });
    const problems = inputProblems([op("recordCompletionDecision", { decision })]);
    expect(problems.map((p) => p.path)).toContain(path);
  });

  it("a later decision replaces the latest one", () => {
    let state = commit(ready(), [
      op("recordCompletionDecision", { decision: completionDecision(RUN_ID, "decision-1", { outcome: "ESCALATE", criteria: [] }) }),
    ]);
    expect(completionOf(state)?.outcome).toBe("ESCALATE");
    state = decide(state, { id: "decision-2" }).state;
    expect(state.completion.latest_decision_ref).toBe("decision-2");
    expect(completionOf(state)).toEqual({ decision_id: "decision-2", outcome: "COMPLETE", decided_at_version: 3 });
  });

  it("a decision whose criterion id is not an Id is refused and nothing is planned", () => {
    // The decision schema allows any string as criterion_id; the state's coverage needs an Id,
    // so the completion rule refuses it with a path (completion.ts, the ID_PATTERN check).
    const decision = completionDecision(RUN_ID, "decision-1", {
      outcome: "CONTINUE",
      criteria: [{ criterion_id: "tests pass", result: "FAIL", receipt_refs: ["ver-1"] }],
      predicates: { acceptance_criteria_satisfied: false },
    });
    const before = ready();
    const error = thrown(() => plan(before, [op("recordCompletionDecision", { decision })]));
    expect(error.code).toBe("ERR_COMPLETION_REJECTED");
    expect(JSON.stringify(error.details)).toContain("/decision/criteria_results/0/criterion_id");
    expect(runStatusOf(before)).toBe("ACTIVE");
  });

  it("recording the same decision again is a NOOP, like every other receipt", () => {
    // Guards completion.ts applyCompletionDecision's early return for the latest decision.
    const decision = completionDecision(RUN_ID, "decision-1", { outcome: "COMPLETE", criteria: [pass()] });
    const state = ready();
    const stamped = { ...decision, envelope: { ...(decision.envelope as object), state_version: state.identity.state_version } };
    const once = commit(state, [op("recordCompletionDecision", { decision: stamped })]);
    expect(plan(once, [op("recordCompletionDecision", { decision: stamped })]).kind).toBe("NOOP");
  });

  it("an older decision re-sent after a newer one is refused: a decision is made on the version it commits against", () => {
    // Guards completion.ts's envelope.state_version check.
    const state = ready();
    const at = (id: string, outcome: "COMPLETE" | "CONTINUE", version: number) => {
      const decision = completionDecision(RUN_ID, id, {
        outcome,
        criteria: outcome === "COMPLETE" ? [pass()] : [],
        predicates: outcome === "COMPLETE" ? {} : { acceptance_criteria_satisfied: false },
      });
      return op("recordCompletionDecision", {
        decision: { ...decision, envelope: { ...(decision.envelope as object), state_version: version } },
      });
    };
    const v = state.identity.state_version;
    const continued = commit(state, [at("d-2", "CONTINUE", v)]);
    const error = thrown(() => plan(continued, [at("d-3", "COMPLETE", v)]));
    expect(error.code).toBe("ERR_COMPLETION_REJECTED");
    expect(runStatusOf(continued)).toBe("ACTIVE");
  });

  it.each([
    ["CONTINUE", "ACTIVE"],
    ["FAIL", "FAILED"],
    ["ESCALATE", "ESCALATED"],
    ["PARTIAL", "PARTIALLY_COMPLETED"],
    ["COMPLETE", "COMPLETED"],
  ] as const)("a %s decision makes the run status %s (run-status.ts follows the recorded outcome only)", (outcome, status) => {
    // Guards run-status.ts STATUS_OF_OUTCOME: a CONTINUE decision ("keep working") must not read as done.
    const criteria = outcome === "COMPLETE" ? [pass()] : [{ criterion_id: CRITERION, result: "FAIL" as const, receipt_refs: ["ver-1"] }];
    const predicates = outcome === "COMPLETE" ? {} : { acceptance_criteria_satisfied: false };
    const state = decide(withPolicy(ready(), { ...DEFAULT_POLICY, allow_partial: true }), { outcome, criteria, predicates }).state;
    expect(state.completion.latest_decision_ref).toBe("decision-1");
    expect(completionOf(state)?.outcome).toBe(outcome);
    expect(runStatusOf(state)).toBe(status);
  });
});

// ====================================================================================== Rule 7

describe("model output needs a MODEL provenance record", () => {
  const hypothesis = (source: string | null) => op("proposeHypothesis", { hypothesisId: "h-1", statement: "s", source });
  const noModel = [SYSTEM, USER, TOOL];

  function refused(kind: Parameters<typeof producer>[0], provenance: typeof noModel, calls: OperationCall[]) {
    let error: unknown;
    try {
      requireModelProvenance(producer(kind, "c-1"), provenance, calls);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProvenanceRequiredError);
    expect(error).toMatchObject({ code: "ERR_PROVENANCE_REQUIRED", family: "POLICY", retryable: false });
    return (error as ProvenanceRequiredError).details as { reasons: string[] };
  }

  it.each(["MODEL_COMPONENT", "DECISION_BACKEND"] as const)(
    "a %s producer without MODEL provenance is refused; with it, accepted",
    (kind) => {
      // Guards provenance.ts `if (MODEL_PRODUCERS.has(producer.kind))`.
      const calls = [op("setPlan", { plan: { steps: [] } })];
      expect(refused(kind, noModel, calls).reasons).toEqual([`the producer is a ${kind}`]);
      expect(() => requireModelProvenance(producer(kind, "c-1"), [MODEL], calls)).not.toThrow();
      // An empty commit (a NOOP record) by a model still needs it.
      refused(kind, [SYSTEM], []);
    },
  );

  it.each(["proposeHypothesis", "addCandidateTarget", "recordArtifact", "addDiagnostic", "addSubgoal"])(
    "a RUNTIME commit whose %s carries source MODEL is refused; with MODEL provenance, accepted",
    (name) => {
      // Guards `if (call.args.source === "MODEL")`.
      const args: Record<string, Record<string, unknown>> = {
        proposeHypothesis: { hypothesisId: "h-1", statement: "s" },
        addCandidateTarget: { target: "fs:a" },
        recordArtifact: { artifactId: "a-1", contentHash: `sha256:${"c".repeat(64)}` },
        addDiagnostic: { diagnosticId: "d-1", severity: "INFO", message: "m" },
        addSubgoal: { subgoalId: "sg-1", description: "d" },
      };
      const calls = parseOperations([op("addConstraint", { constraintId: "c" }), op(name, { ...args[name], source: "MODEL" })]);
      expect(refused("RUNTIME", [SYSTEM], calls).reasons).toEqual([`operation 1 (${name}) carries MODEL content`]);
      expect(() => requireModelProvenance(producer("RUNTIME", "runtime-1"), [SYSTEM, MODEL], calls)).not.toThrow();
      // The same operation with a non-model source needs nothing.
      expect(() =>
        requireModelProvenance(producer("RUNTIME", "runtime-1"), [SYSTEM], [op(name, { ...args[name], source: "TOOL" })]),
      ).not.toThrow();
    },
  );

  it.each([
    ["recordToolReceipt", "receipt", () => toolReceipt(RUN_ID, "inv-1", { envelope: { provenance: [SYSTEM, MODEL] } })],
    ["recordMutationReceipt", "receipt", () => mutationReceipt(RUN_ID, "mut-1", { envelope: { provenance: [MODEL] } })],
    [
      "recordVerificationReceipt",
      "receipt",
      () => verificationReceipt(RUN_ID, "ver-1", "PASS", undefined, { envelope: { provenance: [MODEL] } }),
    ],
    ["proposeCompletion", "proposal", () => completionProposal(RUN_ID, "p-1", { envelope: { provenance: [MODEL] } })],
    [
      "recordCompletionDecision",
      "decision",
      () => completionDecision(RUN_ID, "d-1", { outcome: "CONTINUE", criteria: [], provenance: [MODEL] }),
    ],
  ])(
    "a RUNTIME commit of a %s document with MODEL envelope provenance is refused; with MODEL provenance, accepted",
    (name, field, build) => {
      // Guards the DOCUMENT_ARGS loop over envelope.provenance.
      const calls = parseOperations([op(name, { [field]: build() })]);
      expect(refused("RUNTIME", [SYSTEM], calls).reasons).toEqual([`operation 0 (${name}) carries a document with MODEL provenance`]);
      expect(() => requireModelProvenance(producer("RUNTIME", "runtime-1"), [MODEL], calls)).not.toThrow();
    },
  );

  it("a RUNTIME commit with SYSTEM provenance and no model content is accepted", () => {
    const calls = parseOperations([
      hypothesis(null),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
      op("addCandidateTarget", { target: "fs:a", source: "RETRIEVAL" }),
    ]);
    expect(modelOutputReasons(producer("RUNTIME", "runtime-1"), calls)).toEqual([]);
    expect(() => requireModelProvenance(producer("RUNTIME", "runtime-1"), [SYSTEM], calls)).not.toThrow();
  });

  it("reports every reason at once", () => {
    const calls = parseOperations([
      hypothesis("MODEL"),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1", { envelope: { provenance: [MODEL] } }) }),
    ]);
    expect(refused("MODEL_COMPONENT", [USER], calls).reasons).toHaveLength(3);
  });
});

// ====================================================================================== Locks

describe("locks (extensions[x-locks])", () => {
  const RESOURCE = "fs:src/db/**";
  const locksOf = (state: AgentStateV1) => (ext(state)[EXT.locks] ?? []) as Lock[];
  const acquire = (ttlMs = 60_000) => op("acquireLock", { resource: RESOURCE, ttlMs });
  const renew = (ttlMs = 60_000) => op("renewLock", { resource: RESOURCE, ttlMs });
  const release = () => op("releaseLock", { resource: RESOURCE });

  // Far in the past and far in the future: if expiry were judged by the wall clock (2026), the
  // 2001 lock would look expired at t0+30s and the 2999 lock would look live at t0+61s.
  describe.each(["2001-01-01T00:00:00.000Z", "2999-06-15T12:00:00.000Z"])("with t0 = %s", (t0) => {
    const t = (offsetMs: number) => new Date(Date.parse(t0) + offsetMs).toISOString();
    const A = (offsetMs: number) => ctx({ kind: "RUNTIME", id: "agent-a", at: t(offsetMs) });
    const B = (offsetMs: number) => ctx({ kind: "RUNTIME", id: "agent-b", at: t(offsetMs) });
    const heldByA = () => commit(initialState(), [acquire()], A(0));

    it("acquire records resource, holder, acquired_at, expires_at and state_version_acquired", () => {
      expect(locksOf(heldByA())).toEqual([
        { resource: RESOURCE, holder: "agent-a", acquired_at: t(0), expires_at: t(60_000), state_version_acquired: 1 },
      ]);
      expect(() => checkedStateJson(heldByA())).not.toThrow();
    });

    it("another holder's live lock refuses an acquire with ERR_LOCK_HELD, naming holder and expiry", () => {
      // Guards locks.ts acquireLock `if (other) throw new LockHeldError(...)`.
      const error = thrown(() => plan(heldByA(), [acquire()], B(30_000)));
      expect(error).toMatchObject({ code: "ERR_LOCK_HELD", family: "STATE", retryable: true });
      expect(error.details).toEqual({ resource: RESOURCE, holder: "agent-a", expiresAt: t(60_000), lockedResource: RESOURCE });
    });

    it("an expired lock can be taken over, judged at the commit's time", () => {
      // Guards isLive's use of context.committedAt (not Date.now()).
      const state = commit(heldByA(), [acquire(10_000)], B(61_000));
      expect(locksOf(state)).toEqual([
        { resource: RESOURCE, holder: "agent-b", acquired_at: t(61_000), expires_at: t(71_000), state_version_acquired: 2 },
      ]);
    });

    it("a lock is no longer live at exactly its expiry instant", () => {
      expect(locksOf(commit(heldByA(), [acquire()], B(60_000)))[0]?.holder).toBe("agent-b");
      expect(thrown(() => plan(heldByA(), [acquire()], B(59_999))).code).toBe("ERR_LOCK_HELD");
    });

    it("the holder re-acquiring extends its lock but keeps when and at which version it was first acquired", () => {
      const state = commit(commit(heldByA(), [op("addConstraint", { constraintId: "c" })]), [acquire(120_000)], A(30_000));
      expect(locksOf(state)).toEqual([
        { resource: RESOURCE, holder: "agent-a", acquired_at: t(0), expires_at: t(150_000), state_version_acquired: 1 },
      ]);
    });

    it("renew by the holder extends expires_at from the commit's time", () => {
      const state = commit(heldByA(), [renew(90_000)], A(30_000));
      expect(locksOf(state)).toEqual([
        { resource: RESOURCE, holder: "agent-a", acquired_at: t(0), expires_at: t(120_000), state_version_acquired: 1 },
      ]);
    });

    it("renew by another component is ERR_LOCK_HELD", () => {
      // Guards renewLock's heldByOther check.
      const error = thrown(() => plan(heldByA(), [renew()], B(30_000)));
      expect(error.code).toBe("ERR_LOCK_HELD");
      expect(error.details).toMatchObject({ holder: "agent-a" });
    });

    it("renew of the holder's own expired lock is ERR_PRECONDITION_FAILED (acquire it again)", () => {
      // Guards `if (!own || !isLive(own, context.committedAt))`.
      expect(thrown(() => plan(heldByA(), [renew()], A(61_000))).code).toBe("ERR_PRECONDITION_FAILED");
      expect(thrown(() => plan(initialState(), [renew()], A(0))).code).toBe("ERR_PRECONDITION_FAILED");
    });

    it("release by another component of a live lock is ERR_LOCK_HELD", () => {
      // Guards releaseLock's heldByOther check.
      const error = thrown(() => plan(heldByA(), [release()], B(30_000)));
      expect(error.code).toBe("ERR_LOCK_HELD");
      expect(error.details).toMatchObject({ holder: "agent-a", expiresAt: t(60_000) });
    });

    it("release by the holder removes the lock; an expired lock may be cleared by anyone", () => {
      expect(locksOf(commit(heldByA(), [release()], A(30_000)))).toEqual([]);
      expect(locksOf(commit(heldByA(), [release()], B(61_000)))).toEqual([]);
    });

    it("releasing a lock that is not there changes nothing", () => {
      expect(plan(initialState(), [release()], A(0)).kind).toBe("NOOP");
    });

    it("locks on other resources are independent", () => {
      const state = commit(heldByA(), [op("acquireLock", { resource: "fs:docs/**", ttlMs: 1000 })], B(30_000));
      expect(locksOf(state).map((l) => [l.resource, l.holder])).toEqual([
        [RESOURCE, "agent-a"],
        ["fs:docs/**", "agent-b"],
      ]);
    });
  });

  it.each([
    ["0", 0, /must be >= 1/],
    ["more than a day", LIMITS.lockTtlMs + 1, new RegExp(`must be <= ${LIMITS.lockTtlMs}`)],
    ["fractional", 1.5, /must be integer/],
  ])("a ttl of %s is a parse error", (_name, ttlMs, message) => {
    for (const name of ["acquireLock", "renewLock"]) {
      expect(inputProblems([op(name, { resource: RESOURCE, ttlMs })])).toContainEqual({
        path: `/operations/0/${name}/ttlMs`,
        message: expect.stringMatching(message),
      });
    }
  });
});

// ====================================================================================== Versions

describe("versioned writes", () => {
  const midRun = (): AgentStateV1 =>
    commit(commit(initialState(), [op("addConstraint", { constraintId: "a" })]), [op("setPlan", { plan: { step: 1 } })]);

  it("operations that change nothing plan a NOOP at the same version and hash", () => {
    // Guards commit.ts planCommit's `contentHash(applied) === current.contentHash` branch.
    const state = midRun();
    const current = versioned(state);
    const result = planCommit(
      current,
      parseOperations([op("addConstraint", { constraintId: "a" }), op("setPlan", { plan: { step: 1 } })]),
      ctx(),
    );
    expect(result).toEqual({ kind: "NOOP", state, contentHash: current.contentHash, stateVersion: 2 });
  });

  it("operations that change something plan version + 1", () => {
    const state = midRun();
    const result = planCommit(versioned(state), parseOperations([op("addConstraint", { constraintId: "b" })]), ctx());
    expect(result.kind).toBe("COMMIT");
    expect(result.stateVersion).toBe(3);
    expect(result.state.identity.state_version).toBe(3);
    expect(result.contentHash).toBe(contentHash(result.state));
  });

  it("all or nothing: a commit whose 3rd operation throws leaves the input state untouched", () => {
    // Guards apply's purity (every operation returns a new object) and applyOperations' reduce:
    // a partial result is never returned, and the input is never written to.
    const state = midRun();
    const snapshot = structuredClone(state);
    const calls = parseOperations([
      op("addConstraint", { constraintId: "b" }),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
      op("resolveHypothesis", { hypothesisId: "h-missing", status: "SUPPORTED", evidence: [{ kind: "TOOL_RECEIPT", ref: "inv-1" }] }),
      op("setUserVisibleStatus", { status: "never" }),
    ]);
    const error = thrown(() => planCommit(versioned(state), calls, ctx()));
    expect(error.code).toBe("ERR_PRECONDITION_FAILED");
    expect(state).toEqual(snapshot);
    expect(thrown(() => applyOperations(state, calls, ctx())).code).toBe("ERR_PRECONDITION_FAILED");
    expect(state).toEqual(snapshot);
  });

  it("no operation writes to the state it is given (frozen input, every kind of change)", () => {
    const state = deepFreeze(midRun());
    const snapshot = structuredClone(state);
    const next = applyOperations(
      state,
      parseOperations([
        op("recordFailure", { failureId: "f-1", summary: "s", blocking: true }),
        op("resolveFailure", { failureId: "f-1", resolution: "r" }),
        op("acquireLock", { resource: "fs:a", ttlMs: 1000 }),
        op("proposeHypothesis", { hypothesisId: "h-1", statement: "s" }),
        op("moveGraphNode", { nodeId: "n1", to: "FAILED" }),
        op("addSubgoal", { subgoalId: "sg-1", description: "d" }),
      ]),
      ctx(),
    );
    expect(state).toEqual(snapshot);
    expect(next).not.toBe(state);
  });
});

// ====================================================================================== Ledger

describe("ledger replay judges locks at each entry's own time", () => {
  const A = producer("RUNTIME", "agent-a");
  const B = producer("RUNTIME", "agent-b");
  const T0 = new Date("2001-01-01T00:00:00.000Z");
  const after = (ms: number) => new Date(T0.getTime() + ms);

  function entry(
    previous: VerifiableEntry | null,
    state: AgentStateV1,
    operations: OperationCall[],
    who: typeof A,
    createdAt: Date,
  ): VerifiableEntry {
    const seq = previous ? previous.seq + 1 : 0;
    const parentHash = previous ? previous.entryHash : GENESIS_PARENT;
    const content = {
      runId: RUN_ID,
      stateVersion: state.identity.state_version,
      kind: "COMMIT" as const,
      operations,
      producer: who,
      provenance: [SYSTEM],
      reason: null,
      contentHash: contentHash(state),
    };
    return { ...content, seq, state, parentHash, entryHash: chainHash(parentHash, seq, entryDigest(content)), createdAt };
  }

  /** Genesis, A takes the lock at T0 for 60 s, B takes it over at T0+61 s; all as the store would write them. */
  function ledger(): VerifiableEntry[] {
    const genesis = entry(null, initialState(), [{ op: "startRun", args: { objective: "o", workspaceRoot: "/work/app" } }], A, T0);
    const take = [op("acquireLock", { resource: "fs:db", ttlMs: 60_000 })];
    const s1 = plan(genesis.state!, take, { producer: A, provenance: [SYSTEM], committedAt: after(0).toISOString() }).state;
    const e1 = entry(genesis, s1, take, A, after(0));
    const s2 = plan(s1, take, { producer: B, provenance: [SYSTEM], committedAt: after(61_000).toISOString() }).state;
    const e2 = entry(e1, s2, take, B, after(61_000));
    return [genesis, e1, e2];
  }

  const verify = (entries: VerifiableEntry[]) => {
    const verifier = new LedgerVerifier();
    for (const e of entries) {
      const divergence = verifier.push(e);
      if (divergence) return divergence;
    }
    const last = entries[entries.length - 1]!;
    return verifier.finish({
      stateVersion: last.stateVersion,
      ledgerSeq: last.seq,
      contentHash: last.contentHash,
      headHash: last.entryHash,
      state: last.state!,
    });
  };

  it("accepts the ledger as written", () => {
    const entries = ledger();
    expect((entries[2]!.state!.extensions as Record<string, Lock[]>)[EXT.locks]?.[0]?.holder).toBe("agent-b");
    expect(verify(entries)).toBeNull();
  });

  it("reports a replay divergence when an entry's time would have found the lock still held", () => {
    // Guards ledger-verifier.ts replay(): committedAt = entry.createdAt. createdAt is not part of
    // the entry digest, so the chain still verifies; only replay notices.
    const entries = ledger();
    entries[2] = { ...entries[2]!, createdAt: after(30_000) };
    const divergence = verify(entries);
    expect(divergence).toMatchObject({ seq: 2, version: 2, check: "replay", expected: "the operations apply" });
    expect(divergence?.actual).toContain("locked by agent-a");
  });

  it("reports a replayed-state divergence when the time changes what the lock records", () => {
    const entries = ledger();
    entries[2] = { ...entries[2]!, createdAt: after(62_000) };
    expect(verify(entries)).toMatchObject({ seq: 2, check: "replayed state hash" });
  });
});
