// A rule scoped beside the ask (twenty-fourth session, branch `esc24`; docs/task-compiler.md,
// "Escalation model"). The guide: "A rule in the same text that makes the ask impossible" is
// ambiguous, "a forbidden folder that holds the file to change (con-amb-01)"; "a rule scoped
// elsewhere is clear (con-ok-01)". Where the request names the paths it changes and a rule forbids
// a neighbour of them (a folder or file under the same top folder, holding none of them), the
// writer has drawn the line between the two, and the scope detector has checked it: a forbidden
// path holding a named one is asked about as a contradiction (compile-steps.ts). The escalation
// model does not see that check; its word lean reads "don't touch", "frozen", "read-only" as it
// does in the minimal pairs where the rule does reach the ask (ei-105, ey-136, fe-147 against their
// ambiguous twins), so a question of its own on such a request asks about a rule found beside the
// work. Not where the text also holds a comparative (the guide's other family, a goal with no
// measure, which the measure detector may miss: "less of a mess", dc-033), nor where the rule or
// the ask is no plain path (a glob on every file of a kind, bk-073; a test file the request does
// not place, fe-187).
import { COMPARATIVE } from "./model/escalation-features.js";
import { covers } from "./resource-refs.js";

/** The top folder of a plain path ref ("fs:web/order/src/…" → "web"), or null for a glob or a bare file name. */
function topFolder(ref: string): string | null {
  const slash = ref.indexOf("/");
  const top = slash > 3 ? ref.slice(3, slash) : null;
  return top && ref.startsWith("fs:") && !top.includes("*") ? top : null;
}

/**
 * Why the escalation model's own question is not asked, or null: the request names the paths it
 * changes, every rule forbids a neighbour of them holding none of them, and no comparative is said.
 */
export function rulesBesideTheAsk(text: string, allowed: readonly string[], forbidden: readonly string[]): string | null {
  if (!allowed.length || !forbidden.length) return null;
  const tops = allowed.map(topFolder);
  if (tops.some((top) => top === null)) return null;
  const besideTheAsk = (ref: string) => tops.includes(topFolder(ref)) && !allowed.some((a) => covers(ref, a) || covers(a, ref));
  if (!forbidden.every(besideTheAsk)) return null;
  COMPARATIVE.lastIndex = 0;
  if (COMPARATIVE.test(text)) return null;
  return `the request names what it changes (${allowed.join(", ")}) and its rules forbid only paths beside it (${forbidden.join(", ")})`;
}
