// Invariances listed in one clause (twenty-first session). The guide's HARD list holds "a distinctive
// substring of every rule … all of them": a sentence that states that behaviour or output must not
// change and then, after a comma, a further thing that must hold ("No behaviour change, the existing
// tests must still pass untouched", fu-028; "Same behaviour, no public signature changes", fu-075;
// "No behaviour change, same rounding", fn-014; "Results must be identical, and the commission
// snapshot tests must not change", dv-161) states two rules, and the writers quote each (25 rows of
// the development split; 6 labels leave the second rule out, against the guide, and bi-147 quotes
// both as one string). segment.ts keeps such a clause whole, since the comma opens no instruction of
// its own, so the invariance is shown alone as well, beside the whole clause: the convention of
// rule-joins.ts for two rules of one sentence.
// Only an invariance of behaviour, results or output opens such a list. Other rules before a comma
// are followed by their reason as often as by a second rule ("Don't touch pricing/fare/, that one
// is frozen"; "The API is frozen for the partner apps this season, no public renames", where the
// writers quote the denial alone), so they are not split.
import type { Clause } from "./segment.js";

const INVARIANCE_HEAD =
  /^(?:(?:and|but|also|please|just|so|ps|note|reminder|important)[,:\s]+)*(?:no\s+behaviou?r\s+changes?|same\s+behaviou?r|behaviou?r\s+(?:must|should|has\s+to)\s+(?:not\s+change|(?:stay|remain|be)\s+(?:identical|the\s+same|unchanged))|(?:the\s+)?(?:results?|outputs?)\s+(?:must|should|have\s+to|has\s+to)\s+(?:be|stay|remain)\s+(?:identical|the\s+same|unchanged)|same\s+(?:results?|outputs?)(?:\s+to\s+the\s+(?:cent|penny))?)(?:\s+please)?(?=,\s)/i;
// What follows the comma: a rule by its own words (asked of the caller's reader, `binds`), or one
// more thing held the same ("same URLs", "same error codes").
const SAME_THING = /^(?:and\s+)?same\s+\w/i;
const AFTER_COMMA = /^,\s+(?:and\s+)?/i;

/**
 * The invariance that opens `clause` as a clause of its own, when a further rule follows it after a
 * comma; `binds` tells whether words state a rule alone.
 */
export function invarianceListHead(clause: Clause, masked: string, binds: (words: string) => boolean): Clause | null {
  const head = INVARIANCE_HEAD.exec(masked);
  if (!head) return null;
  const rest = masked.slice(head[0].length);
  const tail = rest.slice(AFTER_COMMA.exec(rest)?.[0].length ?? 0);
  if (!SAME_THING.test(tail) && !binds(tail)) return null;
  const end = head[0].length;
  return { ...clause, text: clause.text.slice(0, end), end: clause.start + end };
}
