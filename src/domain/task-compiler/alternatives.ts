// How an expression's source splits into alternatives a test may run apart (literal-gates.ts,
// gatedTest: a text matches A|B|C iff it matches A, B or C). Pure reading of the source: the
// bars at the top level, or those of one group written out with what stands around it.

/**
 * The alternatives a test may run apart: the top-level ones, or where there is one, those of its
 * first top-level group written out with what stands before and after it ("\b(A|B)\b" is
 * "\b(?:A)\b|\b(?:B)\b" for a test: HARD_ANYWHERE's phrases). Not a group under a quantifier or a
 * lookaround, which do not distribute so.
 */
export function distributed(source: string, least: number): string[] {
  const top = topLevelAlternatives(source);
  if (top.length > 1) return top;
  let depth = 0;
  let inClass = false;
  let open = -1;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") i++;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") {
      if (depth++ === 0) open = i;
    } else if (ch === ")" && --depth === 0) {
      const head = source.slice(open + 1, open + 4);
      const inner = source.startsWith("?:", open + 1) ? open + 3 : head.startsWith("?") && !head.startsWith("?<") ? -1 : open + 1;
      if (inner < 0 || /^\?<[=!]/.test(head) || /^[*+?{]/.test(source.slice(i + 1))) return top;
      const named = source.startsWith("?<", open + 1) ? source.indexOf(">", open) + 1 : inner;
      const alternatives = topLevelAlternatives(source.slice(named, i));
      if (alternatives.length < least) return top;
      return alternatives.map((alternative) => `${source.slice(0, open)}(?:${alternative})${source.slice(i + 1)}`);
    }
  }
  return top;
}

/** An expression's source split at its top-level bars (not inside a group or a class, not escaped). */
function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") i++;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "|" && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}
