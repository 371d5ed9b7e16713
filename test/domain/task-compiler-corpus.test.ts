// The compiler against its two labeled splits (docs/task-compiler.md).
// - Development (test/fixtures/task-corpus.yaml + test/fixtures/task-corpus/*.yaml): the rules
//   are written against it, so the gate is strict: every field right, except the known misses
//   listed below, each with its reason. A listed miss that starts passing fails the test too,
//   so the list stays honest.
// - Held-out (test/fixtures/task-corpus-heldout/*.yaml): each file written blind by someone who
//   never read the compiler. Only aggregate numbers are printed (per-request misses only with
//   CANON_CORPUS_SHOW_HELDOUT_MISSES=1); each file fails below the floor it has reached (a
//   ratchet, floors.yaml) and the run reports which of issue 14's targets are not met.
//   CANON_CORPUS_SKIP_HELDOUT=1 leaves the held-out split out and says so: for rule writers, who
//   must not see even a file's floor fail (twentieth session: two reverted a change on that).
import { describe, expect, it } from "vitest";
import { TASK_TYPES } from "../../src/contracts/task-ir.js";
import { evaluate, HELDOUT_TARGETS, report, targetFailures, type Targets } from "../support/task-corpus-metrics.js";
import { loadCorpus, loadHeldoutFiles, loadHeldoutFloors, loadKnownMisses, type CorpusEntry } from "../support/task-corpus.js";

const dev = loadCorpus();
const skipHeldout = process.env.CANON_CORPUS_SKIP_HELDOUT === "1";
const heldout = skipHeldout ? [] : loadHeldoutFiles();
const floors = loadHeldoutFloors();

/** Development misses the compiler is known to make: `id field` → why it is not fixed yet. */
const KNOWN_DEV_MISSES = loadKnownMisses();

describe("TaskIR compiler on the development corpus", () => {
  it("has at least 600 requests in many styles, with unique ids, every task type and both clear and ambiguous ones", () => {
    expect(dev.length).toBeGreaterThanOrEqual(600);
    expect(new Set(dev.map((e) => e.id)).size).toBe(dev.length);
    expect(new Set(dev.map((e) => e.style)).size).toBeGreaterThanOrEqual(8);
    expect(dev.filter((e) => e.expect.ambiguous).length).toBeGreaterThanOrEqual(150);
    expect(dev.filter((e) => !e.expect.ambiguous).length).toBeGreaterThanOrEqual(300);
    const types = new Set(dev.map((e) => e.expect.type));
    for (const type of TASK_TYPES) expect(types).toContain(type);
  });

  it("gets every labeled field right except the listed known misses, and every output validates as TaskIRV1", () => {
    const metrics = evaluate(dev);
    console.log(report("development split", metrics));
    console.log(
      `[task-corpus] development split: ${Object.keys(KNOWN_DEV_MISSES).length} known misses listed in test/fixtures/task-corpus-known-misses.yaml`,
    );
    const misses = metrics.misses.map((m) => `${m.id} ${m.field}`);
    const unexpected = metrics.misses
      .filter((m) => !(`${m.id} ${m.field}` in KNOWN_DEV_MISSES))
      .map((m) => `${m.id} ${m.field}: got ${JSON.stringify(m.got)}`);
    const fixed = Object.keys(KNOWN_DEV_MISSES).filter((key) => !misses.includes(key));
    expect(unexpected, unexpected.join("\n")).toEqual([]);
    expect(fixed, "listed as known misses but now right: remove them from KNOWN_DEV_MISSES").toEqual([]);
    // Not a speed claim (bench:compile is): the whole development split, 15,291 requests, passed
    // 60 s beside the model-retraining test on two cores.
  }, 180_000);
});

/** Scores one held-out file (aggregate numbers only; per-request misses only on request) and prints it. */
function scoreHeldout(label: string, entries: CorpusEntry[]) {
  const metrics = evaluate(entries);
  console.log(report(label, metrics));
  if (process.env.CANON_CORPUS_SHOW_HELDOUT_MISSES === "1") {
    console.log(metrics.misses.map((m) => `  ${m.id} ${m.field}: got ${JSON.stringify(m.got)}`).join("\n"));
  }
  return metrics;
}

describe("TaskIR compiler on the held-out split", () => {
  it.runIf(heldout.length > 0)("has at least 180 requests in files that each have a complete floor", () => {
    expect(heldout.flatMap((file) => file.entries).length).toBeGreaterThanOrEqual(180);
    for (const file of heldout) {
      expect(Object.keys(floors[file.name] ?? {}).sort(), `floors.yaml has no complete floor for ${file.name}`).toEqual(
        Object.keys(HELDOUT_TARGETS).sort(),
      );
    }
  });

  // Each file alone against its own floor, oldest first.
  for (const file of heldout) {
    it(`never falls below the floor ${file.name} has reached (aggregate numbers only)`, () => {
      const metrics = scoreHeldout(`held-out ${file.name}`, file.entries);
      const floor = floors[file.name] as Targets | undefined;
      expect(floor, `floors.yaml has no floor for ${file.name}`).toBeDefined();
      expect(targetFailures(metrics, floor), `${file.name}: metrics fell below the floor reached so far`).toEqual([]);
    });
  }

  it.runIf(heldout.length > 0)("reports all held-out files together against issue 14's targets", () => {
    const metrics = scoreHeldout(
      `held-out, all ${heldout.length} files`,
      heldout.flatMap((file) => file.entries),
    );
    // Issue 14's targets are not all met yet: say which, plainly, in every run's output.
    const missed = targetFailures(metrics);
    console.log(`[task-corpus] held-out vs issue 14's targets: ${missed.length ? `NOT MET: ${missed.join("; ")}` : "all met"}`);
  });

  it.runIf(heldout.length === 0)(
    "says the held-out gate was SKIPPED (runs only while test/fixtures/task-corpus-heldout/ is empty or left out)",
    () => {
      const why = skipHeldout ? "left out on request, CANON_CORPUS_SKIP_HELDOUT=1" : "no file in test/fixtures/task-corpus-heldout/";
      console.log(`[task-corpus] held-out split: SKIPPED (${why}); the held-out gate did not run`);
    },
  );
});
