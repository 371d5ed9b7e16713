// The compiler's learned evidence (docs/task-compiler.md, "Learned evidence"): the shipped tables
// are what scripts/train-task-model.ts makes from the development split (a stale table fails
// here: run `npm run train:compiler`), every vote is explained, and the model only decides where
// the rules' evidence is weak.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generatedModels } from "../../scripts/task-model-lib.js";
import { compileTask, type CompiledTask } from "../../src/domain/task-compiler/index.js";
import { features, stem } from "../../src/domain/task-compiler/model/features.js";
import { loadModel, predict } from "../../src/domain/task-compiler/model/naive-bayes.js";
import { loadCorpus } from "../support/task-corpus.js";

const compiled = (text: string): CompiledTask => {
  const outcome = compileTask({ text });
  if (!outcome.ok) throw new Error(outcome.error.code);
  return outcome.task;
};
const explanation = (task: CompiledTask, key: string) => (task.ir.extensions!["x-canon.explanations"] as Record<string, string>)[key];

describe("learned evidence", () => {
  it("ships the tables the training script makes from the development split, byte for byte", () => {
    for (const { url, source } of generatedModels(loadCorpus())) {
      expect(readFileSync(url, "utf8") === source, `${url.pathname} is stale: run npm run train:compiler`).toBe(true);
    }
  });

  it("reads words as stems, paths and numbers as their kind, and marks the opening words", () => {
    expect(["adds", "added", "adding", "tests", "queries", "class"].map(stem)).toEqual(["add", "add", "add", "test", "query", "class"]);
    const found = features("Fix tests/api.test.ts in 3 places");
    expect(found).toEqual(expect.arrayContaining(["^fix", "fix", "zpathtest", "znum", "fix zpathtest"]));
  });

  it("scores with a deterministic naive Bayes and names the features behind its vote", () => {
    const model = loadModel({
      classes: ["A", "B"],
      alpha: 0.5,
      docs: [2, 2],
      totals: [4, 4],
      counts: { apple: [0, 2], pear: [1, 2], fruit: [0, 2, 1, 2] },
    });
    const prediction = predict(model, "apple fruit");
    expect(prediction.ranked[0]!.label).toBe("A");
    expect(prediction.ranked[0]!.p).toBeGreaterThan(0.5);
    expect(prediction.because).toContain("apple");
    expect(predict(model, "apple fruit")).toEqual(prediction);
  });

  it("explains its vote on every free-text request, beside the rules' evidence", () => {
    const task = compiled("Add a dark mode toggle to the settings page");
    expect(task.ir.task_type).toBe("FEATURE");
    expect(explanation(task, "task_type")).toMatch(/FEATURE by weighed evidence .*; model: FEATURE \d\.\d\d \(features: [^)]+\) agrees/);
  });

  it("does not outvote strong rule evidence, and an explicit type wins over both", () => {
    const task = compiled("fix: the CSV export drops the header row");
    expect(task.ir.task_type).toBe("BUG_FIX");
    const outcome = compileTask({ request: { title: "Add a dark mode toggle", taskType: "DOCS" } });
    expect(outcome.ok && outcome.task.ir.task_type).toBe("DOCS");
  });

  it("never lets a request with no type evidence through: its guess is asked about", () => {
    const task = compiled("can you help with that thing");
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    expect(task.ambiguities.map((a) => a.kind)).toContain("undetermined_task_type");
  });
});
