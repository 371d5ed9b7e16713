import fc from "fast-check";
// The rules of a write, checked without a database: version bumps, explicit NOOPs, input
// validation that reports everything at once, refusal of non-conforming states, and hashes
// that depend on content only.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AgentStateV1 } from "../../src/contracts/agent-state.js";
import { CONTENT_HASH_PATTERN } from "../../src/contracts/common.js";
import { InvalidInputError, InvalidStateError, type InputProblem } from "../../src/contracts/errors.js";
import { EMPTY_BOOK, withCarriedReceipts, type ReceiptBook } from "../../src/domain/rules/receipt-book.js";
import {
  applyOperations,
  checkedStateJson,
  operationNames,
  parseOperations,
  planCommit,
  type VersionedState,
} from "../../src/domain/commit.js";
import { canonicalJson, contentHash } from "../../src/domain/content-hash.js";
import { buildInitialState } from "../../src/domain/initial-state.js";
import { LIMITS } from "../../src/domain/limits.js";
import { jsonBytesBound } from "../../src/domain/json-bounds.js";
import type { OperationCall } from "../../src/domain/operations/index.js";
import { context } from "../support/fixtures.js";
import { realisticRun } from "../support/realistic-run.js";

const initialState = (): AgentStateV1 =>
  buildInitialState({ runId: "run-1", sessionId: "session-1", taskId: "task-1", objective: "Fix login", workspaceRoot: "/w" });

const versioned = (state: AgentStateV1): VersionedState => ({ state, contentHash: contentHash(state) });

/** A state some commits into a run, so "bump by one" is not confused with "set to 1". */
const midRunState = (): AgentStateV1 => ({
  ...initialState(),
  identity: { ...initialState().identity, state_version: 7 },
  constraints: ["no-network"],
  plan: { steps: ["reproduce", "fix"], current: 1 },
  user_visible_status: "Fixing",
});

/** The problems parseOperations reported, or a failure if it accepted the calls. */
function problemsFrom(calls: readonly OperationCall[]): InputProblem[] {
  try {
    parseOperations(calls);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ code: "ERR_INVALID_INPUT", family: "INPUT", retryable: false });
    return (error as InvalidInputError).problems;
  }
  throw new Error("parseOperations accepted invalid operations");
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The same JSON value with every object's keys in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}

const nested = (levels: number): Record<string, unknown> => (levels === 0 ? {} : { a: nested(levels - 1) });

describe("planCommit", () => {
  it("on a state whose member texts a commit made, plans as on the same state without them", () => {
    const first = planCommit(versioned(midRunState()), parseOperations([{ op: "setPlan", args: { plan: { steps: ["a"] } } }]), context);
    const withTexts: VersionedState = { state: first.state, contentHash: first.contentHash, memberTexts: first.memberTexts };
    const without: VersionedState = { state: first.state, contentHash: first.contentHash };
    expect(first.memberTexts).toBeDefined();
    for (const calls of [
      [{ op: "setPlan", args: { plan: { steps: ["a"] } } }], // the same plan, a new object: NOOP
      [{ op: "setUserVisibleStatus", args: { status: "Fixing" } }], // the same status: NOOP
      [{ op: "setPlan", args: { plan: { steps: ["b"] } } }],
      [
        { op: "setUserVisibleStatus", args: { status: "next" } },
        { op: "addConstraint", args: { constraintId: "c-2" } },
      ],
    ]) {
      const a = planCommit(withTexts, parseOperations(calls), context);
      const b = planCommit(without, parseOperations(calls), context);
      expect({ kind: a.kind, hash: a.contentHash, json: a.stateJson }).toEqual({ kind: b.kind, hash: b.contentHash, json: b.stateJson });
    }
    expect(planCommit(withTexts, parseOperations([{ op: "setPlan", args: { plan: { steps: ["a"] } } }]), context).kind).toBe("NOOP");
  });

  it.each([
    ["at version 0", initialState],
    ["mid-run", midRunState],
  ])("a commit that changes the state bumps state_version by exactly one and changes the hash (%s)", (_name, make) => {
    const current = versioned(make());
    const version = current.state.identity.state_version;
    const plan = planCommit(current, parseOperations([{ op: "addConstraint", args: { constraintId: "tests:must-pass" } }]), context);
    expect(plan.kind).toBe("COMMIT");
    expect(plan.stateVersion).toBe(version + 1);
    expect(plan.state.identity.state_version).toBe(version + 1);
    expect(plan.contentHash).not.toBe(current.contentHash);
    // The recorded hash must be the hash of the recorded state, not of some intermediate one.
    expect(plan.contentHash).toBe(contentHash(plan.state));
    expect(plan.contentHash).toMatch(new RegExp(CONTENT_HASH_PATTERN));
  });

  it("several operations in one commit still make one version", () => {
    const current = versioned(midRunState());
    const plan = planCommit(
      current,
      parseOperations([
        { op: "addConstraint", args: { constraintId: "a" } },
        { op: "addConstraint", args: { constraintId: "b" } },
        { op: "setUserVisibleStatus", args: { status: "Verifying" } },
      ]),
      context,
    );
    expect(plan).toMatchObject({ kind: "COMMIT", stateVersion: 8 });
    expect(plan.state.constraints).toEqual(["no-network", "a", "b"]);
  });

  const noops: [string, OperationCall[]][] = [
    ["adding a constraint already present", [{ op: "addConstraint", args: { constraintId: "no-network" } }]],
    ["removing a constraint that is absent", [{ op: "removeConstraint", args: { constraintId: "never-added" } }]],
    ["setting the same plan", [{ op: "setPlan", args: { plan: { steps: ["reproduce", "fix"], current: 1 } } }]],
    // A new object with the same content: only the canonical hash can tell it changed nothing.
    ["setting the same plan with keys in another order", [{ op: "setPlan", args: { plan: { current: 1, steps: ["reproduce", "fix"] } } }]],
    ["setting the same status line", [{ op: "setUserVisibleStatus", args: { status: "Fixing" } }]],
    [
      "setting the same graph cursor",
      [{ op: "setGraphCursor", args: { graphId: "graph.run-1", graphVersion: 0, frontier: [], completedNodes: [], failedNodes: [] } }],
    ],
    [
      "adding then removing the same constraint",
      [
        { op: "addConstraint", args: { constraintId: "temp" } },
        { op: "removeConstraint", args: { constraintId: "temp" } },
      ],
    ],
  ];

  it.each(noops)("%s is a NOOP at the same version with the same hash", (_name, calls) => {
    const current = versioned(midRunState());
    const plan = planCommit(current, parseOperations(calls), context);
    expect(plan.kind).toBe("NOOP");
    expect(plan.stateVersion).toBe(7);
    expect(plan.contentHash).toBe(current.contentHash);
    expect(plan.state).toBe(current.state);
  });

  it("refuses a state over the size limit, counted in UTF-8 bytes", () => {
    // ~1.5 Mi characters, but ~4.5 MiB once encoded: over the 4 MiB limit.
    const state = { ...initialState(), plan: { notes: "€".repeat(1.5 * 1024 * 1024) } };
    expect(() => checkedStateJson(state)).toThrow(InvalidStateError);
    expect(() => checkedStateJson({ ...state, plan: { notes: "x".repeat(1.5 * 1024 * 1024) } })).not.toThrow();
  });

  it("refuses a state that would not conform, with ERR_INVALID_STATE and the offending path", () => {
    // graphVersion is a plain Int to the argument schema; only the state schema knows it must be >= 0.
    const calls = parseOperations([{ op: "setGraphCursor", args: { graphId: "graph-1", graphVersion: -1 } }]);
    const current = versioned(initialState());
    let thrown: unknown;
    try {
      planCommit(current, calls, context);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidStateError);
    expect(thrown).toMatchObject({ code: "ERR_INVALID_STATE", family: "STATE", retryable: false });
    expect((thrown as InvalidStateError).problems.map((p) => p.path)).toContain("/graph_cursor/graph_version");
    expect(current.state.graph_cursor.graph_version).toBe(0);
  });
});

describe("parseOperations", () => {
  const cases: [string, OperationCall, string, RegExp][] = [
    ["an unknown operation", { op: "deleteEverything", args: {} }, "/operations/0", /unknown operation "deleteEverything"/],
    ["a missing required argument", { op: "addConstraint", args: {} }, "/operations/0/addConstraint", /required property 'constraintId'/],
    ["an unknown argument", { op: "setPlan", args: { plan: {}, force: true } }, "/operations/0/setPlan", /unknown field "force"/],
    [
      "a wrong argument type",
      { op: "setGraphCursor", args: { graphId: "g-1", graphVersion: "3" } },
      "/operations/0/setGraphCursor/graphVersion",
      /must be integer/,
    ],
    [
      "an id that does not match the Id pattern",
      { op: "removeConstraint", args: { constraintId: "no network" } },
      "/operations/0/removeConstraint/constraintId",
      /must match pattern/,
    ],
    [
      "an id inside a list that does not match the Id pattern",
      { op: "setGraphCursor", args: { graphId: "g-1", graphVersion: 1, frontier: ["ok", "-bad"] } },
      "/operations/0/setGraphCursor/frontier/1",
      /must match pattern/,
    ],
    [
      "over-deep JSON",
      { op: "setPlan", args: { plan: nested(LIMITS.jsonDepth + 5) } },
      `/operations/0/setPlan/plan${"/a".repeat(LIMITS.jsonDepth)}`,
      /nests deeper than 32 levels/,
    ],
    [
      "an over-long string",
      { op: "setUserVisibleStatus", args: { status: "x".repeat(LIMITS.stringLength + 1) } },
      "/operations/0/setUserVisibleStatus/status",
      /longer than 16384 characters/,
    ],
    [
      "a non-finite number",
      { op: "setPlan", args: { plan: { ratio: Number.NaN } } },
      "/operations/0/setPlan/plan/ratio",
      /not a finite number/,
    ],
  ];

  it.each(cases)("rejects %s, saying where", (_name, call, path, message) => {
    const problems = problemsFrom([call]);
    expect(problems).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("rejects an empty commit", () => {
    expect(problemsFrom([])).toContainEqual({ path: "/operations", message: "must contain at least one operation" });
  });

  it("reports every problem at once, each with its own path", () => {
    const broken = cases.map(([, call]) => call);
    const padding = Array.from({ length: LIMITS.operationsPerCommit + 1 - broken.length }, (_, i) => ({
      op: "addConstraint",
      args: { constraintId: `c-${i}` },
    }));
    const problems = problemsFrom([...broken, ...padding]);

    expect(problems).toContainEqual({ path: "/operations", message: `must contain at most ${LIMITS.operationsPerCommit} operations` });
    cases.forEach(([name, , path, message], index) => {
      const atIndex = path.replace(/^\/operations\/0/, `/operations/${index}`);
      expect(problems, name).toContainEqual({ path: atIndex, message: expect.stringMatching(message) });
    });
    // The valid padding calls must not be blamed for anything.
    expect(problems.filter((p) => /^\/operations\/\d+/.test(p.path) && Number(p.path.split("/")[2]) >= broken.length)).toEqual([]);
  });

  it("rejects operations whose canonical JSON exceeds the size limit", () => {
    const chunk = "x".repeat(LIMITS.stringLength);
    const count = Math.ceil(LIMITS.operationsBytes / LIMITS.stringLength) + 1;
    const calls = Array.from({ length: count }, () => ({ op: "setPlan", args: { plan: { text: chunk } } }));
    expect(problemsFrom(calls)).toEqual([{ path: "/operations", message: `must serialise to at most ${LIMITS.operationsBytes} bytes` }]);
  });

  it("measures that size in UTF-8 bytes, not in JavaScript string length", () => {
    // Each "€" is one UTF-16 unit but three UTF-8 bytes: this plan is ~96 Ki characters, ~288 KiB.
    const euros = "€".repeat(LIMITS.stringLength - 1000);
    const plan = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`part${i}`, euros]));
    const calls = [{ op: "setPlan", args: { plan } }];
    expect(canonicalJson(calls).length).toBeLessThan(LIMITS.operationsBytes);
    expect(problemsFrom(calls)).toEqual([{ path: "/operations", message: `must serialise to at most ${LIMITS.operationsBytes} bytes` }]);
  });

  it("accepts operations just under the size limit that the quick bound cannot settle", () => {
    // Mostly escapes: the bound (6 bytes a character) is over the limit, the real size under it.
    const quotes = '"'.repeat(LIMITS.stringLength);
    const count = Math.floor(LIMITS.operationsBytes / (2 * LIMITS.stringLength)) - 1;
    const calls = [{ op: "setPlan", args: { plan: Object.fromEntries(Array.from({ length: count }, (_, i) => [`q${i}`, quotes])) } }];
    expect(jsonBytesBound(calls)).toBeGreaterThan(LIMITS.operationsBytes);
    expect(parseOperations(calls)).toHaveLength(1);
  });

  it("bounds the UTF-8 size of any JSON value from above", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ unit: "binary" }), (value, text) => {
        expect(jsonBytesBound(value)).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(value), "utf8"));
        expect(jsonBytesBound({ [text]: [text, undefined, -2.2250738585072014e-308] })).toBeGreaterThanOrEqual(
          Buffer.byteLength(JSON.stringify({ [text]: [text, undefined, -2.2250738585072014e-308] }), "utf8"),
        );
      }),
      { numRuns: 500 },
    );
    // The longest text a double prints (fast-check found it once in 500 runs: keep it every run).
    for (const n of [-0.0000012345678901234567, -2.2250738585072014e-308, -1.7976931348623157e308])
      expect(jsonBytesBound(n)).toBeGreaterThanOrEqual(JSON.stringify(n).length);
    expect(jsonBytesBound({ at: new Date(0) })).toBe(Infinity);
  });

  it("returns clean copies of valid calls", () => {
    const call = { op: "addConstraint", args: { constraintId: "a" }, extra: "dropped" };
    expect(parseOperations([call])).toEqual([{ op: "addConstraint", args: { constraintId: "a" } }]);
  });
});

describe("applyOperations", () => {
  // Every registered operation, in the order a realistic run uses them.
  const everyOperation: OperationCall[] = realisticRun({ runId: "run-1", sessionId: "session-1", taskId: "task-1" }).flatMap(
    (c) => c.calls,
  );

  it("covers every registered operation", () => {
    expect([...new Set(everyOperation.map((c) => c.op))].sort()).toEqual(operationNames().sort());
  });

  it("never mutates its input state (nor the calls' arguments), through a whole realistic run", () => {
    let current = versioned(initialState());
    let receipts: ReceiptBook = EMPTY_BOOK;
    for (const { who, calls } of realisticRun({ runId: "run-1", sessionId: "session-1", taskId: "task-1" })) {
      const state = deepFreeze(structuredClone(current.state));
      const frozenCalls = deepFreeze(parseOperations(calls));
      const before = structuredClone(state);
      // Test files are ES modules, so strict mode: any write to a frozen object throws.
      const plan = planCommit(
        { state, contentHash: current.contentHash },
        frozenCalls,
        { ...who, committedAt: context.committedAt },
        receipts,
      );
      receipts = withCarriedReceipts(receipts, frozenCalls);
      expect(state).toEqual(before);
      current = { state: plan.state, contentHash: plan.contentHash };
    }
    expect(current.state.constraints).toEqual(["no-public-api-change"]);
    expect(current.state.graph_cursor.completed_nodes).toEqual(["node.reproduce", "node.fix"]);
    expect(current.state.completion.latest_decision_ref).toBe("decision-1");
  });

  it("applies operations in order", () => {
    const next = applyOperations(
      initialState(),
      [
        { op: "setUserVisibleStatus", args: { status: "first" } },
        { op: "setUserVisibleStatus", args: { status: "second" } },
      ],
      context,
    );
    expect(next.user_visible_status).toBe("second");
  });
});

describe("content hash", () => {
  it("is the sha256 of the RFC 8785 canonical JSON", () => {
    const value = { b: 1, a: [{ d: "é", c: 0.5 }], "\u00e9": true, A: null };
    // JCS sorts keys by UTF-16 code units ("A" < "a" < "b" < "é") and writes no whitespace.
    const expected = '{"A":null,"a":[{"c":0.5,"d":"é"}],"b":1,"é":true}';
    expect(canonicalJson(value)).toBe(expected);
    expect(contentHash(value)).toBe(`sha256:${createHash("sha256").update(expected, "utf8").digest("hex")}`);
  });

  it("does not depend on key order", () => {
    const state = midRunState();
    const reordered = reverseKeys(state);
    // Make sure the reordering is real, or the assertion below proves nothing.
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(state));
    expect(contentHash(reordered)).toBe(contentHash(state));
  });

  it("changes when any value changes", () => {
    const state = midRunState();
    expect(contentHash({ ...state, user_visible_status: "Fixing." })).not.toBe(contentHash(state));
  });
});
