// The newest state Canon has seen for each recently written run. A state at (run, version)
// never changes, so an entry is either exactly right for the version a writer expects or
// ignored; it can never be stale in a way that matters. Bounded by bytes (CANON_STATE_CACHE_BYTES:
// a hundred 4 MB runs must not hold 400 MB; a state counts twice its JSON, see below) and by count, least recently used first out;
// lru-cache does the accounting. A state larger than the whole budget is simply not kept.
import { LRUCache } from "lru-cache";
import type { VersionedState } from "../domain/commit.js";
import { stateSize } from "../domain/json-size.js";

export const DEFAULT_STATE_CACHE_BYTES = 64 * 1024 * 1024;

export class StateCache<Value extends VersionedState = VersionedState> {
  private readonly entries: LRUCache<string, Value> | null;

  constructor(maxBytes = DEFAULT_STATE_CACHE_BYTES, capacity = 10_000) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, Value>({
            max: capacity,
            maxSize: maxBytes,
            // Twice its JSON: the canonical text of its members is remembered beside it (content-hash.ts).
            sizeCalculation: (value) => Math.max(1, 2 * stateSize(value.state, value.contentHash)),
          })
        : null;
  }

  get(runId: string, version: number): Value | undefined {
    const hit = this.entries?.get(runId);
    return hit && hit.state.identity.state_version === version ? hit : undefined;
  }

  set(runId: string, value: Value): void {
    this.entries?.set(runId, value);
  }

  /** Bytes of state held now (for tests and benchmarks). */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
