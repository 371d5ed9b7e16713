// How big a JSON value is once serialised: what a state, a document or a page costs in memory
// and on the wire. Counted in UTF-16 code units of its JSON text, which is its size in bytes for
// ASCII and within 3x of it otherwise. A stored value never changes, so an object's size is
// measured once and remembered for as long as the object lives; a state's size is also
// remembered by its content hash, so the same state read again (a new object) is not measured
// again: serialising a 4 MB state takes tens of milliseconds of the event loop.
import { LRUCache } from "lru-cache";

const measured = new WeakMap<object, number>();
const byContentHash = new LRUCache<string, number>({ max: 100_000 });

export function jsonSize(value: unknown): number {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null).length;
  let size = measured.get(value);
  if (size === undefined) measured.set(value, (size = JSON.stringify(value).length));
  return size;
}

/** A state's size, by its content hash when it was seen before (the hash fixes its content). */
export function stateSize(state: object, contentHash: string): number {
  let size = measured.get(state) ?? byContentHash.get(contentHash);
  if (size === undefined) size = jsonSize(state);
  measured.set(state, size);
  byContentHash.set(contentHash, size);
  return size;
}

/** A state's size if it was measured before, by its content hash. */
export const knownStateSize = (contentHash: string): number | undefined => byContentHash.get(contentHash);

/** Records a state's size measured elsewhere (e.g. by the database). */
export const rememberStateSize = (contentHash: string, size: number): void => void byContentHash.set(contentHash, size);

/** Records a size already known (e.g. from the canonical JSON a write computed anyway). */
export function rememberJsonSize(value: object, size: number): void {
  measured.set(value, size);
}
