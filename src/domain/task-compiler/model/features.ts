// The words a request is made of, as the learned evidence sees them: lower-cased tokens with a
// light suffix stripping, paths and numbers replaced by their kind, adjacent pairs, and the
// request's opening words marked as such (that is where people say what they want). Pure and
// deterministic; shared by the compiler and by scripts/train-task-model.ts so both see the same
// features.
import { kindOfPath } from "../path-kinds.js";

const PATH =
  /(?:[A-Za-z]:\\|\.{0,2}\/)?(?:[\w@.*-]+[\\/])+[\w@.*-]+|\b[\w-]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|java|kt|rb|php|cs|cpp|c|h|md|mdx|rst|txt|ya?ml|json|toml|ini|conf|env|sql|sh|tf|lock|gradle|xml|html|css|scss)\b/g;
const CONFIG_FILE = /\.(?:ya?ml|json|toml|ini|conf|env|tf|tfvars|properties)$|(?:^|[\\/])\.env(?:\.[\w-]+)?$/i;
const TOKEN = /[a-z][a-z0-9']*|\d+(?:[.,]\d+)?/g;

/** A light, rule-based stemmer: enough to fold "adds/added/adding" and "tests/testing". */
export function stem(word: string): string {
  let w = word.includes("'") ? word.replace(/'s$|'$/, "") : word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("es") && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  return w;
}

/** The tokens of a text, paths and numbers replaced by a kind token (stemmed unless `stemmed` is false). */
export function tokens(text: string, stemmed = true): string[] {
  const out: string[] = [];
  for (const match of tokenText(text).matchAll(TOKEN)) out.push(stemmed ? tokenForm(match[0]) : unstemmedForm(match[0]));
  return out;
}

/** The text the tokens are read from: paths replaced by their kind token, lower-cased. */
export const tokenText = (text: string): string =>
  (/[./\\]/.test(text) ? text.replace(PATH, (path) => ` zpath${pathKind(path)} `) : text).toLowerCase();

/** A matched token as a feature word: numbers are "znum", path kinds stay, other words are stemmed. */
export const tokenForm = (token: string): string =>
  isDigit(token.charCodeAt(0)) ? "znum" : token.startsWith("zpath") ? token : stem(token);

const unstemmedForm = (token: string): string => (isDigit(token.charCodeAt(0)) ? "znum" : token);

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

const pathKind = (path: string): string =>
  kindOfPath(path) === "TEST" ? "test" : kindOfPath(path) === "DOCS" ? "docs" : CONFIG_FILE.test(path) ? "config" : "code";

/** How many opening tokens are also counted as "the opening". */
export const OPENING = 4;
/** Tokens past this many are not read: a 60 KiB request says what it wants early. */
export const MAX_TOKENS = 400;

/** Characters read: MAX_TOKENS tokens fit well inside them. */
export const MAX_CHARS = 8192;

// Both models read the same request in one compile: the last text's features are kept.
let lastText: string | null = null;
let lastFeatures: string[] = [];

/** The distinct features of a text: unigrams, bigrams and the opening's unigrams. */
export function features(text: string): string[] {
  if (text === lastText) return lastFeatures;
  const words = tokens(text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text).slice(0, MAX_TOKENS);
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    found.add(words[i]!);
    if (i + 1 < words.length) found.add(`${words[i]} ${words[i + 1]}`);
    if (i < OPENING) found.add(`^${words[i]}`);
  }
  lastText = text;
  lastFeatures = [...found];
  return lastFeatures;
}
