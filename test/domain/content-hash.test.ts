import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalJsonPair } from "../../src/domain/content-hash.js";

describe("canonicalJsonPair", () => {
  const cases: [Record<string, unknown>, string, unknown][] = [
    [{ b: 1, identity: { state_version: 3, run_id: "r" }, a: [1, "x", null] }, "identity", { run_id: "r", state_version: 4 }],
    [{ z: { y: 2, x: 1 }, identity: { v: 1 }, gone: undefined }, "identity", { v: 2 }],
    [{ only: -0, é: "\u00e9", "\u{1F600}": 1 }, "identity", { v: 1 }],
    [{ identity: { v: 1 }, q: '"quoted"' }, "identity", undefined],
    [{}, "k", [{ b: 1, a: 2 }]],
  ];
  it.each(cases)("is canonicalJson of the object and of its copy with the member replaced (%#)", (value, key, replacement) => {
    const [original, replaced] = canonicalJsonPair(value, key, replacement);
    expect(original).toBe(canonicalJson(value));
    expect(replaced).toBe(canonicalJson({ ...value, [key]: replacement }));
  });
});
