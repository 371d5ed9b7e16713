import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalJsonOfCalls, canonicalJsonPair, type MemberTexts } from "../../src/domain/content-hash.js";

// Hashes already in ledgers were computed with the reference `canonicalize` package: the faster
// serialiser must write the very same bytes, or existing chains stop verifying.
describe("canonicalJson", () => {
  it("writes the bytes of the RFC 8785 reference implementation for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => canonicalJson(value) === canonicalize(value)),
      { numRuns: 3_000 },
    );
  });

  it("agrees on every UTF-16 unit sequence the reference accepts, and refuses what it refuses", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "binary" })), (value) => {
        let expected: string | undefined;
        try {
          expected = canonicalize(value);
        } catch {
          expected = undefined; // a lone surrogate
        }
        if (expected === undefined) return expect(() => canonicalJson(value)).toThrow(/lone surrogate/);
        expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 3_000 },
    );
  });

  it.each([
    ["a lone high surrogate", { s: "a\ud800b" }],
    ["a lone low surrogate in a key", { "\udc00": 1 }],
    ["a lone surrogate after an escaped backslash", ["\\\ud800"]],
  ])("refuses %s", (_, value) => {
    expect(() => canonicalJson(value)).toThrow(/lone surrogate/);
  });

  it.each([
    ["an escaped backslash before the text ud800", ["\\ud800"], '["\\\\ud800"]'],
    ["a surrogate pair", ["\u{1F600}"], '["\u{1F600}"]'],
    ["undefined members and array holes", { a: undefined, b: [undefined, 1] }, '{"b":[null,1]}'],
    ["a date, by its toJSON", { at: new Date(0) }, '{"at":"1970-01-01T00:00:00.000Z"}'],
    ["-0 and exponents", [-0, 1e21, 1e-7], "[0,1e+21,1e-7]"],
  ])("writes %s as RFC 8785 does", (_, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
    expect(canonicalize(value)).toBe(expected);
  });

  it.each([
    ["NaN", [Number.NaN]],
    ["Infinity", { x: Number.POSITIVE_INFINITY }],
    ["a function", { f: () => 1 }],
    ["a bigint", [1n]],
  ])("refuses %s, which has no JSON form", (_, value) => {
    expect(() => canonicalJson(value)).toThrow();
  });

  it("refuses a cycle", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow();
  });
});

describe("canonicalJsonPair", () => {
  const cases: [Record<string, unknown>, string, unknown][] = [
    [{ b: 1, identity: { state_version: 3, run_id: "r" }, a: [1, "x", null] }, "identity", { run_id: "r", state_version: 4 }],
    [{ z: { y: 2, x: 1 }, identity: { v: 1 }, gone: undefined }, "identity", { v: 2 }],
    [{ only: -0, é: "\u00e9", "\u{1F600}": 1 }, "identity", { v: 1 }],
    [{ identity: { v: 1 }, q: '"quoted"' }, "identity", undefined],
    [{}, "k", [{ b: 1, a: 2 }]],
  ];
  it.each(cases)("is canonicalJson of the object and of its copy with the member replaced (%#)", (value, key, replacement) => {
    const { original, replaced } = canonicalJsonPair(value, key, replacement);
    expect(original()).toBe(canonicalJson(value));
    expect(replaced).toBe(canonicalJson({ ...value, [key]: replacement }));
  });

  it("tells whether anything changed from the known object's texts alone", () => {
    const state: Record<string, unknown> = { identity: { v: 1 }, plan: { steps: [1, 2] }, status: "s" };
    const { texts } = canonicalJsonPair({ ...state, identity: { v: 0 } }, "identity", state.identity);
    const known = { value: state, texts };
    const pairOf = (applied: Record<string, unknown>) => canonicalJsonPair(applied, "identity", { v: 2 }, known);
    expect(pairOf({ ...state }).sameAsKnown).toBe(true);
    expect(pairOf({ ...state, plan: { steps: [1, 2] } }).sameAsKnown).toBe(true); // a new object, the same text
    expect(pairOf({ ...state, status: "t" }).sameAsKnown).toBe(false);
    expect(pairOf({ ...state, status: undefined }).sameAsKnown).toBe(false); // a member gone
    expect(pairOf({ ...state, extra: 1 }).sameAsKnown).toBe(false); // a member more
    expect(pairOf({ ...state, extra: undefined }).sameAsKnown).toBe(true); // undefined: not a member
  });

  // Members are canonicalised once per object (content-hash.ts): along a chain of states that
  // share unchanged members, every pair must still be exactly canonicalJson's.
  it("writes canonicalJson's bytes along a chain of states that share their unchanged members", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("a", "b", "c", "d"),
            fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(fc.string(), { minLength: 300, maxLength: 400 })),
          ),
          { maxLength: 12 },
        ),
        (changes) => {
          // Members past 1 KiB of text are the ones remembered: make some of them that long.
          const long = { list: Array.from({ length: 200 }, (_, i) => `item ${i}`) };
          let state: Record<string, unknown> = { identity: { v: 0 }, a: long, b: "text", c: { nested: long } };
          // Every other state carries the member texts its commit made (planCommit's memberTexts).
          let texts: MemberTexts | undefined;
          for (const [at, [name, value]] of changes.entries()) {
            const applied = { ...state, [name]: value }; // the others keep their objects
            const identity = { v: at + 1 };
            const pair = canonicalJsonPair(applied, "identity", identity, texts && { value: state, texts });
            expect(pair.original()).toBe(canonicalize(applied));
            expect(pair.replaced).toBe(canonicalize({ ...applied, identity }));
            // Told by texts alone: is the applied state's canonical JSON the one it was applied to?
            if (texts) expect(pair.sameAsKnown).toBe(canonicalize(applied) === canonicalize(state));
            else expect(pair.sameAsKnown).toBeNull();
            const nextTexts = pair.texts;
            state = { ...applied, identity };
            texts = at % 2 ? undefined : nextTexts;
            // The operations that carry a member of the new state are written as canonicalJson writes them.
            const calls = [
              { op: "set", args: { [name]: value, other: { z: 1, a: [value] } } },
              { op: "keep", args: { whole: state.a, none: null } },
            ];
            expect(canonicalJsonOfCalls(calls, state, nextTexts)).toBe(canonicalize(calls));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
