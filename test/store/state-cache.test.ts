// The state cache is bounded by bytes as well as by count: a hundred forks of a 4 MB run must not
// keep 400 MB of states alive.
import { describe, expect, it } from "vitest";
import type { AgentStateV1 } from "../../src/contracts/agent-state.js";
import { rememberJsonSize } from "../../src/domain/json-size.js";
import { StateCache } from "../../src/store/state-cache.js";

const MB = 1024 * 1024;

/** A stand-in state that weighs `bytes` (its size is recorded, as a write records it). */
function stateOf(runId: string, version: number, bytes: number): AgentStateV1 {
  const state = { identity: { run_id: runId, state_version: version } } as unknown as AgentStateV1;
  rememberJsonSize(state, bytes);
  return state;
}

describe("StateCache", () => {
  it("keeps at most its byte budget of states, least recently used first out", () => {
    const cache = new StateCache(64 * MB);
    for (let i = 0; i < 100; i++) cache.set(`run-${i}`, { state: stateOf(`run-${i}`, 3, 4 * MB), contentHash: `sha256:${i}` });
    expect(cache.bytes).toBeLessThanOrEqual(64 * MB);
    expect(cache.get("run-99", 3)).toBeDefined();
    expect(cache.get("run-0", 3)).toBeUndefined();
    // Only the exact version is ever served.
    expect(cache.get("run-99", 2)).toBeUndefined();
  });

  it("does not keep a state larger than the whole budget, and keeps nothing with a budget of 0", () => {
    const cache = new StateCache(2 * MB);
    cache.set("big", { state: stateOf("big", 0, 4 * MB), contentHash: "sha256:big" });
    expect(cache.get("big", 0)).toBeUndefined();
    const off = new StateCache(0);
    off.set("small", { state: stateOf("small", 0, 100), contentHash: "sha256:small" });
    expect(off.get("small", 0)).toBeUndefined();
  });
});
