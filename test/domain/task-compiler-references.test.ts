// Escalation, fourteenth session (docs/task-compiler.md, "Detectors"): what resolves a reference the
// referent detector finds, what it now finds, and the rules that reach or miss the ask. The detectors
// alone, with the escalation model off, on texts written for these tests.
import { afterEach, describe, expect, it } from "vitest";
import { detectorsOnly as detectors, kinds, modelBack, notes } from "../support/task-detectors.js";

describe("references the request resolves itself (fourteenth session)", () => {
  afterEach(modelBack);

  it.each([
    [
      "The picker in web/shop/Picker.vue saves the first colour in the list, not the one you selected. Please fix it.",
      "is said of, or contrasted with",
    ],
    ["Speed up the parser as measured by parse-bench (bench/parse_bench.py), that's the one we track each sprint.", "is said of"],
    [
      "Which commit broke CSV imports with semicolons? v3.1 accepted them and v3.2 rejects them. They found out when they uploaded the March file.",
      "tells how someone learned",
    ],
    [
      "## Bug\nRefunds no longer reach the ledger since 2.3.\n\n### Expected\nRefunds post to the ledger like before.\n\n### Task\n- read the new `refund.total` field in services/ledger/refunds.go",
      "follows the behaviour or value its clause states itself",
    ],
    [
      "Document in docs/ops/feature-flags.md that the flag is now `search.v2.enabled` (not `search_v2`). Support still looks for the old flag.",
      "the new one the request names replaces",
    ],
    [
      "Is the ingest worker on 4.2 yet or still 4.1? The partner sees missing fields and I want to know if they are on the old version.",
      "the new one the request names replaces",
    ],
    ["Make the exporter stop logging tokens (tools/export/run.py, the debug print Karim added).", "apposition to the path"],
    [
      "The bundle is 2.1 MB gzipped (source-map-explorer, `npm run size`). Goal: under 900 KB gzipped, measured the same way.",
      "earlier figure was measured",
    ],
    [
      "Can you review this migration before I run it tonight?\n\n```sql\nALTER TABLE shifts ADD COLUMN pool_id uuid;\n```\n\nIt's for the tips report Marta wants.",
      "says what the work is for",
    ],
    ["Contoso's fleet is still on 7.2. Find out why the update ring did not reach their endpoints.", "belongs to the owner"],
  ])("%j resolves its reference", (text, note) => {
    detectors();
    expect(kinds(text), text).not.toContain("unresolved_reference");
    expect(notes(text), text).toContain(note);
  });

  it("reads a common word as the tool only when it is written as a name", () => {
    detectors();
    expect(kinds("Read docs/design/quotas.md and tell me if jobs of teams over their quota are treated fairly.")).not.toContain(
      "unresolved_reference",
    );
    expect(kinds("Add the retry limit from the message in Teams to config/retry.yml.")).toContain("unresolved_reference");
  });

  it.each([
    "Make it work like before.",
    "Turn the logging back down like before.",
    "Add the filter to the orders page, the one Maria mentioned.",
    "Roll back the web frontend to the previous version.",
    "Restore the retention job and run it against staging as before.",
  ])("%j still points outside the request", (text) => {
    detectors();
    expect(kinds(text), text).toContain("unresolved_reference");
  });
});

describe("references the request does not resolve (fourteenth session)", () => {
  afterEach(modelBack);

  it.each([
    "which agent version does that customer run again?",
    "how many of those are running in prod right now?",
    "two things: 1) docstring for load_rates() in billing/rates.py 2) fix the typo Jana screenshotted 3) bump ruff to 0.8.1",
    "backfill orders.region_code from regions, then drop orders.region_name like in the plan",
    "Set max_batch_bytes in connectors/siem/prod.toml to the size they recommended (it's 1048576 now).",
  ])("%j asks what it refers to", (text) => {
    detectors();
    expect(kinds(text), text).toContain("unresolved_reference");
  });
});

describe("rules and the ask (fourteenth session)", () => {
  afterEach(modelBack);

  it("finds a manifest protected by a pronoun, and a limit named by a snake-case key", () => {
    detectors();
    for (const text of [
      "bump golang.org/x/net to v0.33.0 in router. router/go.mod and router/go.sum are frozen for the release, don't modify them",
      "Raise INVOICE_BATCH_MAX_ROWS to 5000 in config/limits.yaml. Don't change any invoice limits.",
    ])
      expect(kinds(text), text).toContain("constraint_contradiction");
  });

  it("reads a run the work waits for and a file pattern as no contradiction", () => {
    detectors();
    for (const text of [
      "Deploy rates-service 4.2.0 to prod tonight at 23:00. Do not deploy before the nightly settlement batch has finished.",
      "Extract the duplicated slug logic from blog/views/*.py into blog/slugs.py. Don't touch any file matching blog/**/migrations/*.py.",
    ])
      expect(kinds(text), text).not.toContain("constraint_contradiction");
  });

  it("reads a standard inside a question the agent answers as no goal", () => {
    detectors();
    const text = "Read docs/reports/outage-0412.md and tell me if the summary is clear enough for the board.";
    expect(kinds(text)).not.toContain("unmeasurable_goal");
    expect(notes(text)).toContain("the standard a question asks the agent to judge");
  });
});

describe("references, rules and goals (nineteenth session)", () => {
  afterEach(modelBack);

  it("reads the rest of a named set as the subject of a statement, and asks about an outside change", () => {
    detectors();
    for (const text of [
      "Checkout fails for the Leeds branch and none of the other branches do that. Find out why the payment call in shop/pay.ts fails.",
      "Each order shows twice in the picker app; when a picker closes one, the other one stays open. Find out where the duplicate comes from.",
    ])
      expect(kinds(text), text).not.toContain("unresolved_reference");
    for (const text of ["Review PR 88 in web-shop and the other one Omar opened.", "Review the diff on Omar's branch against main."])
      expect(kinds(text), text).toContain("unresolved_reference");
  });

  it("finds a production freeze in its noun form and a rule whose period is no part of its object", () => {
    detectors();
    for (const text of [
      "Roll payments-api in production back to 3.4.1. No production changes today, the month-end run is on.",
      "Set MAX_RETRIES to 5 in relay/config/prod.yaml. Don't change any prod config files this week.",
    ])
      expect(kinds(text), text).toContain("constraint_contradiction");
    const otherTarget = "auth-api 2.1.0:\n- promote the canary on prod (EU) to 100%\n- don't touch the prod-us rollout, that's next week\n";
    expect(kinds(otherTarget)).not.toContain("constraint_contradiction");
  });

  it("reads a folder a finding only reads as no scope contradiction, unless the rule keeps the agent out", () => {
    detectors();
    expect(
      kinds(
        "Find out why the nightly export on reports-02 runs out of memory; the dump is /srv/dumps/export.hprof. Don't delete anything in /srv/dumps/.",
      ),
    ).not.toContain("scope_contradiction");
    expect(kinds("find out which line in farm/sensors/poll.py drops the night readings. stay out of farm/sensors/.")).toContain(
      "scope_contradiction",
    );
  });

  it("reads a preference beside the ask as no goal to measure, and a preference alone as the goal", () => {
    detectors();
    expect(kinds("Could you upgrade lodash to 4.17.21 in web/? Ideally keep the PR small enough to review in one sitting.")).not.toContain(
      "unmeasurable_goal",
    );
    expect(kinds("Ideally the export should be faster.")).toContain("unmeasurable_goal");
  });
});
