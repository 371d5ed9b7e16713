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
import { MIN_WORD, requiredWords, worth } from "./gate-words.js";

export interface LiteralGate {
  /** One of these is in every text the expression matches (lower-cased when `caseless`). */
  words: readonly string[];
  /**
   * Each word's character pairs (pairOf), for the first, cheapest test, all words' in one array
   * (twentieth session: an array per word was a load per word and a bounds check per pair, in the
   * compiler's hottest loop): pair p is bit `pairMasks[p]` of the text's pair bits (PAIR_BITS) at `pairSlots[p]`, and
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
  let words = requiredWords(pattern.source);
  const caseless = pattern.flags.includes("i");
  if (!words || !words.length || words.some((w) => worth(w) < MIN_WORD - 0.5 || /[^\x20-\x7e]/.test(w))) return null;
  if (caseless) words = [...new Set(words.map((w) => w.toLowerCase()))];
  return gateOfWords(words, caseless, pattern);
}

/** A gate on words already read (lower-cased when caseless), with their pairs. */
function gateOfWords(words: string[], caseless: boolean, pattern: RegExp): LiteralGate {
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
  /** Where the text's pair bits start in PAIR_BITS (BITS_PER_TEXT words). */
  bits: number;
}

// Each text's lower-cased form and pairs (null when it is not all ASCII), made once: a clause is
// asked about by many expressions, often with other clauses' questions in between. A pure
// function of the text, so the cache only saves work; it is emptied when full.
const INDEX_CACHE_LIMIT = 2048;
const indexCache = new Map<string, Indexed | null>();

// Twenty-fourth session (speed): every cached text's pair bits live in one array, at the text's
// place in the cache, reused when the cache is emptied. A Uint32Array of its own per text (128
// bytes, past the 64 V8 keeps a typed array's contents on the heap for) was a buffer allocated
// outside the heap, about 0.8 µs a text, and memory the garbage collector was told of each time.
const BITS_PER_TEXT = 32;
const PAIR_BITS = new Uint32Array(INDEX_CACHE_LIMIT * BITS_PER_TEXT);
let nextBits = 0;

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
  if (indexCache.size >= INDEX_CACHE_LIMIT) {
    // Every place in PAIR_BITS is free again: no cached text, nor the last one, holds one.
    indexCache.clear();
    nextBits = 0;
    lastText = null;
    lastIndexed = null;
  }
  const bits = nextBits;
  PAIR_BITS.fill(0, bits, bits + BITS_PER_TEXT);
  // The pairs of the lower-cased text, read off the text itself: on ASCII, lower-casing only moves
  // A-Z to a-z. A character past ASCII ends the reading (such a text is not indexed), so this loop
  // is the test for one (an expression over the whole text ran before it).
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c > 0x7f) {
      indexCache.set(text, null);
      return null;
    }
    if (c >= 65 && c <= 90) c += 32;
    if (previous >= 0) {
      const pair = pairOf(previous, c);
      PAIR_BITS[bits + (pair >> 5)]! |= 1 << (pair & 31);
    }
    previous = c;
  }
  nextBits += BITS_PER_TEXT;
  const indexed = { lower: text.toLowerCase(), bits };
  indexCache.set(text, indexed);
  return indexed;
}

/** Whether the text's pair bits (from `bits` in PAIR_BITS) hold each character pair of the gate's word w: a word without one is not in the text. */
function pairsPresent(gate: LiteralGate, bits: number, w: number): boolean {
  const { pairSlots, pairMasks, pairEnds } = gate;
  for (let p = w ? pairEnds[w - 1]! : 0; p < pairEnds[w]!; p++) if (!(PAIR_BITS[bits + pairSlots[p]!]! & pairMasks[p]!)) return false;
  return true;
}

/** False only where the gate proves the expression cannot match `text`. Texts that are not all ASCII always pass. */
export function mayMatch(gate: LiteralGate | null, text: string): boolean {
  if (!gate) return true;
  const indexed = indexOf(text);
  if (indexed === null) return true;
  const { bits } = indexed;
  const haystack = gate.caseless ? indexed.lower : text;
  const { words } = gate;
  // Indexed: an array iterator's results were garbage on every gate asked, before V8 optimises this.
  for (let w = 0; w < words.length; w++) if (pairsPresent(gate, bits, w) && haystack.includes(words[w]!)) return true;
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

/**
 * `text.replace(pattern, replacer)`, the text itself where the expression's gate proves it cannot
 * match. Thirty-second session (speed): classify.ts's time words (BACKGROUND) were blanked by a
 * replace over every clause, twice a clause (the cues and the risk rules), though few clauses hold
 * "since", "after" or "before". A replace starts a global expression from 0 and leaves its
 * lastIndex at 0, so skipping it leaves the same state.
 */
export function gatedReplace(pattern: RegExp, text: string, replacer: (match: string) => string): string {
  if (!pattern.sticky && !mayMatch(gateFor(pattern), text)) return text;
  return text.replace(pattern, replacer);
}

/** `pattern.test(text)`, skipped (false) where the expression's gate proves it cannot match. */
export function gatedTest(pattern: RegExp, text: string): boolean {
  if (pattern.global || pattern.sticky) return pattern.test(text);
  if (!mayMatch(gateFor(pattern), text)) return false;
  const split = splitFor(pattern);
  return split === null ? pattern.test(text) : splitTest(split, text);
}

// Eighteenth session: a long alternation (BINDING_FORM's sixty forms, HARD_LEAD's phrases) is run
// whole wherever any one of its alternatives may match, and one alternative without a gate of its
// own ("^zero[- ]downtime" has one, "(?:^|,\s+)no\s+…" has none) leaves the whole expression
// without one: the engine then tries every alternative at every position of every clause. Whether
// a text holds a match of A|B|C is whether it holds a match of A, of B or of C, so `test` may run
// the alternatives apart, each behind its own gate (the ungated ones together, as one expression):
// only the few whose words a clause holds run. Not for exec, whose match and groups depend on the
// alternatives' order, nor where a back-reference counts groups across alternatives.
// Twenty-second session (speed): the alternatives were asked one gate at a time, about 480 gate
// calls a short request (BINDING_FORM's 144 gated pieces, the outside-source hint's, …: three in
// five of all gate checks). Now each split expression keeps one index of its pieces' words (every
// word once, with the pieces that need it): a text is read against the words in one loop, and
// only the pieces whose words it holds run.
interface SplitAlternation {
  /** The alternatives without a gate of their own, as one expression, run first (null: none). */
  open: RegExp | null;
  /** The gated alternatives. */
  pieces: RegExp[];
  /** Every gated alternative's words, each once, as one gate. */
  words: LiteralGate;
  /** The pieces holding word w: `wordPieces` from `pieceEnds[w - 1]` (0 for the first) to `pieceEnds[w]`. */
  wordPieces: Int32Array;
  pieceEnds: Int32Array;
  /** Per piece, the last call that ran it (`calls`), so a piece two present words share runs once. */
  ranAt: Int32Array;
  calls: number;
}

// Measured over the corpus's gatedTest calls (eighteenth session): BINDING_FORM (125 alternatives)
// runs 3.6-5x faster split, HARD_ANYWHERE's phrases 1.9x, referents.ts's "whatever …" hint 2.2x,
// forbidding-clauses.ts's FORBID (22) 1.4-1.7x, all calls together 1.45x; below ~15 the extra gates and scans
// cost what they save (MEASURE's 14, led by an ungated number, ran 3x slower split).
const MIN_PIECES = 20;
const splitCache = new WeakMap<RegExp, SplitAlternation | null>();

function splitFor(pattern: RegExp): SplitAlternation | null {
  let split = splitCache.get(pattern);
  if (split === undefined) splitCache.set(pattern, (split = splitOf(pattern)));
  return split;
}

function splitOf(pattern: RegExp): SplitAlternation | null {
  if (/[uvy]/.test(pattern.flags) || /\\(?:[1-9]|k<)/.test(pattern.source)) return null;
  const alternatives = distributed(pattern.source, MIN_PIECES);
  if (alternatives.length < MIN_PIECES) return null;
  const pieces: RegExp[] = [];
  const open: string[] = [];
  const piecesOfWord = new Map<string, number[]>();
  for (const source of alternatives) {
    const piece = new RegExp(source, pattern.flags);
    const gate = literalGateOf(piece);
    if (!gate) {
      open.push(source);
      continue;
    }
    for (const word of gate.words) {
      const holding = piecesOfWord.get(word) ?? [];
      if (!holding.length) piecesOfWord.set(word, holding);
      holding.push(pieces.length);
    }
    pieces.push(piece);
  }
  if (pieces.length < 2) return null;
  let end = 0;
  return {
    open: open.length ? new RegExp(open.join("|"), pattern.flags) : null,
    pieces,
    words: gateOfWords([...piecesOfWord.keys()], pattern.flags.includes("i"), pattern),
    wordPieces: Int32Array.from([...piecesOfWord.values()].flat()),
    pieceEnds: Int32Array.from(piecesOfWord.values(), (holding) => (end += holding.length)),
    ranAt: new Int32Array(pieces.length),
    calls: 0,
  };
}

/** Whether the text matches any alternative: the ungated ones, then each piece holding a word the text holds. */
function splitTest(split: SplitAlternation, text: string): boolean {
  if (split.open?.test(text)) return true;
  const { pieces, ranAt, wordPieces, pieceEnds } = split;
  const indexed = indexOf(text);
  if (indexed === null) {
    // Not all ASCII: no gate may skip, every piece runs.
    for (let i = 0; i < pieces.length; i++) if (pieces[i]!.test(text)) return true;
    return false;
  }
  const call = split.calls === 0x7fffffff ? resetCalls(split) : ++split.calls;
  const gate = split.words;
  const { words } = gate;
  const { bits } = indexed;
  const haystack = gate.caseless ? indexed.lower : text;
  for (let w = 0; w < words.length; w++) {
    if (!pairsPresent(gate, bits, w) || !haystack.includes(words[w]!)) continue;
    for (let i = w ? pieceEnds[w - 1]! : 0; i < pieceEnds[w]!; i++) {
      const piece = wordPieces[i]!;
      if (ranAt[piece] === call) continue;
      ranAt[piece] = call;
      if (pieces[piece]!.test(text)) return true;
    }
  }
  if (checking) for (let i = 0; i < pieces.length; i++) if (ranAt[i] !== call) check(pieces[i]!, text);
  return false;
}

function resetCalls(split: SplitAlternation): number {
  split.ranAt.fill(0);
  return (split.calls = 1);
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
