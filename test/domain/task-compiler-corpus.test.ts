// The compiler against a labeled corpus of 100+ requests in varied styles. Reports accuracy per
// field and fails below 100%: a wrong answer here is either a compiler defect or a wrong label,
// and both must be fixed, not tolerated.
import { describe, expect, it } from "vitest";
import { validateTaskIr } from "../../src/contracts/validation.js";
import { compileTask, type CompiledTask } from "../../src/domain/task-compiler/index.js";
import { loadCorpus, requestOf, type CorpusEntry } from "../support/task-corpus.js";

const corpus = loadCorpus();

type Field = "task_type" | "ambiguous" | "risk" | "mode" | "privacy" | "constraints" | "forbidden";

function constraintsMatch(task: CompiledTask, entry: CorpusEntry): boolean {
  const { hard, soft } = entry.expect;
  return (["HARD", "SOFT"] as const).every((hardness) => {
    const texts = task.ir.constraints.filter((c) => c.hardness === hardness).map((c) => c.text.toLowerCase());
    const expected = hardness === "HARD" ? hard : soft;
    return texts.length === expected.length && expected.every((needle) => texts.some((text) => text.includes(needle.toLowerCase())));
  });
}

function check(entry: CorpusEntry, task: CompiledTask): Record<Field, [boolean, unknown]> {
  const { ir } = task;
  const forbidden = [...ir.forbidden_scope].sort();
  return {
    task_type: [ir.task_type === entry.expect.type, ir.task_type],
    ambiguous: [(task.status === "NEEDS_CLARIFICATION") === entry.expect.ambiguous, task.ambiguities.map((a) => a.question)],
    risk: [ir.risk_class === entry.expect.risk, ir.risk_class],
    mode: [ir.interaction_mode === entry.expect.mode, ir.interaction_mode],
    privacy: [ir.privacy_class === entry.expect.privacy, ir.privacy_class],
    constraints: [constraintsMatch(task, entry), ir.constraints.map((c) => `${c.hardness}: ${c.text}`)],
    forbidden: [JSON.stringify(forbidden) === JSON.stringify([...entry.expect.forbidden].sort()), forbidden],
  };
}

describe("TaskIR compiler on the labeled corpus", () => {
  it("has at least 100 requests in several styles, with unique ids and both clear and ambiguous ones", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    expect(new Set(corpus.map((e) => e.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((e) => e.style)).size).toBeGreaterThanOrEqual(5);
    expect(corpus.filter((e) => e.expect.ambiguous).length).toBeGreaterThanOrEqual(15);
    expect(corpus.filter((e) => !e.expect.ambiguous).length).toBeGreaterThanOrEqual(60);
  });

  it("gets every labeled field right (per-field accuracy 100%) and every output validates as TaskIRV1", () => {
    const fields: Field[] = ["task_type", "ambiguous", "risk", "mode", "privacy", "constraints", "forbidden"];
    const right = Object.fromEntries(fields.map((f) => [f, 0])) as Record<Field, number>;
    const misses: string[] = [];
    for (const entry of corpus) {
      const outcome = compileTask(requestOf(entry));
      if (!outcome.ok) {
        misses.push(`${entry.id}: rejected with ${outcome.error.code}`);
        continue;
      }
      expect(validateTaskIr(outcome.task.ir), `${entry.id}: ${JSON.stringify(validateTaskIr.errors)}`).toBe(true);
      for (const [field, [ok, actual]] of Object.entries(check(entry, outcome.task)) as [Field, [boolean, unknown]][]) {
        if (ok) right[field]++;
        else misses.push(`${entry.id} ${field}: got ${JSON.stringify(actual)}`);
      }
    }
    const report = fields.map((f) => `${f.padEnd(12)} ${((100 * right[f]) / corpus.length).toFixed(1).padStart(5)}%  (${right[f]}/${corpus.length})`);
    console.log(`[task-corpus] per-field accuracy on ${corpus.length} requests:\n  ${report.join("\n  ")}`);
    expect(misses, misses.join("\n")).toEqual([]);
  });
});
