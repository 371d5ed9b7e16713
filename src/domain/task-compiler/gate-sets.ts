// Twenty-sixth session (speed): many gates asked about one text in a row. The type cues are 56
// expressions whose gates hold ~415 words, and every clause was tested against each cue's gate in
// turn: each word's character pairs, then a substring search (literal-gates.ts, mayMatch). Counted
// on the development corpus, those gate checks cost as much as running the cues that pass them.
// A gate set reads every word of its gates at once: one automaton over all the words (Aho-Corasick)
// walks the text once and marks the words it holds, and a gate passes where one of its words is
// marked. A word is marked exactly where it is a substring of the text, so each gate's answer is
// mayMatch's: the lower-cased text for a caseless gate, the text itself otherwise, and every gate
// passes on text that is not all ASCII.

import { indexOf, noteSkipped, type LiteralGate } from "./literal-gates.js";

/** An automaton over words: a state per prefix, a full transition table over the words' characters. */
interface Automaton {
  /** A character code (below 128) as a column of `next`; 0 for a character no word holds. */
  column: Uint8Array;
  columns: number;
  /** The state after state s reads column c: `next[s * columns + c]`. */
  next: Int32Array;
  /** The word a state completes, or -1. */
  wordAt: Int32Array;
  /** The nearest shorter suffix of a state's prefix that completes a word, or -1. */
  wordLink: Int32Array;
}

export interface GateSet {
  gates: readonly (LiteralGate | null)[];
  /** Gate g's words are `gateWords` from `gateEnds[g - 1]` (0 for the first) to `gateEnds[g]`. */
  gateWords: Int32Array;
  gateEnds: Int32Array;
  /** The caseless gates' words, read on the lower-cased text, and the others', read on the text. */
  caseless: Automaton | null;
  exact: Automaton | null;
  /** Per word, the last text (`texts`) that holds it. */
  presentAt: Int32Array;
  texts: number;
  /** The last text asked about and its answer (1: the gate may match). */
  lastText: string | null;
  passing: Uint8Array;
}

/** One set over gates asked about the same texts in a row; a null gate always passes. */
export function gateSetOf(gates: readonly (LiteralGate | null)[]): GateSet {
  const ids = new Map<string, number>();
  const caselessWords: [string, number][] = [];
  const exactWords: [string, number][] = [];
  const gateWords: number[] = [];
  const gateEnds: number[] = [];
  for (const gate of gates) {
    for (const word of gate?.words ?? []) {
      const key = `${gate!.caseless ? "i" : "-"}${word}`;
      let id = ids.get(key);
      if (id === undefined) {
        ids.set(key, (id = ids.size));
        (gate!.caseless ? caselessWords : exactWords).push([word, id]);
      }
      gateWords.push(id);
    }
    gateEnds.push(gateWords.length);
  }
  return {
    gates,
    gateWords: Int32Array.from(gateWords),
    gateEnds: Int32Array.from(gateEnds),
    caseless: caselessWords.length ? automatonOf(caselessWords) : null,
    exact: exactWords.length ? automatonOf(exactWords) : null,
    presentAt: new Int32Array(ids.size),
    texts: 0,
    lastText: null,
    passing: new Uint8Array(gates.length),
  };
}

/** Per gate of the set, 1 where it may match `text` (mayMatch's answer), 0 where it proves its expression cannot. Valid until the next call. */
export function passingGates(set: GateSet, text: string): Uint8Array {
  if (text === set.lastText) return set.passing;
  const { gates, gateWords, gateEnds, presentAt, passing } = set;
  set.lastText = text;
  const indexed = indexOf(text);
  if (indexed === null) return passing.fill(1);
  const stamp = set.texts === 0x7fffffff ? resetTexts(set) : ++set.texts;
  if (set.caseless) markWords(set.caseless, indexed.lower, presentAt, stamp);
  if (set.exact) markWords(set.exact, text, presentAt, stamp);
  for (let g = 0; g < gates.length; g++) {
    let pass = gates[g] === null ? 1 : 0;
    for (let i = g ? gateEnds[g - 1]! : 0; !pass && i < gateEnds[g]!; i++) if (presentAt[gateWords[i]!] === stamp) pass = 1;
    passing[g] = pass;
    if (!pass) noteSkipped(gates[g]!, text);
  }
  return passing;
}

function resetTexts(set: GateSet): number {
  set.presentAt.fill(0);
  return (set.texts = 1);
}

/** Marks (presentAt = stamp) every word of the automaton that is a substring of the ASCII text. */
function markWords(automaton: Automaton, text: string, presentAt: Int32Array, stamp: number): void {
  const { column, columns, next, wordAt, wordLink } = automaton;
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    state = next[state * columns + column[text.charCodeAt(i)]!]!;
    for (let found = wordAt[state]! >= 0 ? state : wordLink[state]!; found >= 0; found = wordLink[found]!)
      presentAt[wordAt[found]!] = stamp;
  }
}

/** The automaton of the words (ASCII, as the gates' words are), each with its id. */
function automatonOf(words: readonly [string, number][]): Automaton {
  const column = new Uint8Array(128);
  let columns = 1;
  for (const [word] of words) for (let i = 0; i < word.length; i++) if (!column[word.charCodeAt(i)]) column[word.charCodeAt(i)] = columns++;
  // The trie: children as a table, grown as states are added.
  let next = new Int32Array(64 * columns).fill(-1);
  const wordAt: number[] = [-1];
  let states = 1;
  for (const [word, id] of words) {
    let state = 0;
    for (let i = 0; i < word.length; i++) {
      const slot = state * columns + column[word.charCodeAt(i)]!;
      if (next[slot]! < 0) {
        if ((states + 1) * columns > next.length) {
          const grown = new Int32Array(next.length * 2).fill(-1);
          grown.set(next);
          next = grown;
        }
        next[slot] = states++;
        wordAt.push(-1);
      }
      state = next[slot]!;
    }
    wordAt[state] = id;
  }
  // Breadth first: each state's failure (its longest proper suffix that is a prefix) and the
  // missing transitions filled from it, so the walk needs no failure steps.
  next = next.slice(0, states * columns);
  const failure = new Int32Array(states);
  const wordLink = new Int32Array(states).fill(-1);
  const queue: number[] = [];
  for (let c = 0; c < columns; c++) {
    const child = next[c]!;
    if (child < 0) next[c] = 0;
    else queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    const fail = failure[state]!;
    wordLink[state] = wordAt[fail]! >= 0 ? fail : wordLink[fail]!;
    for (let c = 0; c < columns; c++) {
      const child = next[state * columns + c]!;
      if (child < 0) next[state * columns + c] = next[fail * columns + c]!;
      else {
        failure[child] = next[fail * columns + c]!;
        queue.push(child);
      }
    }
  }
  return { column, columns, next, wordAt: Int32Array.from(wordAt), wordLink };
}
