// One test per extraction rule of the TaskIR compiler, plus the clarification round trip.
// The corpus test covers the same rules on realistic requests; these pin each rule down alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateTaskIr } from "../../src/contracts/validation.js";
import { canonicalJson } from "../../src/domain/content-hash.js";
import {
  clarificationsFor,
  compileTask,
  completionPolicyFor,
  type CompiledTask,
  type TaskRequest,
} from "../../src/domain/task-compiler/index.js";
import { useEscalationModel } from "../../src/domain/task-compiler/model/escalation-evidence.js";
import { segment } from "../../src/domain/task-compiler/segment.js";

// The detectors alone: the escalation model, which weighs their questions with the words of the
// whole request, is tested in task-compiler-model.test.ts and measured by the corpus test.
const detectorsAlone = () => {
  beforeAll(() => useEscalationModel(null, { enabled: false }));
  afterAll(() => useEscalationModel(null));
};

function compiled(request: TaskRequest | string): CompiledTask {
  const outcome = compileTask(typeof request === "string" ? { text: request } : request);
  if (!outcome.ok) throw new Error(`unexpected ${outcome.error.code}: ${outcome.error.message}`);
  expect(validateTaskIr(outcome.task.ir), JSON.stringify(validateTaskIr.errors)).toBe(true);
  return outcome.task;
}
const kinds = (task: CompiledTask) => task.ambiguities.map((a) => a.kind);
const spans = (task: CompiledTask) =>
  task.ir.extensions!["x-canon.spans"] as Record<string, { start: number; end: number; text: string } | { field: string }>;

describe("segmentation", () => {
  it("splits sentences and clauses and keeps exact spans into the request", () => {
    const text = "Fix the crash in src/a.ts, but don't touch src/b.ts. Prefer small diffs.";
    for (const clause of segment(text)) expect(text.slice(clause.start, clause.end)).toBe(clause.text);
    expect(segment(text).map((c) => c.text)).toEqual(["Fix the crash in src/a.ts", "don't touch src/b.ts", "Prefer small diffs"]);
  });

  it("gives bullets under a known heading its section, and a paragraph ends it", () => {
    const clauses = segment("Do X.\n\nAcceptance criteria:\n- a works\n- b works\nOut of scope:\n- lib/old/\nThanks");
    expect(clauses.map((c) => [c.text, c.section])).toEqual([
      ["Do X", null],
      ["a works", "acceptance"],
      ["b works", "acceptance"],
      ["lib/old/", "forbidden"],
      ["Thanks", null],
    ]);
  });
});

describe("task type", () => {
  it.each([
    ["Fix the null check in src/a.ts", "BUG_FIX"],
    ["Implement CSV export for reports", "FEATURE"],
    ["Refactor src/db.ts to extract the pool setup", "REFACTOR"],
    ["Write unit tests for lib/math.ts", "TEST"],
    ["Document the config options in README.md", "DOCS"],
    ["Investigate why the worker restarts every hour", "INVESTIGATE"],
    ["Review PR #12", "REVIEW"],
    ["Reduce p99 latency of /search to 200 ms", "PERFORMANCE"],
    ["Fix the SQL injection in api/search.py", "SECURITY_FIX"],
    ["Bump axios to 1.7.4", "DEPENDENCY_UPDATE"],
    ["Set the cache TTL to 60s in config/cache.yaml", "CONFIG_CHANGE"],
    ["Backfill the slug column for existing posts", "DATA_MIGRATION"],
    ["Deploy v1.4.2 to staging", "DEPLOY"],
    ["Check the disk usage on build-3", "OBSERVE_ENVIRONMENT"],
  ])("%s → %s", (text, type) => {
    const task = compiled(text);
    expect(task.ir.task_type).toBe(type);
    expect(spans(task).task_type).toMatchObject({ text: expect.any(String) });
  });

  it("is UNCLASSIFIED with a question (and the tied types as options) when the text supports no single type", () => {
    const task = compiled({ request: { title: "Q3 chores for the parser in src/parse.ts", labels: ["docs", "tests"] } });
    expect(task.ir.task_type).toBe("UNCLASSIFIED");
    const question = task.ambiguities.find((a) => a.kind === "undetermined_task_type")!;
    expect(question.options.sort()).toEqual(["DOCS", "TEST"]);
  });

  it("an explicit field wins; a contradicting text is a question whose default is the explicit value", () => {
    const task = compiled({ request: { title: "Fix the crash on save in editor/save.ts", taskType: "DOCS" } });
    expect(task.ir.task_type).toBe("DOCS");
    expect(task.ambiguities).toEqual([
      expect.objectContaining({ kind: "field_contradiction", options: ["DOCS", "BUG_FIX"], default_option: "DOCS" }),
    ]);
    expect(spans(task).task_type).toEqual({ field: "/request/taskType" });
  });

  it("an explicit type of no less risk than the text's stands without a question, the disagreement explained", () => {
    const task = compiled({
      request: { title: "Raise the cache TTL", body: "Set cache.ttl from 5 to 60 in config/app.yaml.", taskType: "PERFORMANCE" },
    });
    expect(task.ir.task_type).toBe("PERFORMANCE");
    expect(task.ambiguities).toEqual([]);
    expect((task.ir.extensions!["x-canon.explanations"] as Record<string, string>).task_type).toMatch(
      /reads as CONFIG_CHANGE, which carries no more risk/,
    );
  });
});

describe("acceptance criteria", () => {
  it("EXPLICIT from must/should/ensure/so that and acceptance lists; INFERRED from the type's completion policy, never mixed up", () => {
    const task = compiled(
      "Fix the rounding bug in src/money.ts so that totals match the ledger. Ensure negative amounts round away from zero.\nAcceptance criteria:\n- a test covers 0.005",
    );
    const explicit = task.ir.acceptance_criteria.filter((c) => c.origin === "EXPLICIT").map((c) => c.text);
    expect(explicit).toEqual(["Totals match the ledger", "Ensure negative amounts round away from zero", "A test covers 0.005"]);
    const inferred = task.ir.acceptance_criteria.filter((c) => c.origin === "INFERRED").map((c) => c.criterion_id);
    expect(inferred).toEqual(completionPolicyFor("BUG_FIX").require.map((r) => `ac.policy.${r.criterion_id.replace(/_/g, "-")}`));
    for (const c of task.ir.acceptance_criteria.filter((c) => c.origin === "EXPLICIT"))
      expect(spans(task)[`acceptance_criteria/${c.criterion_id}`]).toBeTruthy();
  });

  it("does not turn a constraint or the objective itself into a criterion", () => {
    const task = compiled("We must fix the login redirect in web/login.ts. It must not log tokens.");
    expect(task.ir.acceptance_criteria.filter((c) => c.origin === "EXPLICIT")).toEqual([]);
  });
});

describe("requested outputs", () => {
  const outputs = (text: string) => compiled(text).ir.requested_outputs;

  it("lists what follows a delivery verb, each with the span it came from", () => {
    const task = compiled("Fix the off-by-one in src/pagination.ts; return a patch and a short report");
    expect(task.ir.requested_outputs).toEqual([
      { kind: "PATCH", description: 'requested: "patch"', required: true },
      { kind: "REPORT", description: 'requested: "report"', required: true },
    ]);
    expect(spans(task)["requested_outputs/PATCH"]).toMatchObject({ text: "return a patch" });
    expect(outputs("Add a dark mode toggle to settings and open a PR")).toEqual([
      { kind: "PULL_REQUEST", description: 'requested: "PR"', required: true },
    ]);
  });

  it("does not take what the code must return for a deliverable", () => {
    expect(outputs("Fix the pagination bug in src/pagination.ts. It must return 20 items per page.")).toEqual([
      { kind: "PATCH", description: "default for BUG_FIX (not stated)", required: true },
    ]);
  });

  it("defaults to the task type's deliverable, and to a recommendation when advice is asked for", () => {
    expect(outputs("Investigate why builds in ci are slow")?.map((o) => o.kind)).toEqual(["REPORT"]);
    expect(outputs("Review src/auth.ts and tell me what you think")).toEqual([
      { kind: "RECOMMENDATION", description: "default for RECOMMEND_ONLY (not stated)", required: true },
    ]);
  });
});

describe("constraints", () => {
  it.each([
    ["Do not change the public API", "HARD"],
    ["Never commit generated files", "HARD"],
    ["Only touch files under src/cli/", "HARD"],
    ["without breaking existing callers", "HARD"],
    ["The schema must stay backwards compatible", "HARD"],
    ["Prefer the standard library", "SOFT"],
    ["Ideally keep the diff under 100 lines", "SOFT"],
    ["If possible reuse the cache helper", "SOFT"],
    ["Avoid new global state", "SOFT"],
    // Tenth session: a bare "no <work>", a passive "never" with an irregular participle, a pin, an
    // access ban, "append-only".
    ["No pushes", "HARD"],
    ["No fix now, just find the cause", "HARD"],
    ["History of main is never rewritten", "HARD"],
    ["numpy stays pinned at 1.26.4", "HARD"],
    ["There is no kubectl or API access to the prod cluster", "HARD"],
    ["The events table is append-only", "HARD"],
  ])("%s → %s", (sentence, hardness) => {
    const task = compiled(`Fix the parser bug in src/parse.ts. ${sentence}.`);
    expect(task.ir.constraints).toEqual([expect.objectContaining({ hardness, text: expect.stringContaining(sentence.slice(1, 12)) })]);
  });

  it("does not read a noun after 'without' or a past complaint as a constraint", () => {
    expect(compiled("Reject rows without an email in src/import.ts").ir.constraints).toEqual([]);
    expect(compiled("Promote the canary to 100% if the error rate stays at 0 for an hour").ir.constraints).toEqual([]);
    expect(compiled("Fix src/report.ts: it emails phone numbers, which it shouldn't").ir.constraints).toEqual([]);
  });

  const constraintsOf = (text: string) => compiled(text).ir.constraints.map((c) => `${c.hardness}: ${c.text}`);

  it("reads a verbless 'no …' as a rule when it denies new work, a kind of change or holds for a period", () => {
    expect(constraintsOf("Add a retry to src/mail/send.ts. No extra packages in this service.")).toEqual([
      "HARD: No extra packages in this service",
    ]);
    expect(constraintsOf("Bump the image tag in deploy/api.yaml. No staging restarts before Friday.")).toEqual([
      "HARD: No staging restarts before Friday",
    ]);
    expect(constraintsOf("Tidy src/cart/total.ts. No refactoring this week, the audit is running")).toEqual([
      "HARD: No refactoring this week, the audit is running",
    ]);
    expect(constraintsOf("Add a README for tools/cli. No screenshots needed for now")).toEqual([]);
    expect(constraintsOf("The nightly job ran but there were no errors in the log, find out why it stopped")).toEqual([]);
  });

  it("reads a negative subject with a rule's modal and an invariance as HARD", () => {
    expect(constraintsOf("Fix the date bug in lib/time.ts. No module under lib/legacy/ may be edited")).toEqual([
      "HARD: No module under lib/legacy/ may be edited",
    ]);
    expect(constraintsOf("Speed up the CSV writer in src/out/csv.ts. The written files must be byte-identical to before")).toEqual([
      "HARD: The written files must be byte-identical to before",
    ]);
  });

  // Twenty-ninth session: a value or place kept beside the change (the guide's kept-value row).
  it("reads a value or place kept beside the change as HARD, and a symptom or a switch left off as none", () => {
    expect(
      constraintsOf("Set the late fee for 2027 to 950 in config/fees.yaml. The 2026 value stays at 895, families booked on it."),
    ).toEqual(["HARD: The 2026 value stays at 895, families booked on it"]);
    expect(constraintsOf("Upgrade next to 15.1 in giftshop/. Stripe SDK stays where it is.")).toEqual([
      "HARD: Stripe SDK stays where it is",
    ]);
    expect(constraintsOf("The badge in src/app/badge.tsx stays at 1 after you claim the offer, fix it")).toEqual([]);
    expect(constraintsOf("Turn the flag on for the Leeds hub in config/flags.yaml. The other hubs stay off.")).toEqual([]);
  });

  it("reads a rule after its reason in one clause (', so leave …') as HARD, and a consequence (', so no …') as none", () => {
    expect(
      constraintsOf("Backfill the July rows in billing/rates.py. August was generated after the change, so leave those alone."),
    ).toEqual(["HARD: August was generated after the change, so leave those alone"]);
    expect(constraintsOf("Add a nullable column to orders in db/schema.sql. It is only an added column, so no downtime.")).toEqual([]);
  });

  it("forbids a machine that the request says not to log in to", () => {
    expect(
      compiled("Check the EDI build on portbury-edi-01. Don't log in to portbury-edi-02, test traffic runs there.").ir.forbidden_scope,
    ).toEqual(["net:portbury-edi-02"]);
  });

  it("gives a 'keep …' coordinated with a rule the rule's force, and alone leaves it a description", () => {
    expect(constraintsOf("Port src/queue.js to TypeScript. No API changes, and keep the event names")).toEqual([
      "HARD: No API changes",
      "HARD: Keep the event names",
    ]);
    expect(constraintsOf("Add an offline mode that can keep the drafts in IndexedDB")).toEqual([]);
  });

  it("reads a hedged wish as SOFT and keeps a preference adverb with the without it qualifies", () => {
    expect(constraintsOf("Rotate the logs in ops/rotate.sh. I'd rather you didn't reboot the host")).toEqual([
      "SOFT: I'd rather you didn't reboot the host",
    ]);
    expect(constraintsOf("Cache the lookups in src/geo.ts. Ideally without adding a new dependency")).toEqual([
      "SOFT: Ideally without adding a new dependency",
    ]);
    expect(constraintsOf("Document in docs/why-grpc.md why the services talk gRPC rather than REST")).toEqual([]);
  });

  it("reads a without that describes what code does as no rule, and a without on the agent's work as HARD", () => {
    expect(constraintsOf("Fix the upload handler: it writes the file to disk without checking its size")).toEqual([]);
    expect(constraintsOf("`src/sync.ts` retries the request without waiting between attempts, fix it")).toEqual([]);
    expect(constraintsOf("Add a flag that lists the stale branches without deleting them")).toEqual([]);
    expect(constraintsOf("Rewrite the loop in src/agg.ts without changing its output")).toEqual(["HARD: Without changing its output"]);
  });

  it("states no rule in a fenced code block or in the facts listed under Notes", () => {
    const block = ["Raise the pod memory in deploy/worker.yaml.", "```", "Killed: memory must not exceed 512Mi", "```"].join("\n");
    expect(constraintsOf(block)).toEqual([]);
    const notes = [
      "## Task",
      "Make the search page in web/search.tsx load in under 1 s.",
      "## Notes",
      "- results come from /api/search",
      "- never call the live index",
    ].join("\n");
    expect(constraintsOf(notes)).toEqual(["HARD: Never call the live index"]);
  });
});

describe("scope", () => {
  detectorsAlone();
  // Tenth session: access bans, passive and negative-subject rules, ownership by someone else.
  it.each([
    ["Find the lock holder. Do not connect to db-replica.seedvault.internal.", "net:db-replica.seedvault.internal"],
    ["Add the widget. No calls from the app to maps.googleapis.com or any other third-party API.", "net:maps.googleapis.com"],
    ["Fix the tide offsets in src/tides/dst.go. Generated code under gen/ is never edited by hand.", "fs:gen/**"],
    ["Set LOG_LEVEL=debug on depot-north-01. Nothing in /etc/vale/ is to be edited by us.", "fs:/etc/vale/**"],
    ["Turn on the flag for the guide. Flags in config/prod/ are only changed by the release bot.", "fs:config/prod/**"],
    ["Enforce TLS 1.2 in server/tls.go. deploy/ingress/ is owned by the network team, do not edit anything there.", "fs:deploy/ingress/**"],
  ])("%j forbids %s", (text, ref) => {
    expect(compiled(text).ir.forbidden_scope).toContain(ref);
  });

  it("types refs (fs: files, dirs and globs, net: hosts) and forbids them in negated contexts", () => {
    const task = compiled(
      "Update src/app.ts and lib/**/*.ts, call https://api.example.com/v1. Don't touch src/db/, leave config/prod.yaml alone and never call billing.example.com.",
    );
    expect(task.ir.allowed_scope).toEqual(["fs:src/app.ts", "fs:lib/**/*.ts", "net:api.example.com"]);
    expect(task.ir.forbidden_scope).toEqual(["fs:src/db/**", "fs:config/prod.yaml", "net:billing.example.com"]);
    expect(spans(task)["forbidden_scope/fs:src/db/**"]).toMatchObject({ text: "src/db/" });
  });

  it("treats 'and/or' as words and a host named in passing as context, not scope", () => {
    const task = compiled("Investigate the client/server timeouts and/or retries seen from api.partner.com");
    expect(task.ir.allowed_scope).toEqual([]);
  });

  it("asks when a ref lies outside what the request says to only touch", () => {
    const task = compiled("Fix the flag parsing bug. Only touch src/cli/. Also fix the log line in src/server/app.ts");
    expect(task.ambiguities).toEqual([expect.objectContaining({ kind: "scope_contradiction", text: "fs:src/server/app.ts" })]);
    expect(compiled("Fix the flag parsing bug in src/cli/main.ts. Only touch src/cli/").ambiguities).toEqual([]);
  });

  it("forbids by negative and passive subjects, 'leave … as it is' and a clause opening on 'not'", () => {
    expect(compiled("Split lib/big.go into files. No file in vendor/ may be changed").ir.forbidden_scope).toEqual(["fs:vendor/**"]);
    expect(compiled("Fix the import in src/app.ts; config/base.json must not be modified").ir.forbidden_scope).toEqual([
      "fs:config/base.json",
    ]);
    expect(compiled("Rename the helpers in src/util.ts. Leave ../shared/ as it is").ir.forbidden_scope).toEqual(["fs:../shared/**"]);
    expect(compiled("Please clean up src/api/routes.ts, but not touch the folder src/api/v1/").ir.forbidden_scope).toEqual([
      "fs:src/api/v1/**",
    ]);
    expect(compiled("Add tests under tests/unit/. Nothing may be added under tests/e2e/").ir.forbidden_scope).toEqual([]);
  });

  it.each([
    ["Changes to src/core/ are not allowed", "fs:src/core/**"],
    ["src/core/ is not to be touched", "fs:src/core/**"],
    ["anything in third_party/ stays as is", "fs:third_party/**"],
    ["Stay away from scripts/release.sh", "fs:scripts/release.sh"],
    ["keep out of infra\\terraform\\prod\\", "fs:infra/terraform/prod/**"],
    ["Under no circumstances edit config/secrets.yaml", "fs:config/secrets.yaml"],
    ["leave ~/.ssh/ alone", "fs:~/.ssh/**"],
    ["don't hit localhost:8080", "net:localhost"],
    ["never query 10.0.0.5 directly", "net:10.0.0.5"],
  ])("forbids what '%s' names", (sentence, ref) => {
    const task = compiled(`Fix the retry bug in src/x.ts. ${sentence}.`);
    expect(task.ir.forbidden_scope).toEqual([ref]);
    expect(task.ir.constraints).toEqual([expect.objectContaining({ hardness: "HARD" })]);
  });

  it("reads hosts under reserved and country names, and Windows paths", () => {
    const task = compiled("Find why the sync fails in logs\\sync.log. Never call billing.acme.example or api.shop.de yourself");
    expect(task.ir.forbidden_scope).toEqual(["net:billing.acme.example", "net:api.shop.de"]);
  });

  it("does not ask about a path named only as a source to read from inside a forbidden folder", () => {
    const task = compiled("Copy the date helpers from ../common/date.ts into src/date.ts. Leave ../common/ alone");
    expect(kinds(task)).not.toContain("scope_contradiction");
    expect(task.ir.allowed_scope).toEqual(["fs:src/date.ts"]);
    expect(task.ir.forbidden_scope).toEqual(["fs:../common/**"]);
  });

  it("asks when a path is both allowed and forbidden; the default is forbidden", () => {
    const task = compiled("Fix the bug in src/db/pool.ts but do not modify src/db/");
    expect(task.ambiguities).toEqual([
      expect.objectContaining({ kind: "scope_contradiction", options: ["allowed", "forbidden"], default_option: "forbidden" }),
    ]);
    expect(task.ir.allowed_scope).toEqual([]);
    expect(task.ir.forbidden_scope).toEqual(["fs:src/db/**"]);
  });
});

describe("risk, mode and privacy", () => {
  it.each([
    ["Rotate the leaked Stripe API key", "CRITICAL", "APPROVAL_GATED", "SECRET"],
    ["Fix the refund rounding in payments/refund.ts", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    // Issue 14: a rewrite of shared history is SECRET too (it is how leaked material is purged).
    ["Force-push the cleaned history to main", "CRITICAL", "APPROVAL_GATED", "SECRET"],
    ["Deploy v3.1.0 to production", "HIGH", "APPROVAL_GATED", "INTERNAL"],
    ["Add an admin role check to src/routes/users.ts", "HIGH", "APPROVAL_GATED", "INTERNAL"],
    ["Fix the typo in the footer component web/Footer.tsx", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["Write tests for lib/dates.ts", "LOW", "AUTONOMOUS", "INTERNAL"],
    ["Review src/auth/session.ts and suggest improvements", "LOW", "RECOMMEND_ONLY", "INTERNAL"],
    ["Fix the CSV export in src/export.ts; ask me before merging", "MEDIUM", "APPROVAL_GATED", "INTERNAL"],
    ["Fix the export of customer email addresses in src/export.ts", "MEDIUM", "AUTONOMOUS", "RESTRICTED"],
    // Fixing broken links in docs is DOCS work (LOW), as the corpus labels it (97-blind-dev, 99-fresh, 99-fresh-c).
    ["Fix the broken links in docs/; this is a public repo", "LOW", "AUTONOMOUS", "PUBLIC"],
    // Sixth session, second round: the caller waits to see something, or to sign off, before the work lands.
    ["Add a dark mode toggle to web/Settings.tsx, but send me a screenshot before you open the PR", "MEDIUM", "APPROVAL_GATED", "INTERNAL"],
    ["Fix the date parsing in lib/dates.ts; nothing gets merged until I've approved it", "MEDIUM", "APPROVAL_GATED", "INTERNAL"],
    // "the recommendation engine" names a part of the system; "your recommendation" asks for advice.
    ["Speed up the recommendation engine in reco/rank.ts: p95 under 200 ms", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["Redis or Memcached for the page cache? Give me your recommendation", "LOW", "RECOMMEND_ONLY", "INTERNAL"],
    // Tenth session: more of the guide's money words, a credential written out, production rewritten.
    ["fix(ferry-fares): child fare rounds 7.45 to 7.4 instead of 7.5 in fares/calc.ts", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["Add a 10% sibling discount to the term fee in fees/term_fee.py", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["Fix the battery charge indicator in app/Battery.tsx", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    [
      "The import crashes: `could not connect: postgresql://etl:Xq7pLz92@db-2.internal:5432/logistics`. Retry the connection in etl/importer.py",
      "CRITICAL",
      "APPROVAL_GATED",
      "SECRET",
    ],
    ["On production, anonymise hearing-test records older than 10 years in audiology.patients", "CRITICAL", "APPROVAL_GATED", "RESTRICTED"],
    ["Backfill the new region column on the production stores table from stores.csv", "HIGH", "APPROVAL_GATED", "INTERNAL"],
    // Seventeenth session: rates that price, bills, deposits, a fee earner (a person), access checks,
    // values set in production, removals no type fits, and a report for information.
    ["Fix the peak unit rate lookup in metering/rates.py", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["The deposit split is wrong for trade-in deals, fix it in sales/split.ts", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["Add a 'Send reminder' button for the fee earner on the matter page", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["Add the missing access check to the case documents endpoint in api/docs.ts", "HIGH", "APPROVAL_GATED", "INTERNAL"],
    ["In production, set orders.status = 'void' for every order created by the test harness", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["Delete the stale demo and spike branches in the billing-gateway repo", "HIGH", "APPROVAL_GATED", "INTERNAL"],
    ["FYI the payouts export was late again this morning", "UNKNOWN", "AUTONOMOUS", "INTERNAL"],
    // Twenty-second session: money named by what the work prices, quotes or charges, and what is none.
    ["Please deploy tyre-pricing 3.8.0 to production after 19:00 today.", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["Split the old class into HireCharging.php and Adaptations.php, no behaviour change", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["Dedupe formatPrice() in web/ and app/ into one helper", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["Roll the new trade pricing out to all branches tonight", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["fix the typo in the pricing page header", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    // Twenty-eighth session: money named only as what the work leaves alone is not the work
    // (riskA28), but a "nothing" before a comma belongs to another statement (review).
    ["Nothing touching quotes or invoices changes; just fix the label colours in web/Status.tsx", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["The nightly report shows nothing, change the rounding of late fees in the invoice run", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    // Twenty-ninth session: a counted vat heading its phrase is a vessel (riskB29), but the tax in
    // lower case, as chat writers type it, is still money (review).
    ["Crash when a dye vat is taken out of service", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["the vat calc is wrong on the checkout, fix it", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["add a vat line to the supplier invoice", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["fix(promos): WELCOME10 applied twice when the basket is edited", "CRITICAL", "APPROVAL_GATED", "INTERNAL"],
    ["fix(home): promo banner overlaps the search bar on small phones", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
    ["Ask Ollie for a small change to the roast profile code and it takes a week. Split roast.py up.", "MEDIUM", "AUTONOMOUS", "INTERNAL"],
  ])("%s → %s, %s, %s", (text, risk, mode, privacy) => {
    const task = compiled(text);
    expect([task.ir.risk_class, task.ir.interaction_mode, task.ir.privacy_class]).toEqual([risk, mode, privacy]);
  });

  it("is UNKNOWN risk when nothing indicates it", () => {
    expect(compiled("Tidy up").ir.risk_class).toBe("MEDIUM");
    expect(compiled("Handle the quarterly thing for Dana").ir.risk_class).toBe("UNKNOWN");
  });

  it("a negated deletion does not make a task a deletion", () => {
    expect(compiled("Fix the log rotation in scripts/archive.sh without deleting any files").ir.risk_class).toBe("MEDIUM");
  });

  it("asks when an explicit field is less cautious than the text", () => {
    const task = compiled({ request: { title: "Drop the legacy users table in production", riskClass: "LOW" } });
    expect(task.ir.risk_class).toBe("LOW");
    expect(task.ambiguities).toContainEqual(
      expect.objectContaining({ kind: "field_contradiction", field: "risk_class", options: ["LOW", "CRITICAL"], defaultable: false }),
    );
  });

  it("lets a lower explicit risk stand when it keeps the same approval gate, and says what the text reads", () => {
    const title = "Drop the legacy users table in production";
    const gated = compiled({ request: { title, riskClass: "HIGH" } });
    expect([gated.ir.risk_class, gated.ir.interaction_mode]).toEqual(["HIGH", "APPROVAL_GATED"]);
    expect(gated.ambiguities.filter((a) => a.kind === "field_contradiction")).toEqual([]);
    expect((gated.ir.extensions!["x-canon.explanations"] as Record<string, string>).risk_class).toContain("the text alone reads CRITICAL");
    const ungated = compiled({ request: { title, riskClass: "MEDIUM" } });
    expect(ungated.ambiguities).toContainEqual(expect.objectContaining({ kind: "field_contradiction", field: "risk_class" }));
  });
});

describe("budgets and freshness", () => {
  it("extracts time, money, attempts, tokens and freshness only when stated", () => {
    const ir = compiled(
      "Fix the flaky test in tests/a.test.ts within 10 minutes, under $5, at most 3 attempts and at most 50k tokens, as of today's data",
    ).ir;
    expect(ir.latency_budget_ms).toBe(600_000);
    expect(ir.cost_budget).toEqual({ max_wall_ms: 600_000, max_cost_units: 5, max_attempts: 3, max_tokens: 50_000 });
    expect(ir.freshness_requirement).toBe("as of today's data");
    const plain = compiled("Fix the flaky test in tests/a.test.ts").ir;
    expect([plain.latency_budget_ms, plain.cost_budget, plain.freshness_requirement]).toEqual([null, null, null]);
  });

  it("does not read a performance target as the task's time budget", () => {
    expect(compiled("Reduce p99 latency of /search to under 200 ms").ir.latency_budget_ms).toBeNull();
  });

  it("asks when two budgets disagree, offering the stricter as default", () => {
    const task = compiled("Fix src/a.ts within 10 minutes. Actually finish within 5 minutes.");
    expect(task.ambiguities).toEqual([
      expect.objectContaining({ kind: "budget_contradiction", options: ["600000", "300000"], default_option: "300000" }),
    ]);
  });
});

describe("ambiguity detection", () => {
  detectorsAlone();
  it.each([
    ["Fix it", "unresolved_reference"],
    ["That function is broken, fix it", "unresolved_reference"],
    ["Fix the bug", "unresolved_reference"],
    ["Do what we discussed", "unresolved_reference"],
    ["Refactor please", "missing_target"],
    ["Make the checkout faster", "unmeasurable_goal"],
    ["Make src/parse.ts more robust", "unmeasurable_goal"],
    ["Fix src/a.ts but don't change any code", "constraint_contradiction"],
    ["", "empty_request"],
  ])("%j raises %s", (text, kind) => {
    const task = compiled(text);
    expect(kinds(task)).toContain(kind);
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    expect(task.escalation).toMatchObject({ reason: "clarification_needed" });
    expect(task.ir.ambiguities!.every((a) => a.resolution === "ESCALATED")).toBe(true);
  });

  it.each([
    "Fix the bug where users can't log out",
    "The export page crashes on Safari. Fix it.",
    "Fix the crash in parseDate() when the input is empty",
    "Make the search faster: p95 under 300 ms",
    "Speed up the build by 30%",
    "Refactor the utils module into smaller files",
  ])("does not raise a false alarm on %j", (text) => {
    expect(compiled(text).ambiguities).toEqual([]);
  });

  // Tenth session (rule-conflicts.ts): a rule's verb and object against the ask's, each with the
  // clear twin the same kind of rule leaves alone.
  it.each([
    [
      "Set timeout-minutes: 30 on the test job in .github/workflows/ci.yml. Workflow files must not be edited.",
      "Set timeout-minutes: 30 in ci/settings.yml. Workflow files must not be edited.",
    ],
    [
      "Add a nullable season_code column by editing db/migrations/0042_passes.sql. Existing migrations must never be edited.",
      "Add a nullable season_code column in a new migration db/migrations/0043_season.sql. Existing migrations must never be edited.",
    ],
    [
      "Move the four order files into a new package shop/orders/. No file in shop/ may be moved or renamed.",
      "Fix the rounding in shop/orders.py. No file in shop/ may be moved or renamed.",
    ],
    [
      "Delete the test bookings from the production bookings table. bookings is append-only: never delete rows from it.",
      "Delete the test bookings from the production bookings table. audit_log is append-only: never delete rows from it.",
    ],
    [
      "Deploy results 2.8.1 to production. Production must stay on 2.7.4 until race day.",
      "Deploy results 2.8.1 to staging. Production must stay on 2.7.4 until race day.",
    ],
    [
      "Upgrade Spring Boot from 2.7 to 3.3 in the billing service. No major version upgrades.",
      "Upgrade Spring Boot from 3.2 to 3.3 in the billing service. No major version upgrades.",
    ],
    [
      "Add a CI job `e2e` that runs the Playwright suite. No new CI jobs.",
      "Add a Playwright test to the existing `e2e` CI job. No new CI jobs.",
    ],
    [
      "Bump lodash to 4.17.21 in portal/package.json. Never modify portal/package-lock.json.",
      "Bump lodash to 4.17.21 in portal/package.json. Never modify website/package-lock.json.",
    ],
    [
      "Add `date-fns-tz` to the scheduler service. Rules: no new dependencies.",
      "Use the built-in Intl API in the scheduler service. Rules: no new dependencies.",
    ],
  ])("a rule that makes %j impossible is a contradiction; its twin %j is clear", (contradicts, twin) => {
    expect(kinds(compiled(contradicts))).toContain("constraint_contradiction");
    expect(kinds(compiled(twin))).not.toContain("constraint_contradiction");
  });

  // Rules that do not reach the ask (tenth session: the clear twins of blind part 97u).
  it.each([
    "Upgrade pdfkit from 0.13.0 to 0.15.0 in certs/package.json. No new dependencies.",
    "Swap moment for date-fns in the scheduler; date-fns is already in package.json. No new dependencies this quarter.",
    "Add a regression test for the double-booking bug to tests/test_reservations.py. No new test files.",
    "Add a new public function schedule_at() in choirsched/api.py. Public API signatures are frozen, new functions are fine.",
    "Rename the private `_magn` helper in star-sdk/src/catalog.ts to `_magnitude`. The public API of star-sdk is frozen.",
    "Upgrade pdfkit to 0.15.0 in exporter/package.json. Never modify legacy-exporter/package-lock.json.",
  ])("%j contradicts nothing", (text) => {
    expect(kinds(compiled(text))).not.toContain("constraint_contradiction");
  });

  // Content the request only points at (an agreement, a person's list, a meeting, an attachment).
  it.each([
    [
      "Set the alarm limit in telemetry/alarms.yaml to the value the regulator asked for.",
      "Set the alarm limit in telemetry/alarms.yaml to 4.0 mg/L (the regulator's new limit).",
    ],
    [
      "Cover the edge cases Rahel listed for checkout in tests/checkout.spec.ts.",
      "Cover these edge cases for checkout in tests/checkout.spec.ts: an empty cart and a cart over 99 items.",
    ],
    ["Set the retry limit in config/webhooks.yml to the agreed value.", "Set the retry limit in config/webhooks.yml to 5."],
    [
      "Fill in the column using those numbers from Thursday's pharmacy meeting.",
      "Fill in the column from the mapping table in docs/classes.md.",
    ],
    [
      "Fix the crash in the slideshow. Stack trace attached.",
      "Fix the crash in the slideshow when the second hymn starts (NullPointerException in Slides.next).",
    ],
  ])("%j points at content it does not carry; %j carries it", (points, carries) => {
    expect(kinds(compiled(points))).toContain("unresolved_reference");
    expect(kinds(compiled(carries))).not.toContain("unresolved_reference");
  });

  it("gives every ambiguity an id derived from its content, a question and the span it came from", () => {
    const a = compiled("Fix it").ambiguities[0]!;
    expect(a.ambiguity_id).toMatch(/^amb\.unresolved-reference\.[0-9a-f]{16}$/);
    expect(a.span).toEqual({ start: 0, end: 6, text: "Fix it" });
    expect(compiled("Fix it").ambiguities[0]!.ambiguity_id).toBe(a.ambiguity_id);
  });
});

describe("clarification", () => {
  it("records answers as CLARIFIED, recompiles, and keeps the original spans", () => {
    const task = compiled("Fix the bug");
    const id = task.ambiguities[0]!.ambiguity_id;
    const checked = clarificationsFor(task, [], [{ ambiguityId: id, answer: "the NaN in src/calc/avg.ts" }], "ana");
    if (!checked.ok) throw checked.error;
    const next = compileTask({ text: "Fix the bug" }, checked.clarifications);
    if (!next.ok) throw next.error;
    expect(next.task.status).toBe("COMPILED");
    expect(next.task.ir.task_id).toBe(task.ir.task_id);
    expect(next.task.ir.allowed_scope).toEqual(["fs:src/calc/avg.ts"]);
    expect(next.task.ambiguities).toEqual([
      expect.objectContaining({ ambiguity_id: id, resolution: "CLARIFIED", answer: "the NaN in src/calc/avg.ts", answered_by: "ana" }),
    ]);
  });

  it("applies a chosen task type and re-derives what depends on it", () => {
    const task = compiled("Handle the quarterly thing for Dana in reports/q3.py");
    const id = task.ambiguities.find((a) => a.kind === "undetermined_task_type")!.ambiguity_id;
    const checked = clarificationsFor(task, [], [{ ambiguityId: id, answer: "DOCS" }], "dana");
    if (!checked.ok) throw checked.error;
    const next = compileTask({ text: "Handle the quarterly thing for Dana in reports/q3.py" }, checked.clarifications);
    if (!next.ok) throw next.error;
    expect([next.task.ir.task_type, next.task.ir.risk_class, next.task.status]).toEqual(["DOCS", "LOW", "COMPILED"]);
  });

  it("refuses unknown ids, answers outside the options, empty answers and defaults that are not offered, all at once", () => {
    const task = compiled("Fix the bug in src/db/pool.ts but do not modify src/db/");
    const id = task.ambiguities[0]!.ambiguity_id;
    const refused = clarificationsFor(task, [], [{ ambiguityId: "amb.x" }, { ambiguityId: id, answer: "maybe" }], " ");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.problems.map((p) => p.path)).toEqual(["/answeredBy", "/answers/0/ambiguityId", "/answers/1"]);
  });
});

describe("TaskIR documents", () => {
  const base = {
    schema_id: "allternit.kernel.TaskIRV1",
    schema_version: "1.0.0",
    task_id: "id-0001",
    task_type: "OBSERVE_ENVIRONMENT",
    objective: "  check   the disk ",
    acceptance_criteria: [],
    constraints: [],
    allowed_scope: ["fs:a", "fs:a"],
    forbidden_scope: [],
    risk_class: "LOW",
    interaction_mode: "AUTONOMOUS",
    privacy_class: "PUBLIC",
    completion_policy: { policy_id: "id-0001", policy_version: 1 },
  };

  it("normalizes a valid document and gives it a content-derived id", () => {
    const task = compiled({ taskIr: base });
    expect(task.ir).toMatchObject({
      objective: "check the disk",
      allowed_scope: ["fs:a"],
      task_id: expect.stringMatching(/^task-[0-9a-f]{32}$/),
    });
  });

  it("lists every problem of an invalid one as typed input errors", () => {
    const outcome = compileTask({ taskIr: { ...base, task_type: "chores", risk_class: "SEVERE", extra: 1 } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe("ERR_INVALID_INPUT");
    expect((outcome.error.details!.problems as { path: string }[]).map((p) => p.path).sort()).toEqual([
      "/taskIr",
      "/taskIr/risk_class",
      "/taskIr/task_type",
    ]);
  });

  it("escalates the document's own unresolved ambiguities", () => {
    const task = compiled({ taskIr: { ...base, ambiguities: [{ ambiguity_id: "a-1", text: "Which disk?", resolution: "UNRESOLVED" }] } });
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    expect(task.escalation!.questions).toEqual([expect.objectContaining({ ambiguity_id: "a-1", question: "Which disk?" })]);
  });
});

describe("structured requests", () => {
  it("rejects unknown fields and bad enums, listing each", () => {
    const outcome = compileTask({ request: { title: "x", taskType: "CHORE", colour: "red", budgets: { max_tokens: -1 } } as never });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect((outcome.error.details!.problems as { path: string }[]).map((p) => p.path)).toEqual([
      "/request/taskType",
      "/request/colour",
      "/request/budgets/max_tokens",
    ]);
  });

  it("records provenance: the raw request, its sha256, the compiler, and explicit fields as field spans", () => {
    const request = { request: { title: "Add CSV export", paths: ["src/export/"], budgets: { max_attempts: 2 } } };
    const task = compiled(request);
    const source = task.ir.extensions!["x-canon.source"] as Record<string, unknown>;
    expect(source).toMatchObject({
      kind: "request",
      request,
      text: "Add CSV export",
      sha256: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(task.ir.extensions!["x-canon.compiler"]).toEqual({ name: "canon.task-compiler", version: "1.0.0" });
    expect(spans(task)["allowed_scope/fs:src/export/**"]).toEqual({ field: "/request/paths/0" });
    expect(task.ir.cost_budget).toEqual({ max_attempts: 2 });
  });
});

it("is deterministic: the same request gives byte-identical canonical JSON", () => {
  const text = "Fix the bug in src/a.ts so that totals match; don't touch src/b/. Under $2.";
  expect(canonicalJson(compiled(text).ir)).toBe(canonicalJson(compiled(text).ir));
});
