// Which gate words a text holds, found in one pass over the text (twenty-ninth session, speed).
// Every literal gate (literal-gates.ts) asks whether a text holds one of its words. Asked gate by
// gate, that was ~272 checks a short request, each testing ~10 words by their character pairs and
// a substring search: by the replay of twenty-seventh session (speed27) the checks cost more than
// the expressions they skipped. Here every gate word is registered once, and a text is read once
// when first asked about: each position's three characters are looked up in a 4 KB bit table of
// the words' openings (one load, in the first-level cache; most positions stop there), the few
// words opening that way are compared there, and each word found sets its own bit and its gates'
// bits. A gate's check is then one bit.
//
// Not Aho-Corasick: speed26 tried one (the type cues' gates) and its 298 KB table was cold in a
// whole compile; the openings' bit table is 4 KB and the word lists behind it are read only where a
// word may open. No npm package was taken: the ones found build an automaton of the same kind.
//
// Exact, not approximate: a caseless word is found in the lower-cased text, a case-sensitive one in
// the text itself at the same place (on ASCII, lower-casing moves no character), at every place
// it occurs; a word shorter than three characters (punctuation alone, such as "@") is looked for
// with `includes`. Texts with a character past ASCII are not read (the gates then pass them).

/** A character's symbol: each letter its own, the digits one, a space one, other characters four (a shared symbol only sends more places to the exact comparison). */
const SYMBOL = new Uint8Array(128).map((_, c) => (c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 : c === 32 ? 27 : 28 + (c % 4)));
const openingOf = (a: number, b: number, c: number): number => (SYMBOL[a]! << 10) | (SYMBOL[b]! << 5) | SYMBOL[c]!;

/** A registered word: its text (lower-cased when caseless), whether it is caseless, and the gates holding it. */
interface Word {
  text: string;
  caseless: boolean;
  gates: number[];
}
const words: Word[] = [];
const wordIds = new Map<string, number>();
let gateCount = 0;

// Built from `words` when first needed after a registration: whether some word of three
// characters or more opens with each symbol triple (32,768 bits), the words opening with each
// triple (`openers` from `openerStarts[triple]` to `openerStarts[triple + 1]`), and the shorter words.
const OPENINGS = new Uint32Array(1024);
let openerStarts = new Int32Array(32769);
let openers = new Int32Array(0);
let shortWords = new Int32Array(0);
let built = true;

/** The ids of these words (lower-cased already when caseless), each registered once. */
export function wordIdsOf(list: readonly string[], caseless: boolean): Int32Array {
  return Int32Array.from(list, (text) => {
    const key = (caseless ? "i" : "s") + text;
    let id = wordIds.get(key);
    if (id === undefined) {
      wordIds.set(key, (id = words.length));
      words.push({ text, caseless, gates: [] });
      changed();
    }
    return id;
  });
}

/** A new gate's id: one bit of every text read after it, set when the text holds any of its words. */
export function gateIdOf(ids: Int32Array): number {
  const gate = gateCount++;
  for (const id of ids) words[id]!.gates.push(gate);
  changed();
  return gate;
}

/** A registration makes every text already read incomplete: they are read again. */
function changed(): void {
  built = false;
  clearTexts();
}

function build(): void {
  OPENINGS.fill(0);
  const byOpening = new Map<number, number[]>();
  const short: number[] = [];
  words.forEach(({ text }, id) => {
    if (text.length < 3) return void short.push(id);
    const lower = text.toLowerCase();
    const opening = openingOf(lower.charCodeAt(0), lower.charCodeAt(1), lower.charCodeAt(2));
    OPENINGS[opening >> 5]! |= 1 << (opening & 31);
    const list = byOpening.get(opening) ?? [];
    if (!list.length) byOpening.set(opening, list);
    list.push(id);
  });
  openerStarts = new Int32Array(32769);
  const flat: number[] = [];
  for (let opening = 0; opening < 32768; opening++) {
    openerStarts[opening] = flat.length;
    flat.push(...(byOpening.get(opening) ?? []));
  }
  openerStarts[32768] = flat.length;
  openers = Int32Array.from(flat);
  shortWords = Int32Array.from(short);
  const stride = Math.ceil(words.length / 32) + Math.ceil(gateCount / 32);
  if (stride > bitsPerText) {
    bitsPerText = Math.max(stride, 2 * bitsPerText);
    BITS = new Uint32Array(TEXT_LIMIT * bitsPerText);
  }
  gateBitsAt = Math.ceil(words.length / 32);
  built = true;
}

// Each text read, by where its bits start in BITS (word bits first, then from `gateBitsAt` the
// gate bits), or -1 for a text not all ASCII; a pure function of the text and the registered words,
// so the cache only saves work. Emptied when full or when a word or gate is registered.
const TEXT_LIMIT = 2048;
const texts = new Map<string, number>();
let bitsPerText = 64;
let BITS = new Uint32Array(TEXT_LIMIT * bitsPerText);
let gateBitsAt = 0;
let nextText = 0;
// The last text asked about, kept apart: most questions in a row are about the same clause, and
// comparing it (often the very same string) is cheaper than the Map's lookup.
let lastText: string | null = null;
let lastBits = -1;

function clearTexts(): void {
  texts.clear();
  nextText = 0;
  lastText = null;
  lastBits = -1;
}

/** Where the text's bits start (textHolds, textPasses), or -1 when it is not all ASCII and no gate may skip it. */
export function textBits(text: string): number {
  if (text === lastText) return lastBits;
  let bits = texts.get(text);
  if (bits === undefined) bits = readText(text);
  lastText = text;
  lastBits = bits;
  return bits;
}

/** Whether the text whose bits start at `bits` holds the word. */
export const textHolds = (bits: number, word: number): boolean => (BITS[bits + (word >> 5)]! & (1 << (word & 31))) !== 0;

/** Whether the text whose bits start at `bits` holds a word of the gate. */
export const textPasses = (bits: number, gate: number): boolean => (BITS[bits + gateBitsAt + (gate >> 5)]! & (1 << (gate & 31))) !== 0;

function readText(text: string): number {
  if (!built) build();
  if (texts.size >= TEXT_LIMIT) clearTexts();
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) > 0x7f) {
      texts.set(text, -1);
      return -1;
    }
  const bits = nextText * bitsPerText;
  nextText++;
  BITS.fill(0, bits, bits + bitsPerText);
  const lower = text.toLowerCase();
  for (let s = 0; s < shortWords.length; s++) {
    const id = shortWords[s]!;
    const word = words[id]!;
    if ((word.caseless ? lower : text).includes(word.text)) mark(bits, id);
  }
  const last = text.length - 3;
  for (let i = 0; i <= last; i++) {
    const opening = openingOf(lower.charCodeAt(i), lower.charCodeAt(i + 1), lower.charCodeAt(i + 2));
    if (!(OPENINGS[opening >> 5]! & (1 << (opening & 31)))) continue;
    for (let o = openerStarts[opening]!; o < openerStarts[opening + 1]!; o++) {
      const id = openers[o]!;
      if (textHolds(bits, id)) continue;
      const word = words[id]!;
      if ((word.caseless ? lower : text).startsWith(word.text, i)) mark(bits, id);
    }
  }
  texts.set(text, bits);
  return bits;
}

function mark(bits: number, id: number): void {
  BITS[bits + (id >> 5)]! |= 1 << (id & 31);
  const { gates } = words[id]!;
  for (let g = 0; g < gates.length; g++) BITS[bits + gateBitsAt + (gates[g]! >> 5)]! |= 1 << (gates[g]! & 31);
}
