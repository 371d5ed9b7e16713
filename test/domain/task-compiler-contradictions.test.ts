// Contradictions and measurability, twelfth session (docs/task-compiler.md, "Detectors"): the
// detectors alone, with the escalation model off, on texts written for these tests.
import { afterEach, describe, expect, it } from "vitest";
import { detectorsOnly as detectors, kinds, modelBack, notes } from "../support/task-detectors.js";

describe("contradictions (twelfth session)", () => {
  afterEach(modelBack);

  it("reads a rule after a label with a parenthetical source, and the rules it states", () => {
    detectors();
    for (const text of [
      "Drop the old sessions_v2 table, the app stopped reading it in May. Team rule (CONTRIBUTING.md): never drop tables in a migration.",
      "Drop the audit_tmp table on db-prod-eu, nobody reads it. (DBA rule: no DROP statements against prod databases.)",
      "Upgrade pandas to 3.0 in envs/base.yml. README, section 'Setup': pandas stays pinned below 3 until the plotting code is ported.",
      "Add tests for the exporter in tests/export/. Team rule while the fixtures move: nothing under tests/export/ is to be added or changed.",
      "Rename it to parse_header everywhere: core.io.load_file only parses the header. From CONTRIBUTING.md: public names in core.io must not change.",
      "Add a 'Download CSV' button on the admin users page with name, email and phone per user. Remember: the admin must never show user emails.",
      "Split the report builder into three modules so each can be tested. No code changes this week though - just tell me how you'd do it.",
    ])
      // A rule on a path the ask names is asked as a scope contradiction, the others as constraint ones.
      expect(
        kinds(text).filter((kind) => kind.endsWith("_contradiction")),
        text,
      ).not.toEqual([]);
  });

  it("leaves rules that do not reach the ask", () => {
    detectors();
    for (const text of [
      "Add a column geom_3857 to gis.roads filled from the existing geom column, and an index on it. The existing geom column must stay as it is.",
      "Convert the callback helpers in lib/fs-utils/ to async/await. Do not change any test file.",
      "Rename the private helper `_buf()` to `_buffer()` in lib/chan.py. The public API is frozen for 3.x.",
      "Roll out geocoder 2.8.1 to the EU region. Don't deploy to the US region until legal signs off.",
      "Release radio-playout 5.0.0 to production on Tuesday. Do not deploy between 06:00 and 09:00, that's the morning show.",
      "The planner's `ShowController` has 2,700 lines. Along which seams would you cut it? Advice only: don't edit anything.",
      "The validator in signup/validators.ts rejects postcodes with a space. Don't change anything yet, just tell me how you'd fix it.",
      "Write unit tests for the parser in lib/parser/. Put them in tests/parser/ and don't modify lib/parser/ itself.",
    ])
      expect(kinds(text), text).not.toContain("constraint_contradiction");
  });
});

describe("measurability (twelfth session)", () => {
  afterEach(modelBack);

  it("asks about an evaluative purpose and a limit raised with no value", () => {
    detectors();
    for (const text of [
      "searching 'tv' shows cables first. fix the ranking so it's better",
      "raise mem for bwa_index in the cluster profile",
    ])
      expect(kinds(text), text).toContain("unmeasurable_goal");
  });

  it("takes someone else's claim or a named thing as no goal", () => {
    detectors();
    for (const text of [
      "My colleague said the informal tone is more modern. Please review PR #12, comments only.",
      "Tag v1.4.0 and publish it. Then post a note listing the new flag and the faster checksum.",
    ]) {
      expect(kinds(text), text).not.toContain("unmeasurable_goal");
      expect(notes(text), text).toMatch(/not a goal/);
    }
  });

  // Twenty-fifth session (guide25), the guide's settled row "a baseline is no target": today's
  // figure says where the work starts, not when it is done; a number the goal is stated against,
  // or a clock time the run must finish by, measures it.
  it("asks how far when only today's figure is given, not when the goal has a number or a finish time", () => {
    detectors();
    for (const text of [
      "build_index took 2h40 last night on the full run. make it quicker",
      "The nightly export takes 41 s on the small box. Make it faster.",
    ])
      expect(kinds(text), text).toContain("unmeasurable_goal");
    for (const text of [
      "build_index takes 35 s to start; make it quicker, 10 s would be great.",
      "build_index took 3h40 last night. make it faster, it has to be done before the 06:00 training run.",
    ])
      expect(kinds(text), text).not.toContain("unmeasurable_goal");
  });
});

describe("contradictions (twenty-fifth session)", () => {
  afterEach(modelBack);

  it("reads the environment a deploy rule names as its whole name", () => {
    detectors();
    // Another region's name, or a list of them, is another target than the one the deploy goes to.
    for (const text of [
      "Promote checkout-svc 4.2.0 from staging to prod-eu. Do not deploy to prod-us.",
      "Deploy matchmaker 3.9.1 to gke-prod-apac. Do not deploy in prod-eu or prod-us, only apac for now.",
      "Ship reports-api 2.0.3 to staging-2. Never deploy to staging-1, the load test runs there.",
    ])
      expect(kinds(text), text).not.toContain("constraint_contradiction");
    // The same name, or the environment a regional name is part of, is where the deploy goes.
    for (const text of [
      "Promote checkout-svc 4.2.0 from staging to prod-us. Do not deploy to prod-us.",
      "Deploy matchmaker 3.9.1 to gke-prod-apac. No deploys to production this week.",
      "Roll out geocoder 2.8.1 to prod-eu and prod-us. Don't deploy to prod-eu.",
    ])
      expect(kinds(text), text).toContain("constraint_contradiction");
  });

  it("reads a denial of changes outside a path as confining the work there, and a window as when, not whether", () => {
    detectors();
    for (const text of [
      "Add unit tests for src/geo/distance.ts in tests/geo/; don't modify any file outside tests/.",
      "Raise the coverage of lib/billing/ to 85%. No changes to files outside `lib/billing/tests/`.",
      "Promote payouts 1.12.0 from staging to production tomorrow. Don't deploy to production between 09:00 and 17:00.",
    ])
      expect(
        kinds(text).filter((kind) => kind.endsWith("_contradiction")),
        text,
      ).toEqual([]);
    // A file to change outside the confining path is still asked about.
    expect(kinds("Fix the rounding in web/src/price.ts. No changes outside api/.")).toContain("scope_contradiction");
  });

  it("reads a forbidden path the request only describes as read, where its instruction names the file it changes", () => {
    detectors();
    for (const text of [
      "The nightly job reads /etc/reports/config.yaml before ~/.reports.yaml. Fix the load order in tools/reports/config.py. Do not edit /etc/reports/config.yaml, Ansible manages it.",
      "Fix the double-counted tips in payroll/earnings/tips.py; the importer in integrations/pos/ is fine. Don't modify anything under integrations/.",
      // Thirtieth session: a bare file name in the instruction stands for the one path the request placed it at.
      "kiosk/src/render/Banner.kt clips the price line: the font size comes from kiosk/config/theme.json and is read as 12. Fix the parsing in Banner.kt, leave theme.json as it is.",
    ])
      expect(kinds(text), text).not.toContain("scope_contradiction");
    // The described file is the one to change where the instruction names no other, or moves code out of it.
    for (const text of [
      "src/export/csv.ts crashes on empty rows. Fix it. Don't touch src/export/.",
      // The bare name is the forbidden file's own.
      "kiosk/src/render/Banner.kt reads kiosk/config/theme.json. Fix the font size in theme.json. Leave kiosk/config/theme.json as it is.",
      "Our three clients (edi/clients/a.py, edi/clients/b.py) each copy a retry loop. Extract it into edi/common/retry.py. Nothing in edi/clients/ may be modified.",
    ])
      expect(kinds(text), text).toContain("scope_contradiction");
  });
});
