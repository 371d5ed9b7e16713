// Resource refs the request names (`fs:` paths and globs, `net:` hosts), sorted into allowed
// and forbidden by the clause they appear in: "don't touch", "leave … alone", "out of scope"
// and the bullets under an "Out of scope" heading forbid; everything else allows.
import type { Clause, Span } from "./segment.js";

const FORBID =
  /\b(?:don'?t|do not|never|must not|mustn'?t|should not|shouldn'?t|may not|not allowed to|avoid|without|(?:nobody|no one) (?:may|can|should)|(?<=\bbut )not)\s+(?:\w+\s+)?(?:touch(?:ing)?|updat(?:e|ing)|modify(?:ing)?|modifications? (?:to|in)|chang(?:e|es|ing)(?: to| in)?|edit(?:s|ing)?(?: to)?|alter(?:ing)?|writ(?:e|ing)(?: to)?|delet(?:e|ing)|remov(?:e|ing)|call(?:ing)?|contact(?:ing)?|hit(?:ting)?|send(?:ing)? (?:any )?(?:requests?|traffic|calls) to|query(?:ing)?|ping(?:ing)?|access(?:ing)?|us(?:e|ing)|commit(?:ting)? to|push(?:ing)? to|mess(?:ing)? with|go(?:ing)? near|open(?:ing)?|refactor(?:ing)?|rewrit(?:e|ing)|reformat(?:ting)?)\b|\bleave\b[^;]{0,80}?\b(?:alone|as is|untouched|intact)\b|\bno (?:changes?|modifications?|edits?) (?:to|in)\b|\bmake no (?:changes|edits) (?:to|in)\b|\bnot to (?:touch|change|modify|edit|delete|remove)\b|\b(?:is|are) (?:frozen|prohibited)\b|\bshould (?:stay|remain) (?:as is|unchanged|untouched)\b|\bout of scope\b|\bnot in scope\b|\boff[- ]limits\b|\bstay out of\b|\bhands off\b|\bread[- ]only\b|\bkeep\b[^;]{0,80}?\b(?:unchanged|untouched|intact|as is)\b|\b(?:is|are) forbidden\b/i;

const EXTENSIONS =
  "ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sql|json|ya?ml|toml|ini|md|mdx|txt|sh|bash|css|scss|html|vue|svelte|prisma|graphql|gql|lock|cfg|conf|tf|xml|gradle|proto|csv|ipynb|lua|ex|exs|dart|scala";
const URL = /\bhttps?:\/\/([a-z0-9.-]+)(?::\d+)?[^\s)>\]"'`]*/gi;
const HOST = new RegExp(
  String.raw`(?<![\w@/.-])((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|co|ai|cloud|internal|gov|edu))(?![\w/.-]*\.(?:${EXTENSIONS})\b)(?![\w-])`,
  "gi",
);
const PATH = new RegExp(
  String.raw`(?<![\w@/.:*-])((?:\.{1,2}\/|[A-Za-z]:\/|\/(?=(?:var|etc|usr|opt|home|tmp|srv|mnt|root|Users|private)\/))?(?:[\w@*.-]+\/)+[\w@*.-]*|\*\*\/[\w*.-]+|\.env(?:\.[\w-]+)?|[\w*-][\w.*-]*\.(?:${EXTENSIONS})|Dockerfile|Makefile|Procfile|Jenkinsfile|LICENSE|CODEOWNERS|NOTICE|Gemfile|Rakefile|Brewfile|Vagrantfile)(?![\w/])`,
  "g",
);
const KNOWN_DIRS =
  /^(?:src|lib|libs|test|tests|spec|app|apps|packages|docs|config|configs|scripts|bin|pkg|cmd|internal|migrations|prisma|\.github|infra|deploy|charts|k8s|assets|tools|bench|fixtures|db|vendor|\*\*)$/;

export interface ScopeRef extends Span {
  ref: string;
  forbidden: boolean;
  /** From an "only touch …" clause: everything the task changes must be inside such refs. */
  only?: boolean;
}

const ONLY =
  /\bonly\s+(?:touch|change|modify|edit|update|write to|work (?:in|on))\b|\b(?:limit|restrict|confine) (?:your |the |all )?changes to\b|\bchanges? only (?:in|to)\b|\bstay (?:within|inside)\b|\bnothing outside\b/i;

export const forbids = (clause: Clause): boolean => clause.section === "forbidden" || FORBID.test(clause.text);

// A host named in passing ("401s from api.partner.com") is context; only access grants scope.
const ACCESS =
  /\b(call|calls|calling|fetch|fetching|query|querying|hit|use|using|request|poll|download|upload|post|connect|ping|curl|get|put|send|read from|scrape|open)\b/i;

export function extractScope(clauses: Clause[]): ScopeRef[] {
  const refs: ScopeRef[] = [];
  for (const clause of clauses) {
    const forbidden = forbids(clause);
    for (const found of refsIn(clause.text)) {
      if (found.ref.startsWith("net:") && !forbidden && !ACCESS.test(clause.text)) continue;
      const only = !forbidden && ONLY.test(clause.text);
      refs.push({ ref: found.ref, start: clause.start + found.index, end: clause.start + found.index + found.length, forbidden, only });
    }
  }
  return refs;
}

type FoundRef = { ref: string; index: number; length: number };
// Scope, type evidence and the contradiction detector each read a clause's refs; they depend only
// on its words, so one compile computes them once (forgetRefs() starts each compile, as
// forgetClauses() does for constraints). Callers must not mutate the returned arrays.
const REFS_CACHE_LIMIT = 4096;
const refsCache = new Map<string, readonly FoundRef[]>();

export function forgetRefs(): void {
  refsCache.clear();
}

/** The refs in one piece of text, each with where it sits. */
export function refsIn(raw: string): readonly FoundRef[] {
  const known = refsCache.get(raw);
  if (known) return known;
  if (refsCache.size >= REFS_CACHE_LIMIT) refsCache.clear();
  const found = findRefs(raw);
  refsCache.set(raw, found);
  return found;
}

function findRefs(raw: string): FoundRef[] {
  // Windows separators become "/" (same length, so offsets hold): tools\vendor\ is tools/vendor/.
  const text = raw.replace(/(?<=[\w.*:])\\(?=[\w.*]|\s|$)/g, "/");
  const found: { ref: string; index: number; length: number }[] = [];
  const taken: [number, number][] = [];
  const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && s < end);
  for (const match of text.matchAll(URL)) {
    found.push({ ref: `net:${match[1]!.toLowerCase()}`, index: match.index, length: match[0].length });
    taken.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(PATH)) {
    const raw = match[1]!.replace(/[.,:;!?)]+$/, "");
    const end = match.index + raw.length;
    if (overlaps(match.index, end) || !looksLikePath(raw, text, match.index)) continue;
    found.push({ ref: `fs:${normalizePath(raw)}`, index: match.index, length: raw.length });
    taken.push([match.index, end]);
  }
  for (const match of text.matchAll(HOST)) {
    if (overlaps(match.index, match.index + match[0].length)) continue;
    found.push({ ref: `net:${match[1]!.toLowerCase()}`, index: match.index, length: match[0].length });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** "and/or" and "client/server" are words, not paths; a path has a file, a glob or a known root. */
function looksLikePath(raw: string, text: string, index: number): boolean {
  if (!raw.includes("/")) return true;
  if (text[index - 1] === "`") return true;
  const segments = raw
    .replace(/^\.{1,2}\//, "")
    .split("/")
    .filter(Boolean);
  const last = segments.at(-1) ?? "";
  return (
    raw.endsWith("/") ||
    raw.includes("*") ||
    raw.startsWith("./") ||
    raw.startsWith("../") ||
    new RegExp(String.raw`\.(?:${EXTENSIONS})$`).test(last) ||
    KNOWN_DIRS.test(segments[0] ?? "") ||
    segments.length >= 3
  );
}

export function normalizePath(raw: string): string {
  let path = raw
    .trim()
    .replace(/^\.\//, "")
    .replace(/\/{2,}/g, "/");
  if (path.endsWith("/")) path = `${path}**`;
  return path;
}

/** Whether a forbidden ref covers an allowed one (same ref, or a directory or glob above it). */
export function covers(forbidden: string, allowed: string): boolean {
  if (forbidden === allowed) return true;
  if (!forbidden.startsWith("fs:") || !allowed.startsWith("fs:")) return false;
  const base = forbidden.replace(/\/\*\*(?:\/\*)?$/, "").replace(/\/\*$/, "");
  if (base.includes("*")) return globToRegExp(forbidden.slice(3)).test(allowed.slice(3));
  return allowed.startsWith(`${base}/`);
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) => (part.startsWith("**") ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}
