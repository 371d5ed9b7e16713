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
//
// Why one pass: compiling the development split is most of this file's time (about 2 ms a
// request, 30,000 requests), and three files used to compile all of it again. Here each request
// is compiled once, and that one outcome is scored against its labels, validated as TaskIRV1 by
// Canon's validator and by the Kernel ABI's schema (../shared/kernel-abi, when it exists), while
// the literal gates' skip check is on (every skipped expression is run anyway, and one that
// matches is recorded; then every fourth request upper-cased, for the gates' case folding). The
// literal gates' and the ABI conformance files test their own small cases and point here.
import { describe, expect, it } from "vitest";
import { TASK_TYPES } from "../../src/contracts/task-ir.js";
import { compileTask } from "../../src/domain/task-compiler/index.js";
import { checkSkips } from "../../src/domain/task-compiler/literal-gates.js";
import { abiExists, abiRoot, errorsOf, loadAbi, warnIfAbiMissing } from "../support/kernel-abi.js";
import { evaluate, HELDOUT_TARGETS, report, targetFailures, type Metrics, type Targets } from "../support/task-corpus-metrics.js";
import { loadCorpus, loadHeldoutFiles, loadHeldoutFloors, loadKnownMisses, requestOf, type HeldoutFile } from "../support/task-corpus.js";

const dev = loadCorpus();
const skipHeldout = process.env.CANON_CORPUS_SKIP_HELDOUT === "1";
const heldout = skipHeldout ? [] : loadHeldoutFiles();
const floors = loadHeldoutFloors();

/** Development misses the compiler is known to make: `id field` → why it is not fixed yet. */
const KNOWN_DEV_MISSES = loadKnownMisses();

warnIfAbiMissing("task-compiler-corpus");

interface DevelopmentPass {
  metrics: Metrics;
  /** Requests the compiler refused (each is also a miss on every field). */
  refused: string[];
  /** `<id>: <the ABI's errors>` for each output the ABI's TaskIRV1 rejects; null without the ABI. */
  abiRejected: string[] | null;
  /** The literal gates' skips over the split and the upper-cased quarter, and the wrongly skipped expressions. */
  skips: number;
  unsound: RegExp[];
}

let pass: DevelopmentPass | undefined;
/** The one compile of the development split, run by the first test that needs it. */
function developmentPass(): DevelopmentPass {
  if (pass) return pass;
  const abiTaskIr = abiExists ? loadAbi().contract("TaskIRV1") : null;
  const refused: string[] = [];
  const abiRejected: string[] = [];
  checkSkips(true);
  const metrics = evaluate(dev, (entry, outcome) => {
    if (!outcome.ok) refused.push(`${entry.id}: ${outcome.error.code}`);
    else if (abiTaskIr && !abiTaskIr(outcome.task.ir)) abiRejected.push(`${entry.id}: ${errorsOf(abiTaskIr)}`);
  });
  // Every fourth request (by its place in the split) again, upper-cased: for the gates only.
  dev.forEach((entry, i) => {
    const request = requestOf(entry);
    if ("text" in request && i % 4 === 0) compileTask({ text: request.text.toUpperCase() });
  });
  const { skips, unsound } = checkSkips(false);
  return (pass = { metrics, refused, abiRejected: abiTaskIr ? abiRejected : null, skips, unsound });
}

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
    const { metrics } = developmentPass();
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
    // The limit is for a hung run, not a speed claim (bench:compile is): the pass over 29,881
    // requests takes a few minutes of CPU, and this host is shared.
  }, 900_000);

  it("compiles every request (none refused)", () => {
    const { refused } = developmentPass();
    expect(refused, refused.join("\n")).toEqual([]);
  }, 900_000);

  // Was test/contracts/kernel-abi-conformance.test.ts's own compile of the split.
  it.runIf(abiExists)(
    `every output validates against the Kernel ABI's TaskIRV1 (${abiRoot})`,
    () => {
      const { metrics, abiRejected } = developmentPass();
      expect(metrics.total).toBeGreaterThanOrEqual(100);
      expect(abiRejected, (abiRejected ?? []).join("\n")).toEqual([]);
    },
    900_000,
  );

  it.runIf(!abiExists)("says the ABI's TaskIRV1 check was SKIPPED (the Kernel ABI reference is missing)", () => {
    console.warn(`[task-corpus] SKIPPED: no Kernel ABI at ${abiRoot}; the development split was NOT validated against its TaskIRV1`);
  });

  // Was test/domain/task-compiler-literal-gates.test.ts's own compile of the split (with every
  // fourth request upper-cased, here too).
  it("never lets a literal gate skip a clause its expression matches", () => {
    const { skips, unsound } = developmentPass();
    expect(skips).toBeGreaterThan(dev.length * 10);
    expect([...new Set(unsound.map((pattern) => pattern.source))]).toEqual([]);
  }, 900_000);
});

// Each held-out file is compiled once: the report on all files together adds up the files' own
// metrics (evaluate scores each request alone, so the sums are what one evaluate of them all gives).
const heldoutMetrics = new Map<HeldoutFile, Metrics>();
const metricsOf = (file: HeldoutFile): Metrics => {
  let metrics = heldoutMetrics.get(file);
  if (!metrics) heldoutMetrics.set(file, (metrics = evaluate(file.entries)));
  return metrics;
};
function sum(parts: Metrics[]): Metrics {
  const add = (a: { total: number; escalated: number }, b: { total: number; escalated: number }) => ({
    total: a.total + b.total,
    escalated: a.escalated + b.escalated,
  });
  return parts.reduce((all, m) => ({
    total: all.total + m.total,
    right: Object.fromEntries(Object.entries(all.right).map(([f, n]) => [f, n + m.right[f as keyof Metrics["right"]]])) as Metrics["right"],
    ambiguous: add(all.ambiguous, m.ambiguous),
    clear: add(all.clear, m.clear),
    misses: [...all.misses, ...m.misses],
  }));
}

/** Prints one held-out score (aggregate numbers only; per-request misses only on request). */
function showHeldout(label: string, metrics: Metrics) {
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
      const metrics = showHeldout(`held-out ${file.name}`, metricsOf(file));
      const floor = floors[file.name] as Targets | undefined;
      expect(floor, `floors.yaml has no floor for ${file.name}`).toBeDefined();
      expect(targetFailures(metrics, floor), `${file.name}: metrics fell below the floor reached so far`).toEqual([]);
    });
  }

  it.runIf(heldout.length > 0)("reports all held-out files together against issue 14's targets", () => {
    const metrics = showHeldout(`held-out, all ${heldout.length} files`, sum(heldout.map(metricsOf)));
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
