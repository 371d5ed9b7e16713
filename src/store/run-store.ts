// Canon's write path and the reads that go with it. Every write to a run is a compare-and-swap:
// a conditional UPDATE of the run at the version the writer read, and the ledger INSERT, in
// one transaction. Subscribers hear of a write only after it committed.
import { randomUUID } from "node:crypto";
import type { AgentStateV1, ResourceBudget } from "../contracts/agent-state.js";
import type { ComponentIdentity, ContentHash, Provenance } from "../contracts/common.js";
import {
  IdempotencyKeyReusedError,
  InvalidInputError,
  NotFoundError,
  StateConflictError,
  type InputProblem,
} from "../contracts/errors.js";
import { problemsOf, validateComponentIdentity, validateProvenance } from "../contracts/validation.js";
import { checkedStateJson, parseOperations, planCommit, type CommitPlan, type VersionedState } from "../domain/commit.js";
import { canonicalJson, sha256Of } from "../domain/content-hash.js";
import { buildInitialState } from "../domain/initial-state.js";
import { jsonBoundsProblems } from "../domain/json-bounds.js";
import type { OperationCall } from "../domain/operations/index.js";
import { runStatusOf } from "../domain/run-status.js";
import type { ChangeFeed } from "./change-feed.js";
import type { Database } from "./database.js";
import { toLedgerEntryRecord, toRunRecord } from "./row-mapping.js";
import type { LedgerEntryRecord, RunRecord } from "./records.js";
import { StateCache } from "./state-cache.js";

export interface WriteMeta {
  producer: ComponentIdentity;
  provenance: Provenance;
  idempotencyKey?: string | null;
}

export interface StartRunInput extends WriteMeta {
  objective: string;
  workspaceRoot: string;
  sessionId?: string | null;
  taskId?: string | null;
  budgets?: ResourceBudget | null;
}

export interface CommitRequest extends WriteMeta {
  runId: string;
  expectedVersion: number;
  operations: OperationCall[];
}

export interface NoopRequest extends WriteMeta {
  runId: string;
  expectedVersion: number;
  reason: string;
}

type VersionedRequest = WriteMeta & { runId: string; expectedVersion: number };

export interface WriteResult {
  run: RunRecord;
  entry: LedgerEntryRecord;
  /** True when an idempotent retry returned the original write instead of writing again. */
  replayed: boolean;
}

export interface RunFilter {
  status?: string | null;
  taskId?: string | null;
}

export interface RunPage {
  runs: RunRecord[];
  hasNextPage: boolean;
}

export class RunStore {
  private readonly cache = new StateCache();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly feed: ChangeFeed,
  ) {}

  async startRun(input: StartRunInput): Promise<WriteResult> {
    const problems = [...metaProblems(input), ...jsonBoundsProblems(input.objective, "/objective")];
    if (!input.objective.trim()) problems.push({ path: "/objective", message: "must not be empty" });
    if (problems.length) throw new InvalidInputError("the run could not be started; nothing was written", problems);
    const runId = `run-${randomUUID()}`;
    const taskId = input.taskId ?? `task-${randomUUID()}`;
    const state = buildInitialState({
      runId,
      taskId,
      sessionId: input.sessionId ?? `session-${randomUUID()}`,
      objective: input.objective,
      workspaceRoot: input.workspaceRoot,
      budgets: input.budgets ?? undefined,
    });
    const text = checkedStateJson(state);
    const hash = sha256Of(text);
    const operations: OperationCall[] = [{ op: "startRun", args: { objective: input.objective, workspaceRoot: input.workspaceRoot } }];
    const prisma = this.db.prisma;
    await this.track(
      prisma.$transaction(async (tx) => {
        if (input.taskId) {
          const task = await tx.task.findUnique({ where: { id: input.taskId }, select: { id: true } });
          if (!task) throw new NotFoundError("task", input.taskId);
        } else {
          await tx.task.create({ data: { id: taskId, objective: input.objective, source: { objective: input.objective } } });
        }
        await tx.run.create({
          data: {
            id: runId,
            taskId,
            sessionId: state.identity.session_id,
            stateVersion: 0,
            ledgerSeq: 0,
            status: runStatusOf(state),
            state: state as object,
            contentHash: hash,
          },
        });
        await tx.ledgerEntry.create({
          data: {
            runId,
            seq: 0,
            stateVersion: 0,
            kind: "COMMIT",
            operations: operations as object[],
            producer: input.producer as object,
            provenance: input.provenance as object,
            state: state as object,
            contentHash: hash,
          },
        });
      }),
    );
    this.cache.set(runId, { state, contentHash: hash });
    const [run, entry] = await Promise.all([this.requireRun(runId), this.requireEntry(runId, 0)]);
    return { run, entry, replayed: false };
  }

  async commitState(request: CommitRequest): Promise<WriteResult> {
    const problems = [...metaProblems(request), ...versionProblems(request.expectedVersion)];
    if (problems.length) throw new InvalidInputError("the commit is invalid; nothing was written", problems);
    const operations = parseOperations(request.operations);
    const current = await this.stateAt(request, operations, null);
    if (current instanceof Replay) return current.result;
    return this.append(request, planCommit(current, operations), operations, null);
  }

  /** Records that a component looked at version N and decided to change nothing. */
  async recordNoop(request: NoopRequest): Promise<WriteResult> {
    const problems = [...metaProblems(request), ...versionProblems(request.expectedVersion)];
    if (!request.reason.trim()) problems.push({ path: "/reason", message: "must not be empty" });
    problems.push(...jsonBoundsProblems(request.reason, "/reason"));
    if (problems.length) throw new InvalidInputError("the no-op is invalid; nothing was written", problems);
    const current = await this.stateAt(request, [], request.reason);
    if (current instanceof Replay) return current.result;
    const plan: CommitPlan = { kind: "NOOP", ...current, stateVersion: request.expectedVersion };
    return this.append(request, plan, [], request.reason);
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const row = await this.db.prisma.run.findUnique({ where: { id } });
    return row ? toRunRecord(row) : null;
  }

  /** Newest first; `after` is the id of the last run of the previous page. */
  async listRuns(filter: RunFilter, first: number, after?: string | null): Promise<RunPage> {
    const where: Record<string, unknown> = {};
    if (filter.status) where.status = filter.status;
    if (filter.taskId) where.taskId = filter.taskId;
    if (after) {
      const anchor = await this.db.prisma.run.findUnique({ where: { id: after }, select: { createdAt: true } });
      if (!anchor) throw new InvalidInputError("the `after` cursor does not name a run", [{ path: "/after", message: "unknown cursor" }]);
      where.OR = [{ createdAt: { lt: anchor.createdAt } }, { createdAt: anchor.createdAt, id: { lt: after } }];
    }
    const rows = await this.db.prisma.run.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: first + 1,
    });
    return { runs: rows.slice(0, first).map(toRunRecord), hasNextPage: rows.length > first };
  }

  /** Ledger entries with seq > afterSeq, oldest first. */
  async readLedger(runId: string, afterSeq: number, limit: number): Promise<LedgerEntryRecord[]> {
    const rows = await this.db.prisma.ledgerEntry.findMany({
      where: { runId, seq: { gt: afterSeq } },
      orderBy: { seq: "asc" },
      take: limit,
    });
    return rows.map(toLedgerEntryRecord);
  }

  /** The ledger position of the COMMIT that produced `version`, or null if the run is not there yet. */
  async seqOfVersion(runId: string, version: number): Promise<number | null> {
    const row = await this.db.prisma.ledgerEntry.findFirst({
      where: { runId, stateVersion: version, kind: "COMMIT" },
      select: { seq: true },
    });
    return row?.seq ?? null;
  }

  /** The state as of `version`, from the COMMIT that produced it. */
  async stateOfVersion(runId: string, version: number): Promise<AgentStateV1 | null> {
    const row = await this.db.prisma.ledgerEntry.findFirst({
      where: { runId, stateVersion: version, kind: "COMMIT" },
      select: { state: true },
    });
    return (row?.state as AgentStateV1 | null | undefined) ?? null;
  }

  /** Resolves once every write that had started has finished (for graceful shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async stateAt(request: VersionedRequest, operations: OperationCall[], reason: string | null) {
    const { runId, expectedVersion } = request;
    const cached = this.cache.get(runId, expectedVersion);
    if (cached) return cached;
    const row = await this.db.prisma.run.findUnique({
      where: { id: runId },
      select: { state: true, stateVersion: true, contentHash: true },
    });
    if (!row) throw new NotFoundError("run", runId);
    if (row.stateVersion !== expectedVersion) return new Replay(await this.conflictOrReplay(request, operations, reason, row.stateVersion));
    const current: VersionedState = { state: row.state as unknown as AgentStateV1, contentHash: row.contentHash as ContentHash };
    this.cache.set(runId, current);
    return current;
  }

  private async append(
    request: VersionedRequest,
    plan: CommitPlan,
    operations: OperationCall[],
    reason: string | null,
  ): Promise<WriteResult> {
    const { runId, expectedVersion } = request;
    const requestHash = request.idempotencyKey ? requestHashOf(request, operations, reason) : null;
    const stateJson = plan.kind === "COMMIT" ? JSON.stringify(plan.state) : null;
    let written: { seq: number; at: Date } | null;
    try {
      written = await this.track(
        this.db.prisma.$transaction(async (tx) => {
          const updated =
            plan.kind === "COMMIT"
              ? await tx.$queryRaw<{ ledger_seq: number; updated_at: Date }[]>`
                  UPDATE "run" SET "state_version" = ${plan.stateVersion}, "ledger_seq" = "ledger_seq" + 1,
                    "state" = ${stateJson}::jsonb, "content_hash" = ${plan.contentHash},
                    "status" = ${runStatusOf(plan.state)}, "updated_at" = now()
                  WHERE "id" = ${runId} AND "state_version" = ${expectedVersion}
                  RETURNING "ledger_seq", "updated_at"`
              : await tx.$queryRaw<{ ledger_seq: number; updated_at: Date }[]>`
                  UPDATE "run" SET "ledger_seq" = "ledger_seq" + 1, "updated_at" = now()
                  WHERE "id" = ${runId} AND "state_version" = ${expectedVersion}
                  RETURNING "ledger_seq", "updated_at"`;
          const row = updated[0];
          if (!row) return null;
          const newSeq = row.ledger_seq;
          await tx.$executeRaw`
            INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer",
              "provenance", "reason", "state", "content_hash", "idempotency_key", "request_hash", "created_at")
            VALUES (${runId}, ${newSeq}, ${plan.stateVersion}, ${plan.kind}::"LedgerKind", ${JSON.stringify(operations)}::jsonb,
              ${JSON.stringify(request.producer)}::jsonb, ${JSON.stringify(request.provenance)}::jsonb, ${reason},
              ${stateJson}::jsonb, ${plan.contentHash}, ${request.idempotencyKey ?? null}, ${requestHash}, now())`;
          return { seq: newSeq, at: new Date(row.updated_at) };
        }),
      );
    } catch (error) {
      if (request.idempotencyKey && isUniqueViolation(error)) return this.conflictOrReplay(request, operations, reason, null);
      throw error;
    }
    if (written === null) return this.conflictOrReplay(request, operations, reason, null);
    const { seq } = written;
    if (plan.kind === "COMMIT") this.cache.set(runId, { state: plan.state, contentHash: plan.contentHash });
    const entry: LedgerEntryRecord = {
      runId,
      seq,
      stateVersion: plan.stateVersion,
      kind: plan.kind,
      operations,
      producer: request.producer,
      provenance: request.provenance,
      reason,
      state: plan.kind === "COMMIT" ? plan.state : null,
      contentHash: plan.contentHash,
      createdAt: written.at,
    };
    this.feed.publish({ runId, seq, entry });
    return { run: await this.requireRun(runId), entry, replayed: false };
  }

  /**
   * The run was not at the expected version. If this is a retry of a write that already
   * happened (same idempotency key, same request), answer with that write; otherwise it is
   * a conflict, reported with the version the run is at now.
   */
  private async conflictOrReplay(
    request: VersionedRequest,
    operations: OperationCall[],
    reason: string | null,
    knownVersion: number | null,
  ): Promise<WriteResult> {
    if (request.idempotencyKey) {
      const original = await this.db.prisma.ledgerEntry.findUnique({
        where: { runId_idempotencyKey: { runId: request.runId, idempotencyKey: request.idempotencyKey } },
      });
      if (original) {
        if (original.requestHash !== requestHashOf(request, operations, reason)) {
          throw new IdempotencyKeyReusedError(request.idempotencyKey);
        }
        return { run: await this.requireRun(request.runId), entry: toLedgerEntryRecord(original), replayed: true };
      }
    }
    const version = knownVersion ?? (await this.getRun(request.runId))?.stateVersion;
    if (version === undefined) throw new NotFoundError("run", request.runId);
    throw new StateConflictError(request.runId, request.expectedVersion, version);
  }

  private async requireRun(id: string): Promise<RunRecord> {
    const run = await this.getRun(id);
    if (!run) throw new NotFoundError("run", id);
    return run;
  }

  private async requireEntry(runId: string, seq: number): Promise<LedgerEntryRecord> {
    const row = await this.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { runId_seq: { runId, seq } } });
    return toLedgerEntryRecord(row);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }
}

class Replay {
  constructor(readonly result: WriteResult) {}
}

function metaProblems(meta: WriteMeta): InputProblem[] {
  const problems: InputProblem[] = [];
  if (!validateComponentIdentity(meta.producer)) problems.push(...problemsOf(validateComponentIdentity, "/producer"));
  if (!validateProvenance(meta.provenance)) problems.push(...problemsOf(validateProvenance, "/provenance"));
  const key = meta.idempotencyKey;
  if (key != null && (key.length === 0 || key.length > 200)) {
    problems.push({ path: "/idempotencyKey", message: "must be 1 to 200 characters" });
  }
  return problems;
}

function versionProblems(version: number): InputProblem[] {
  return Number.isSafeInteger(version) && version >= 0
    ? []
    : [{ path: "/expectedVersion", message: "must be a non-negative integer" }];
}

function requestHashOf(
  request: VersionedRequest,
  operations: OperationCall[],
  reason: string | null,
): string {
  const { runId, expectedVersion, producer, provenance } = request;
  return sha256Of(canonicalJson({ runId, expectedVersion, operations, reason, producer, provenance }));
}

function isUniqueViolation(error: unknown): boolean {
  const text = JSON.stringify(error, Object.getOwnPropertyNames(error ?? {})) ?? "";
  return text.includes("23505") || text.includes("P2002") || text.includes("UniqueConstraintViolation");
}
