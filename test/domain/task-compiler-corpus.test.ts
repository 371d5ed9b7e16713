// The compiler against its two labeled splits (docs/task-compiler.md).
// - Development (test/fixtures/task-corpus.yaml + test/fixtures/task-corpus/*.yaml): the rules
//   are written against it, so the gate is strict: every field right, except the known misses
//   listed below, each with its reason. A listed miss that starts passing fails the test too,
//   so the list stays honest.
// - Held-out (test/fixtures/task-corpus-heldout.yaml): written by someone who never read the
//   compiler. Only aggregate numbers are printed (per-request misses only with
//   CANON_CORPUS_SHOW_HELDOUT_MISSES=1); the test fails below the floor reached so far (a
//   ratchet) and reports which of issue 14's targets are not met.
import { describe, expect, it } from "vitest";
import { TASK_TYPES } from "../../src/contracts/task-ir.js";
import {
  evaluate,
  FRESH_HELDOUT_FLOOR,
  HELDOUT_FLOOR,
  report,
  SECOND_FRESH_HELDOUT_FLOOR,
  targetFailures,
  THIRD_FRESH_HELDOUT_FLOOR,
  FOURTH_FRESH_HELDOUT_FLOOR,
  FIFTH_FRESH_HELDOUT_FLOOR,
  SIXTH_FRESH_HELDOUT_FLOOR,
  SEVENTH_FRESH_HELDOUT_FLOOR,
  EIGHTH_FRESH_HELDOUT_FLOOR,
} from "../support/task-corpus-metrics.js";
import {
  loadCorpus,
  loadFreshHeldout,
  loadHeldout,
  loadKnownMisses,
  loadSecondFreshHeldout,
  loadThirdFreshHeldout,
  loadFourthFreshHeldout,
  loadFifthFreshHeldout,
  loadSixthFreshHeldout,
  loadSeventhFreshHeldout,
  loadEighthFreshHeldout,
  type CorpusEntry,
} from "../support/task-corpus.js";

const dev = loadCorpus();
const heldout = loadHeldout();
const fresh = loadFreshHeldout();
const fresh2 = loadSecondFreshHeldout();
const fresh3 = loadThirdFreshHeldout();
const fresh4 = loadFourthFreshHeldout();
const fresh5 = loadFifthFreshHeldout();
const fresh6 = loadSixthFreshHeldout();
const fresh7 = loadSeventhFreshHeldout();
const fresh8 = loadEighthFreshHeldout();

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
  });
});

/**
 * Scores one held-out file (aggregate numbers only; per-request misses only on request), prints
 * them, and returns them for its floor. `together`: this file with the earlier ones, reported
 * against issue 14's targets.
 */
function scoreHeldout(label: string, entries: CorpusEntry[], together: { label: string; entries: CorpusEntry[] } | null) {
  const metrics = evaluate(entries);
  console.log(report(label, metrics));
  if (process.env.CANON_CORPUS_SHOW_HELDOUT_MISSES === "1") {
    console.log(metrics.misses.map((m) => `  ${m.id} ${m.field}: got ${JSON.stringify(m.got)}`).join("\n"));
  }
  expect(entries.length).toBeGreaterThanOrEqual(180);
  if (together) {
    const combined = evaluate(together.entries);
    console.log(report(together.label, combined));
    const missed = targetFailures(combined);
    console.log(`[task-corpus] ${together.label} vs issue 14's targets: ${missed.length ? `NOT MET: ${missed.join("; ")}` : "all met"}`);
  }
  return metrics;
}

describe("TaskIR compiler on the held-out corpus", () => {
  it.skipIf(heldout === null)(
    "never falls below the floor it has reached on the held-out split, and reports issue 14's targets (aggregate numbers only)",
    () => {
      const metrics = scoreHeldout("held-out split", heldout!, null);
      // Issue 14's targets are not all met yet: say which, plainly, in every run's output.
      const missed = targetFailures(metrics);
      console.log(`[task-corpus] held-out vs issue 14's targets: ${missed.length ? `NOT MET: ${missed.join("; ")}` : "all met"}`);
      expect(targetFailures(metrics, HELDOUT_FLOOR), "held-out metrics fell below the floor reached so far").toEqual([]);
    },
  );

  // The fresh files written after the first held-out one, oldest first: each scored alone against
  // its own floor, and reported together with every held-out file before it.
  const freshFiles = [
    {
      entries: fresh,
      title:
        "never falls below the floor it has reached on the fresh held-out file, and reports both files together (aggregate numbers only)",
      label: "fresh held-out file (2026-12-03)",
      together: "held-out, both files",
      floor: FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh2,
      title: "never falls below the floor it has reached on the second fresh held-out file, and reports all held-out files together",
      label: "second fresh held-out file (2026-12-03, written blind during the learned evidence)",
      together: "held-out, all files",
      floor: SECOND_FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh3,
      title: "never falls below the floor it has reached on the third fresh held-out file, and reports all four files together",
      label: "third fresh held-out file (2026-12-04, written blind during the sixth session's retraining)",
      together: "held-out, all four files",
      floor: THIRD_FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh4,
      title: "never falls below the floor it has reached on the fourth fresh held-out file, and reports all five files together",
      label: "fourth fresh held-out file (2026-12-04, written blind during the seventh session)",
      together: "held-out, all five files",
      floor: FOURTH_FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh5,
      title: "never falls below the floor it has reached on the fifth fresh held-out file, and reports all six files together",
      label: "fifth fresh held-out file (2026-12-04, written blind during the eighth session)",
      together: "held-out, all six files",
      floor: FIFTH_FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh6,
      title: "never falls below the floor it has reached on the sixth fresh held-out file, and reports all seven files together",
      label: "sixth fresh held-out file (2026-12-04, written blind during the ninth session)",
      together: "held-out, all seven files",
      floor: SIXTH_FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh7,
      title: "never falls below the floor it has reached on the seventh fresh held-out file, and reports all eight files together",
      label: "seventh fresh held-out file (2026-12-05, written blind during the tenth session)",
      together: "held-out, all eight files",
      floor: SEVENTH_FRESH_HELDOUT_FLOOR,
    },
    {
      entries: fresh8,
      title: "never falls below the floor it has reached on the eighth fresh held-out file, and reports all nine files together",
      label: "eighth fresh held-out file (2026-12-05, written blind during the eleventh session)",
      together: "held-out, all nine files",
      floor: EIGHTH_FRESH_HELDOUT_FLOOR,
    },
  ];
  freshFiles.forEach(({ entries, title, label, together, floor }, index) => {
    it.skipIf(entries === null)(title, () => {
      const earlier = [heldout, ...freshFiles.slice(0, index).map((file) => file.entries)].flatMap((file) => file ?? []);
      const metrics = scoreHeldout(label, entries!, earlier.length ? { label: together, entries: [...earlier, ...entries!] } : null);
      expect(targetFailures(metrics, floor), `${label}: metrics fell below the floor reached so far`).toEqual([]);
    });
  });

  it.runIf(heldout === null)(
    "says the held-out gate was SKIPPED (runs only while test/fixtures/task-corpus-heldout.yaml is missing)",
    () => {
      console.log(
        "[task-corpus] held-out split: SKIPPED (test/fixtures/task-corpus-heldout.yaml is missing); the held-out gate did not run",
      );
    },
  );
});
