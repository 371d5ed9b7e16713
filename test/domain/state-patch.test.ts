// The ledger's patches: applying statePatch(a, b) to a gives b, leaves a untouched, and stays
// linear on long arrays (a quadratic diff would take seconds and overflow the stack here).
import { describe, expect, it } from "vitest";
import { applyStatePatch, statePatch } from "../../src/domain/state-patch.js";
import { chainBudget, encodeCommit, genesisPosition, PATCH_ROW_CHARGE, SNAPSHOT_SPACING } from "../../src/domain/ledger-encoding.js";
import { seededRandom } from "../support/prng.js";

function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 4 : 6));
  if (pick === 0) return Math.floor(next() * 100);
  if (pick === 1) return `s${Math.floor(next() * 10)}`;
  if (pick === 2) return next() < 0.5;
  if (pick === 3) return null;
  if (pick === 4) return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(next() * 5) }, (_, i) => [`k${i}~/${Math.floor(next() * 3)}`, randomValue(next, depth + 1)]),
  );
}

/** A random edit of `value`: changes, inserts and removes somewhere inside. */
function mutate(value: unknown, next: () => number): unknown {
  if (Array.isArray(value)) {
    const copy = value.slice();
    const at = Math.floor(next() * (copy.length + 1));
    const choice = next();
    if (choice < 0.3) copy.splice(at, 0, randomValue(next, 2));
    else if (choice < 0.5 && copy.length) copy.splice(at % copy.length, 1);
    else if (copy.length) copy[at % copy.length] = mutate(copy[at % copy.length], next);
    return copy;
  }
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const choice = next();
    if (choice < 0.3 || keys.length === 0) copy[`n${Math.floor(next() * 5)}`] = randomValue(next, 2);
    else if (choice < 0.45) delete copy[keys[Math.floor(next() * keys.length)]!];
    else {
      const key = keys[Math.floor(next() * keys.length)]!;
      copy[key] = mutate(copy[key], next);
    }
    return copy;
  }
  return randomValue(next, 2);
}

describe("state patches", () => {
  it("rebuilds the target from the source for random edits, without touching the source", () => {
    const next = seededRandom(20261203);
    for (let i = 0; i < 500; i++) {
      const from = { root: randomValue(next, 0), list: [1, 2, 3] };
      let to: unknown = from;
      for (let edits = 1 + Math.floor(next() * 4); edits > 0; edits--) to = mutate(to, next);
      const before = JSON.stringify(from);
      const patch = statePatch(from, to);
      expect(applyStatePatch(from, patch)).toEqual(to);
      expect(JSON.stringify(from)).toBe(before);
    }
  });

  it("diffs long arrays in linear time, with a patch the size of the change", () => {
    const from = { events: Array.from({ length: 50_000 }, (_, i) => ({ id: i, status: "ok" })) };
    const to = { events: [...from.events.slice(0, 25_000), { id: -1, status: "new" }, ...from.events.slice(25_000)] };
    const patch = statePatch(from, to);
    expect(patch).toEqual([{ op: "add", path: "/events/25000", value: { id: -1, status: "new" } }]);
    expect(applyStatePatch(from, patch)).toEqual(to);
  });

  it("stores a snapshot once the patches since the last one outweigh twice the state", () => {
    let position = genesisPosition(0);
    let previous = { status: "v0", body: "x".repeat(20_000) };
    const kinds: string[] = [];
    for (let version = 1; version <= 200; version++) {
      const state = { ...previous, status: `v${version}` };
      const bytes = JSON.stringify(state).length;
      const encoded = encodeCommit(previous, state, bytes, version, position);
      kinds.push(encoded.kind);
      expect(encoded.position.chainBytes).toBeLessThanOrEqual(chainBudget(bytes));
      position = encoded.position;
      previous = state;
    }
    // One-field patches of ~50 bytes, charged ~50 + PATCH_ROW_CHARGE: a snapshot every ~130 commits.
    const snapshots = kinds.filter((kind) => kind === "SNAPSHOT").length;
    const budget = SNAPSHOT_SPACING * 20_000;
    expect(snapshots).toBeGreaterThanOrEqual(Math.floor(200 / (budget / PATCH_ROW_CHARGE)));
    expect(snapshots).toBeLessThanOrEqual(Math.ceil(200 / (budget / (PATCH_ROW_CHARGE + 100))));
  });
});
