// Hostile input: text shaped to make a rule expression backtrack (a runaway model's output, a
// pasted minified file, or someone trying to stall a Canon instance). Every request within the
// 64 KiB limit must compile, to a valid TaskIR, in about the time an ordinary long request takes.
// These are hang checks, not speed claims: each case's limit is vitest's timeout (20 s here, where
// the compiler now takes well under one second and every case took minutes or never ended before
// the fixes). Speed is measured in `npm run bench:compile`.
import { beforeAll, describe, expect, it } from "vitest";
import { validateTaskIr } from "../../src/contracts/validation.js";
import { compileTask, TASK_REQUEST_MAX_BYTES } from "../../src/domain/task-compiler/index.js";

const LIMIT = TASK_REQUEST_MAX_BYTES - 1024;
/** `head`, then `unit` repeated to about `length` characters, then `tail`. */
const run = (head: string, unit: string, tail: string, length = LIMIT): string =>
  head + unit.repeat(Math.floor((length - head.length - tail.length) / unit.length)) + tail;

function compiles(text: string): void {
  const outcome = compileTask({ text });
  expect(outcome.ok).toBe(true);
  if (outcome.ok) expect(validateTaskIr(outcome.task.ir), JSON.stringify(validateTaskIr.errors)).toBe(true);
}

describe("hostile input compiles without catastrophic backtracking", { timeout: 20_000 }, () => {
  // The first compile loads the learned models (seconds on a loaded host): done here, under the hook's
  // own timeout, so that each case's 20 s measures the case alone (it hit the limit twice at load ~10).
  beforeAll(() => {
    compileTask({ text: "fix the typo in README.md" });
  });

  // Sixteenth session: a path read both whole and character by character (exponential: twelve
  // "ab/" took more than a minute).
  it("a run of path segments after 'nothing'", () => {
    compiles(`nothing in ${"ab/".repeat(12)} x, fix the typo in README.md`);
    const outcome = compileTask({ text: "Nothing under src/main/kotlin/com/acme/legacy/ may be modified, fix the typo in README.md" });
    expect(outcome.ok && outcome.task.ir.constraints.map((c) => c.hardness)).toContain("HARD");
  });

  // Seventeenth session, found by the `recheck` ReDoS checker over every expression the compiler
  // runs (docs/task-compiler.md, "Rule expressions"): exponential in a short text.
  it.each([
    ["lead-in words that were listed both alone and in pairs ('but please')", `OH ${"BUT PLEASE PS,".repeat(27)}.`],
    ["a phone number whose digits split into groups in many ways", `call +720120${"07".repeat(30)}A`],
  ])("%s", (_name, text) => compiles(text));

  // Quadratic or worse in the length of one line: minutes at 64 KiB before each line was read in
  // pieces of at most 2,000 characters and the measure expression read numbers from their first digit.
  it.each([
    ["spaces", run("fix ", " ", "x")],
    ["digits", run("call +44", "1", "A")],
    ["digit pairs after a country code", run("call +720120", "07", "A")],
    ["dots", run("fix a", ".", "b")],
    ["a dotted name", run("see ", "a.", "!")],
    ["slashes", run("fix ", "a/", "!")],
    ["words", run("fix the bug ", "a ", "")],
    ["punctuation", run("fix it", ",.", "x")],
    ["semicolons", run("fix it", ";", "x")],
    ["dashes", run("fix it ", " - ", "x")],
    ["a heading's words", run("## ", "Ab ", "")],
    ["underscores and brackets", run("(", "_(", ":")],
    ["lead-in words", run("", "and please ", "x")],
  ])("one line of %s", (_name, text) => compiles(text));

  // The audit's second run: three whitespace quantifiers in a row after an output verb (cubic; one
  // 2,000-character line took seconds); a tab is two bytes of JSON, so one line of them.
  it("an output verb before a long run of tabs", () => compiles(`POST\tBACK ${"\t".repeat(1990)}U`));
  it("output verbs before long runs of spaces, line after line", () => compiles(run("", `give me ${" ".repeat(1990)}U\n`, "")));

  // Each line break is two bytes of JSON, so half the limit in characters.
  it("many short lines", () => compiles(run("fix\n", "x\n", "", LIMIT / 2)));
  // Nineteenth session: the risk rules read the whole request once per rule and clause (a deploy's
  // target, a role guarding money), so n lines cost n²; this run took a minute before the fix.
  it("many short lines after a deploy", () => compiles(run("deploy billing-api to prod\n", "x\n", "", LIMIT / 2)));
});
