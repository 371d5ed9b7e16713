// A realistic scripted run that uses every state operation: a model plans and guesses, tools
// run, a failure is recorded and resolved by a person, locks are taken, renewed and released,
// a verifier checks the fix, a model proposes completion and the runtime decides it. The pure
// conformance test plans it in memory; the end-to-end test sends it over GraphQL.
import { createHash } from "node:crypto";
import type { ComponentIdentity, Provenance } from "../../src/contracts/common.js";
import type { OperationCall } from "../../src/domain/operations/index.js";

export interface Writer {
  producer: ComponentIdentity;
  provenance: Provenance[];
}

export interface ScriptedCommit {
  step: string;
  who: Writer;
  calls: OperationCall[];
  /** NOOP when the calls change nothing. */
  kind: "COMMIT" | "NOOP";
}

export interface RunIds {
  runId: string;
  sessionId: string;
  taskId: string;
}

const writer = (component_id: string, kind: ComponentIdentity["kind"], source: Provenance["source_type"]): Writer => ({
  producer: { component_id, component_version: "1.4.0", kind },
  provenance: [{ source_type: source, source_id: `${component_id}.output`, trust_class: "INTERNAL" }],
});

export const WRITERS = {
  planner: writer("planner-v2", "MODEL_COMPONENT", "MODEL"),
  coder: writer("coder-v3", "MODEL_COMPONENT", "MODEL"),
  runtime: writer("runtime", "RUNTIME", "SYSTEM"),
  tools: writer("tool-runner", "TOOL", "TOOL"),
  verifier: writer("verifier", "VERIFIER", "TOOL"),
  human: writer("alice", "HUMAN", "USER"),
} as const;

export const hashOf = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

/** An ABI envelope for a document written by `who` after reading `stateVersion`. */
export function envelope(ids: RunIds, schema: string, stateVersion: number, who: Writer) {
  return {
    abi_version: "1.0.0",
    schema_id: `allternit.kernel.${schema}`,
    schema_version: "1.0.0",
    run_id: ids.runId,
    session_id: ids.sessionId,
    task_id: ids.taskId,
    state_version: stateVersion,
    created_at: "2026-12-02T10:00:00Z",
    producer: who.producer,
    trace_id: `trace-${schema}-${stateVersion}`,
    provenance: who.provenance,
  };
}

export function toolReceipt(ids: RunIds, id: string, stateVersion: number, exit: "SUCCESS" | "FAILURE") {
  return {
    envelope: envelope(ids, "ToolReceiptV1", stateVersion, WRITERS.tools),
    invocation_id: id,
    tool_id: "npm-test",
    operation_id: "test:login",
    started_at: "2026-12-02T10:00:00Z",
    finished_at: "2026-12-02T10:00:07Z",
    exit_class: exit,
    exit_code: exit === "SUCCESS" ? 0 : 1,
    policy_receipt_id: `policy-${id}`,
    content_hashes: [hashOf(`${id} output`)],
  };
}

export function mutationReceipt(ids: RunIds, id: string, stateVersion: number) {
  return {
    envelope: envelope(ids, "MutationReceiptV1", stateVersion, WRITERS.tools),
    mutation_id: id,
    target: "fs:src/auth/session.ts",
    status: "APPLIED",
    canonical_change: { format: "unified_diff", diff_ref: "patch-1", diff_hash: hashOf("patch-1"), base_hashes: {} },
    structural_parse: "PASS",
    state_version_before: stateVersion,
    state_version_after: stateVersion + 1,
  };
}

export function verificationReceipt(ids: RunIds, id: string, stateVersion: number, criteria: string[]) {
  return {
    envelope: envelope(ids, "VerificationReceiptV1", stateVersion, WRITERS.verifier),
    verification_id: id,
    subject_ref: "patch-1",
    verifier: "UNIT_TEST",
    result: "PASS",
    findings: [],
    evidence_refs: [{ kind: "TOOL_RECEIPT", ref: "tool-tests-pass" }],
    deterministic: true,
    retryable: false,
    criteria_results: criteria.map((criterion_id) => ({ criterion_id, result: "PASS" })),
  };
}

export function completionProposal(ids: RunIds, id: string, stateVersion: number, criteria: string[]) {
  return {
    envelope: envelope(ids, "CompletionProposalV1", stateVersion, WRITERS.coder),
    proposal_id: id,
    proposer_node_id: "node.fix",
    claimed_criteria: criteria.map((criterion_id) => ({ criterion_id, claim: "SATISFIED" })),
    evidence_refs: [{ kind: "VERIFICATION_RECEIPT", ref: "ver-1" }],
  };
}

export function completionDecision(
  ids: RunIds,
  id: string,
  stateVersion: number,
  outcome: "COMPLETE" | "PARTIAL" | "CONTINUE" | "ESCALATE" | "FAIL",
  criteria: { criterion_id: string; result?: string; receipt_refs: string[] }[],
  who: Writer = WRITERS.runtime,
) {
  return {
    envelope: envelope(ids, "CompletionDecisionV1", stateVersion, who),
    decision_id: id,
    proposal_id: null,
    policy: { policy_id: "completion.bug_fix", policy_version: 1 },
    outcome,
    predicate_results: {
      acceptance_criteria_satisfied: outcome === "COMPLETE",
      required_verifications_pass: outcome === "COMPLETE",
      no_unresolved_blocking_failures: true,
      required_artifacts_exist: true,
      policy_obligations_satisfied: true,
      completion_evidence_durable: true,
    },
    criteria_results: criteria.map((c) => ({ criterion_id: c.criterion_id, result: c.result ?? "PASS", receipt_refs: c.receipt_refs })),
    decided_by: "SYSTEM",
  };
}

const op = (name: string, args: Record<string, unknown>): OperationCall => ({ op: name, args });

/** The whole run. Envelopes name the version each writer read, which the script tracks itself. */
export function realisticRun(ids: RunIds): ScriptedCommit[] {
  const commits: ScriptedCommit[] = [];
  let version = 0;
  const add = (step: string, who: Writer, kind: "COMMIT" | "NOOP", calls: (read: number) => OperationCall[]) => {
    commits.push({ step, who, kind, calls: calls(version) });
    if (kind === "COMMIT") version++;
  };
  const criteria = ["login-test-passes", "no-new-regressions"];

  add("the planner plans and guesses", WRITERS.planner, "COMMIT", () => [
    op("setPlan", { plan: { steps: ["reproduce", "locate", "fix", "verify"], current: 0 } }),
    op("setGraphCursor", { graphId: "graph.login", graphVersion: 1, frontier: ["node.reproduce"] }),
    op("addAcceptanceCriterion", { criterionId: "login-test-passes", description: "test/login.spec.ts passes" }),
    op("addAcceptanceCriterion", {
      criterionId: "no-new-regressions",
      description: "The rest of the suite still passes",
      origin: "INFERRED",
    }),
    op("addAcceptanceCriterion", { criterionId: "changelog-entry", description: "A changelog line", required: false }),
    op("addSubgoal", { subgoalId: "sg.reproduce", description: "Reproduce the failure", source: "MODEL" }),
    op("addSubgoal", { subgoalId: "sg.fix", description: "Fix the session expiry check", parentId: "sg.reproduce", source: "MODEL" }),
    op("proposeHypothesis", { hypothesisId: "h.expiry", statement: "The session expiry check uses local time", source: "MODEL" }),
    op("proposeHypothesis", { hypothesisId: "h.cache", statement: "A stale cache returns old sessions", source: "MODEL" }),
    op("addCandidateTarget", { target: "fs:src/auth/session.ts", reason: "expiry logic lives here", score: 0.8, source: "MODEL" }),
  ]);
  add("the runtime sets up the environment", WRITERS.runtime, "COMMIT", () => [
    op("setIntent", { objective: "Fix the failing login test without touching the public API", taskIrRef: ids.taskId }),
    op("addConstraint", { constraintId: "no-public-api-change" }),
    op("addConstraint", { constraintId: "temporary-freeze" }),
    op("setEnvironment", { repoId: "github.com/acme/app", languages: ["typescript"], fingerprint: hashOf("env") }),
    op("setRepository", { repository: { branch: "fix/login", head: "4f2a9c1", dirty: [] } }),
    op("grantPermission", { grantId: "grant.fs-write" }),
    op("grantPermission", { grantId: "grant.net" }),
    op("setAuthorityProfile", { profile: "CODE_WRITE" }),
    op("setBudgets", { maxToolCalls: 40, maxWallMs: 600000 }),
    op("addInstructionPredicate", { predicateId: "p.no-api", instructionRef: "instr-1", condition: "public API unchanged", pinned: true }),
    op("addInstructionPredicate", { predicateId: "p.tmp", instructionRef: "instr-2", condition: "freeze until 11:00" }),
    op("setSensitivityLabel", { resource: "fs:.env", class: "SECRET" }),
    op("setSensitivityLabel", { resource: "fs:fixtures/users.json", class: "RESTRICTED" }),
    op("indexContext", { contextIds: ["ctx.session-ts", "ctx.login-spec", "ctx.readme"] }),
    op("setRelevantContext", { contextIds: ["ctx.session-ts", "ctx.login-spec"] }),
    op("recordRetrievalSnapshot", { snapshotId: "snap-1", fingerprint: hashOf("snap-1") }),
    op("selectTarget", { target: "fs:src/auth/session.ts" }),
    op("selectTarget", { target: "fs:src/auth/cache.ts" }),
    op("acquireLock", { resource: "fs:src/auth/**", ttlMs: 600000 }),
  ]);
  add("selecting the same target again changes nothing", WRITERS.runtime, "NOOP", () => [
    op("selectTarget", { target: "fs:src/auth/session.ts" }),
  ]);
  add("the test run fails", WRITERS.tools, "COMMIT", (read) => [
    op("recordToolReceipt", { receipt: toolReceipt(ids, "tool-tests-fail", read, "FAILURE") }),
    op("addDiagnostic", {
      diagnosticId: "diag-1",
      severity: "ERROR",
      message: "expected session to be valid",
      resource: "fs:test/login.spec.ts",
    }),
    op("recordFailure", {
      failureId: "fail-login",
      summary: "login.spec.ts fails: session expired early",
      blocking: true,
      nodeId: "node.reproduce",
    }),
    op("moveGraphNode", { nodeId: "node.reproduce", to: "COMPLETED" }),
    op("moveGraphNode", { nodeId: "node.fix", to: "FRONTIER" }),
  ]);
  add("the receipt settles one guess and drops the other", WRITERS.runtime, "COMMIT", () => [
    op("recordEvidence", { evidence: { kind: "TOOL_RECEIPT", ref: "tool-tests-fail", claim: "expiry compared in local time" } }),
    op("resolveHypothesis", {
      hypothesisId: "h.expiry",
      status: "SUPPORTED",
      evidence: [{ kind: "TOOL_RECEIPT", ref: "tool-tests-fail" }],
    }),
    op("abandonHypothesis", { hypothesisId: "h.cache" }),
    op("deselectTarget", { target: "fs:src/auth/cache.ts" }),
    op("setSubgoalStatus", { subgoalId: "sg.reproduce", status: "DONE" }),
    op("renewLock", { resource: "fs:src/auth/**", ttlMs: 900000 }),
  ]);
  add("the coder writes a patch", WRITERS.coder, "COMMIT", () => [
    op("recordArtifact", { artifactId: "patch-1", contentHash: hashOf("patch-1"), mimeType: "text/x-diff", source: "MODEL" }),
    op("setUserVisibleStatus", { status: "Patch written" }),
  ]);
  add("the patch is applied and the tests pass", WRITERS.tools, "COMMIT", (read) => [
    op("recordMutationReceipt", { receipt: mutationReceipt(ids, "mut-1", read) }),
    op("recordToolReceipt", { receipt: toolReceipt(ids, "tool-tests-pass", read, "SUCCESS") }),
    op("clearDiagnostic", { diagnosticId: "diag-1" }),
  ]);
  add("a person resolves the failure", WRITERS.human, "COMMIT", () => [
    op("resolveFailure", { failureId: "fail-login", resolution: "fixed by patch-1; reviewed" }),
    op("recordEvidence", { evidence: { kind: "HUMAN", ref: "review-alice-1", claim: "patch reviewed" } }),
    op("removeSensitivityLabel", { resource: "fs:fixtures/users.json" }),
  ]);
  add("the verifier checks the fix", WRITERS.verifier, "COMMIT", (read) => [
    op("recordVerificationReceipt", { receipt: verificationReceipt(ids, "ver-1", read, criteria) }),
    op("setSubgoalStatus", { subgoalId: "sg.fix", status: "DONE" }),
    op("moveGraphNode", { nodeId: "node.fix", to: "COMPLETED" }),
  ]);
  add("the coder claims it is done (a claim only)", WRITERS.coder, "COMMIT", (read) => [
    op("proposeCompletion", { proposal: completionProposal(ids, "proposal-1", read, criteria) }),
  ]);
  add("the runtime tidies up", WRITERS.runtime, "COMMIT", () => [
    op("releaseLock", { resource: "fs:src/auth/**" }),
    op("removeConstraint", { constraintId: "temporary-freeze" }),
    op("removeInstructionPredicate", { predicateId: "p.tmp" }),
    op("revokePermission", { grantId: "grant.net" }),
    op("removeAcceptanceCriterion", { criterionId: "changelog-entry" }),
  ]);
  add("the runtime records the completion decision", WRITERS.runtime, "COMMIT", (read) => [
    op("recordCompletionDecision", {
      decision: completionDecision(ids, "decision-1", read, "COMPLETE", [
        { criterion_id: "login-test-passes", receipt_refs: ["ver-1", "tool-tests-pass"] },
        { criterion_id: "no-new-regressions", receipt_refs: ["ver-1"] },
      ]),
    }),
    op("setUserVisibleStatus", { status: "Done" }),
  ]);
  return commits;
}
