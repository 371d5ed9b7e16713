// A state's identity is the sha256 of its RFC 8785 (JCS) canonical JSON: key order, number
// formatting and whitespace cannot change the hash, so any two Canon instances agree on it.
import crypto from "node:crypto";
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

// Node's one-shot `crypto.hash` (20.12 and later) costs about two thirds of a Hash object's
// create-update-digest for the few KB a commit hashes, three or four times per commit; the same
// digest of the same UTF-8 bytes. Older Node (the engines field allows 20.10) takes the long way.
const oneShotHex: (text: string) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "hex")
    : (text) => crypto.createHash("sha256").update(text).digest("hex");

export function sha256Of(text: string): ContentHash {
  return `sha256:${oneShotHex(text)}`;
}

export const contentHash = (value: unknown): ContentHash => sha256Of(canonicalJson(value));

// A stored value is never changed in place: an operation builds new objects for what it changes
// and keeps the others (the state diff relies on the same). So the canonical text of a large
// member of a state is remembered for as long as the object lives: a commit that changes the
// status line of a 100 KB state canonicalises the status and the identity, not the whole state.
// The state cache charges a state for this text too (state-cache.ts).
const rememberedTexts = new WeakMap<object, string>();

// Below this many characters a text is made again rather than remembered: a weak map entry costs
// the garbage collector more than canonicalising a small object (bench/commit-cpu.ts).
const REMEMBER_FROM_CHARS = 1024;

/** canonicalJson, remembered per object when it is long (the object must never change afterwards). */
function canonicalJsonOnce(value: unknown): string {
  if (value === null || typeof value !== "object") return canonicalJson(value);
  let text = rememberedTexts.get(value);
  if (text === undefined) {
    text = canonicalJson(value);
    if (text.length >= REMEMBER_FROM_CHARS) rememberedTexts.set(value, text);
  }
  return text;
}

/** `"name":text` for an object member, or nothing for a member JSON leaves out. */
const memberText = (name: string, at: unknown, text: (at: unknown) => string): string | null =>
  at === undefined || typeof at === "symbol" ? null : `${canonicalJson(name)}:${text(at)}`;

/**
 * canonicalJson of an object, joined from its members' texts as RFC 8785 joins them (keys sorted
 * by UTF-16 units, undefined members left out): the same bytes. `made`: the canonical text of
 * members the caller has already made (and needs again), used as it is.
 */
export function canonicalJsonOfMembers(value: Record<string, unknown>, made: Readonly<Record<string, string>> = {}): string {
  const members: string[] = [];
  for (const name of Object.keys(value).sort()) {
    const text = memberText(name, value[name], (at) => made[name] ?? canonicalJson(at));
    if (text !== null) members.push(text);
  }
  return `{${members.join(",")}}`;
}

/** The canonical text of an object's members, each `"name":value` as RFC 8785 writes it, by name. */
export type MemberTexts = ReadonlyMap<string, string>;

/** An object canonicalised before (`value`, never changed since) and its members' texts. */
export interface KnownTexts {
  value: Readonly<Record<string, unknown>>;
  texts: MemberTexts;
}

/** What canonicalJsonPair makes. */
export interface CanonicalPair {
  /** The object's canonical JSON (joined when asked for). */
  original(): string;
  /** The canonical JSON of the copy with the member replaced. */
  replaced: string;
  /** The copy's member texts, for the next time. */
  texts: MemberTexts;
  /**
   * With `known`: whether the object's canonical JSON is exactly the known object's (every
   * member's text the same, and no member more or less), told without joining or hashing it.
   */
  sameAsKnown: boolean | null;
}

/**
 * The canonical JSON of an object and of a copy of it with one member replaced, for about the
 * price of one: the members they share are joined from the same texts, each remembered
 * (canonicalJsonOnce). A commit needs both: the state the operations produced (is it a NOOP?)
 * and the same state at the next version (its hash). `known`: an earlier object whose member
 * texts were made (the state the operations were applied to): a member that is still the very
 * same value is not canonicalised again, and whether anything changed is a comparison of texts.
 */
export function canonicalJsonPair(value: Record<string, unknown>, key: string, replacement: unknown, known?: KnownTexts): CanonicalPair {
  const original: string[] = [];
  const replaced: string[] = [];
  const texts = new Map<string, string>();
  const names = Object.keys(value);
  if (!Object.hasOwn(value, key)) names.push(key);
  let same = known !== undefined;
  for (const name of names.sort()) {
    const at = value[name];
    const knownText = known && Object.hasOwn(known.value, name) ? known.texts.get(name) : undefined;
    const before =
      (knownText !== undefined && known!.value[name] === at ? knownText : undefined) ?? memberText(name, at, canonicalJsonOnce);
    if (before !== null) original.push(before);
    if (same && before !== (knownText ?? null)) same = false;
    const after = name === key ? memberText(name, replacement, canonicalJsonOnce) : before;
    if (after !== null) {
      replaced.push(after);
      texts.set(name, after);
    }
  }
  // Every member the object has matched a known text; the known object has no member more.
  if (same && original.length !== known!.texts.size) same = false;
  return { original: () => `{${original.join(",")}}`, replaced: `{${replaced.join(",")}}`, texts, sameAsKnown: known ? same : null };
}

/**
 * canonicalJson of a commit's operation calls (`{ op, args }`), the same bytes, taking the text of
 * an argument that is one of `state`'s members (a setPlan's plan is the new state's plan) from
 * that member's text instead of canonicalising it again. Anything but plain calls: canonicalJson.
 */
export function canonicalJsonOfCalls(
  calls: readonly { op: string; args: unknown }[],
  state: Readonly<Record<string, unknown>>,
  texts: MemberTexts | undefined,
): string {
  if (!texts) return canonicalJson(calls);
  const parts: string[] = [];
  for (const call of calls) {
    const { args } = call;
    if (!isPlainCall(call) || !isPlainObject(args)) return canonicalJson(calls);
    const made = Object.create(null) as Record<string, string>;
    for (const name of Object.keys(args)) {
      const at = args[name];
      if (at === null || typeof at !== "object") continue;
      for (const member of texts.keys()) {
        if (state[member] !== at) continue;
        made[name] = texts.get(member)!.slice(canonicalJson(member).length + 1); // `"member":` off
        break;
      }
    }
    parts.push(`{"args":${canonicalJsonOfMembers(args, made)},"op":${canonicalJson(call.op)}}`);
  }
  return `[${parts.join(",")}]`;
}

const isPlainCall = (call: object): boolean => {
  const keys = Object.keys(call);
  return keys.length === 2 && Object.hasOwn(call, "op") && Object.hasOwn(call, "args") && isPlainObject(call);
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;
