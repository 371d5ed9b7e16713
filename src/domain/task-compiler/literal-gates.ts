// Cheap pre-checks for the rule expressions (fourteenth session, speed). Most rule expressions
// can only match a text that holds one of a few literal words ("fix", "repair", "resolve" for
// /\b(fix(es|ed|ing)?|repair|resolve)\b/i); a substring test for those words is far cheaper than
// running the expression, and most clauses hold none of them. The words are read off each
// expression's own source, so a rule needs no second list to keep in step: where the reading is
// not certain (escapes it does not know, a part that may be empty, a literal under a quantifier
// that may repeat it zero times) it gives up and the expression always runs. Sound only for the
// ASCII text it is asked about: a case-insensitive expression is gated only on ASCII text, where
// lower-casing the text and the words is exactly the expression's own case folding.
// Twenty-ninth session (speed): which gate words a text holds is read in one pass over the text
// (gate-word-scan.ts); a gate's check is one bit, a split alternation's word one bit each.
// test/domain/task-compiler-literal-gates.test.ts checks over the development corpus that no gate
// ever skips a clause its expression matches.

import { distributed } from "./alternatives.js";
import { gateIdOf, textBits, textHolds, textPasses, wordIdsOf } from "./gate-word-scan.js";
import { MIN_WORD, requiredWords, worth } from "./gate-words.js";

export interface LiteralGate {
  /** One of these is in every text the expression matches (lower-cased when `caseless`). */
  words: readonly string[];
  caseless: boolean;
  pattern: RegExp;
  /** The words' ids and the gate's own in the one-pass reading of texts (gate-word-scan.ts), given when first asked (-1 until then). */
  wordIds: Int32Array | null;
  id: number;
}

/** The gate read off an expression's source, or null where none is certain or worth having. */
export function literalGateOf(pattern: RegExp): LiteralGate | null {
  // Unicode and set modes parse escapes differently; those expressions always run.
  if (/[uvy]/.test(pattern.flags)) return null;
  let words = requiredWords(pattern.source);
  const caseless = pattern.flags.includes("i");
  if (!words || !words.length || words.some((w) => worth(w) < MIN_WORD - 0.5 || /[^\x20-\x7e]/.test(w))) return null;
  if (caseless) words = [...new Set(words.map((w) => w.toLowerCase()))];
  return { words, caseless, pattern, wordIds: null, id: -1 };
}

/** The gate's words' ids, registered when first needed. */
function wordIdsFor(gate: LiteralGate): Int32Array {
  return (gate.wordIds ??= wordIdsOf(gate.words, gate.caseless));
}

/** False only where the gate proves the expression cannot match `text`. Texts that are not all ASCII always pass. */
export function mayMatch(gate: LiteralGate | null, text: string): boolean {
  if (!gate) return true;
  if (gate.id < 0) gate.id = gateIdOf(wordIdsFor(gate));
  const bits = textBits(text);
  if (bits < 0 || textPasses(bits, gate.id)) return true;
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
  /** Every gated alternative's words, each once, by their ids (gate-word-scan.ts). */
  words: Int32Array;
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
    words: wordIdsOf([...piecesOfWord.keys()], pattern.flags.includes("i")),
    wordPieces: Int32Array.from([...piecesOfWord.values()].flat()),
    pieceEnds: Int32Array.from(piecesOfWord.values(), (holding) => (end += holding.length)),
    ranAt: new Int32Array(pieces.length),
    calls: 0,
  };
}

/** Whether the text matches any alternative: the ungated ones, then each piece holding a word the text holds. */
function splitTest(split: SplitAlternation, text: string): boolean {
  if (split.open?.test(text)) return true;
  const { pieces, ranAt, wordPieces, pieceEnds, words } = split;
  const bits = textBits(text);
  if (bits < 0) {
    // Not all ASCII: no gate may skip, every piece runs.
    for (let i = 0; i < pieces.length; i++) if (pieces[i]!.test(text)) return true;
    return false;
  }
  const call = split.calls === 0x7fffffff ? resetCalls(split) : ++split.calls;
  for (let w = 0; w < words.length; w++) {
    if (!textHolds(bits, words[w]!)) continue;
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
