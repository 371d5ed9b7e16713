// The writes of a run's working life: startRun and forkRun create a run, commitState and
// recordNoop append to it. Each checks its input (write-meta.ts), reads the state it builds on
// (from the cache when it can), plans with the pure domain (planCommit), and hands the entry to
// the one append statement (ledger-writes.ts). A write that finds the run elsewhere than where
// it expected is either the retry of a write that happened (same idempotency key and request:
// answered with the original) or a STATE_CONFLICT.
import { createHash, randomUUID } from "node:crypto";
import type { AgentStateV1, ResourceBudget } from "../contracts/agent-state.js";
import { CanonError, IdempotencyKeyReusedError, NotFoundError, ReceiptConflictError, StateConflictError } from "../contracts/errors.js";
import { parseOperations, planCommit, readsClock, type VersionedState } from "../domain/commit.js";
import type { ChainPosition } from "../domain/ledger-encoding.js";
import { canonicalJson, sha256Of } from "../domain/content-hash.js";
import { buildInitialState } from "../domain/initial-state.js";
import { jsonBoundsProblems } from "../domain/json-bounds.js";
import { LIMITS } from "../domain/limits.js";
import { GENESIS_PARENT } from "../domain/ledger-chain.js";
import { carriedReceipts, type CarriedReceipt, type OperationCall } from "../domain/operations/index.js";
import { citedReceiptIds } from "../domain/rules/receipt-book.js";
import type { Database } from "../db/database.js";
import type { LedgerEntryRecord, RunRecord } from "../db/records.js";
import { toLedgerEntryRecord } from "../db/row-mapping.js";
import type { AppendRefusal, AppendSpec, GenesisSpec, LedgerWrites, Written } from "./ledger-writes.js";
import { receiptBookOf } from "./receipt-reads.js";
import type { RunReader } from "./run-reads.js";
import { StateCache } from "./state-cache.js";
import { CommitCoalescer } from "./commit-coalescer.js";
import { runnableTask } from "./task-store.js";
import { checkWriteMeta, type WriteMeta } from "./write-meta.js";

export type { WriteMeta } from "./write-meta.js";

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

/** A write to an existing run at the version its writer read. */
export type VersionedRequest = WriteMeta & { runId: string; expectedVersion: number };

export interface WriteResult {
  run: RunRecord;
  entry: LedgerEntryRecord;
  /** True when an idempotent retry returned the original write instead of writing again. */
  replayed: boolean;
}

/** A run's state at a version, and where its ledger's patch chain stands there. */
type Current = VersionedState & { position: ChainPosition };

/** How often a commit whose operations read the clock retries after a later entry overtook its time. */
const CLOCK_RETRIES = 3;
/** Groups of single commits written at once (commit-coalescer.ts): 2 beat 1 and 4 in the benchmark (docs/benchmark-log.md). */
const COMMIT_GROUPS_IN_FLIGHT = 2;

export class RunWriter {
  private readonly cache: StateCache<Current>;
  private readonly coalescer: CommitCoalescer<CommitRequest, WriteResult>;

  constructor(
    private readonly db: Database,
    private readonly reads: RunReader,
    private readonly ledger: LedgerWrites,
    options: { stateCacheBytes?: number } = {},
  ) {
    this.cache = new StateCache<Current>(options.stateCacheBytes);
    this.coalescer = new CommitCoalescer<CommitRequest, WriteResult>((requests) => this.commitStates([...requests]), {
      maxInFlight: COMMIT_GROUPS_IN_FLIGHT,
      maxBatch: LIMITS.commitsPerBatch,
    });
  }

  async startRun(input: StartRunInput): Promise<WriteResult> {
    const problems = jsonBoundsProblems(input.objective ?? "", "/objective");
    if (!input.taskId && !input.objective?.trim()) problems.push({ path: "/objective", message: "must not be empty" });
    checkWriteMeta(input, { refusal: "the run could not be started; nothing was written", problems });
    // A compiled task must have no open questions; its objective and budgets are the defaults.
    const task = input.taskId ? await runnableTask(this.db, input.taskId) : null;
    const objective = input.objective?.trim() ? input.objective : task!.objective;
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
      ...entryContent(input, runId, [{ op: "startRun", args: { objective, workspaceRoot: input.workspaceRoot } }], null),
      requestHash: input.idempotencyKey ? sha256Of(canonicalJson({ startRun: input })) : null,
      taskId,
      newTaskObjective: input.taskId ? null : objective,
      state,
      parentHash: GENESIS_PARENT,
    });
  }

  /** A new run whose version 0 is `runId`'s state at `atVersion`; the original is untouched. */
  async forkRun(input: ForkRunInput): Promise<WriteResult> {
    checkWriteMeta(input, { refusal: "the run could not be forked; nothing was written", versions: { "/atVersion": input.atVersion } });
    const origin = await this.reads.commitOfVersion(input.runId, input.atVersion);
    if (!origin?.state) {
      await this.reads.requireRun(input.runId);
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
    const operations = [
      { op: "forkRun", args: { originRunId: input.runId, originVersion: input.atVersion, originEntryHash: origin.entryHash } },
    ];
    return this.createRun({
      ...entryContent(input, runId, operations, null),
      requestHash: input.idempotencyKey ? sha256Of(canonicalJson({ forkRun: input })) : null,
      taskId: state.identity.task_id,
      newTaskObjective: null,
      state,
      parentHash: origin.entryHash,
    });
  }

  /** One commit; concurrent ones share an append statement (commit-coalescer.ts). */
  commitState(request: CommitRequest): Promise<WriteResult> {
    return this.coalescer.write(request);
  }

  /**
   * Many commits, to many runs, each judged on its own (input checks, compare-and-swap, rules,
   * idempotency key) and answered in input order: a WriteResult, or the typed error that item
   * got. Commits to distinct runs share one append statement; a second commit to the same run
   * goes in the next statement, planned on the first one's result. The states written on are
   * read in one query (none when the state cache holds them). A commit whose operations read
   * the clock (locks) goes alone, in its wave, through `commit`: it needs the database's time
   * before it is planned, and may retry. Unexpected failures (the database is gone) fail the
   * whole call.
   */
  async commitStates(requests: CommitRequest[]): Promise<(WriteResult | CanonError)[]> {
    const outcomes: (WriteResult | CanonError | undefined)[] = new Array(requests.length);
    const parsed = requests.map((request, index) =>
      itemOutcome(outcomes, index, () =>
        checkWriteMeta(request, {
          refusal: "the commit is invalid; nothing was written",
          versions: { "/expectedVersion": request.expectedVersion },
          operations: () => parseOperations(request.operations),
        }),
      ),
    );
    const settleItem = (index: number, step: () => Promise<WriteResult>) =>
      itemOutcomeAsync(outcomes, index, step).then((result) => {
        if (result) outcomes[index] = result;
      });
    for (const wave of wavesByRun(requests, (index) => outcomes[index] === undefined)) {
      const clocked = wave.filter((index) => readsClock(parsed[index]!));
      const batched = wave.filter((index) => !readsClock(parsed[index]!));
      const batch = async () => {
        const currents = await this.currentStates(batched.map((index) => requests[index]!));
        const specs: { index: number; spec: AppendSpec }[] = [];
        await Promise.all(
          batched.map(async (index, at) => {
            const request = requests[index]!;
            const operations = parsed[index]!;
            const spec = await itemOutcomeAsync(outcomes, index, async () => {
              const current = await currents[at]!(operations, null);
              if ("replayed" in current) return current;
              return this.commitSpec(request, operations, current, null);
            });
            if (spec && !("replayed" in spec)) specs.push({ index, spec });
            else if (spec) outcomes[index] = spec;
          }),
        );
        specs.sort((a, b) => a.index - b.index);
        const written = specs.length ? await this.ledger.appendMany(specs.map((s) => s.spec)) : [];
        await Promise.all(specs.map(({ index, spec }, at) => settleItem(index, () => this.settle(requests[index]!, spec, written[at]!))));
      };
      await Promise.all([
        ...(batched.length ? [batch()] : []),
        ...clocked.map((index) => settleItem(index, () => this.commit(requests[index]!, parsed[index]!, CLOCK_RETRIES))),
      ]);
    }
    return outcomes as (WriteResult | CanonError)[];
  }

  /** One commit whose operations read the clock: planned at the database's time, retried if overtaken. */
  private async commit(request: CommitRequest, operations: OperationCall[], retries: number): Promise<WriteResult> {
    const current = await this.currentState(request, operations, null);
    if ("replayed" in current) return current;
    // Commit times are the database's (never each instance's), so a ledger's times never go
    // back. Operations that read the time are applied at a time read from the database first;
    // for all others the append statement stamps it.
    const clockTime = readsClock(operations) ? await this.ledger.commitTime(request.runId) : null;
    if (readsClock(operations) && clockTime === null) throw new NotFoundError("run", request.runId);
    const spec = await this.commitSpec(request, operations, current, clockTime);
    const written = await this.ledger.append(spec);
    if (written === "NOT_AT_VERSION" && clockTime !== null && retries > 0) {
      // A NOOP or archive may have landed after the time we read: read it again, if still at this version.
      if ((await this.reads.getRun(request.runId))?.stateVersion === request.expectedVersion)
        return this.commit(request, operations, retries - 1);
    }
    return this.settle(request, spec, written);
  }

  /**
   * What a commit on `current` appends: its plan, request hash and the receipts it stores.
   * `clockTime`: the database's time, read first, for operations that read the clock; null
   * for all others (the append statement stamps the time, which they never see).
   */
  private async commitSpec(
    request: CommitRequest,
    operations: OperationCall[],
    current: Current,
    clockTime: string | null,
  ): Promise<AppendSpec> {
    const committedAt = clockTime ?? new Date().toISOString(); // not read by these operations
    // The write-time rules judge cited receipts by their stored documents (docs/rules.md).
    const book = await receiptBookOf(this.db, citedReceiptIds(operations));
    const plan = planCommit(current, operations, { producer: request.producer, provenance: request.provenance, committedAt }, book);
    // Checked even for a NOOP: re-sending a receipt id with other content is refused, not ignored.
    const freshReceipts = await this.receiptsToInsert(carriedReceipts(operations));
    // One literal with every member (no spread of entryContent): built per batched commit, and a
    // spread followed by a dozen more members cost 4% of the batched profile in property stores.
    return {
      runId: request.runId,
      operations,
      producer: request.producer,
      provenance: request.provenance,
      reason: null,
      idempotencyKey: request.idempotencyKey ?? null,
      requestHash: requestHashOf(request, operations, null),
      kind: plan.kind,
      expectedVersion: request.expectedVersion,
      stateVersion: plan.stateVersion,
      state: plan.state,
      stateJson: plan.stateJson,
      stateMemberTexts: plan.memberTexts,
      contentHash: plan.contentHash,
      receipts: plan.kind === "COMMIT" ? freshReceipts : [],
      committedAt: clockTime,
      previous: plan.kind === "COMMIT" ? current : null,
    };
  }

  /** Records that a component looked at version N and decided to change nothing. */
  async recordNoop(request: NoopRequest): Promise<WriteResult> {
    const problems = jsonBoundsProblems(request.reason, "/reason");
    if (!request.reason.trim()) problems.unshift({ path: "/reason", message: "must not be empty" });
    checkWriteMeta(request, {
      refusal: "the no-op is invalid; nothing was written",
      versions: { "/expectedVersion": request.expectedVersion },
      problems,
    });
    const current = await this.currentState(request, [], request.reason);
    if ("replayed" in current) return current;
    return this.append(request, {
      ...entryContent(request, request.runId, [], request.reason),
      requestHash: requestHashOf(request, [], request.reason),
      kind: "NOOP",
      expectedVersion: request.expectedVersion,
      stateVersion: request.expectedVersion,
      state: current.state,
      contentHash: current.contentHash,
      receipts: [],
      committedAt: null,
      previous: null,
    });
  }

  private async createRun(spec: GenesisSpec): Promise<WriteResult> {
    const written = await this.ledger.createRun(spec);
    if (written === "RUN_ID_TAKEN") {
      // The run id derived from this idempotency key exists: the retry of the write that made it?
      const original = await replayOf(this.reads, spec.runId, spec.idempotencyKey!, spec.requestHash);
      if (!original || original.seq !== 0) throw new IdempotencyKeyReusedError(spec.idempotencyKey!);
      return { run: await this.reads.requireRun(spec.runId), entry: original, replayed: true };
    }
    this.cache.set(spec.runId, { state: written.run.state, contentHash: written.run.contentHash, position: written.position });
    return { run: written.run, entry: written.entry, replayed: false };
  }

  private async append(request: VersionedRequest, spec: AppendSpec): Promise<WriteResult> {
    return this.settle(request, spec, await this.ledger.append(spec));
  }

  /** The answer to an append: the write, the original write it retried, or a typed error. */
  private async settle(request: VersionedRequest, spec: AppendSpec, written: Written | AppendRefusal | Error): Promise<WriteResult> {
    if (written instanceof Error) throw written;
    if (written === "RECEIPT_TAKEN") return this.receiptRace(request, spec.receipts);
    if (written === "NOT_AT_VERSION" || written === "IDEMPOTENCY_KEY_TAKEN")
      return this.conflictOrReplay(request, spec.operations, spec.reason, null);
    if (spec.kind === "COMMIT")
      this.cache.set(request.runId, {
        state: spec.state,
        contentHash: spec.contentHash,
        position: written.position,
        memberTexts: spec.stateMemberTexts,
      });
    return { run: written.run, entry: written.entry, replayed: false };
  }

  /** The state the writer read, if the run is still at that version; else a replay or a conflict. */
  private async currentState(
    request: VersionedRequest,
    operations: OperationCall[],
    reason: string | null,
  ): Promise<Current | WriteResult> {
    const [current] = await this.currentStates([request]);
    return current!(operations, reason);
  }

  /**
   * For each request (distinct runs), how to get the state it builds on: from the cache when it
   * holds the expected version, else from one query for all the others. A run elsewhere than
   * expected resolves to a replay or throws the conflict, once the caller says what it wrote.
   */
  private async currentStates(
    requests: VersionedRequest[],
  ): Promise<((operations: OperationCall[], reason: string | null) => Promise<Current | WriteResult>)[]> {
    const cached = requests.map((r) => this.cache.get(r.runId, r.expectedVersion));
    const missing = requests.filter((_, at) => !cached[at]).map((r) => r.runId);
    const rows = missing.length
      ? await this.db.prisma.run.findMany({
          where: { id: { in: missing } },
          select: { id: true, state: true, stateVersion: true, contentHash: true, snapshotVersion: true, chainBytes: true },
        })
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return requests.map((request, at) => async (operations, reason) => {
      const hit = cached[at];
      if (hit) return hit;
      const row = byId.get(request.runId);
      if (!row) throw new NotFoundError("run", request.runId);
      if (row.stateVersion !== request.expectedVersion) return this.conflictOrReplay(request, operations, reason, row.stateVersion);
      const current = {
        state: row.state as unknown as AgentStateV1,
        contentHash: row.contentHash,
        position: { snapshotVersion: row.snapshotVersion, chainBytes: row.chainBytes },
      } as Current;
      this.cache.set(request.runId, current);
      return current;
    });
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
    const original = request.idempotencyKey
      ? await replayOf(this.reads, request.runId, request.idempotencyKey, requestHashOf(request, operations, reason))
      : null;
    if (original) return { run: await this.reads.requireRun(request.runId), entry: original, replayed: true };
    const version = knownVersion ?? (await this.reads.getRun(request.runId))?.stateVersion;
    if (version === undefined) throw new NotFoundError("run", request.runId);
    throw new StateConflictError(request.runId, request.expectedVersion, version);
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

  /** Our receipt insert lost a race to another run's commit of the same id. */
  private async receiptRace(request: VersionedRequest, receipts: CarriedReceipt[]): Promise<never> {
    await this.receiptsToInsert(receipts); // throws ReceiptConflictError when the content differs
    const version = (await this.reads.getRun(request.runId))?.stateVersion ?? request.expectedVersion;
    throw new StateConflictError(request.runId, request.expectedVersion, version);
  }
}

/**
 * The request indexes to write, in waves: each wave holds at most one commit per run, in input
 * order, so a run's second commit is planned on its first one's result.
 */
function wavesByRun(requests: VersionedRequest[], pending: (index: number) => boolean): number[][] {
  const waves: number[][] = [];
  const seen = new Map<string, number>();
  requests.forEach((request, index) => {
    if (!pending(index)) return;
    const wave = seen.get(request.runId) ?? 0;
    seen.set(request.runId, wave + 1);
    (waves[wave] ??= []).push(index);
  });
  return waves;
}

/** Runs one item's step; a typed error becomes that item's outcome (undefined returned), others propagate. */
function itemOutcome<T>(outcomes: unknown[], index: number, step: () => T): T | undefined {
  try {
    return step();
  } catch (error) {
    if (!(error instanceof CanonError)) throw error;
    outcomes[index] = error;
    return undefined;
  }
}

async function itemOutcomeAsync<T>(outcomes: unknown[], index: number, step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof CanonError)) throw error;
    outcomes[index] = error;
    return undefined;
  }
}

/**
 * The entry an earlier write with this idempotency key made, if any: the answer to its retry.
 * The same key with another request is refused (ERR_IDEMPOTENCY_KEY_REUSED).
 */
export async function replayOf(
  reads: RunReader,
  runId: string,
  key: string,
  requestHash: string | null,
): Promise<LedgerEntryRecord | null> {
  const original = await reads.entryByIdempotencyKey(runId, key);
  if (!original) return null;
  if (original.requestHash !== requestHash) throw new IdempotencyKeyReusedError(key);
  return toLedgerEntryRecord(original);
}

const entryContent = (meta: WriteMeta, runId: string, operations: OperationCall[], reason: string | null) => ({
  runId,
  operations,
  producer: meta.producer,
  provenance: meta.provenance,
  reason,
  idempotencyKey: meta.idempotencyKey ?? null,
});

/**
 * A run-creating request with an idempotency key gets a run id derived from the caller and
 * the key, so a retry collides with the first attempt instead of creating a second run.
 */
function newRunId(meta: WriteMeta): string {
  if (!meta.idempotencyKey) return `run-${randomUUID()}`;
  const digest = createHash("sha256").update(`${meta.producer.component_id}\n${meta.idempotencyKey}`).digest("hex");
  return `run-${digest.slice(0, 32)}`;
}

function requestHashOf(request: VersionedRequest, operations: OperationCall[], reason: string | null): string | null {
  if (!request.idempotencyKey) return null;
  const { runId, expectedVersion, producer, provenance } = request;
  return sha256Of(canonicalJson({ runId, expectedVersion, operations, reason, producer, provenance }));
}
