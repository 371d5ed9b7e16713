// The resource refs a text names, and how two of them compare: `fs:` paths, globs and file names,
// `net:` hosts (URLs, domains, localhost and IPv4 addresses). Split from scope.ts in the
// twenty-fifth session (split25), when that file passed 400 lines: finding a text's refs depends on
// its words alone and is read by the type rules, the references and the contradiction detector as
// well, while scope.ts decides which refs a request allows or forbids. The expressions are unchanged.
import { globToRegExp } from "../globs.js";
import { gatedMatchAll } from "./literal-gates.js";

const EXTENSIONS =
  "ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sql|json|ya?ml|toml|ini|md|mdx|txt|sh|bash|css|scss|html|vue|svelte|prisma|graphql|gql|lock|cfg|conf|tf|xml|gradle|kts|proto|csv|ipynb|lua|ex|exs|dart|scala";
const URL = /\bhttps?:\/\/([a-z0-9.-]+)(?::\d+)?[^\s)>\]"'`]*/gi;
// Hosts under the common generic and European/Commonwealth country domains (".ie", ".es", ".ch": a
// forbidden "sftp.ebics-gw.example.ie" was cut at ".example", fourteenth session) and ".lan".
// Twenty-fifth session (branch `hard25`): the other country domains a host is written under, for
// the same reason ("Don't connect to gw.inuvik.ksat.no yourself" was read as no host, gc-061); not
// two-letter domains that are also code members or words (".at" in "node.at", ".in", ".it", ".is").
const HOST = new RegExp(
  String.raw`(?<![\w@/.-])((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|co|ai|cloud|internal|gov|edu|example|test|local|localhost|invalid|info|biz|xyz|eu|de|uk|fr|nl|jp|ie|es|se|dk|fi|pl|ch|pt|ca|au|nz|us|lan|tv|no|be|cz|sk|hu|ro|gr|lu|br|mx|za|sg|hk|tw|kr))(?![\w/.-]*\.(?:${EXTENSIONS})\b)(?![\w-])`,
  "gi",
);
// A domain written in capitals names a service or a product ("the live GOV.UK Pay service", "ASP.NET
// Core"), not a host the work reaches (seventeenth session).
const BRAND = /^[A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+$/;
// localhost and IPv4 addresses are hosts too ("don't hit localhost:8080 or 10.0.0.5"), with or
// without a port; like any host they are scope only where they are accessed or forbidden.
const LOCAL_HOST = /(?<![\w@/.:-])(localhost|(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?::\d{2,5})?(?![\w.-]*\w)/g;
// Twenty-third session: a dotfile at the root is a file as one inside a folder is (".gitlab-ci.yml is
// managed by the platform team, agents must not edit it", hh-147; DOTFILE below).
// An absolute path under another root is a path when it ends in "/" and has two parts or more
// ("Do not modify anything under /u/lnbatch/prodjcl/", "/sw/conda/", sixteenth session); a route
// ("/api/v2/hunts/{id}/export") is not.
const PATH = new RegExp(
  String.raw`(?<![\w@/.:*-])((?:\.{1,2}\/|~\/|[A-Za-z]:\/(?:Program Files(?: \(x86\))?\/)?|\/(?=(?:var|etc|usr|opt|home|tmp|srv|mnt|root|Users|private)\/|(?!api\/|v\d+\/)(?:[\w.-]+\/){2,}(?![\w*.{:<-])))?(?:[\w@*.-]+\/)+[\w@*.-]*|\*\*\/[\w*.-]+|\.env(?:\.[\w-]+)?|\.?[\w*-][\w.*-]*\.(?:${EXTENSIONS})|go\.mod|go\.sum|Dockerfile|Makefile|Procfile|Jenkinsfile|LICENSE|CODEOWNERS|NOTICE|Gemfile|Rakefile|Brewfile|Vagrantfile)(?![\w/])`,
  "g",
);
const KNOWN_DIRS =
  /^(?:src|lib|libs|test|tests|spec|app|apps|packages|docs|config|configs|scripts|bin|pkg|cmd|internal|migrations|prisma|\.github|infra|deploy|charts|k8s|assets|tools|bench|fixtures|db|vendor|\*\*)$/;

export type FoundRef = { ref: string; index: number; length: number };
// Scope, type evidence and the contradiction detector each read a clause's refs; they depend only
// on its words, so one compile computes them once (forgetRefs() in scope.ts starts each compile, as
// forgetClauses() does for constraints). Callers must not mutate the returned arrays.
export const REFS_CACHE_LIMIT = 4096;
const refsCache = new Map<string, readonly FoundRef[]>();

/** Forgets the refs found in the compile before (forgetRefs in scope.ts). */
export function forgetFoundRefs(): void {
  refsCache.clear();
}

/** The file refs (`fs:`) a text names, in order. */
export const fsRefsIn = (text: string): string[] =>
  refsIn(text)
    .map((found) => found.ref)
    .filter((ref) => ref.startsWith("fs:"));

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
  // A trailing "\" before punctuation ends a folder too ("Never modify C:\svc\agent\, IT manages it").
  // Every match of this expression holds a backslash, and every URL "://": most texts hold neither,
  // and neither expression runs over them.
  const text = raw.includes("\\") ? raw.replace(/(?<=[\w.*:])\\(?=[\w.*]|[\s,;:)!?]|$)/g, "/") : raw;
  const found: { ref: string; index: number; length: number }[] = [];
  const taken: [number, number][] = [];
  for (const match of text.includes("://") ? gatedMatchAll(URL, text) : []) {
    found.push({ ref: `net:${match[1]!.toLowerCase()}`, index: match.index, length: match[0].length });
    taken.push([match.index, match.index + match[0].length]);
  }
  for (const match of gatedMatchAll(PATH, text)) {
    // The lookbehind starts the match at the trailing run only: linear on a long path (thirty-second session).
    const raw = match[1]!.replace(/(?<![.,:;!?)])[.,:;!?)]+$/, "");
    const end = match.index + raw.length;
    if (overlaps(taken, match.index, end) || !looksLikePath(raw, text, match.index)) continue;
    const folder = UNDER.test(text.slice(Math.max(0, match.index - 20), match.index)) && !/[.*]/.test(raw.split("/").at(-1) ?? "");
    found.push({ ref: `fs:${normalizePath(folder ? `${raw}/` : raw)}`, index: match.index, length: raw.length });
    taken.push([match.index, end]);
  }
  for (const hosts of [LOCAL_HOST, HOST]) {
    for (const match of gatedMatchAll(hosts, text)) {
      if (overlaps(taken, match.index, match.index + match[0].length) || BRAND.test(match[1]!)) continue;
      found.push({ ref: `net:${match[1]!.toLowerCase()}`, index: match.index, length: match[0].length });
      taken.push([match.index, match.index + match[0].length]);
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

// Not a closure in findRefs: under tsx each closure made costs a defineProperty of its name.
const overlaps = (taken: readonly [number, number][], start: number, end: number): boolean => taken.some(([s, e]) => start < e && s < end);

// Built once here rather than on every path looksLikePath reads. A Go module's go.mod and go.sum are
// files by name, as a Dockerfile is ("dispatch/go.mod and dispatch/go.sum are locked", fourteenth session).
const GO_MODULE_FILE = /^go\.(?:mod|sum)$/;
// Twenty-third session: a file known by its conventional name has no extension, inside a folder as
// at the root ("don't touch image-service/Dockerfile", cd-131): a path, as Dockerfile alone is.
const CONVENTIONAL_FILE = /^(?:Dockerfile|Makefile|Procfile|Jenkinsfile|Gemfile|Rakefile|Brewfile|Vagrantfile|LICENSE|CODEOWNERS|NOTICE)$/;
const FILE_EXTENSION = new RegExp(String.raw`\.(?:${EXTENSIONS})$`);
// Twenty-first session: a last part that opens with a dot names a file by the convention of
// dotfiles (".env.local", ".npmrc", ".gitlab-ci.yml"), whatever its root: "Don't touch
// portal/.env.local, that's per developer" forbids it (ft-114), as the guide's forbidden paths are
// files wherever they stand.
const DOTFILE = /^\.[A-Za-z][\w.-]*$/;

// A path after "under" ("anything under app/views/seo") names a folder even without its trailing
// "/", and is written as one (\`fs:app/views/seo/**\`), unless its last part has an extension or a glob.
const UNDER = /\b(?:under|anything in|everything in)\s+[`'"]?$/i;

// Twenty-third session: "@skv/ftl-rules", "@types/node" name npm packages by their scope, not folders
// (no development label forbids one of the 59 written so; fi-142's "No change to the exported API of
// `@skv/ftl-rules`" was read as a forbidden folder).
const SCOPED_PACKAGE = /^@[\w.-]+\/[\w.-]+$/;

/** "and/or" and "client/server" are words, not paths; a path has a file, a glob or a known root. */
function looksLikePath(raw: string, text: string, index: number): boolean {
  if (!raw.includes("/")) return true;
  if (SCOPED_PACKAGE.test(raw)) return false;
  if (text[index - 1] === "`") return true;
  const segments = raw
    .replace(/^(?:\.{1,2}|~)\//, "")
    .split("/")
    .filter(Boolean);
  const last = segments.at(-1) ?? "";
  return (
    raw.endsWith("/") ||
    raw.includes("*") ||
    raw.startsWith("./") ||
    raw.startsWith("../") ||
    raw.startsWith("~/") ||
    FILE_EXTENSION.test(last) ||
    GO_MODULE_FILE.test(last) ||
    CONVENTIONAL_FILE.test(last) ||
    DOTFILE.test(last) ||
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
