// Rules that share a sentence (fourteenth session). A clause that states a rule is read alone, but
// its text is shown with the clause before it when the two make one rule:
// - a denial that leans on the clause before it for its object ("pricing/ is frozen this week,
//   don't touch it", "… go.mod and go.sum are locked for the release, don't modify them") or for
//   its verb ("One credit per driver, never two", "… changed only by the release pipeline, never by
//   hand", seventeenth session: a quoted value, "make a missing claim mean 'no branches', never
//   'all'"; twenty-second session: a passive "never" whose subject is the clause before's, "The
//   figures must come from the stored quote, never recalculated in the portal", ft-125, fh-035)
//   says nothing alone, nor does a denial of a verb alone ("unmapped values stay NULL, don't
//   guess", sixteenth session), also with up to three words after its pronoun ("Runbooks under
//   docs/runbooks/ are owned by Finance Ops; do not edit them from this repo", fifteenth session),
//   and (eighteenth session) a negative subject's ("X is owned by compliance-eng; nobody else
//   changes it", "…, nobody else edits anything in it"); twenty-third session: its verbless form ("X
//   is frozen until the January release, no changes to it", dm-132; 6 of 6 rows quote the sentence
//   as one rule or the denial alone);
// - a denial after a limit by "only" names what the limit leaves out ("I only want comments, no
//   edits", "The command must log only counts, never names or addresses");
// - two rules in one sentence, after a comma, a semicolon or a dash, are stated as one ("The public
//   SDK API is frozen until v5.0; no breaking changes", "Read-only, don't upgrade anything",
//   "`docs/api/` — it is generated from the OpenAPI spec, don't edit it by hand").
// The blind writers quote such a sentence whole (38 rows of the development split, 11 of them in
// the fourteenth session's study parts), or each rule alone, which the joined text still holds.
// A leaning denial completes the rule before it, which is then shown only inside the joined text; a
// rule that stands alone (the other two cases) is shown on its own as well, so a reader who quotes
// each rule finds each.
// Only the text is joined: each clause keeps its own span, and what a rule forbids, or whether it
// contradicts the ask, is read from its own words as before. A preference before a rule is not
// joined to it, nor are clauses on two lines.
import type { Clause } from "./segment.js";
import { OTHERS_KEPT } from "./keep-rules.js";

const LEANING_DENIAL =
  /^(?:(?:and|so|please|but)\s+)*(?:(?:don'?t|do not|never)\s+(?:\w+\s+){1,2}?(?:it|them|these|those|there)(?:\s+\w+){0,3}|no\s+(?:changes?|edits?|commits?|modifications?)\s+(?:to|in)\s+(?:it|them)(?:\s+\w+){0,3}|(?:nobody|no one)(?:\s+else)?\s+(?:\w+\s+){1,3}?(?:it|them|these|those|there)(?:\s+\w+){0,3}|(?:don'?t|do not)\s+\w+|(?:never|not)\s+(?:by|in|on|at|from|via|with|two|twice|again|before|after|\d+)\b[^,;]{0,30}|never\s+[a-z]+ed\s+(?:in|by|on|from|into|at|outside)\b[^,;]{0,30}|(?:never|not)\s+(?:'[^',;]{1,30}'|"[^",;]{1,30}"))\s*[.!)]*$/i;
const DENIAL_OPEN = /^(?:(?:and|but|please)\s+)*(?:no|not|never|nothing|don'?t|do not)\b/i;
// Twenty-sixth session (hard26): the passive "never" after "and" as after a comma. "X is kept for 10
// years and never deleted", "The PIN is never stored in clear and never written to logs", "Quotes
// produced with `--as-at` must be marked as reruns and never sent to the member" (hj-180, gf-181,
// ft-085): the denial's subject is the clause before's, so it says nothing alone and is shown with
// that clause, as ", never recalculated in the portal" is (the guide's prohibition, quoted whole by
// its writers). An irregular participle is read as an "-ed" one, and the place or agent after it may
// be left out. Whether it binds is read in constraints.ts (it binds only beside a rule).
export const CONTINUED_NEVER =
  /^(?:and\s+)?never\s+(?:[a-z]+ed|written|sent|shown|kept|held|sold|paid|given|taken|told|read)\b(?:\s+(?:in|by|on|from|into|at|outside|to)\b[^,;]{0,30})?\s*[.!)]*$/i;
const AND_GAP = /^,?\s+and\s+$/i;
const ONLY_LIMIT = /\bonly\b/i;
// Thirty-second session (hard32): what an only-limit leaves alone is shown with it as what it leaves
// out is ("Only this value, the other stay", gk-023: the writer's rule is the pair; OTHERS_KEPT).
const JOINING_GAP = /^(?:[,;]|\s+[-–—]{1,2})?\s*$/;

/** A rule already found: the clause it was read from, and the clause its text starts at. */
export interface RuleAt {
  index: number;
  hardness: "HARD" | "SOFT";
  from: Clause;
}

/**
 * Where the text of clause `index`'s rule starts when it joins the clause before it, and whether it
 * leans on that clause (then the rule before is shown only inside it).
 */
export function joinedFrom(
  clauses: Clause[],
  index: number,
  text: string,
  ruleBefore: RuleAt | null,
): { from: Clause; leans: boolean } | null {
  const clause = clauses[index]!;
  const before = clauses[index - 1];
  if (!before || before.code || clause.code || before.sentence !== clause.sentence) return null;
  const gap = text.slice(before.end, clause.start);
  const continued = CONTINUED_NEVER.test(clause.text);
  if (!JOINING_GAP.test(gap) && !(continued && AND_GAP.test(gap))) return null;
  const rule = ruleBefore?.index === index - 1 ? ruleBefore : null;
  if (rule?.hardness === "SOFT") return null;
  const leans = continued || LEANING_DENIAL.test(clause.text);
  const joins =
    leans ||
    rule?.hardness === "HARD" ||
    (ONLY_LIMIT.test(before.text) && (DENIAL_OPEN.test(clause.text) || OTHERS_KEPT.test(clause.text)));
  return joins ? { from: rule?.from ?? before, leans } : null;
}
