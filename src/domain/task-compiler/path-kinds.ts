// What kind of file a path names. The files a request asks to change say what kind of work it
// is, whatever verb it uses: "make tests/e2e/upload.spec.ts less flaky" is test work,
// "fix the typo in docs/setup.md" is docs. Config files are not listed: their names are
// weighed as CONFIG_CHANGE cues already (classify.ts), and counting them twice would outvote
// the bug a config value causes.
// Test fixtures are data the tests read, not tests: changing them is ordinary code work.
import type { TaskType } from "../../contracts/task-ir.js";

const KINDS: [RegExp, TaskType][] = [
  [/(?:^|\/)fixtures?\//i, "UNCLASSIFIED"],
  [/(?:^|\/)(?:tests?|__tests__|specs?|e2e)\/|\.(?:test|spec)\.\w+$|_test\.\w+$|(?:^|\/)test_\w+\.py$/i, "TEST"],
  [/\.(?:md|mdx|rst|adoc)$|(?:^|\/)docs?\/|(?:^|\/)(?:README|CHANGELOG|CONTRIBUTING)\b/i, "DOCS"],
];

/**
 * One character of a clause, or a whole path (a run of path characters with a slash in it) as one
 * word, for rules that read "Nothing under <path> may be modified" (sixteenth session). Each
 * character has exactly one reading: a run with a slash ahead is taken whole, to the run's end; any
 * other character alone. A path read both whole and character by character made a failing match
 * exponential (ten "ab/" took 1.8 s, a held-out request 88 s).
 */
export const PATH_OR_CHARACTER = String.raw`(?:[\w.@*-]*\/[\w./@*-]*(?![\w./@*-])|[^;\w./@*-]|[\w.@*-](?![\w.@*-]*\/))`;

// Thirty-first session (hard31): a path with a folder and a further folder or an extension
// ("berthmaster/app/models/berth_rate.rb", "hivemove/scheduler.py"), where a unit with a slash
// ("m/s", "ng/ml") has neither: what a trailing ", not <path>" names (rule-phrasings.ts, scope.ts).
export const PATH_WITH_PART = String.raw`[\x60'"]?[\w~-][\w.~-]*[/\\][\w.~-]*[/\\.]\w`;
/** The trailing contrast after the ask that such a path follows: ", not in", ", but not the". */
export const CONTRAST_LEAD = String.raw`,\s+(?:but\s+)?not\s+(?:(?:in|under|inside|into|to|on)\s+)?(?:the\s+)?`;

// A machine known by its bare name, without a domain: letters, digits and hyphens, at least five,
// ending in a digit ("arc-rx02", "FIN-APP01", "labsrv02": forbidding-clauses.ts reads it after a
// verb of access, rule-phrasings.ts and scope.ts in a trailing "not <machine>").
export const MACHINE_NAME = String.raw`(?=[a-z0-9-]{5})[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?<=\d)`;

/** The kind of work a file path implies, or null for ordinary code (and fixtures). */
export function kindOfPath(path: string): TaskType | null {
  const kind = KINDS.find(([pattern]) => pattern.test(path))?.[1];
  return kind && kind !== "UNCLASSIFIED" ? kind : null;
}
