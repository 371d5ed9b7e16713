// Thirtieth session (hard30): a verbless "same <thing>" clause after a change is HARD where the thing
// is what the change must leave as it was: the guide's "same X, same Y" row (twenty-ninth session,
// guide29: "where it names what the change must leave as it was (behaviour, props, exports, roles,
// fees, output) it is HARD, recorded as written, the whole 'same X, same Y' as one string"). The
// rules before it read it by the noun only ("same behaviour", "same results", "same routes"), and
// writers name every kind of result: "Same rendering, same props" (dh-092), "Same bands, same fees"
// (gi-167), "same JSON in the response" (fw-169), "same DIN values" (gs-193), "same output files"
// (gt-161). What the guide keeps out, each by its principle, not by a list of the rows' words:
// - the conditions a measurement is taken under ("same box", "same benchmark, same runner", "same 3
//   pods"): the target's baseline, not a rule (SETUP below);
// - a comparison with another thing ("same format as the other events", "same like Jonas did"): the
//   design of new work; only "as today / now / before" keeps what exists;
// - a description of the problem ("same devices, same firmware", "same text, same timestamp, two
//   bubbles"): in a question, in background, beside words that are not "same …", or after a clause
//   that states a fact ("February was fine, same employees, same pay");
// - a restatement of a rule in its own sentence ("No behaviour change: same retries, same log lines",
//   "Same Display strings, no behaviour change": 6 writers of 8 label only the rule);
// - the work: a refactor or a performance change promises what it leaves as it was; after other
//   work "same <thing>" more often repeats a step elsewhere ("same in values-staging.yaml", "same
//   limit for the document upload") or describes ("same panic every time");
// - a bracket, colon or code-like item ("(status.ts, same exports)", "same stage: agent label …"):
//   an aside or a definition, not a clause of its own.
import type { TaskType } from "../../contracts/task-ir.js";
import type { Clause } from "./segment.js";

/** Whether the work is a change that must leave its results as they were (refactor, performance). */
export const changeKeepsResults = (taskType: TaskType | undefined): boolean => taskType === "REFACTOR" || taskType === "PERFORMANCE";

// The word after "same" that refers to something else, not to a result of the work.
const REFERENCE =
  /^(?:as|like|thing|things|way|again|here|for|one|ones|happened|problem|problems|bug|bugs|issue|issues|error|errors|crash|symptoms?|story|procedure|approach|pattern|idea|time|day|week|month|year|question|\d)\b/i;
// What a measurement or a run is taken on or with: the baseline, not a result (guide29: "same
// benchmark, same runner", "same script, same 3 pods", "same box").
const SETUP =
  /\b(?:box|machine|hardware|host|server|runner|nodes?|pods?|cluster|benchmark|data\s*set|inputs?|script|seed|configs?|settings|code|image|load|fixtures?|environment|setup|size|scene|instance|devices?|firmware|package|versions?|hyperparameters|parameters|split|scenario|tool|steps?|structure|look|style|tone|format|pr)\b/i;
// A verb or a count of occasions in the item: a statement, not a verbless rule ("Same PR is fine",
// "same logic copy-pasted each time").
const STATEMENT = /\b(?:is|are|was|were|fine|ok|okay|each\s+time|every\s+time|both\s+times)\b/i;
// A comparison with another thing than the state before the change.
const COMPARED = /\b(?:as|like)\s+(?!(?:today|now|before|currently|it\s+is|they\s+are|the\s+current\b|the\s+existing\b|today'?s\b))\S/i;
// One item: "same" and a short noun phrase with its qualifier ("same output within 0.5%", "Same
// numbers out to 3 decimals", "same results for the same input").
const SAME_ITEM = /^(?:and\s+)?same\s+(\S+(?:\s+\S+){0,7})$/i;
// A clause before it in the sentence that states a fact ("February was fine", "prometheus-1 fine").
const FACT = /\b(?:was|were|is|are|fine|had|has)\b/i;

/** Whether every comma- or "and"-joined part of a text is a "same <result>" item. */
export function sameResults(text: string): boolean {
  const items = text
    .trim()
    .replace(/[.!]+$/, "")
    .split(/,\s*|\s+and\s+(?=same\b)/i);
  return items.every((item) => {
    const match = SAME_ITEM.exec(item.trim());
    if (!match) return false;
    const thing = match[1]!;
    // The noun phrase before its qualifier ("same output files" of "same output files for …").
    const noun = thing.split(/\s(?:for|on|in|to|within|out|apart|from|at|across)\b/i)[0]!;
    return !/[():+`]/.test(thing) && !STATEMENT.test(thing) && !SETUP.test(noun) && !REFERENCE.test(thing) && !COMPARED.test(thing);
  });
}

/** Whether another clause of the clause's sentence is a rule, or the sentence is a question. */
export function besideQuestionOrRule(clauses: Clause[], index: number, ruled: (clause: Clause) => boolean): boolean {
  const clause = clauses[index]!;
  const inSentence = clauses.filter((other) => other.sentence === clause.sentence);
  return inSentence.some((other) => other.text.trim().endsWith("?") || (other !== clause && ruled(other)));
}

/**
 * Whether a clause is a verbless "same <result>" rule after the ask: not the request's first clause,
 * not in a question, background or code, and not beside another rule or a fact in its sentence.
 */
export function keepsSameResults(clauses: Clause[], index: number, ruled: (clause: Clause) => boolean): boolean {
  const clause = clauses[index]!;
  if (index === 0 || clause.code || clause.heading || clause.role === "background" || clause.role === "data") return false;
  if (!sameResults(clause.text) || besideQuestionOrRule(clauses, index, ruled)) return false;
  const before = clauses[index - 1]!;
  return before.sentence !== clause.sentence || !FACT.test(before.text);
}

/**
 * Whether the words after a comma in a clause are a trailing "same <result>" rule after the ask
 * ("Please make it under 500 ms with a join or prefetch, same JSON in the response", fw-169), not
 * after a fact ("February was fine, same employees, same pay") or in a question; nor inside a run of
 * "same" items, which keepsSameResults reads whole.
 */
export const trailingSameResults = (head: string, rest: string): boolean =>
  !FACT.test(head) && !SAME_ITEM.test(head.trim()) && !rest.trim().endsWith("?") && sameResults(rest);
