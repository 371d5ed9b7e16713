// Cheap pre-checks for the rule expressions (fourteenth session, speed). Most rule expressions
// can only match a text that holds one of a few literal words ("fix", "repair", "resolve" for
// /\b(fix(es|ed|ing)?|repair|resolve)\b/i); a substring test for those words is far cheaper than
// running the expression, and most clauses hold none of them. The words are read off each
// expression's own source, so a rule needs no second list to keep in step: where the reading is
// not certain (escapes it does not know, a part that may be empty, a literal under a quantifier
// that may repeat it zero times) it gives up and the expression always runs. Sound only for the
// ASCII text it is asked about: a case-insensitive expression is gated only on ASCII text, where
// lower-casing the text and the words is exactly the expression's own case folding.
// test/domain/task-compiler-literal-gates.test.ts checks over the development corpus that no gate
// ever skips a clause its expression matches.

import { distributed } from "./alternatives.js";

/** One parsed piece of an expression: a literal character, anything else that consumes, or a width-zero assertion. */
type Atom = { kind: "char"; c: string } | { kind: "other" } | { kind: "zero" } | { kind: "group"; alts: Item[][] };
type Item = { atom: Atom; min: number; max: number };

class Unsure extends Error {}

/** Parses an expression's source into alternatives of items; throws Unsure on anything it does not know exactly. */
function parse(source: string): Item[][] {
  let i = 0;
  const alternatives = (): Item[][] => {
    const alts: Item[][] = [[]];
    while (i < source.length && source[i] !== ")") {
      if (source[i] === "|") {
        i++;
        alts.push([]);
        continue;
      }
      const atom = atomAt();
      const [min, max] = quantifier();
      alts[alts.length - 1]!.push({ atom, min, max });
    }
    return alts;
  };
  const atomAt = (): Atom => {
    const ch = source[i]!;
    if (ch === "(") {
      i++;
      let zero = false;
      if (source.startsWith("?:", i)) i += 2;
      else if (source.startsWith("?=", i) || source.startsWith("?!", i)) [i, zero] = [i + 2, true];
      else if (source.startsWith("?<=", i) || source.startsWith("?<!", i)) [i, zero] = [i + 3, true];
      else if (source.startsWith("?<", i)) i = source.indexOf(">", i) + 1;
      else if (source[i] === "?") throw new Unsure();
      const alts = alternatives();
      if (source[i] !== ")") throw new Unsure();
      i++;
      return zero ? { kind: "zero" } : { kind: "group", alts };
    }
    if (ch === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      if (i >= source.length) throw new Unsure();
      i++;
      return { kind: "other" };
    }
    if (ch === "\\") {
      const next = source[i + 1];
      i += 2;
      if (next === undefined) throw new Unsure();
      if (next === "b" || next === "B") return { kind: "zero" };
      if ("dDwWsS".includes(next)) return { kind: "other" };
      // An escaped punctuation character is itself; letters and digits are classes, controls,
      // code points or back-references, which are not read here.
      if (/[A-Za-z0-9]/.test(next)) throw new Unsure();
      return { kind: "char", c: next };
    }
    i++;
    if (ch === "^" || ch === "$") return { kind: "zero" };
    if (ch === ".") return { kind: "other" };
    if ("*+?{}]".includes(ch)) throw new Unsure();
    return { kind: "char", c: ch };
  };
  const quantifier = (): [number, number] => {
    const ch = source[i];
    let bounds: [number, number] = [1, 1];
    if (ch === "?") bounds = [0, 1];
    else if (ch === "*") bounds = [0, Infinity];
    else if (ch === "+") bounds = [1, Infinity];
    else if (ch === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) throw new Unsure();
      const min = Number(m[1]);
      bounds = [min, m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity];
      i += m[0].length - 1;
    } else return bounds;
    i++;
    if (source[i] === "?") i++;
    return bounds;
  };
  const alts = alternatives();
  if (i !== source.length) throw new Unsure();
  return alts;
}

/** Literal strings one of which every match of the alternatives holds, or null. */
function required(alts: Item[][]): string[] | null {
  const all: string[] = [];
  for (const alt of alts) {
    const words = requiredInSequence(alt);
    if (!words) return null;
    all.push(...words);
  }
  return [...new Set(all)];
}

function requiredInSequence(items: Item[]): string[] | null {
  const candidates: string[][] = [];
  let run = "";
  const flush = () => {
    if (run) candidates.push([run]);
    run = "";
  };
  for (const { atom, min, max } of items) {
    // A width-zero assertion consumes nothing: the characters on its two sides are adjacent.
    if (atom.kind === "zero") continue;
    if (atom.kind === "char" && min >= 1) {
      run += atom.c;
      if (max !== 1) flush();
      continue;
    }
    flush();
    if (atom.kind === "group" && min >= 1) {
      const words = required(atom.alts);
      if (words) candidates.push(words);
    }
  }
  flush();
  // Any candidate is sound; the one whose shortest word is longest (then the fewest words) skips most.
  // Words all of MIN_WORD letters or more rank first, as before punctuation counted (worth).
  const score = (words: string[]) => {
    const least = Math.min(...words.map(worth));
    return (least >= MIN_WORD ? 1e6 : 0) + least * 100 - words.length;
  };
  return candidates.length ? candidates.reduce((best, next) => (score(next) > score(best) ? next : best)) : null;
}

/** Words shorter than this are not worth testing (measured: gates of over 100 words still pay). */
const MIN_WORD = 3;

/**
 * How much a word is worth as a gate: its length, except that one of punctuation alone ("@",
 * "://") is rare in a request's words and is worth testing however short (sixteenth session: the
 * e-mail expressions need "@"), ranked below any word of MIN_WORD letters so no gate that had
 * such a word changes.
 */
const worth = (word: string): number => (/^[!-/:-@[-`{-~]+$/.test(word) ? Math.max(word.length, MIN_WORD - 0.5) : word.length);

export interface LiteralGate {
  /** One of these is in every text the expression matches (lower-cased when `caseless`). */
  words: readonly string[];
  /**
   * Each word's character pairs (pairOf), for the first, cheapest test, all words' in one array
   * (twentieth session: an array per word was a load per word and a bounds check per pair, in the
   * compiler's hottest loop): pair p is bit `pairMasks[p]` of the text's `bits[pairSlots[p]]`, and
   * word w's pairs end at `pairEnds[w]`. A word's pairs go rarest first (pairRarity), so a text
   * without the word fails at its first test more often.
   */
  pairSlots: Int32Array;
  pairMasks: Int32Array;
  pairEnds: Int32Array;
  caseless: boolean;
  pattern: RegExp;
}

// A text's character pairs as bits: a word can only be in a text that holds each of its pairs, and
// a few bit tests are much cheaper than a substring search. Each letter has a symbol, the digits
// share one, a space has one, other characters share four (a shared symbol only lets more texts
// through); 32 symbols make 1,024 pairs, 128 bytes a text.
const SYMBOL = new Uint8Array(128).map((_, c) => (c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 : c === 32 ? 27 : 28 + (c % 4)));
const pairOf = (a: number, b: number): number => (SYMBOL[a]! << 5) | SYMBOL[b]!;

/** The gate read off an expression's source, or null where none is certain or worth having. */
export function literalGateOf(pattern: RegExp): LiteralGate | null {
  // Unicode and set modes parse escapes differently; those expressions always run.
  if (/[uvy]/.test(pattern.flags)) return null;
  let words: string[] | null;
  try {
    words = required(parse(pattern.source));
  } catch (error) {
    if (error instanceof Unsure) return null;
    throw error;
  }
  const caseless = pattern.flags.includes("i");
  if (!words || !words.length || words.some((w) => worth(w) < MIN_WORD - 0.5 || /[^\x20-\x7e]/.test(w))) return null;
  if (caseless) words = [...new Set(words.map((w) => w.toLowerCase()))];
  // The pairs are read on the lower-cased text, so a case-sensitive word is lower-cased for them.
  const pairs = words.map((w) => {
    const lower = w.toLowerCase();
    const own = [...new Set(Array.from({ length: lower.length - 1 }, (_, i) => pairOf(lower.charCodeAt(i), lower.charCodeAt(i + 1))))];
    return own.sort((a, b) => pairRarity(a) - pairRarity(b));
  });
  const flat = pairs.flat();
  let end = 0;
  return {
    words,
    pairSlots: Int32Array.from(flat, (pair) => pair >> 5),
    pairMasks: Int32Array.from(flat, (pair) => 1 << (pair & 31)),
    pairEnds: Int32Array.from(pairs, (own) => (end += own.length)),
    caseless,
    pattern,
  };
}

// How common each symbol (SYMBOL) is in English text, per mille of characters: letters by their
// usual frequencies, the space, then the digits' and the other characters' shared symbols. Only the
// order of a word's pair tests depends on it, never a gate's answer.
const SYMBOL_FREQUENCY = [
  65, 12, 23, 35, 102, 18, 16, 50, 57, 1, 6, 33, 20, 55, 62, 15, 1, 49, 51, 73, 23, 8, 19, 2, 16, 1, 8, 180, 10, 10, 10, 10,
];
/** A pair's expected frequency, lower for rarer pairs. */
const pairRarity = (pair: number): number => SYMBOL_FREQUENCY[pair >> 5]! * SYMBOL_FREQUENCY[pair & 31]!;

interface Indexed {
  lower: string;
  bits: Uint32Array;
}

// Each text's lower-cased form and pairs (null when it is not all ASCII), made once: a clause is
// asked about by many expressions, often with other clauses' questions in between. A pure
// function of the text, so the cache only saves work; it is emptied when full.
const INDEX_CACHE_LIMIT = 2048;
const indexCache = new Map<string, Indexed | null>();

// The last text asked about, kept apart: most questions in a row are about the same clause, and
// comparing it (often the very same string) is cheaper than the Map's lookup.
let lastText: string | null = null;
let lastIndexed: Indexed | null = null;

function indexOf(text: string): Indexed | null {
  if (text === lastText) return lastIndexed;
  let indexed = indexCache.get(text);
  if (indexed === undefined) indexed = indexText(text);
  lastText = text;
  lastIndexed = indexed;
  return indexed;
}

function indexText(text: string): Indexed | null {
  let indexed: Indexed | null;
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) indexed = null;
  else {
    const lower = text.toLowerCase();
    const bits = new Uint32Array(32);
    for (let i = 0; i + 1 < lower.length; i++) {
      const pair = pairOf(lower.charCodeAt(i), lower.charCodeAt(i + 1));
      bits[pair >> 5]! |= 1 << (pair & 31);
    }
    indexed = { lower, bits };
  }
  if (indexCache.size >= INDEX_CACHE_LIMIT) indexCache.clear();
  indexCache.set(text, indexed);
  return indexed;
}

/** False only where the gate proves the expression cannot match `text`. Texts that are not all ASCII always pass. */
export function mayMatch(gate: LiteralGate | null, text: string): boolean {
  if (!gate) return true;
  const indexed = indexOf(text);
  if (indexed === null) return true;
  const { bits } = indexed;
  const haystack = gate.caseless ? indexed.lower : text;
  const { words, pairSlots, pairMasks, pairEnds } = gate;
  // Indexed: an array iterator's results were garbage on every gate asked, before V8 optimises this.
  let p = 0;
  words: for (let w = 0; w < words.length; w++) {
    const end = pairEnds[w]!;
    for (; p < end; p++)
      if (!(bits[pairSlots[p]!]! & pairMasks[p]!)) {
        p = end;
        continue words;
      }
    if (haystack.includes(words[w]!)) return true;
  }
  if (checking) check(gate.pattern, text);
  return false;
}

const gates = new WeakMap<RegExp, LiteralGate | null>();

/** An expression's gate, read once. A global or sticky expression keeps state between calls and is never skipped by gatedExec. */
export function gateFor(pattern: RegExp): LiteralGate | null {
  let gate = gates.get(pattern);
  if (gate === undefined) gates.set(pattern, (gate = literalGateOf(pattern)));
  return gate;
}

/** `pattern.exec(text)`, skipped (null) where the expression's gate proves it cannot match. */
export function gatedExec(pattern: RegExp | { exec(text: string): RegExpExecArray | null }, text: string): RegExpExecArray | null {
  if (pattern instanceof RegExp && !pattern.global && !pattern.sticky && !mayMatch(gateFor(pattern), text)) return null;
  return pattern.exec(text);
}

// matchAll makes a new copy of its expression on every call (about 1% of a short request, most of
// gatedMatchAll's own time); the matches are collected here with one copy per expression, kept,
// read from the original's lastIndex and stepped past an empty match as matchAll does (one code
// unit: unicode expressions go to matchAll). Collected at once, so a caller's loop that asks again
// cannot disturb the copy's state.
const copies = new WeakMap<RegExp, RegExp | null>();

/** `text.matchAll(pattern)`, none where the expression's gate proves it cannot match (matchAll runs a copy, so a global expression's state does not matter). */
export function gatedMatchAll(pattern: RegExp, text: string): Iterable<RegExpExecArray> {
  if (!mayMatch(gateFor(pattern), text)) return [];
  let copy = copies.get(pattern);
  if (copy === undefined)
    copies.set(pattern, (copy = pattern.global && !/[uv]/.test(pattern.flags) ? new RegExp(pattern.source, pattern.flags) : null));
  return copy ? allMatches(pattern, copy, text) : text.matchAll(pattern);
}

function allMatches(pattern: RegExp, copy: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  copy.lastIndex = pattern.lastIndex;
  for (let match = copy.exec(text); match !== null; match = copy.exec(text)) {
    found.push(match);
    if (match[0] === "") copy.lastIndex++;
  }
  return found;
}

/** `pattern.test(text)`, skipped (false) where the expression's gate proves it cannot match. */
export function gatedTest(pattern: RegExp, text: string): boolean {
  if (pattern.global || pattern.sticky) return pattern.test(text);
  if (!mayMatch(gateFor(pattern), text)) return false;
  const pieces = piecesFor(pattern);
  if (pieces === null) return pattern.test(text);
  for (let i = 0; i < pieces.length; i++) if (mayMatch(pieces[i]!.gate, text) && pieces[i]!.pattern.test(text)) return true;
  return false;
}

// Eighteenth session: a long alternation (BINDING_FORM's sixty forms, HARD_LEAD's phrases) is run
// whole wherever any one of its alternatives may match, and one alternative without a gate of its
// own ("^zero[- ]downtime" has one, "(?:^|,\s+)no\s+…" has none) leaves the whole expression
// without one: the engine then tries every alternative at every position of every clause. Whether
// a text holds a match of A|B|C is whether it holds a match of A, of B or of C, so `test` may run
// the alternatives apart, each behind its own gate (the ungated ones together, as one expression):
// only the few whose words a clause holds run. Not for exec, whose match and groups depend on the
// alternatives' order, nor where a back-reference counts groups across alternatives.
interface Piece {
  gate: LiteralGate | null;
  pattern: RegExp;
}

// Measured over the corpus's gatedTest calls (eighteenth session): BINDING_FORM (125 alternatives)
// runs 3.6-5x faster split, HARD_ANYWHERE's phrases 1.9x, referents.ts's "whatever …" hint 2.2x,
// scope.ts's FORBID (22) 1.4-1.7x, all calls together 1.45x; below ~15 the extra gates and scans
// cost what they save (MEASURE's 14, led by an ungated number, ran 3x slower split).
const MIN_PIECES = 20;
const pieceCache = new WeakMap<RegExp, Piece[] | null>();

function piecesFor(pattern: RegExp): Piece[] | null {
  let pieces = pieceCache.get(pattern);
  if (pieces === undefined) pieceCache.set(pattern, (pieces = piecesOf(pattern)));
  return pieces;
}

function piecesOf(pattern: RegExp): Piece[] | null {
  if (/[uvy]/.test(pattern.flags) || /\\(?:[1-9]|k<)/.test(pattern.source)) return null;
  const alternatives = distributed(pattern.source, MIN_PIECES);
  if (alternatives.length < MIN_PIECES) return null;
  const gated: Piece[] = [];
  const open: string[] = [];
  for (const source of alternatives) {
    const piece = new RegExp(source, pattern.flags);
    const gate = literalGateOf(piece);
    if (gate) gated.push({ gate, pattern: piece });
    else open.push(source);
  }
  if (gated.length < 2) return null;
  // The ungated alternatives run first: any clause the gates let through may still be settled by them.
  return open.length ? [{ gate: null, pattern: new RegExp(open.join("|"), pattern.flags) }, ...gated] : gated;
}

// For the test that proves the gates sound over the development corpus: while checking, every
// skipped expression is run anyway (a copy without the global flag's state), and each one that
// matches is recorded.
let checking = false;
let skips = 0;
let unsound: RegExp[] = [];

const stateless = new Map<RegExp, RegExp>();

function check(pattern: RegExp, text: string): void {
  skips++;
  let copy = stateless.get(pattern);
  if (!copy) stateless.set(pattern, (copy = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""))));
  if (copy.test(text)) unsound.push(pattern);
}

/** Starts (true) or stops checking skips; returns the skips since the last call and the expressions wrongly skipped. */
export function checkSkips(on: boolean): { skips: number; unsound: RegExp[] } {
  const found = { skips, unsound };
  checking = on;
  skips = 0;
  unsound = [];
  return found;
}
