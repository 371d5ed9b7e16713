// The newest state Canon has seen for each recently written run. A state at (run, version)
// never changes, so an entry is either exactly right for the version a writer expects or
// ignored; it can never be stale in a way that matters. Bounded by bytes (CANON_STATE_CACHE_BYTES:
// a hundred 4 MB runs must not hold 400 MB; a state counts twice its JSON, see below) and by
// count, least recently used first out; lru-cache does the accounting. A state larger than the
// whole budget is simply not kept.
import { LRUCache } from "lru-cache";
import type { VersionedState } from "../domain/commit.js";
import { stateSize } from "../domain/json-size.js";

export const DEFAULT_STATE_CACHE_BYTES = 64 * 1024 * 1024;

// A cached state is the next commit's starting point, and its members' canonical text is
// remembered by object (content-hash.ts): nothing may change it in place. Under test every cached
// state is frozen, so code that did would throw in the test suite; in production freezing each
// new state would cost more than the remembered text saves (docs/benchmark-log.md).
const FREEZE_STATES = process.env.NODE_ENV === "test";

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

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
    if (FREEZE_STATES) deepFreeze(value.state);
    this.entries?.set(runId, value);
  }

  /** Bytes of state held now (for tests and benchmarks). */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
