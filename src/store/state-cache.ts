// The newest state Canon has seen for each recently written run. A state at (run, version)
// never changes, so an entry is either exactly right for the version a writer expects or
// ignored; it can never be stale in a way that matters. Bounded, least recently used first out.
import type { VersionedState } from "../domain/commit.js";

export class StateCache<Value extends VersionedState = VersionedState> {
  private readonly entries = new Map<string, Value>();

  constructor(private readonly capacity = 10_000) {}

  get(runId: string, version: number): Value | undefined {
    const hit = this.entries.get(runId);
    if (!hit || hit.state.identity.state_version !== version) return undefined;
    this.entries.delete(runId);
    this.entries.set(runId, hit);
    return hit;
  }

  set(runId: string, value: Value): void {
    this.entries.delete(runId);
    this.entries.set(runId, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
