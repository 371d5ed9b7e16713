// The redaction projection on its own: what is withheld, by exact ref and by glob, and that the
// result is still an AgentStateV1 document.
import { describe, expect, it } from "vitest";
import type { AgentStateV1 } from "../../src/contracts/agent-state.js";
import { validateAgentState } from "../../src/contracts/validation.js";
import { applyOperations } from "../../src/domain/commit.js";
import { buildInitialState } from "../../src/domain/initial-state.js";
import { redactDocument, redactOperations, redactState, REDACTED_TEXT } from "../../src/domain/redaction.js";
import { context } from "../support/fixtures.js";

const calls = [
  { op: "setSensitivityLabel", args: { resource: "fs:.env", class: "SECRET" } },
  { op: "setSensitivityLabel", args: { resource: "fs:src/db/**", class: "INTERNAL" } },
  { op: "addCandidateTarget", args: { target: "fs:.env", reason: "holds the password" } },
  { op: "selectTarget", args: { target: "fs:src/db/pool.ts" } },
  { op: "addDiagnostic", args: { diagnosticId: "d1", severity: "ERROR", message: "bad password in .env", resource: "fs:.env" } },
  { op: "acquireLock", args: { resource: "fs:.env", ttlMs: 60_000 } },
];
const labelled: AgentStateV1 = applyOperations(
  buildInitialState({ runId: "run-1", sessionId: "session-1", taskId: "task-1", objective: "Fix login", workspaceRoot: "/w" }),
  calls,
  context,
);

describe("redactState", () => {
  it("withholds, from a PUBLIC viewer, every entry naming a resource labelled above PUBLIC, and still validates", () => {
    const { state, withheld } = redactState(labelled, "PUBLIC");
    expect(validateAgentState(state), JSON.stringify(validateAgentState.errors)).toBe(true);
    const text = JSON.stringify(state);
    expect(text).not.toMatch(/fs:\.env|password|fs:src\/db/);
    expect(state.candidate_targets).toEqual([expect.objectContaining({ target: "redacted:SECRET", reason: REDACTED_TEXT })]);
    expect(state.selected_targets).toEqual(["redacted:INTERNAL"]);
    expect((state.extensions as any)["x-locks"][0].resource).toBe("redacted:SECRET");
    expect(withheld).toBe(6);
    expect((state.extensions as any)["x-redactions"]).toEqual({ withheld: 6, viewer_trust: "PUBLIC" });
  });

  it("shows an INTERNAL viewer the INTERNAL glob's resources but not the SECRET one", () => {
    const { state } = redactState(labelled, "INTERNAL");
    expect(state.selected_targets).toEqual(["fs:src/db/pool.ts"]);
    expect(JSON.stringify(state)).not.toContain("fs:.env");
    expect(validateAgentState(state)).toBe(true);
  });

  it("returns the very same state to a SECRET viewer, and never changes its input", () => {
    const before = JSON.stringify(labelled);
    expect(redactState(labelled, "SECRET")).toEqual({ state: labelled, withheld: 0 });
    redactState(labelled, "UNTRUSTED");
    expect(JSON.stringify(labelled)).toBe(before);
  });
});

describe("redactOperations", () => {
  it("replaces the resource and the free text of operations that name a withheld resource", () => {
    const ops = redactOperations(calls, labelled.sensitivity_labels, "PUBLIC") as typeof calls;
    expect(JSON.stringify(ops)).not.toMatch(/fs:\.env|password|fs:src\/db/);
    expect(ops[2]).toEqual({ op: "addCandidateTarget", args: { target: "redacted:SECRET", reason: REDACTED_TEXT } });
    expect(redactOperations(calls, labelled.sensitivity_labels, "SECRET")).toBe(calls);
  });
});

describe("redactDocument (receipts, decisions, model events)", () => {
  const receipt = {
    mutation_id: "mut-1",
    target: "fs:src/db/pool.ts",
    status: "APPLIED",
    canonical_change: { files: ["src/db/pool.ts", "src/app.ts"], base_hashes: { "src/db/pool.ts": "sha256:1", "src/app.ts": "sha256:2" } },
    findings: [{ message: "bad password in .env.", line: 3 }],
    when: new Date(0),
  };

  it("replaces a withheld resource (with or without its scheme, exactly or by glob), keys included, and free text that mentions one", () => {
    const seen = redactDocument(receipt, labelled.sensitivity_labels, "PUBLIC");
    expect(JSON.stringify(seen)).not.toMatch(/\.env|src\/db/);
    expect(seen.target).toBe("redacted:INTERNAL");
    expect(seen.status).toBe("APPLIED");
    expect(seen.canonical_change.files).toEqual(["redacted:INTERNAL", "src/app.ts"]);
    expect(Object.keys(seen.canonical_change.base_hashes)).toEqual(["redacted:INTERNAL#0", "src/app.ts"]);
    expect(seen.findings).toEqual([{ message: REDACTED_TEXT, line: 3 }]);
    expect(seen.when).toBe(receipt.when); // not a plain object: kept as it is
  });

  it("shows each viewer what its trust allows, and a SECRET viewer everything, without changing its input", () => {
    const before = JSON.stringify(receipt);
    const internal = redactDocument(receipt, labelled.sensitivity_labels, "INTERNAL");
    expect(internal.target).toBe("fs:src/db/pool.ts");
    expect(internal.findings[0]!.message).toBe(REDACTED_TEXT);
    expect(redactDocument(receipt, labelled.sensitivity_labels, "SECRET")).toBe(receipt);
    expect(JSON.stringify(receipt)).toBe(before);
  });

  it("redactOperations catches a mention in free text, and resource keys, as redactDocument does", () => {
    const ops = [
      {
        op: "recordMutationReceipt",
        args: { receipt: { note: "rotated the key in .env", base_hashes: { "src/db/pool.ts": "sha256:1" } } },
      },
    ];
    expect(JSON.stringify(redactOperations(ops, labelled.sensitivity_labels, "PUBLIC"))).not.toMatch(/\.env|src\/db/);
  });
});
