// RFC 6902 JSON Patches between two states, as the ledger stores them (docs/storage.md), with
// the `rfc6902` library doing the work. Two things it does not do the way the ledger needs:
// - Arrays: its minimal edit script is quadratic in the array's length and recursive, so a long
//   list (events, receipts) would cost seconds and overflow the stack. Here an array is diffed
//   in linear time: common prefix and suffix off, the rest element by element, then the extra
//   elements added or removed at the end of the middle. Not always the shortest patch, always
//   a correct one, and short for what commits do (change, append or remove a few elements).
// - Applying: its applyPatch mutates. Here a patch is applied to copies of the containers on
//   each operation's path only, so the state it started from stays intact (history pages keep
//   one state per version) and unchanged subtrees are shared, not copied.
import { applyPatch, createPatch, Pointer, type Operation } from "rfc6902";

export type StatePatch = Operation[];

/** The patch from `from` to `to`; empty when they are equal. */
export function statePatch(from: unknown, to: unknown): StatePatch {
  return createPatch(from, to, diffArraysLinearly);
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

const equal = (a: Json, b: Json): boolean =>
  a === b || (isContainer(a) && isContainer(b) && createPatch(a, b, diffArraysLinearly).length === 0);

function diffArraysLinearly(input: Json, output: Json, ptr: Pointer): Operation[] | void {
  if (!Array.isArray(input) || !Array.isArray(output)) return undefined; // the library's own way
  let start = 0;
  while (start < input.length && start < output.length && equal(input[start], output[start])) start++;
  let endIn = input.length;
  let endOut = output.length;
  while (endIn > start && endOut > start && equal(input[endIn - 1], output[endOut - 1])) {
    endIn--;
    endOut--;
  }
  const operations: Operation[] = [];
  const common = Math.min(endIn - start, endOut - start);
  for (let i = start; i < start + common; i++) {
    operations.push(...createPatch(input[i], output[i], diffArraysLinearly).map((op) => prefixed(op, ptr.add(String(i)).toString())));
  }
  for (let i = start + common; i < endOut; i++) {
    operations.push({ op: "add", path: ptr.add(String(i)).toString(), value: output[i] });
  }
  for (let i = start + common; i < endIn; i++) {
    operations.push({ op: "remove", path: ptr.add(String(start + common)).toString() });
  }
  return operations;
}

/** An operation of a nested patch, moved under `base`. */
function prefixed(operation: Operation, base: string): Operation {
  const moved = { ...operation, path: base + operation.path } as Operation;
  if ("from" in operation && operation.from !== undefined) (moved as { from: string }).from = base + operation.from;
  return moved;
}
