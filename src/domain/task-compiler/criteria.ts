// Acceptance criteria: what the caller said must hold when the work is done (must, should, ensure,
// so that, or anything listed under an "Acceptance criteria" heading). A clause that states a
// constraint is not also a criterion. Split out of constraints.ts (twenty-second session).
import { hardnessOf } from "./clause-hardness.js";
import { normalizeText, sentenceCase, type Clause } from "./segment.js";

// Positive obligations: these become acceptance criteria, not constraints.
const CRITERION = /\b(must|should(?!n'?t| not)|needs? to|has to|have to|ensure|make sure|so that|verify that|confirm that|expected to)\b/i;

export interface ExtractedCriterion {
  clause: Clause;
  text: string;
}

/** What the caller said must hold when the work is done; the objective clause itself is not one. */
export function extractCriteria(clauses: Clause[], objectiveClause: Clause | null): ExtractedCriterion[] {
  const found: ExtractedCriterion[] = [];
  for (const clause of clauses) {
    if (clause === objectiveClause && clause.section !== "acceptance") continue;
    const listed = clause.section === "acceptance";
    if (!listed && (hardnessOf(clause) !== null || !CRITERION.test(clause.text))) continue;
    const text = sentenceCase(normalizeText(clause.text.replace(/^(?:and\s+|so that\s+)+/i, "")));
    if (text) found.push({ clause, text });
  }
  return found;
}
