// The write-time rules (src/domain/rules/write-checks.ts) on their own, pure: each test names
// the check it guards. The same holes are tried over GraphQL in test/server/rule-holes.test.ts.
import { describe, expect, it } from "vitest";
import type { AgentStateV1 } from "../../src/contracts/agent-state.js";
import { contentHash } from "../../src/domain/content-hash.js";
import { scopesOverlap } from "../../src/domain/rules/lock-scopes.js";
import { citedReceiptIds } from "../../src/domain/rules/receipt-book.js";
import { registryCriterionOf } from "../../src/domain/task-compiler/policies.js";
import { commit, op, plan, thrown } from "./fixtures/commit-helpers.js";
import {
  completionDecision,
  ctx,
  HASH_A,
  initialState,
  MODEL,
  mutationReceipt,
  producer,
  RUN_ID,
  toolReceipt,
  verificationReceipt,
} from "./fixtures/documents.js";

const model = ctx({ kind: "MODEL_COMPONENT", id: "model-1", provenance: [MODEL] });
const byModel = { envelope: { producer: producer("MODEL_COMPONENT", "model-1"), provenance: [MODEL] } };
const CRITERION = "login-passes";

const withCriterion = (): AgentStateV1 =>
  commit(initialState(), [op("addAcceptanceCriterion", { criterionId: CRITERION, description: "login passes" })]);
const decideComplete = (refs: string[], criterion = CRITERION) =>
  op("recordCompletionDecision", {
    decision: completionDecision(RUN_ID, `d-${refs.join("-")}`, {
      outcome: "COMPLETE",
      criteria: [{ criterion_id: criterion, result: "PASS", receipt_refs: refs }],
    }),
  });

describe("model output is never evidence", () => {
  const proposed = () => commit(initialState(), [op("proposeHypothesis", { hypothesisId: "h1", statement: "s", source: "MODEL" })], model);
  const settle = op("resolveHypothesis", { hypothesisId: "h1", status: "SUPPORTED", evidence: [{ kind: "TOOL_RECEIPT", ref: "inv-m" }] });

  it("a model's own receipt settles nothing, in the same commit or later, whoever cites it", () => {
    const record = op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-m", byModel) });
    expect(thrown(() => plan(proposed(), [record, settle], model)).code).toBe("ERR_EVIDENCE_REQUIRED");
    const recorded = commit(proposed(), [record], model);
    expect(thrown(() => plan(recorded, [settle])).code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(thrown(() => plan(recorded, [op("recordEvidence", { evidence: { kind: "TOOL_RECEIPT", ref: "inv-m" } })])).code).toBe(
      "ERR_EVIDENCE_REQUIRED",
    );
  });

  it("a receipt whose envelope rests on MODEL provenance alone is model output too", () => {
    const recorded = commit(proposed(), [
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-m", { envelope: { provenance: [MODEL] } }) }),
    ]);
    expect(thrown(() => plan(recorded, [settle])).message).toContain("model output");
  });

  it("a content hash other than the stored one is refused; the stored one is accepted", () => {
    const receipt = toolReceipt(RUN_ID, "inv-1");
    const recorded = commit(proposed(), [op("recordToolReceipt", { receipt })]);
    const cite = (hash: string) =>
      op("resolveHypothesis", {
        hypothesisId: "h1",
        status: "SUPPORTED",
        evidence: [{ kind: "TOOL_RECEIPT", ref: "inv-1", contentHash: hash }],
      });
    expect(thrown(() => plan(recorded, [cite(HASH_A)])).code).toBe("ERR_EVIDENCE_REQUIRED");
    expect(commit(recorded, [cite(contentHash(receipt))]).hypotheses?.[0]?.status).toBe("SUPPORTED");
  });
});

describe("documents belong to the writer and to versions the run has reached", () => {
  it("a receipt naming another producer is ERR_FORBIDDEN, whatever its kind", () => {
    const forged = verificationReceipt(RUN_ID, "ver-1", "PASS", undefined, { envelope: { producer: producer("VERIFIER", "ci-verifier") } });
    const error = thrown(() => plan(initialState(), [op("recordVerificationReceipt", { receipt: forged })], model));
    expect(error).toMatchObject({ code: "ERR_FORBIDDEN", family: "AUTH" });
    // Same id, other kind, or other version: still not the writer.
    const otherKind = toolReceipt(RUN_ID, "inv-1", { envelope: { producer: producer("TOOL", "runtime-1") } });
    expect(thrown(() => plan(initialState(), [op("recordToolReceipt", { receipt: otherKind })])).code).toBe("ERR_FORBIDDEN");
    const otherVersion = toolReceipt(RUN_ID, "inv-1", {
      envelope: { producer: { ...producer("RUNTIME", "runtime-1"), component_version: "9" } },
    });
    expect(thrown(() => plan(initialState(), [op("recordToolReceipt", { receipt: otherVersion })])).code).toBe("ERR_FORBIDDEN");
  });

  it("a receipt claiming a version the run has not reached is ERR_PRECONDITION_FAILED", () => {
    const ahead = toolReceipt(RUN_ID, "inv-1", { envelope: { state_version: 1 } });
    expect(thrown(() => plan(initialState(), [op("recordToolReceipt", { receipt: ahead })])).code).toBe("ERR_PRECONDITION_FAILED");
  });
});

describe("a PASS rests on passing evidence of the criterion's kind", () => {
  const rejected = (state: AgentStateV1, refs: string[], criterion?: string) => {
    const error = thrown(() => plan(state, [decideComplete(refs, criterion)]));
    expect(error.code).toBe("ERR_COMPLETION_REJECTED");
    return error.message;
  };

  it.each([
    ["FAIL", "FAIL"],
    ["INCONCLUSIVE", "INCONCLUSIVE"],
    ["ERROR", "ERROR"],
  ] as const)("a %s verification backs no PASS", (result, says) => {
    const state = commit(withCriterion(), [op("recordVerificationReceipt", { receipt: verificationReceipt(RUN_ID, "ver-1", result) })]);
    expect(rejected(state, ["ver-1"])).toContain(says);
  });

  it("a verification that passed overall but failed this criterion by name backs no PASS", () => {
    const receipt = verificationReceipt(RUN_ID, "ver-1", "PASS", [{ criterion_id: CRITERION, result: "FAIL" }]);
    expect(rejected(commit(withCriterion(), [op("recordVerificationReceipt", { receipt })]), ["ver-1"])).toContain("FAIL");
  });

  it("a failed tool run and a mutation receipt back no PASS; a PASS must cite something", () => {
    const state = commit(withCriterion(), [
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1", { exit_class: "FAILURE", exit_code: 1 }) }),
    ]);
    expect(rejected(state, ["inv-1"])).toContain("FAILURE");
    const mutated = commit(withCriterion(), [op("recordMutationReceipt", { receipt: mutationReceipt(RUN_ID, "mut-1") })]);
    expect(rejected(mutated, ["mut-1"])).toContain("mutation_receipt");
    // Citing nothing does not even parse (the ABI asks for at least one receipt_ref).
    expect(thrown(() => plan(state, [decideComplete([])])).code).toBe("ERR_INVALID_INPUT");
  });

  it("a registry criterion needs its verifier: LINT does not pass 'target tests pass', UNIT_TEST does", () => {
    const target = "ac.policy.target-tests-pass";
    expect(registryCriterionOf(target)?.criterion_id).toBe("target_tests_pass");
    const state = commit(initialState(), [
      op("addAcceptanceCriterion", { criterionId: target, description: "target tests pass" }),
      op("recordVerificationReceipt", {
        receipt: verificationReceipt(RUN_ID, "ver-lint", "PASS", undefined, { verifier: "LINT", subject_ref: "README.md" }),
      }),
      op("recordVerificationReceipt", { receipt: verificationReceipt(RUN_ID, "ver-unit", "PASS") }),
      op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") }),
    ]);
    expect(rejected(state, ["ver-lint"], target)).toContain("UNIT_TEST");
    expect(rejected(state, ["inv-1"], target)).toContain("verification_receipt");
    expect(commit(state, [decideComplete(["ver-unit"], target)]).completion.latest_decision_ref).toBe("d-ver-unit");
  });

  it("an evidence entry backs a criterion that takes evidence_ref (a person's acceptance)", () => {
    const human = ctx({ kind: "HUMAN", id: "alice", provenance: [{ source_type: "USER", source_id: "alice", trust_class: "INTERNAL" }] });
    const state = commit(
      commit(initialState(), [op("addAcceptanceCriterion", { criterionId: "ac.policy.human-accept", description: "a person accepts" })]),
      [op("recordEvidence", { evidence: { kind: "HUMAN", ref: "review-1", claim: "accepted" } })],
      human,
    );
    const decided = commit(state, [decideComplete(["review-1"], "ac.policy.human-accept")]);
    expect(decided.completion.coverage).toEqual([
      { criterion_id: "ac.policy.human-accept", satisfied: true, evidence_refs: [{ kind: "HUMAN", ref: "review-1" }] },
    ]);
  });
});

describe("completion is final", () => {
  it("after COMPLETE (or FAIL) no other decision is recorded; the same decision again is a no-op", () => {
    const state = commit(withCriterion(), [op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") })]);
    const complete = decideComplete(["inv-1"]);
    const done = commit(state, [complete]);
    const later = op("recordCompletionDecision", {
      decision: completionDecision(RUN_ID, "d-later", { outcome: "CONTINUE", criteria: [] }),
    });
    expect(thrown(() => plan(done, [later])).message).toContain("final");
    expect(plan(done, [complete]).kind).toBe("NOOP");
    const failed = commit(state, [
      op("recordCompletionDecision", {
        decision: completionDecision(RUN_ID, "d-fail", {
          outcome: "FAIL",
          criteria: [],
          predicates: { acceptance_criteria_satisfied: false },
        }),
      }),
    ]);
    expect(thrown(() => plan(failed, [later])).code).toBe("ERR_COMPLETION_REJECTED");
  });
});

describe("context and lock scopes", () => {
  it("setRelevantContext refuses an id outside the context index", () => {
    const indexed = commit(initialState(), [op("indexContext", { contextIds: ["ctx.1"] })]);
    const error = thrown(() => plan(indexed, [op("setRelevantContext", { contextIds: ["ctx.1", "ctx.nowhere"] })]));
    expect(error).toMatchObject({ code: "ERR_PRECONDITION_FAILED", details: { path: "contextIds/1" } });
  });

  it.each([
    ["fs:src/auth/**", "fs:src/auth/login.ts", true],
    ["fs:src/auth/login.ts", "fs:src/auth/**", true],
    ["fs:src/*/login.ts", "fs:src/auth/*", true],
    ["fs:src/**/x.ts", "fs:src/a/b/*.ts", true],
    ["fs:**", "fs:.env", true],
    ["fs:src/db/**", "fs:src/auth/login.ts", false],
    ["fs:src/a.ts", "fs:src/b.ts", false],
    ["net:api.example.com", "fs:api.example.com", false],
  ])("%s and %s overlap: %s", (a, b, overlap) => {
    expect(scopesOverlap(a, b)).toBe(overlap);
  });

  it("an overlapping live lock of another component is ERR_LOCK_HELD naming the held scope; the holder may lock inside it", () => {
    const held = commit(initialState(), [op("acquireLock", { resource: "fs:src/auth/**", ttlMs: 60_000 })]);
    const error = thrown(() => plan(held, [op("acquireLock", { resource: "fs:src/auth/login.ts", ttlMs: 1_000 })], ctx({ id: "other" })));
    expect(error).toMatchObject({
      code: "ERR_LOCK_HELD",
      details: { resource: "fs:src/auth/login.ts", lockedResource: "fs:src/auth/**", holder: "runtime-1" },
    });
    expect(plan(held, [op("acquireLock", { resource: "fs:src/auth/login.ts", ttlMs: 1_000 })]).kind).toBe("COMMIT");
    // Expired at the commit's time, it stops no one.
    const later = ctx({ id: "other", at: "2026-12-02T11:00:00.000Z" });
    expect(plan(held, [op("acquireLock", { resource: "fs:src/auth/login.ts", ttlMs: 1_000 })], later).kind).toBe("COMMIT");
  });
});

describe("citedReceiptIds", () => {
  it("names the receipts a commit cites as evidence or in a decision, not evidence entries", () => {
    const calls = [
      op("resolveHypothesis", {
        hypothesisId: "h",
        status: "SUPPORTED",
        evidence: [
          { kind: "TOOL_RECEIPT", ref: "a" },
          { kind: "HUMAN", ref: "b" },
        ],
      }),
      op("recordEvidence", { evidence: { kind: "VERIFICATION_RECEIPT", ref: "c" } }),
      decideComplete(["d", "a"]),
    ];
    expect(citedReceiptIds(calls).sort()).toEqual(["a", "c", "d"]);
  });
});

describe("a decision names its decider wholly", () => {
  it("a RUNTIME cannot record a decision whose envelope says VERIFIER under its own id", () => {
    const state = commit(withCriterion(), [op("recordToolReceipt", { receipt: toolReceipt(RUN_ID, "inv-1") })]);
    const decision = completionDecision(RUN_ID, "d-1", {
      outcome: "COMPLETE",
      producerKind: "VERIFIER",
      criteria: [{ criterion_id: CRITERION, result: "PASS", receipt_refs: ["inv-1"] }],
    });
    const error = thrown(() => plan(state, [op("recordCompletionDecision", { decision })]));
    expect(error.code).toBe("ERR_COMPLETION_REJECTED");
    expect(error.message).toContain("/decision/envelope/producer");
  });
});
