// Canon's write path. Every write to an existing run is a compare-and-swap: a conditional
// UPDATE of the run at the version the writer read, and the ledger INSERT, in one
// transaction. Subscribers hear of a write only after it committed.
import { createHash, randomUUID } from "node:crypto";
import type { AgentStateV1, ResourceBudget } from "../contracts/agent-state.js";
import type { ComponentIdentity, ContentHash, Provenance } from "../contracts/common.js";
import {
  IdempotencyKeyReusedError,
  InvalidInputError,
  NotFoundError,
  ReceiptConflictError,
  StateConflictError,
  type InputProblem,
} from "../contracts/errors.js";
import { RunDeletedError } from "../contracts/watch-errors.js";
import { problemsOf, validateComponentIdentity, validateProvenance } from "../contracts/validation.js";
import { checkedStateJson, parseOperations, planCommit, type CommitPlan, type VersionedState } from "../domain/commit.js";
import { canonicalJson, sha256Of } from "../domain/content-hash.js";
import { buildInitialState } from "../domain/initial-state.js";
import { jsonBoundsProblems } from "../domain/json-bounds.js";
import { chainHash, entryDigest, GENESIS_PARENT } from "../domain/ledger-chain.js";
import { carriedReceipts, type CarriedReceipt, type OperationCall, type OperationContext } from "../domain/operations/index.js";
import { requireModelProvenance } from "../domain/rules/provenance.js";
import { runStatusOf } from "../domain/run-status.js";
import type { ChangeFeed, LedgerNotice } from "../live/change-feed.js";
import type { Database } from "../db/database.js";
import type { LedgerEntryRecord, RunRecord } from "../db/records.js";
import { runDeletion } from "./run-deletion.js";
import { RunReader } from "./run-reads.js";
import { toLedgerEntryRecord } from "../db/row-mapping.js";
import { StateCache } from "./state-cache.js";
import { runnableTask } from "./task-store.js";

export interface WriteMeta {
  producer: ComponentIdentity;
  /** At least one record; model output needs a MODEL record (rule 7). */
  provenance: Provenance[];
  idempotencyKey?: string | null;
}

export interface StartRunInput extends WriteMeta {
  /** Required without a taskId; with one, defaults to the task's objective. */
  objective?: string | null;
  workspaceRoot: string;
  sessionId?: string | null;
  taskId?: string | null;
  budgets?: ResourceBudget | null;
}

export interface ForkRunInput extends WriteMeta {
  runId: string;
  atVersion: number;
  sessionId?: string | null;
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

/** What a new run starts from: its first state and the genesis entry that records why. */
interface Genesis {
  runId: string;
  taskId: string;
  newTaskObjective: string | null;
  state: AgentStateV1;
  operations: OperationCall[];
  parentHash: ContentHash;
  meta: WriteMeta;
  requestHash: string | null;
}

export class RunStore extends RunReader {
  private readonly cache: StateCache;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    db: Database,
    private readonly feed: ChangeFeed,
    options: { stateCacheBytes?: number } = {},
  ) {
    super(db);
    this.cache = new StateCache(options.stateCacheBytes);
  }

  /**
   * Tells watchers of a durable write, after the writer's current task: the writer's response
   * goes out before the fan-out to the run's subscribers, and writes that land in one task are
   * still announced one notice at a time.
   */
  protected announce(notice: LedgerNotice): void {
    setImmediate(() => this.feed.publish(notice));
  }

  async startRun(input: StartRunInput): Promise<WriteResult> {
    const problems = [...metaProblems(input), ...jsonBoundsProblems(input.objective ?? "", "/objective")];
    if (!input.taskId && !input.objective?.trim()) problems.push({ path: "/objective", message: "must not be empty" });
    if (problems.length) throw new InvalidInputError("the run could not be started; nothing was written", problems);
    requireModelProvenance(input.producer, input.provenance, []);
    // A compiled task must have no open questions; its objective and budgets are the defaults.
    const task = input.taskId ? await runnableTask(this.db, input.taskId) : null;
    const objective = input.objective?.trim() ? input.objective : task!.objective;
    const requestHash = input.idempotencyKey ? sha256Of(canonicalJson({ startRun: input })) : null;
    const runId = newRunId(input);
    const taskId = input.taskId ?? `task-${randomUUID()}`;
    const state = buildInitialState({
      runId,
      taskId,
      sessionId: input.sessionId ?? `session-${randomUUID()}`,
      objective,
      workspaceRoot: input.workspaceRoot,
      budgets: input.budgets ?? task?.ir?.cost_budget ?? undefined,
      taskIr: task?.ir ?? null,
    });
    return this.createRun({
      runId,
      taskId,
      newTaskObjective: input.taskId ? null : objective,
      state,
      operations: [{ op: "startRun", args: { objective, workspaceRoot: input.workspaceRoot } }],
      parentHash: GENESIS_PARENT,
      meta: input,
      requestHash,
    });
  }

  /** A new run whose version 0 is `runId`'s state at `atVersion`; the original is untouched. */
  async forkRun(input: ForkRunInput): Promise<WriteResult> {
    const problems = [...metaProblems(input), ...versionProblems(input.atVersion, "/atVersion")];
    if (problems.length) throw new InvalidInputError("the run could not be forked; nothing was written", problems);
    requireModelProvenance(input.producer, input.provenance, []);
    const origin = await this.commitOfVersion(input.runId, input.atVersion);
    if (!origin?.state) {
      await this.requireRun(input.runId);
      throw new NotFoundError("state version", `${input.runId}@${input.atVersion}`);
    }
    const runId = newRunId(input);
    const state: AgentStateV1 = {
      ...origin.state,
      identity: {
        ...origin.state.identity,
        run_id: runId,
        session_id: input.sessionId ?? origin.state.identity.session_id,
        state_version: 0,
      },
    };
    const requestHash = input.idempotencyKey ? sha256Of(canonicalJson({ forkRun: input })) : null;
    return this.createRun({
      runId,
      taskId: state.identity.task_id,
      newTaskObjective: null,
      state,
      operations: [{ op: "forkRun", args: { originRunId: input.runId, originVersion: input.atVersion, originEntryHash: origin.entryHash } }],
      parentHash: origin.entryHash,
      meta: input,
      requestHash,
    });
  }

  async commitState(request: CommitRequest): Promise<WriteResult> {
    const problems = [...metaProblems(request), ...versionProblems(request.expectedVersion, "/expectedVersion")];
    if (problems.length) throw new InvalidInputError("the commit is invalid; nothing was written", problems);
    const operations = parseOperations(request.operations);
    requireModelProvenance(request.producer, request.provenance, operations);
    const receipts = carriedReceipts(operations);
    const current = await this.stateAt(request, operations, null);
    if (current instanceof Replay) return current.result;
    const context: OperationContext = { producer: request.producer, provenance: request.provenance, committedAt: commitTime() };
    const plan = planCommit(current, operations, context);
    // Checked even for a NOOP: re-sending a receipt id with other content is refused, not ignored.
    const freshReceipts = await this.receiptsToInsert(receipts);
    const newReceipts = plan.kind === "COMMIT" ? freshReceipts : [];
    return this.append(request, plan, operations, null, context.committedAt, newReceipts);
  }

  /** Records that a component looked at version N and decided to change nothing. */
  async recordNoop(request: NoopRequest): Promise<WriteResult> {
    const problems = [...metaProblems(request), ...versionProblems(request.expectedVersion, "/expectedVersion")];
    if (!request.reason.trim()) problems.push({ path: "/reason", message: "must not be empty" });
    problems.push(...jsonBoundsProblems(request.reason, "/reason"));
    if (problems.length) throw new InvalidInputError("the no-op is invalid; nothing was written", problems);
    requireModelProvenance(request.producer, request.provenance, []);
    const current = await this.stateAt(request, [], request.reason);
    if (current instanceof Replay) return current.result;
    const plan: CommitPlan = { kind: "NOOP", ...current, stateVersion: request.expectedVersion };
    return this.append(request, plan, [], request.reason, commitTime(), []);
  }

  /** Resolves once every write that had started has finished (for graceful shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async createRun(genesis: Genesis): Promise<WriteResult> {
    const { runId, state, meta } = genesis;
    const hash = sha256Of(checkedStateJson(state));
    const digest = entryDigest({
      runId, stateVersion: 0, kind: "COMMIT", operations: genesis.operations,
      producer: meta.producer, provenance: meta.provenance, reason: null, contentHash: hash,
    });
    const entryHash = chainHash(genesis.parentHash, 0, digest);
    try {
      await this.track(
        this.db.prisma.$transaction(async (tx) => {
          if (genesis.newTaskObjective !== null) {
            await tx.task.create({ data: { id: genesis.taskId, objective: genesis.newTaskObjective, source: { objective: genesis.newTaskObjective } } });
          } else if (!(await tx.task.findUnique({ where: { id: genesis.taskId }, select: { id: true } }))) {
            throw new NotFoundError("task", genesis.taskId);
          }
          await tx.run.create({
            data: {
              id: runId, taskId: genesis.taskId, sessionId: state.identity.session_id, stateVersion: 0, ledgerSeq: 0,
              status: runStatusOf(state), state: state as object, contentHash: hash,
              headHash: entryHash, headParentHash: genesis.parentHash,
            },
          });
          await tx.ledgerEntry.create({
            data: {
              runId, seq: 0, stateVersion: 0, kind: "COMMIT", operations: genesis.operations as object[],
              producer: meta.producer as object, provenance: meta.provenance as object, state: state as object,
              contentHash: hash, parentHash: genesis.parentHash, entryHash,
              idempotencyKey: meta.idempotencyKey ?? null, requestHash: genesis.requestHash,
            },
          });
          // A keyed id is derived, so a retry after the run was deleted would bring it back under
          // its tombstone. Checked after the insert, which waited for any deletion in flight.
          const deletion = meta.idempotencyKey ? await runDeletion(tx, runId) : null;
          if (deletion) throw new RunDeletedError(runId, deletion.lastSeq);
        }),
      );
    } catch (error) {
      // A run id derived from an idempotency key already exists: this is a retry.
      if (meta.idempotencyKey && isUniqueViolation(error)) return this.replayGenesis(runId, meta.idempotencyKey, genesis.requestHash);
      throw error;
    }
    this.cache.set(runId, { state, contentHash: hash });
    const [run, entry] = await Promise.all([this.requireRun(runId), this.requireEntry(runId, 0)]);
    return { run, entry, replayed: false };
  }

  private async replayGenesis(runId: string, key: string, requestHash: string | null): Promise<WriteResult> {
    const original = await this.entryByIdempotencyKey(runId, key);
    if (!original || original.seq !== 0 || original.requestHash !== requestHash) throw new IdempotencyKeyReusedError(key);
    return { run: await this.requireRun(runId), entry: toLedgerEntryRecord(original), replayed: true };
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

  /**
   * Receipts this commit carries that are not stored yet. One already stored with the same
   * content is fine (recording it again changes nothing); different content under its id is not.
   */
  private async receiptsToInsert(receipts: CarriedReceipt[]): Promise<CarriedReceipt[]> {
    if (receipts.length === 0) return [];
    const stored = await this.db.prisma.receipt.findMany({
      where: { id: { in: receipts.map((r) => r.id) } },
      select: { id: true, contentHash: true },
    });
    const storedHash = new Map(stored.map((row) => [row.id, row.contentHash]));
    const fresh = new Map<string, CarriedReceipt>();
    for (const receipt of receipts) {
      const known = storedHash.get(receipt.id) ?? fresh.get(receipt.id)?.contentHash;
      if (known !== undefined && known !== receipt.contentHash) throw new ReceiptConflictError(receipt.id);
      if (!storedHash.has(receipt.id)) fresh.set(receipt.id, receipt);
    }
    return [...fresh.values()];
  }

  private async append(
    request: VersionedRequest,
    plan: CommitPlan,
    operations: OperationCall[],
    reason: string | null,
    committedAt: string,
    receipts: CarriedReceipt[],
  ): Promise<WriteResult> {
    const { runId, expectedVersion } = request;
    const requestHash = request.idempotencyKey ? requestHashOf(request, operations, reason) : null;
    const digest = entryDigest({
      runId, stateVersion: plan.stateVersion, kind: plan.kind, operations,
      producer: request.producer, provenance: request.provenance, reason, contentHash: plan.contentHash,
    });
    let written: ReturnedRun | null;
    try {
      written = await this.track(this.appendStatement(request, plan, { operations, reason, digest, requestHash, committedAt, receipts }));
    } catch (error) {
      // A concurrent commit on another run stored one of these receipt ids first.
      if (receipts.length && isUniqueViolation(error, "receipt_pkey")) return this.receiptRace(request, receipts);
      if (request.idempotencyKey && isUniqueViolation(error)) return this.conflictOrReplay(request, operations, reason, null);
      throw error;
    }
    if (written === null) return this.conflictOrReplay(request, operations, reason, null);
    const row = written;
    const at = new Date(row.updated_at);
    if (plan.kind === "COMMIT") this.cache.set(runId, { state: plan.state, contentHash: plan.contentHash });
    const entry: LedgerEntryRecord = {
      runId,
      seq: row.ledger_seq,
      stateVersion: plan.stateVersion,
      kind: plan.kind,
      operations,
      producer: request.producer,
      provenance: request.provenance,
      reason,
      state: plan.kind === "COMMIT" ? plan.state : null,
      contentHash: plan.contentHash,
      parentHash: row.head_parent_hash,
      entryHash: row.head_hash,
      createdAt: at,
    };
    this.announce({ runId, seq: row.ledger_seq, entry });
    // The UPDATE returned every column but the state, which we hold: no read after the write.
    const run: RunRecord = {
      id: runId,
      taskId: row.task_id,
      sessionId: row.session_id,
      stateVersion: plan.stateVersion,
      ledgerSeq: row.ledger_seq,
      status: row.status as RunRecord["status"],
      state: plan.state,
      contentHash: plan.contentHash,
      headHash: row.head_hash,
      createdAt: new Date(row.created_at),
      updatedAt: at,
    };
    return { run, entry, replayed: false };
  }

  /**
   * Compare-and-swap and ledger append as ONE statement, so one round trip and atomic on its own
   * (every Postgres statement runs in a transaction): the conditional UPDATE moves the run to
   * the next seq and chain head only if it is still at `expectedVersion`, and the INSERT appends
   * the ledger entry from exactly the row the UPDATE wrote. No UPDATE, no entry; a failing
   * INSERT (e.g. a reused idempotency key) undoes the UPDATE. The chain head lives on the run
   * row because, after a lock wait, only the locked row is re-read: the parent ledger row a
   * concurrent writer just committed would be invisible to a join in the same statement.
   * Returns null when the run is not at `expectedVersion`.
   */
  private async appendStatement(request: VersionedRequest, plan: CommitPlan, entry: EntryFields): Promise<ReturnedRun | null> {
    const { runId, expectedVersion } = request;
    const { operations, reason, digest, requestHash, committedAt } = entry;
    const receiptRows = JSON.stringify(
      entry.receipts.map((r) => ({ id: r.id, kind: r.kind, document: r.document, content_hash: r.contentHash })),
    );
    const commit = plan.kind === "COMMIT";
    const stateJson = commit ? JSON.stringify(plan.state) : null;
    const rows = await this.db.prisma.$queryRaw<ReturnedRun[]>`
      WITH moved AS (
        UPDATE "run" SET
          "state_version" = ${plan.stateVersion},
          "ledger_seq" = "ledger_seq" + 1,
          "state" = CASE WHEN ${commit} THEN ${stateJson}::jsonb ELSE "state" END,
          "content_hash" = ${plan.contentHash},
          "status" = ${runStatusOf(plan.state)},
          "head_parent_hash" = "head_hash",
          "head_hash" = 'sha256:' || encode(sha256(convert_to("head_hash" || '|' || ("ledger_seq" + 1) || '|' || ${digest}, 'UTF8')), 'hex'),
          "updated_at" = ${committedAt}::timestamptz
        WHERE "id" = ${runId} AND "state_version" = ${expectedVersion}
        RETURNING "ledger_seq", "task_id", "session_id", "status", "created_at", "updated_at", "head_hash", "head_parent_hash"
      ), appended AS (
        INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer", "provenance",
          "reason", "state", "content_hash", "parent_hash", "entry_hash", "idempotency_key", "request_hash", "created_at")
        SELECT ${runId}, m."ledger_seq", ${plan.stateVersion}, ${plan.kind}::"LedgerKind", ${JSON.stringify(operations)}::jsonb,
          ${JSON.stringify(request.producer)}::jsonb, ${JSON.stringify(request.provenance)}::jsonb, ${reason},
          ${stateJson}::jsonb, ${plan.contentHash}, m."head_parent_hash", m."head_hash",
          ${request.idempotencyKey ?? null}, ${requestHash}, m."updated_at"
        FROM moved m
        RETURNING "seq"
      ), stored_receipts AS (
        INSERT INTO "receipt" ("id", "run_id", "kind", "document", "content_hash", "state_version", "created_at")
        SELECT r."id", ${runId}, r."kind"::"ReceiptKind", r."document", r."content_hash", ${plan.stateVersion}, m."updated_at"
        FROM moved m, jsonb_to_recordset(${receiptRows}::jsonb) AS r("id" text, "kind" text, "document" jsonb, "content_hash" text)
      )
      SELECT m.* FROM moved m JOIN appended a ON a."seq" = m."ledger_seq"`;
    return rows[0] ?? null;
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
      const original = await this.entryByIdempotencyKey(request.runId, request.idempotencyKey);
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

  /** Our receipt insert lost a race to another run's commit of the same id. */
  private async receiptRace(request: VersionedRequest, receipts: CarriedReceipt[]): Promise<never> {
    await this.receiptsToInsert(receipts); // throws ReceiptConflictError when the content differs
    const version = (await this.getRun(request.runId))?.stateVersion ?? request.expectedVersion;
    throw new StateConflictError(request.runId, request.expectedVersion, version);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }
}

/** The run columns a write returns (all but the state document, which the writer holds). */
interface ReturnedRun {
  ledger_seq: number;
  task_id: string;
  session_id: string;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  head_hash: ContentHash;
  head_parent_hash: ContentHash;
}

/** What a ledger entry records besides the plan, as the append statement needs it. */
interface EntryFields {
  operations: OperationCall[];
  reason: string | null;
  digest: ContentHash;
  requestHash: string | null;
  committedAt: string;
  receipts: CarriedReceipt[];
}

/** The commit time, at the database's precision (ms), so replaying an entry reproduces its state. */
const commitTime = (): string => new Date().toISOString();

class Replay {
  constructor(readonly result: WriteResult) {}
}

/**
 * A run-creating request with an idempotency key gets a run id derived from the caller and
 * the key, so a retry collides with the first attempt instead of creating a second run.
 */
function newRunId(meta: WriteMeta): string {
  if (!meta.idempotencyKey) return `run-${randomUUID()}`;
  const digest = createHash("sha256").update(`${meta.producer.component_id}\n${meta.idempotencyKey}`).digest("hex");
  return `run-${digest.slice(0, 32)}`;
}

const MAX_PROVENANCE_RECORDS = 20;

/** What is wrong with a write's producer, provenance and idempotency key. */
export function metaProblems(meta: WriteMeta): InputProblem[] {
  const problems: InputProblem[] = [];
  if (!validateComponentIdentity(meta.producer)) problems.push(...problemsOf(validateComponentIdentity, "/producer"));
  if (!Array.isArray(meta.provenance) || meta.provenance.length === 0 || meta.provenance.length > MAX_PROVENANCE_RECORDS) {
    problems.push({ path: "/provenance", message: `must hold 1 to ${MAX_PROVENANCE_RECORDS} provenance records` });
  } else {
    meta.provenance.forEach((record, index) => {
      if (!validateProvenance(record)) problems.push(...problemsOf(validateProvenance, `/provenance/${index}`));
    });
  }
  const key = meta.idempotencyKey;
  if (key != null && (key.length === 0 || key.length > 200)) {
    problems.push({ path: "/idempotencyKey", message: "must be 1 to 200 characters" });
  }
  return problems;
}

export function versionProblems(version: number, path: string): InputProblem[] {
  return Number.isSafeInteger(version) && version >= 0 ? [] : [{ path, message: "must be a non-negative integer" }];
}

/** The reason an archive or a deletion records. */
export function endOfRunReasonProblems(reason: string): InputProblem[] {
  return reason.trim() && reason.length <= 2_000 ? [] : [{ path: "/reason", message: "must be 1 to 2000 characters" }];
}

function requestHashOf(request: VersionedRequest, operations: OperationCall[], reason: string | null): string {
  const { runId, expectedVersion, producer, provenance } = request;
  return sha256Of(canonicalJson({ runId, expectedVersion, operations, reason, producer, provenance }));
}

function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const text = JSON.stringify(error, Object.getOwnPropertyNames(error ?? {})) ?? "";
  const unique = text.includes("23505") || text.includes("P2002") || text.includes("UniqueConstraintViolation");
  return unique && (constraint === undefined || text.includes(constraint));
}
