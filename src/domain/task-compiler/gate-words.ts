// The literal words an expression's matches must hold, read off its source (fourteenth session,
// speed; literal-gates.ts gates the expression on them). Where the reading is not certain (escapes
// it does not know, a part that may be empty, a literal under a quantifier that may repeat it zero
// times) it gives up (null, or Unsure thrown by parse) and the expression always runs.

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
export const MIN_WORD = 3;

/**
 * How much a word is worth as a gate: its length, except that one of punctuation alone ("@",
 * "://") is rare in a request's words and is worth testing however short (sixteenth session: the
 * e-mail expressions need "@"), ranked below any word of MIN_WORD letters so no gate that had
 * such a word changes.
 */
export const worth = (word: string): number => (/^[!-/:-@[-`{-~]+$/.test(word) ? Math.max(word.length, MIN_WORD - 0.5) : word.length);

/** The literal strings one of which every match of the source holds, or null where the reading is not certain. */
export function requiredWords(source: string): string[] | null {
  try {
    return required(parse(source));
  } catch (error) {
    if (error instanceof Unsure) return null;
    throw error;
  }
}
