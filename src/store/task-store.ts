// Compiled tasks: stored with their TaskIR, status and revision. A clarification recompiles the
// task from its original request plus every answer so far, and writes the new revision under
// compare-and-swap on `revision`; every revision is kept in task_revision.
import {
  InvalidInputError,
  NotFoundError,
  TaskNeedsClarificationError,
  TaskRevisionConflictError,
  type InputProblem,
} from "../contracts/errors.js";
import type { TaskIRV1, TaskType } from "../contracts/task-ir.js";
import {
  clarificationsFor,
  compileTask,
  wellFormed,
  type AmbiguityRecord,
  type AnswerInput,
  type Clarification,
  type CompiledTask,
  type Escalation,
  type TaskRequest,
} from "../domain/task-compiler/index.js";
import { problemsOf, validateTaskIr } from "../contracts/validation.js";
import type { Database } from "../db/database.js";
import type { Task } from "../db/generated/client.js";

export const TASK_STATUSES = ["COMPILED", "NEEDS_CLARIFICATION", "UNCOMPILED"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface TaskRecord {
  id: string;
  revision: number;
  status: TaskStatus;
  objective: string;
  taskType: TaskType | null;
  /** Null for a task startRun made from a bare objective, which was never compiled. */
  ir: TaskIRV1 | null;
  ambiguities: AmbiguityRecord[];
  escalation: Escalation | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TaskFilter {
  status?: TaskStatus | null;
  taskType?: TaskType | null;
}

/** What a run needs from its task before it may start. */
export interface RunnableTask {
  objective: string;
  ir: TaskIRV1 | null;
}

export class TaskStore {
  constructor(private readonly db: Database) {}

  /** Compiles without storing anything. */
  preview(request: TaskRequest): CompiledTask {
    const outcome = compileTask(request);
    if (!outcome.ok) throw outcome.error;
    return outcome.task;
  }

  /** Compiles and stores; the same request again returns the task it already made. */
  async compile(raw: TaskRequest): Promise<{ task: TaskRecord; replayed: boolean }> {
    const compiled = this.preview(raw);
    const request = wellFormed(raw);
    const id = compiled.ir.task_id;
    const existing = await this.get(id);
    if (existing) return { task: existing, replayed: true };
    try {
      await this.db.prisma.$transaction([
        this.db.prisma.task.create({
          data: {
            id,
            objective: compiled.ir.objective,
            source: request as object,
            revision: 0,
            status: compiled.status,
            taskType: compiled.ir.task_type,
            ir: compiled.ir as object,
            clarifications: [],
          },
        }),
        this.db.prisma.taskRevision.create({
          data: { taskId: id, revision: 0, status: compiled.status, ir: compiled.ir as object, answers: [] },
        }),
      ]);
    } catch (error) {
      // Compiled concurrently by another caller: same content, same task.
      const raced = await this.get(id);
      if (raced) return { task: raced, replayed: true };
      throw error;
    }
    return { task: await this.require(id), replayed: false };
  }

  /** Records answers and recompiles; succeeds only if the task is still at `expectedRevision`. */
  async clarify(taskId: string, expectedRevision: number, answers: AnswerInput[], answeredBy: string): Promise<TaskRecord> {
    if (!Number.isSafeInteger(expectedRevision) || expectedRevision < 0) {
      throw new InvalidInputError("the clarification is invalid; nothing was changed", [
        { path: "/expectedRevision", message: "must be a non-negative integer" },
      ]);
    }
    const row = await this.db.prisma.task.findUnique({ where: { id: taskId } });
    if (!row) throw new NotFoundError("task", taskId);
    if (row.revision !== expectedRevision) throw new TaskRevisionConflictError(taskId, expectedRevision, row.revision);
    if (!row.ir) {
      throw new InvalidInputError("the task was never compiled, so it has no questions to answer", [
        { path: "/taskId", message: "is an UNCOMPILED task" },
      ]);
    }
    const current = compiledOf(row);
    const previous = row.clarifications as unknown as Clarification[];
    const checked = clarificationsFor(current, previous, answers, answeredBy);
    if (!checked.ok) throw checked.error;
    const outcome = compileTask(row.source as unknown as TaskRequest, checked.clarifications);
    if (!outcome.ok) throw outcome.error;
    const next = outcome.task;
    const revision = expectedRevision + 1;
    const [moved] = await this.db.prisma
      .$transaction([
        this.db.prisma.task.updateMany({
          where: { id: taskId, revision: expectedRevision },
          data: {
            revision,
            status: next.status,
            objective: next.ir.objective,
            taskType: next.ir.task_type,
            ir: next.ir as object,
            clarifications: checked.clarifications as object[],
            updatedAt: new Date(),
          },
        }),
        // A concurrent clarification took this revision number first: the primary key refuses
        // this row, and the transaction undoes the update with it.
        this.db.prisma.taskRevision.create({
          data: {
            taskId,
            revision,
            status: next.status,
            ir: next.ir as object,
            answers: checked.clarifications.slice(previous.length) as object[],
            answeredBy: wellFormed(answeredBy.trim()),
          },
        }),
      ])
      .catch(async (error: unknown) => {
        const now = await this.db.prisma.task.findUnique({ where: { id: taskId }, select: { revision: true } });
        if (now && now.revision !== expectedRevision) throw new TaskRevisionConflictError(taskId, expectedRevision, now.revision);
        throw error;
      });
    if (moved.count === 0) {
      const now = await this.require(taskId);
      throw new TaskRevisionConflictError(taskId, expectedRevision, now.revision);
    }
    return this.require(taskId);
  }

  async get(id: string): Promise<TaskRecord | null> {
    const row = await this.db.prisma.task.findUnique({ where: { id } });
    return row ? toTaskRecord(row) : null;
  }

  async require(id: string): Promise<TaskRecord> {
    const task = await this.get(id);
    if (!task) throw new NotFoundError("task", id);
    return task;
  }

  /** The TaskIR of every revision, oldest first. */
  async revisions(id: string): Promise<{ revision: number; status: string; ir: TaskIRV1; answeredBy: string | null; createdAt: Date }[]> {
    const rows = await this.db.prisma.taskRevision.findMany({ where: { taskId: id }, orderBy: { revision: "asc" } });
    return rows.map((r) => ({
      revision: r.revision,
      status: r.status,
      ir: r.ir as unknown as TaskIRV1,
      answeredBy: r.answeredBy,
      createdAt: r.createdAt,
    }));
  }

  /** Newest first; `after` is the id of the last task of the previous page. */
  async list(filter: TaskFilter, first: number, after?: string | null): Promise<{ tasks: TaskRecord[]; hasNextPage: boolean }> {
    const where: Record<string, unknown> = {};
    if (filter.status) where.status = filter.status;
    if (filter.taskType) where.taskType = filter.taskType;
    if (after) {
      const anchor = await this.db.prisma.task.findUnique({ where: { id: after }, select: { createdAt: true } });
      if (!anchor) throw new InvalidInputError("the `after` cursor does not name a task", [{ path: "/after", message: "unknown cursor" }]);
      where.OR = [{ createdAt: { lt: anchor.createdAt } }, { createdAt: anchor.createdAt, id: { lt: after } }];
    }
    const rows = await this.db.prisma.task.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: first + 1 });
    return { tasks: rows.slice(0, first).map(toTaskRecord), hasNextPage: rows.length > first };
  }
}

/**
 * The task a run is about to start from: it must exist and have no open questions. Used by
 * RunStore.startRun; throws NotFoundError or TaskNeedsClarificationError.
 */
export async function runnableTask(db: Database, taskId: string): Promise<RunnableTask> {
  const row = await db.prisma.task.findUnique({ where: { id: taskId } });
  if (!row) throw new NotFoundError("task", taskId);
  if (row.status === "NEEDS_CLARIFICATION") {
    const questions = compiledOf(row).escalation?.questions.map((q) => q.question) ?? [];
    throw new TaskNeedsClarificationError(taskId, row.revision, questions);
  }
  return { objective: row.objective, ir: (row.ir as unknown as TaskIRV1 | null) ?? null };
}

function compiledOf(row: Task): CompiledTask {
  const ir = row.ir as unknown as TaskIRV1;
  const extensions = (ir.extensions ?? {}) as Record<string, unknown>;
  return {
    ir,
    status: row.status as CompiledTask["status"],
    ambiguities: (extensions["x-canon.ambiguities"] as AmbiguityRecord[] | undefined) ?? [],
    escalation: (extensions["x-canon.escalation"] as Escalation | null | undefined) ?? null,
  };
}

function toTaskRecord(row: Task): TaskRecord {
  const compiled = row.ir ? compiledOf(row) : null;
  return {
    id: row.id,
    revision: row.revision,
    status: row.status as TaskStatus,
    objective: row.objective,
    taskType: (row.taskType as TaskType | null) ?? null,
    ir: compiled?.ir ?? null,
    ambiguities: compiled?.ambiguities ?? [],
    escalation: compiled?.escalation ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// ------------------------------------------------------------------ export and import

/** A task as `canon export` carries it: everything but its runs, so import recreates it exactly. */
export interface TaskExport {
  id: string;
  objective: string;
  source: unknown;
  createdAt: string;
  /** Absent in files written before tasks were compiled (an UNCOMPILED task then). */
  revision?: number;
  status?: TaskStatus;
  taskType?: string | null;
  ir?: unknown;
  clarifications?: unknown[];
  updatedAt?: string;
  revisions?: { revision: number; status: string; ir: unknown; answers: unknown; answeredBy: string | null; createdAt: string }[];
}

type TaskWriter = Pick<Database["prisma"], "task" | "taskRevision">;

export async function exportTask(db: Database, taskId: string): Promise<TaskExport> {
  const row = await db.prisma.task.findUnique({ where: { id: taskId }, include: { revisions: { orderBy: { revision: "asc" } } } });
  if (!row) throw new NotFoundError("task", taskId);
  return {
    id: row.id,
    objective: row.objective,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    revision: row.revision,
    status: row.status as TaskStatus,
    taskType: row.taskType,
    ir: row.ir,
    clarifications: row.clarifications as unknown[],
    updatedAt: row.updatedAt.toISOString(),
    revisions: row.revisions.map((r) => ({
      revision: r.revision,
      status: r.status,
      ir: r.ir,
      answers: r.answers,
      answeredBy: r.answeredBy,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** What is wrong with an exported task; checked before anything is written. */
export function taskExportProblems(task: TaskExport, path: string): InputProblem[] {
  const problems: InputProblem[] = [];
  if (task.status !== undefined && !(TASK_STATUSES as readonly string[]).includes(task.status)) {
    problems.push({ path: `${path}/status`, message: `must be one of ${TASK_STATUSES.join(", ")}` });
  }
  const irs = [task.ir, ...(task.revisions ?? []).map((r) => r.ir)];
  irs.forEach((ir, index) => {
    if (ir != null && !validateTaskIr(ir))
      problems.push(...problemsOf(validateTaskIr, index === 0 ? `${path}/ir` : `${path}/revisions/${index - 1}/ir`));
  });
  return problems;
}

/** Recreates an exported task with its TaskIR, status, clarifications and revisions; a task already here is kept. */
export async function importTask(tx: TaskWriter, task: TaskExport): Promise<void> {
  if (await tx.task.findUnique({ where: { id: task.id }, select: { id: true } })) return;
  await tx.task.create({
    data: {
      id: task.id,
      objective: task.objective,
      source: task.source as object,
      createdAt: new Date(task.createdAt),
      ...(task.status !== undefined
        ? {
            revision: task.revision ?? 0,
            status: task.status,
            taskType: task.taskType ?? null,
            ir: (task.ir ?? undefined) as object | undefined,
            clarifications: (task.clarifications ?? []) as object[],
            updatedAt: new Date(task.updatedAt ?? task.createdAt),
          }
        : {}),
    },
  });
  if (task.revisions?.length) {
    await tx.taskRevision.createMany({
      data: task.revisions.map((r) => ({
        taskId: task.id,
        revision: r.revision,
        status: r.status,
        ir: r.ir as object,
        answers: r.answers as object,
        answeredBy: r.answeredBy,
        createdAt: new Date(r.createdAt),
      })),
    });
  }
}
