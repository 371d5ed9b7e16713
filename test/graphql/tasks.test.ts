// Tasks over real HTTP against a real server and database: compile, preview, clarify under
// compare-and-swap, and startRun refusing a task that still has open questions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";

const TASK_FIELDS = `
  taskId revision status taskType objective riskClass interactionMode privacyClass allowedScope forbiddenScope
  latencyBudgetMs costBudget
  acceptanceCriteria { criterionId text origin required }
  constraints { text hardness }
  completionPolicy { policyId policyVersion allowPartial }
  ambiguities { ambiguityId kind question options defaultOption defaultable resolution answer answeredBy span { start end text } }
  escalation { reason questions { ambiguityId question } }
  ir`;

const COMPILE = `mutation($input: CompileTaskInput!) {
  compileTask(input: $input) {
    __typename
    ... on CompileTaskSuccess { replayed task { ${TASK_FIELDS} } }
    ... on InvalidInputError { code problems { path message } }
    ... on Error { code message }
  }
}`;

const CLARIFY = `mutation($input: ClarifyTaskInput!) {
  clarifyTask(input: $input) {
    __typename
    ... on ClarifyTaskSuccess { task { ${TASK_FIELDS} } }
    ... on TaskRevisionConflictError { expectedRevision currentRevision }
    ... on InvalidInputError { problems { path message } }
    ... on Error { code message }
  }
}`;

/** A person with a token of her own: answers are recorded under the token's identity. */
const ANA = { component_id: "ana@example.com", component_version: "1", kind: "HUMAN" } as const;

const START = `mutation($taskId: ID!) {
  startRun(input: {
    taskId: $taskId, workspaceRoot: "/work/app"
    provenance: { sourceType: USER, sourceId: "test", trustClass: INTERNAL }
  }) {
    __typename
    ... on WriteSuccess { run { runId taskId state { userIntent { objective taskIrRef } budgets { maxAttempts } } } }
    ... on TaskNeedsClarificationError { taskId revision questions }
    ... on Error { code message }
  }
}`;

describe(`tasks over GraphQL on ${backendName}`, () => {
  let canon: TestCanon;
  const taskCount = () => canon.server.database.prisma.task.count();

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  it("compiles a clear request, stores it COMPILED, and starts a run from it", async () => {
    const text = "Fix the off-by-one in src/pagination.ts without touching src/api/. At most 3 attempts.";
    const result = await canon.gql(COMPILE, { input: { text } });
    const task = result.data.compileTask.task;
    expect(task).toMatchObject({
      status: "COMPILED",
      revision: 0,
      taskType: "BUG_FIX",
      riskClass: "MEDIUM",
      interactionMode: "AUTONOMOUS",
      allowedScope: ["fs:src/pagination.ts"],
      forbiddenScope: ["fs:src/api/**"],
      escalation: null,
      ambiguities: [],
      completionPolicy: { policyId: "completion.bug_fix", policyVersion: 1, allowPartial: false },
      costBudget: { max_attempts: 3 },
    });
    expect(task.constraints).toEqual([{ text: "Without touching src/api/", hardness: "HARD" }]);
    expect(task.acceptanceCriteria.every((c: { origin: string }) => c.origin === "INFERRED")).toBe(true);
    expect(task.ir).toMatchObject({ schema_id: "allternit.kernel.TaskIRV1", task_id: task.taskId });
    expect(task.ir.extensions["x-canon.source"]).toMatchObject({
      kind: "text",
      request: { text },
      sha256: expect.stringMatching(/^sha256:/),
    });

    const again = await canon.gql(COMPILE, { input: { text } });
    expect(again.data.compileTask).toMatchObject({ replayed: true, task: { taskId: task.taskId } });

    const started = await canon.gql(START, { taskId: task.taskId });
    expect(started.data.startRun).toMatchObject({
      __typename: "WriteSuccess",
      run: {
        taskId: task.taskId,
        state: { userIntent: { objective: task.objective, taskIrRef: task.taskId }, budgets: { maxAttempts: 3 } },
      },
    });
  });

  it("escalates an ambiguous request, refuses startRun, then clarifies under compare-and-swap", async () => {
    const compiled = await canon.gql(COMPILE, { input: { text: "Fix it." } });
    const task = compiled.data.compileTask.task;
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    expect(task.escalation.reason).toBe("clarification_needed");
    const [ambiguity] = task.ambiguities;
    expect(ambiguity).toMatchObject({ kind: "UNRESOLVED_REFERENCE", resolution: "ESCALATED", span: { start: 0, end: 6, text: "Fix it" } });

    const refused = await canon.gql(START, { taskId: task.taskId });
    expect(refused.data.startRun).toMatchObject({
      __typename: "TaskNeedsClarificationError",
      code: "ERR_TASK_NEEDS_CLARIFICATION",
      revision: 0,
    });
    expect(refused.data.startRun.questions).toEqual([ambiguity.question]);
    expect(await canon.server.database.prisma.run.count({ where: { taskId: task.taskId } })).toBe(0);

    const answer = { ambiguityId: ambiguity.ambiguityId, answer: "the null check in src/cart/total.ts" };
    // answeredBy is the token's identity: another name is refused, and nothing changes.
    const impostor = await canon.gql(
      CLARIFY,
      { input: { taskId: task.taskId, expectedRevision: 0, answers: [answer], answeredBy: "mallory" } },
      { as: ANA },
    );
    expect(impostor.data.clarifyTask).toMatchObject({ __typename: "ForbiddenError", code: "ERR_FORBIDDEN" });
    const unchanged = await canon.gql(`query($id: ID!) { task(id: $id) { ... on Task { revision status } } }`, { id: task.taskId });
    expect(unchanged.data.task).toEqual({ revision: 0, status: "NEEDS_CLARIFICATION" });
    const clarified = await canon.gql(
      CLARIFY,
      { input: { taskId: task.taskId, expectedRevision: 0, answers: [answer], answeredBy: "ana@example.com" } },
      { as: ANA },
    );
    expect(clarified.data.clarifyTask.task).toMatchObject({
      revision: 1,
      status: "COMPILED",
      escalation: null,
      allowedScope: ["fs:src/cart/total.ts"],
      objective: "Fix it (the null check in src/cart/total.ts)",
    });
    expect(clarified.data.clarifyTask.task.ambiguities).toEqual([
      expect.objectContaining({
        ambiguityId: ambiguity.ambiguityId,
        resolution: "CLARIFIED",
        answer: answer.answer,
        answeredBy: ANA.component_id,
      }),
    ]);

    const stale = await canon.gql(CLARIFY, { input: { taskId: task.taskId, expectedRevision: 0, answers: [answer] } });
    expect(stale.data.clarifyTask).toMatchObject({
      __typename: "TaskRevisionConflictError",
      code: "ERR_TASK_REVISION_CONFLICT",
      expectedRevision: 0,
      currentRevision: 1,
    });

    const started = await canon.gql(START, { taskId: task.taskId });
    expect(started.data.startRun.__typename).toBe("WriteSuccess");
    const history = await canon.gql(`query($id: ID!) { task(id: $id) { ... on Task { revisions { revision status answeredBy ir } } } }`, {
      id: task.taskId,
    });
    expect(
      history.data.task.revisions.map((r: { revision: number; status: string; answeredBy: string | null }) => [
        r.revision,
        r.status,
        r.answeredBy,
      ]),
    ).toEqual([
      [0, "NEEDS_CLARIFICATION", null],
      [1, "COMPILED", ANA.component_id],
    ]);
    expect(history.data.task.revisions[1].ir.task_id).toBe(task.taskId);
  });

  it("lets a caller accept the default of a low-risk ambiguity, recorded as DEFAULTED with who chose it", async () => {
    const compiled = await canon.gql(COMPILE, { input: { text: "Make the dashboard faster" } });
    const task = compiled.data.compileTask.task;
    const [goal] = task.ambiguities;
    expect(goal).toMatchObject({ kind: "UNMEASURABLE_GOAL", defaultable: true });
    const result = await canon.gql(CLARIFY, {
      input: { taskId: task.taskId, expectedRevision: 0, answers: [{ ambiguityId: goal.ambiguityId, acceptDefault: true }] },
    });
    const clarified = result.data.clarifyTask.task;
    expect(clarified.status).toBe("COMPILED");
    expect(clarified.ambiguities[0]).toMatchObject({ resolution: "DEFAULTED", answer: goal.defaultOption, answeredBy: "test-agent" });
    expect(clarified.acceptanceCriteria).toContainEqual(expect.objectContaining({ origin: "EXPLICIT", text: goal.defaultOption }));
  });

  it("refuses a default on a high-risk task, and bad answers, with typed errors that change nothing", async () => {
    const compiled = await canon.gql(COMPILE, { input: { request: { title: "Make the payment code cleaner", labels: ["refactor"] } } });
    const task = compiled.data.compileTask.task;
    expect(task).toMatchObject({
      status: "NEEDS_CLARIFICATION",
      taskType: "REFACTOR",
      riskClass: "CRITICAL",
      interactionMode: "APPROVAL_GATED",
    });
    expect(task.ambiguities[0]).toMatchObject({ kind: "UNMEASURABLE_GOAL", defaultOption: expect.any(String), defaultable: false });
    const id = task.ambiguities[0].ambiguityId;
    const refused = await canon.gql(CLARIFY, {
      input: {
        taskId: task.taskId,
        expectedRevision: 0,
        answers: [
          { ambiguityId: id, acceptDefault: true },
          { ambiguityId: "amb.nope", answer: "x" },
        ],
      },
    });
    expect(refused.data.clarifyTask.__typename).toBe("InvalidInputError");
    expect(refused.data.clarifyTask.problems.map((p: { path: string }) => p.path)).toEqual(["/answers/0", "/answers/1/ambiguityId"]);
    const after = await canon.gql(`query($id: ID!) { task(id: $id) { ... on Task { revision status } } }`, { id: task.taskId });
    expect(after.data.task).toEqual({ revision: 0, status: "NEEDS_CLARIFICATION" });
  });

  it("validates a TaskIR document, listing every problem, and stores nothing", async () => {
    const before = await taskCount();
    const bad = {
      schema_id: "allternit.kernel.TaskIRV1",
      schema_version: "1.0.0",
      task_id: "t-1",
      task_type: "CHORES",
      objective: "x",
      acceptance_criteria: [],
      constraints: [],
      allowed_scope: [],
      forbidden_scope: [],
      risk_class: "SEVERE",
      interaction_mode: "AUTONOMOUS",
      privacy_class: "PUBLIC",
      completion_policy: { policy_id: "p", policy_version: 1 },
      color: "blue",
    };
    const result = await canon.gql(COMPILE, { input: { taskIr: bad } });
    expect(result.data.compileTask.__typename).toBe("InvalidInputError");
    const paths = result.data.compileTask.problems.map((p: { path: string; message: string }) => `${p.path} ${p.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringContaining("/taskIr/task_type must be one of"),
        expect.stringContaining("/taskIr/risk_class must be one of"),
        '/taskIr has unknown field "color"',
      ]),
    );
    expect(await taskCount()).toBe(before);

    const good = { ...bad, task_type: "OBSERVE_ENVIRONMENT", risk_class: "LOW" } as Record<string, unknown>;
    delete good.color;
    const stored = await canon.gql(COMPILE, { input: { taskIr: good } });
    expect(stored.data.compileTask.task).toMatchObject({
      status: "COMPILED",
      taskType: "OBSERVE_ENVIRONMENT",
      ir: { extensions: { "x-canon.source": { original_task_id: "t-1" } } },
    });
  });

  it("previews without writing, rejects oversized requests with ERR_INPUT_TOO_LARGE, and lists tasks by status and type", async () => {
    const before = await taskCount();
    const preview = await canon.gql(
      `query($input: CompileTaskInput!) { compilePreview(input: $input) {
      __typename ... on TaskPreview { taskId status taskType escalation { questions { question } } } ... on Error { code } } }`,
      { input: { text: "Review PR #7 and tell me what you think" } },
    );
    expect(preview.data.compilePreview).toMatchObject({
      __typename: "TaskPreview",
      status: "COMPILED",
      taskType: "REVIEW",
      escalation: null,
    });
    const huge = await canon.gql(
      `query($input: CompileTaskInput!) { compilePreview(input: $input) { __typename ... on Error { code } } }`,
      { input: { text: "x".repeat(100_000) } },
    );
    expect(huge.data.compilePreview).toEqual({ __typename: "InputTooLargeError", code: "ERR_INPUT_TOO_LARGE" });
    expect(await taskCount()).toBe(before);

    const list = await canon.gql(`{ open: tasks(status: NEEDS_CLARIFICATION, first: 50) { edges { node { status } } }
      fixes: tasks(taskType: BUG_FIX, first: 50) { edges { node { taskType } } } }`);
    expect(list.data.open.edges.length).toBeGreaterThan(0);
    expect(list.data.open.edges.every((e: { node: { status: string } }) => e.node.status === "NEEDS_CLARIFICATION")).toBe(true);
    expect(list.data.fixes.edges.every((e: { node: { taskType: string } }) => e.node.taskType === "BUG_FIX")).toBe(true);
  });
});
