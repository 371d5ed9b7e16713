// RFC 6902 JSON Patches between two states, as the ledger stores them (docs/storage.md). The
// `rfc6902` library applies them and names their types; the diff is written here, for two
// reasons the library's `createPatch` cannot serve:
// - Arrays: its minimal edit script is quadratic in the array's length and recursive, so a long
//   list (events, receipts) would cost seconds and overflow the stack. Here an array is diffed
//   in linear time: common prefix and suffix off, the rest element by element, then the extra
//   elements added or removed at the end of the middle. Not always the shortest patch, always
//   a correct one, and short for what commits do (change, append or remove a few elements).
// - Cost: every commit diffs its state against the one before, and the library builds a
//   Pointer object for every member it visits, changed or not (9% of a batched commit's CPU in
//   the profile, docs/benchmark-log.md). Here paths are strings built only for what changed,
//   and members the operations left untouched are skipped by identity.
// - Applying: its applyPatch mutates. Here a patch is applied to copies of the containers on
//   each operation's path only, so the state it started from stays intact (history pages keep
//   one state per version) and unchanged subtrees are shared, not copied.
import { applyPatch, Pointer, type Operation } from "rfc6902";

export type StatePatch = Operation[];

/** The patch from `from` to `to`; empty when they are equal. */
export function statePatch(from: unknown, to: unknown): StatePatch {
  const operations: Operation[] = [];
  diffInto(operations, from, to, "");
  return operations;
}

/** `state` with the patch applied; `state` itself is not modified. Throws if the patch does not apply. */
export function applyStatePatch<T>(state: T, patch: StatePatch): T {
  let root = state as unknown;
  for (const operation of patch) {
    root = copyAlong(root, operation.path);
    if ((operation.op === "move" || operation.op === "copy") && operation.from) root = copyAlong(root, operation.from);
    const holder = { root };
    const [error] = applyPatch(holder, [
      { ...operation, path: `/root${operation.path}`, ...("from" in operation ? { from: `/root${operation.from}` } : {}) },
    ] as Operation[]);
    if (error) throw new Error(`the stored patch does not apply: ${operation.op} ${operation.path}: ${error.name}`);
    root = holder.root;
  }
  return root as T;
}

type Json = unknown;
type Container = Record<string, Json> | Json[];

const isContainer = (value: Json): value is Container => typeof value === "object" && value !== null;

/** A shallow copy of `root` and of every container on the way to `pointer`'s parent. */
function copyAlong(root: Json, pointer: string): Json {
  const tokens = Pointer.fromJSON(pointer).tokens.slice(1);
  if (!isContainer(root)) return root;
  const copy = (value: Container): Container => (Array.isArray(value) ? value.slice() : { ...value });
  const top = copy(root);
  let parent: Container = top;
  for (const token of tokens.slice(0, -1)) {
    const child = (parent as Record<string, Json>)[token];
    if (!isContainer(child)) break;
    const copied = copy(child);
    (parent as Record<string, Json>)[token] = copied;
    parent = copied;
  }
  return top;
}

/** RFC 6901: `~` and `/` in a member name are escaped in a pointer. */
const token = (key: string): string => (/[~/]/.test(key) ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key);

const isObject = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);

// A member whose value is undefined is absent from JSON, and so from the diff.
const has = (object: Record<string, Json>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;

function diffInto(operations: Operation[], from: Json, to: Json, path: string): void {
  if (from === to) return;
  if (Array.isArray(from) && Array.isArray(to)) return diffArrays(operations, from, to, path);
  if (isObject(from) && isObject(to)) return diffObjects(operations, from, to, path);
  operations.push({ op: "replace", path, value: to });
}

function diffObjects(operations: Operation[], from: Record<string, Json>, to: Record<string, Json>, path: string): void {
  for (const key in from) if (has(from, key) && !has(to, key)) operations.push({ op: "remove", path: `${path}/${token(key)}` });
  for (const key in to) if (has(to, key) && !has(from, key)) operations.push({ op: "add", path: `${path}/${token(key)}`, value: to[key] });
  for (const key in to) {
    if (from[key] !== to[key] && has(to, key) && has(from, key)) diffInto(operations, from[key], to[key], `${path}/${token(key)}`);
  }
}

function diffArrays(operations: Operation[], from: Json[], to: Json[], path: string): void {
  let start = 0;
  while (start < from.length && start < to.length && equal(from[start], to[start])) start++;
  let endFrom = from.length;
  let endTo = to.length;
  while (endFrom > start && endTo > start && equal(from[endFrom - 1], to[endTo - 1])) {
    endFrom--;
    endTo--;
  }
  const common = Math.min(endFrom - start, endTo - start);
  for (let i = start; i < start + common; i++) diffInto(operations, from[i], to[i], `${path}/${i}`);
  for (let i = start + common; i < endTo; i++) operations.push({ op: "add", path: `${path}/${i}`, value: to[i] });
  for (let i = start + common; i < endFrom; i++) operations.push({ op: "remove", path: `${path}/${start + common}` });
}

/** JSON equality: the same value in the JSON sense, whatever the key order. */
function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isObject(a) && isObject(b)) {
    let count = 0;
    for (const key in a) {
      if (!has(a, key)) continue;
      if (!has(b, key) || !equal(a[key], b[key])) return false;
      count++;
    }
    for (const key in b) if (has(b, key)) count--;
    return count === 0;
  }
  return false;
}
