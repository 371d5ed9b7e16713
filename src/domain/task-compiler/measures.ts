// Measurability beside ambiguity.ts's detector (twelfth session): what makes a comparative a goal
// to measure, and what measures one from elsewhere in the request. Pure and deterministic; kept
// apart from ambiguity.ts so the referent detector and this one change independently.
import { gatedExec } from "./literal-gates.js";
import { blank } from "./blanks.js";

// A goal stated without a comparative the detector's lists know: a purpose clause that only
// evaluates the result ("fix the ranking so it's better"), and raising or lowering a resource or
// limit with no value ("raise mem for star_align"): the change is asked, how far is not said.
// Twenty-second session: a threshold, limit or cap is such a limit ("Too many false door alarms
// from LiftWatch. Raise the threshold.", ga-089; "bump the limits on the GIS server", ex-154);
// a raise someone means to make after the work ("what eats the memory before we just raise the
// limit", fp-096) is no goal of it.
const EVALUATIVE_PURPOSE =
  /\bso (?:that )?(?:it|they|this|that|the [\w-]+)(?:'s|'re| is| are| gets?| looks?| reads?| works?| feels?)\s+(?:(?:a (?:lot|bit)|much|way|a little)\s+)?better\b(?!\s+(?:to|than|for)\b)/i;
const UNSIZED_LIMIT =
  /(?<!\b(?:before|after|until|once|when|than)\s(?:we|I|they)\s(?:just\s)?)\b(?:raise|increase|bump(?: up)?|lower|decrease)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:mem(?:ory)?|ram|heap(?: size)?|cpu|cpus|cores|timeouts?|time ?limits?|walltime|disk(?: space)?|quotas?|replicas|workers|threads|thresholds?|limits?|caps?)\b(?![^.;]*?\b(?:to|by|from|at)\s+~?\d)(?![^.;]*?\d)/i;

/** A vague goal the detector's comparative lists do not hold, or null. */
export function vagueGoal(text: string): RegExpExecArray | null {
  // Twenty-fifth session (speed): both behind their literal gates (literal-gates.ts), which skip only
  // texts an expression cannot match; they ran on every clause of a goal check.
  return gatedExec(EVALUATIVE_PURPOSE, text) ?? gatedExec(UNSIZED_LIMIT, text);
}

// "my colleague said 'du' is more modern", "the argument for it is one less stateful thing to run":
// a comparative in what someone else holds, or in the case made for an option, is a claim to weigh,
// not a result the agent must reach. The speaker's own wish ("I think it should be faster") is one.
const REPORTED =
  /(?:\b(?!i\b|we\b)[a-z]+\s+(?:from\s+[\w -]+?\s+)?(?:said|says|thinks|thought|believes|believed|argues|argued|claims|claimed|insists|suggested)\b|\baccording to\b|\bthe (?:argument|case|reason|point|selling point|benefit|upside) (?:for|against|of|is)\b)[^.;]*$/i;
// "the new dry-run flag, the faster checksum": a comparative after "the" and before its noun names a
// thing that already exists (a change made, an option on the table), not what the work must reach.
const ATTRIBUTIVE = /\bthe\s+$/i;
const NOUN_AFTER = /^\s+(?!(?:than|the|it|and|or|for|to|in|on|is|are)\b)[a-z][\w-]*/i;

// Fourteenth session: "tell me if the root-cause section is clear enough for a non-technical CFO",
// "whether the rollback plan is good enough": a standard inside a yes/no question the agent is asked
// to answer is what the answer judges, not a result the work must reach. Seventeenth session: the
// thing judged may be named at length ("comment on whether the proposed automatic clearance of
// 'no-hit' searches for existing clients is acceptable"; hk-050, db-102, dl-027, ej-124 and ez-087
// are reviews that ask whether a long-named plan is sound, enough, complete or adequate). The
// question is found first and its words counted apart, so that no bounded repetition backtracks.
const QUESTION_WORD = /\b(?:if|whether)\s+/gi;
const JUDGED_TAIL = /^(?:[\w'-]+\s+){1,14}(?:is|are|was|were|looks?|reads?|seems?|feels?|sounds?)\s+(?:still\s+|really\s+)?$/i;
const judged = (before: string): boolean =>
  [...before.matchAll(QUESTION_WORD)].some((question) => JUDGED_TAIL.test(before.slice(question.index + question[0].length)));

/** Whether the comparative at `index` (of `length` characters) in the clause is no goal of the request. */
export function comparativeIsNoGoal(text: string, index: number, length: number): "reported" | "attributive" | "judged" | null {
  const before = text.slice(0, index);
  if (REPORTED.test(before)) return "reported";
  if (judged(before)) return "judged";
  if (ATTRIBUTIVE.test(before) && NOUN_AFTER.test(text.slice(index + length))) return "attributive";
  return null;
}

// "merge_counts took 3h12 last night", "the search takes like 9 seconds": a statement of how long or
// how big the thing is today. Twenty-fifth session (guide25), the guide's settled row "a baseline is
// no target" (ambiguous in 50 of 58 development entries, 48 writers against 8; dy-154, ed-088,
// eg-106, el-075 relabelled): it says where the work starts, not when it is done, so its number
// measures no goal. Before, such a clause anywhere in the text made a speed goal measured. A number
// the goal is stated against still measures it ("It takes 35 s to boot; 10 s would be great",
// "peaks at 3.8 GB RSS. Get peak memory under 500 MB"): only the statement's own number is blanked.
const BASELINE =
  /\b(?:takes?|took|taking|runs? (?:in|for)|ran (?:in|for)|lasts?|lasted|needs?|needed|loads? in|loaded in|is at|sits at|weighs?|uses?|used|eats?|peaks? at)\s+(?:like\s+|about\s+|around\s+|roughly\s+|almost\s+|nearly\s+|over\s+|up to\s+|~\s*)?\d+(?:[.,]\d+)?\s*(?:h\s*\d{1,2}\b|ms\b|s\b|secs?\b|seconds?\b|minutes?\b|mins?\b|hours?\b|hrs?\b|h\b|[kmg]i?b\b|gigs?\b)/gi;

/** The clause's words with each statement of today's time or size blanked (offsets kept). */
export const withoutBaselines = (text: string): string => text.replace(BASELINE, blank);

// A clock time the run must finish by is its target ("it has to be done before the 06:00 training
// run kicks off", ej-102; "has to finish before 06:00 when Google fetches the feed", fs-051: the 5
// such speed requests of the development split are labelled clear). Twenty-fifth session (guide25).
const FINISH_BY =
  /\b(?:has|have|needs?|must)\s+to\s+(?:be\s+(?:done|finished|complete|ready)|finish|complete|end)\s+(?:by|before)\s+(?:the\s+)?\d{1,2}[:.]\d{2}\b/i;

/** Whether the clause states a clock time its run must finish by. */
export const finishesBy = (text: string): boolean => FINISH_BY.test(text);
