// A state's identity is the sha256 of its RFC 8785 (JCS) canonical JSON: key order, number
// formatting and whitespace cannot change the hash, so any two Canon instances agree on it.
import { createHash } from "node:crypto";
import { configure } from "safe-stable-stringify";
import type { ContentHash } from "../contracts/common.js";

// RFC 8785 is JSON.stringify's strings and numbers with object keys sorted by UTF-16 code
// units, which is what safe-stable-stringify's deterministic mode writes for JSON values: the
// same bytes as the reference `canonicalize` package (a property test holds them equal) at about
// half its cost, and canonical JSON is the commit path's largest single cost (docs/benchmark-log.md).
// Strict: a value with no JSON form (a function, a symbol, NaN, a bigint, a cycle) throws.
const stringify = configure({ deterministic: true, strict: true, bigint: false, circularValue: Error });

// JSON.stringify writes a lone surrogate as an escape (`\ud800`), and only a lone one: a
// backslash-u-d8..df that is not itself escaped means the value held one, which RFC 8785 refuses.
const LONE_SURROGATE_ESCAPE = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/;

export function canonicalJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError("value has no canonical JSON form");
  if (text.includes("\\ud") && LONE_SURROGATE_ESCAPE.test(text)) throw new TypeError("lone surrogate is not allowed");
  return text;
}

export function sha256Of(text: string): ContentHash {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

export const contentHash = (value: unknown): ContentHash => sha256Of(canonicalJson(value));

// A stored value is never changed in place: an operation builds new objects for what it changes
// and keeps the others (the state diff relies on the same), and a commit's operations are not
// touched once checked. So the canonical text of an object is remembered for as long as the
// object lives: a commit that changes the plan canonicalises the plan and the identity, not the
// whole state, and its operations are canonicalised once for the size check, the entry digest and
// the stored row. The state cache charges a state for this text too (state-cache.ts).
const rememberedTexts = new WeakMap<object, string>();

/** canonicalJson, remembered per object (the object must never change afterwards). */
export function canonicalJsonOnce(value: unknown): string {
  if (value === null || typeof value !== "object") return canonicalJson(value);
  let text = rememberedTexts.get(value);
  if (text === undefined) rememberedTexts.set(value, (text = canonicalJson(value)));
  return text;
}

/**
 * canonicalJson of an object, built from its members' remembered texts: the same bytes, joined as
 * RFC 8785 joins an object's members (keys sorted by UTF-16 units, undefined members left out).
 */
export function canonicalJsonOfMembers(value: Record<string, unknown>): string {
  const members: string[] = [];
  for (const name of Object.keys(value).sort()) {
    const at = value[name];
    if (at !== undefined && typeof at !== "symbol") members.push(`${canonicalJson(name)}:${canonicalJsonOnce(at)}`);
  }
  return `{${members.join(",")}}`;
}

/**
 * The canonical JSON of an object and of a copy of it with one member replaced, for about the
 * price of one: the members they share are canonicalised once. A commit needs both: the state
 * the operations produced (is it a NOOP?) and the same state at the next version (its hash).
 */
export function canonicalJsonPair(value: Record<string, unknown>, key: string, replacement: unknown): [string, string] {
  return [canonicalJsonOfMembers(value), canonicalJsonOfMembers({ ...value, [key]: replacement })];
}
