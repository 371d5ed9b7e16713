// The task store on a real database: compiling is idempotent by content, and clarifications race
// under compare-and-swap on the revision, so exactly one of two concurrent answers wins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TaskRevisionConflictError } from "../../src/contracts/errors.js";
import { TaskStore } from "../../src/store/task-store.js";
import { backendName, openMigratedDatabase } from "../support/database.js";

describe(`task store on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let tasks: TaskStore;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
    tasks = new TaskStore(opened.db);
  });
  afterAll(() => opened.dispose());

  it("stores one task per request, even when the same request is compiled concurrently", async () => {
    const request = { text: "Add a --verbose flag to cli/main.ts" };
    const results = await Promise.all(Array.from({ length: 5 }, () => tasks.compile(request)));
    expect(new Set(results.map((r) => r.task.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed).length).toBeLessThanOrEqual(1);
    expect(await opened.db.prisma.task.count({ where: { id: results[0]!.task.id } })).toBe(1);
    expect(await opened.db.prisma.taskRevision.count({ where: { taskId: results[0]!.task.id } })).toBe(1);
  });

  it("lets exactly one of two concurrent clarifications of the same revision win", async () => {
    const { task } = await tasks.compile({ text: "Fix that function" });
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    const id = task.ambiguities[0]!.ambiguity_id;
    const outcomes = await Promise.allSettled([
      tasks.clarify(task.id, 0, [{ ambiguityId: id, answer: "parseDate() in src/dates.ts" }], "ana"),
      tasks.clarify(task.id, 0, [{ ambiguityId: id, answer: "formatDate() in src/format.ts" }], "bob"),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(TaskRevisionConflictError);
    const stored = await tasks.require(task.id);
    expect(stored).toMatchObject({ revision: 1, status: "COMPILED" });
    expect((await tasks.revisions(task.id)).map((r) => r.revision)).toEqual([0, 1]);
  });

  it("pages through tasks newest first, filtered by status and type", async () => {
    const first = await tasks.list({ status: "COMPILED" }, 1);
    expect(first.tasks).toHaveLength(1);
    expect(first.hasNextPage).toBe(true);
    const rest = await tasks.list({ status: "COMPILED" }, 10, first.tasks[0]!.id);
    expect(rest.tasks.map((t) => t.id)).not.toContain(first.tasks[0]!.id);
    expect((await tasks.list({ taskType: "FEATURE" }, 10)).tasks.every((t) => t.taskType === "FEATURE")).toBe(true);
  });
});
