// Section-aware reading of long requests (docs/task-compiler-history.md, "Eighth session", "Long requests"):
// the role of each part of a long body, which findings are about the ask, and the rules read
// across parts. The escalation model is pinned to "clear" where what is tested is that it cannot
// outvote a finding, and turned off where a detector alone is tested.
import { afterEach, describe, expect, it } from "vitest";
import { validateTaskIr } from "../../src/contracts/validation.js";
import { compileTask, type CompiledTask } from "../../src/domain/task-compiler/index.js";
import type { AmbiguityDraft } from "../../src/domain/task-compiler/ambiguity.js";
import { askFindingOnLongRequest, isLongRequest } from "../../src/domain/task-compiler/long-requests.js";
import { ESCALATION_FEATURES } from "../../src/domain/task-compiler/model/escalation-features.js";
import { useEscalationModel } from "../../src/domain/task-compiler/model/escalation-evidence.js";
import { segment } from "../../src/domain/task-compiler/segment.js";

function compiled(text: string): CompiledTask {
  const outcome = compileTask({ text });
  if (!outcome.ok) throw new Error(`unexpected ${outcome.error.code}: ${outcome.error.message}`);
  expect(validateTaskIr(outcome.task.ir), JSON.stringify(validateTaskIr.errors)).toBe(true);
  return outcome.task;
}
const kinds = (task: CompiledTask) => task.ambiguities.map((a) => a.kind);
const explanation = (task: CompiledTask) => (task.ir.extensions!["x-canon.explanations"] as Record<string, string>).escalation ?? "";
const roleOf = (text: string, words: string) => segment(text).find((c) => c.text.includes(words))?.role;
// A model that always finds the request clear: what stands, stands against any vote.
const alwaysClear = () => useEscalationModel({ features: [...ESCALATION_FEATURES], weights: [...ESCALATION_FEATURES.map(() => 0), -10] });

const BACKGROUND = [
  "The cellar monitor of the dairy co-op logs the temperature of every cheese room once a minute.",
  "Since the firmware update the graphs on the dashboard are empty for rooms 3 and 4, and the night",
  "shift has been writing the readings on paper for a week now, which nobody wants to keep doing.",
].join("\n");

describe("the parts of a long request", () => {
  const issue = [
    "## Summary",
    "Exports time out.",
    "## Steps to reproduce",
    "1. Open the export page",
    "## Today",
    "| query | time |",
    "| all | 9.1 s |",
    "```",
    "Error: must not be null",
    "```",
    "> the customer wrote: never again",
    "## Acceptance criteria",
    "- exports finish",
    "## Rules",
    "- no new dependencies",
    "## Whatever else",
    "Some words here.",
  ].join("\n");

  it("gives each clause the role of the heading it sits under, until the next heading", () => {
    expect(roleOf(issue, "Exports time out")).toBe("ask");
    expect(roleOf(issue, "Open the export page")).toBe("background");
    expect(roleOf(issue, "exports finish")).toBe("acceptance");
    expect(roleOf(issue, "no new dependencies")).toBe("rules");
    expect(roleOf(issue, "Some words here")).toBeUndefined();
  });

  it("reads code and quoted lines as data, and a table row as part of its part", () => {
    expect(roleOf(issue, "must not be null")).toBe("data");
    expect(roleOf(issue, "never again")).toBe("data");
    expect(roleOf(issue, "9.1 s")).toBe("background");
  });

  it("does not take a label inside a paragraph for the heading of a new part", () => {
    const text = "## Task\nFix the import.\nError: no such file, it says.\nThen rerun it.";
    expect(roleOf(text, "Then rerun it")).toBe("ask");
  });

  it("calls a request long from 40 words or 6 lines", () => {
    expect(isLongRequest("Fix the crash in src/a.ts")).toBe(false);
    expect(isLongRequest(BACKGROUND + "\nFix it.")).toBe(true);
    expect(isLongRequest("a\nb\nc\nd\ne\nf")).toBe(true);
  });
});

describe("findings about the ask of a long request", () => {
  afterEach(() => useEscalationModel(null));
  const draft = (text: string, phrase: string, kind: AmbiguityDraft["kind"] = "unresolved_reference"): AmbiguityDraft => {
    const start = text.indexOf(phrase);
    return {
      kind,
      question: "?",
      text: phrase,
      span: { start, end: start + phrase.length },
      field: null,
      options: [],
      defaultOption: null,
      effect: { kind: "text", asCriterion: false },
    };
  };

  it("are not outvoted: a reference in the ask to something the text does not carry", () => {
    alwaysClear();
    const task = compiled(`${BACKGROUND}\n\n## Task\nRedo the dashboard the way Marta did it for the creamery.`);
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    expect(kinds(task)).toContain("unresolved_reference");
    expect(explanation(task)).toMatch(/on a long request a finding in the ask stands: What does "[^"]*the way Marta did" refer to/);
  });

  it("are outvoted as before when the same reference sits in the background", () => {
    alwaysClear();
    const task = compiled(
      `## Task\nFix the empty graphs for rooms 3 and 4 in dashboard/rooms.ts.\n\n## Background\n${BACKGROUND} We tried the way Marta did it for the creamery.`,
    );
    expect(task.status).toBe("COMPILED");
  });

  it("are outvoted as before on a short request, unless the ask needs what only someone outside has", () => {
    alwaysClear();
    expect(kinds(compiled("Fix the chart and then update those tests again"))).not.toContain("unresolved_reference");
    // Twelfth session: the manner of the ask, defined only by what Marta did, stands (referents.ts).
    const outside = compiled("Fix the chart the way Marta did it");
    expect(kinds(outside)).toContain("unresolved_reference");
    expect(explanation(outside)).toMatch(/only someone outside the request has/);
  });

  // Twenty-third session: a goal without a measure is weighed by the model on a long request, in
  // the goal as in the background (14 clear requests and no ambiguous one escalated by it alone at
  // first contact over parts 98d-98zi), as a reference back into the request is.
  it("do not count a goal without a measure as about the ask, in the background or in the goal", () => {
    const text = `## Task\nAdd a CSV export to reports/export.ts.\n## Notes\n- the old export was never faster than this`;
    expect(askFindingOnLongRequest(draft(text, "faster", "unmeasurable_goal"), segment(text), `${text}\n\n\n`)).toBeNull();
    const goal = `${BACKGROUND}\n## Goal\nMake the dashboard faster.`;
    expect(askFindingOnLongRequest(draft(goal, "faster", "unmeasurable_goal"), segment(goal), goal)).toBeNull();
  });

  it("resolve a reference to the ticket itself and one the clause spells out after a colon", () => {
    const self = `${BACKGROUND}\nPlease post the results on this ticket.`;
    expect(askFindingOnLongRequest(draft(self, "this ticket"), segment(self), self)).toBeNull();
    const colon = `${BACKGROUND}\nAnyway, the one thing I need from you: add a banner to web/hours/index.astro.`;
    expect(askFindingOnLongRequest(draft(colon, "the one thing"), segment(colon), colon)).toBeNull();
  });

  it("let the model weigh a reference back into the request, but not the same thing someone did before", () => {
    alwaysClear();
    const pair = compiled(`${BACKGROUND}\nAdd a test with two sessions where the other one gets 401.`);
    expect(pair.status).toBe("COMPILED");
    expect(explanation(pair)).toMatch(/not asked: What does "the other one" refer to/);
    const same = compiled(`${BACKGROUND}\nFix the graphs in dashboard/rooms.ts the same way Marta's script did it for the creamery.`);
    expect(same.status).toBe("NEEDS_CLARIFICATION");
    expect(explanation(same)).toMatch(/on a long request a finding in a part with no heading stands: What does "the same way" refer to/);
  });
});

describe("long requests, detectors alone", () => {
  afterEach(() => useEscalationModel(null));
  const detectors = () => useEscalationModel(null, { enabled: false });

  it("does not take today's numbers in a background part for the goal's measure", () => {
    detectors();
    const asked = compiled(
      "## Problem\nThe photo search is slow.\n\n## Today\n| query | time |\n|---|---|\n| pine | 7.9 s |\n\n## Goal\nMake the search quicker.",
    );
    expect(kinds(asked)).toContain("unmeasurable_goal");
    const measured = compiled(
      "## Performance\nThe route planning endpoint is too slow.\n\n## Target\np95 of POST /routes/plan under 400 ms.",
    );
    expect(kinds(measured)).not.toContain("unmeasurable_goal");
  });

  it("asks about a goal with no measure: as fast as possible, friendlier, quick enough, scales up better", () => {
    detectors();
    for (const goal of [
      "Search as fast as possible",
      "Make README.md friendlier for new volunteers",
      "The list must be quick enough for the staff",
      "Tune the HPA so it scales up better",
    ])
      expect(kinds(compiled(goal)), goal).toContain("unmeasurable_goal");
    expect(kinds(compiled("Answer the support mails as soon as possible"))).not.toContain("unmeasurable_goal");
  });

  it("reads a rule section against the ask", () => {
    detectors();
    const cases = [
      "## Task\nDeploy sled-tracker 3.4.0 to production on Saturday.\n\n## Notes\n- production is frozen until the race season ends",
      "## Task\nDelete all rows of races before 2010 from `results_archive`.\n\n## Rules\n- nothing in results_archive is ever deleted",
      "Add GET /shifts.ics, built with the `ical-generator` package (not installed yet).\n\n## Rules\n- no new dependencies this quarter",
      "Store the call sign in a new `members.call_sign` column and show it on the profile page.\n\n## Constraints\n- no schema changes until March",
    ];
    for (const text of cases) expect(kinds(compiled(text)), text).toContain("constraint_contradiction");
    const elsewhere = "## Task\nDeploy sled-tracker 3.4.0 to staging.\n\n## Notes\n- production is frozen until the race season ends";
    expect(kinds(compiled(elsewhere))).not.toContain("constraint_contradiction");
  });

  it("asks about documents the request neither carries nor locates", () => {
    detectors();
    expect(kinds(compiled("Fix items 3 to 7 in the attached PDF"))).toContain("unresolved_reference");
    expect(kinds(compiled("Rewrite docs/restore.md from the vendor's PDF"))).toContain("unresolved_reference");
    expect(kinds(compiled("Set the limit in alerts.yml to the one in the ops manual"))).toContain("unresolved_reference");
    const located = "The entrapment runbook (docs/runbooks/entrapment.md) lists the old hotline. Replace it with 0800 555 0199.";
    expect(kinds(compiled(located))).not.toContain("unresolved_reference");
    expect(kinds(compiled("Fix the path traversal in the attachment download in api/attachments/download.py"))).not.toContain(
      "unresolved_reference",
    );
  });
});
