// Path globs as Canon reads them, in one place: sensitivity labels (redaction.ts) and forbidden
// paths in compiled tasks (task-compiler/resource-refs.ts). `*` matches within one path segment,
// `**/` any number of whole segments (none included), any other `**` anything at all, `?` one
// character of a segment; every other character is itself.
//
// Written out rather than taken from picomatch (which lock-scopes.ts uses for lock scopes): it reads
// brackets, parentheses and braces as glob syntax, where paths in requests and labels use them
// literally (`app/[slug]/page.tsx`, `src/(legacy)/`), and its `**` is a globstar only as a whole
// segment, which a scheme prefix (`fs:**/secrets/*`) is not.
//
// Thirty-second session: the two hand-written converters this replaces turned `src/**/*.kt` into
// `^src/.*[^/]*\.kt$`, where `.*` and `[^/]*` can match the same characters (quadratic on a long
// path: 0.1–0.35 s at 2,000 characters in the expression audit). Here each piece is unambiguous (a
// segment's `[^/]*` cannot cross the `/` that ends it), so matching stays linear.
import { escapeRegExp } from "./regexp-escape.js";

export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*" && glob[i + 1] === "*") {
      const wholeSegments = glob[i + 2] === "/";
      source += wholeSegments ? "(?:[^/]*/)*" : ".*";
      i += wholeSegments ? 2 : 1;
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else source += escapeRegExp(ch);
  }
  return new RegExp(`^${source}$`, "s");
}
