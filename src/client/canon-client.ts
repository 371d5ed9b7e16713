// createCanonClient: Canon's API for agent components and dashboards, typed end to end.
// Writes are compare-and-swap with an idempotency key on every attempt, so the client may
// resend a write whose answer it never got; `update` adds the read-decide-commit loop.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { backoffDelay, sleep } from "./backoff.js";
import type { CanonError } from "../contracts/errors.js";
import { errorFromResult, RateLimitedError, StateConflictError, type WireErrorObject } from "./errors.js";
import {
  ClarifyTaskDocument,
  CommitStateDocument,
  CommitStatesDocument,
  CompileTaskDocument,
  HistoryDocument,
  RecordNoopDocument,
  RunDocument,
  StartRunDocument,
  type WriteSuccessFieldsFragment,
} from "./generated/graphql.js";
import { NO_RETRY, Transport, type TransportOptions } from "./transport.js";
import type {
  CompileTaskInput,
  ComponentIdentityInput,
  LedgerEntry,
  ProvenanceInput,
  Run,
  RunsChangedFilter,
  StateOperation,
  Task,
  TaskAnswerInput,
  WriteResult,
} from "./types.js";
import { watchRun, watchRuns, type RunsWatch, type Watch, type WatchFrom, type WatchOptions, type WatchRunsOptions } from "./watches.js";

export interface CanonClientOptions extends TransportOptions {
  /** Provenance of writes that do not give their own (default: SYSTEM "canon-client", INTERNAL). */
  provenance?: ProvenanceInput[];
}

export interface WriteOptions {
  /** A retry with the same key and request is answered from the ledger. Default: a new random key per call. */
  idempotencyKey?: string;
  /** Where the content came from (default: the client's). Model output needs a MODEL record. */
  provenance?: ProvenanceInput[];
  /** Must be the token's own identity if given; leave it out to write as the token. */
  producer?: ComponentIdentityInput;
}

export interface CommitOptions extends WriteOptions {
  /** The state version the operations were decided on. */
  expectedVersion: number;
}

/** One commit of a `commitMany` batch: what `commit` takes, with its run. */
export interface BatchCommit extends CommitOptions {
  runId: string;
  operations: StateOperation[];
}

/** One item's outcome, shaped like `Promise.allSettled`'s: a refused item does not fail the others. */
export type BatchCommitResult = { status: "fulfilled"; value: WriteResult } | { status: "rejected"; reason: CanonError };

export interface UpdateOptions extends Omit<WriteOptions, "idempotencyKey"> {
  /** When the function returns null: record a NOOP with this reason. Without it, null writes nothing. */
  noopReason?: string;
  /** Read-decide-commit rounds in all before the last StateConflictError (or RateLimitedError) is thrown (default 10). */
  maxAttempts?: number;
  /** Backoff between conflicting attempts (full jitter; defaults 20 ms, at most 1 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The key all attempts of this update share (default: a new random key). */
  idempotencyKey?: string;
}

export interface UpdateResult extends WriteResult {
  /** How many read-decide-commit rounds it took (1: no conflict). */
  attempts: number;
}

export type StartRunRequest = {
  objective?: string;
  workspaceRoot: string;
  sessionId?: string;
  taskId?: string;
  budgets?: {
    maxCostUnits?: number;
    maxTokens?: number;
    maxWallMs?: number;
    maxToolCalls?: number;
    maxAttempts?: number;
    maxSpawns?: number;
  };
} & WriteOptions;

export interface HistoryOptions {
  /** Entries per page (default 50, at most 500). */
  first?: number;
  /** `endCursor` of the previous page. */
  after?: string | null;
  fromVersion?: number;
  toVersion?: number;
  /** Also read each entry's state (`document`). Default false. */
  withState?: boolean;
}

export interface HistoryPage {
  entries: LedgerEntry[];
  hasNextPage: boolean;
  /** Pass as `after` for the next page. */
  endCursor: string | null;
}

export interface CompileResult {
  task: Task;
  /** True when the same request had already been compiled: that task is returned. */
  replayed: boolean;
}

export interface CanonClient {
  /** One run with its state (AgentStateV1). Throws NotFoundError or RunDeletedError. */
  run(runId: string): Promise<Run>;
  /** One page of a run's ledger, oldest first. */
  history(runId: string, options?: HistoryOptions): Promise<HistoryPage>;
  /** Starts a run at version 0 (idempotent: a retry returns the run the first attempt made). */
  startRun(request: StartRunRequest): Promise<WriteResult>;
  /** One compare-and-swap write. Throws the typed error of a refused write (StateConflictError, …). */
  commit(runId: string, operations: StateOperation[], options: CommitOptions): Promise<WriteResult>;
  /**
   * Many commits, to many runs, in one request (`commitStates`, at most 256 items). Each is checked
   * on its own and answered in input order; several to one run apply in input order. Throws only
   * when the batch as a whole is refused (InvalidInputError: empty or too many items) or never
   * answered (NetworkError, after the transport's retries: every item carries its own idempotency
   * key, so a resent batch is answered from the ledger instead of written twice).
   */
  commitMany(commits: BatchCommit[]): Promise<BatchCommitResult[]>;
  /** Records that a component read `expectedVersion` and decided to change nothing. */
  recordNoop(runId: string, reason: string, options: CommitOptions): Promise<WriteResult>;
  /**
   * Read, decide, commit at the version read; on StateConflictError read again and decide again
   * (on RateLimitedError too, after its retryAfterMs).
   * `decide` returning null records a NOOP when `noopReason` is given, else writes nothing (→ null).
   */
  update(
    runId: string,
    decide: (state: AgentStateV1, version: number) => StateOperation[] | null | Promise<StateOperation[] | null>,
    options?: UpdateOptions,
  ): Promise<UpdateResult | null>;
  /** Every ledger entry after the position given, exactly once and in order, across reconnects. */
  watch(runId: string, from: WatchFrom, options?: WatchOptions): Watch;
  /** runsChanged events of the runs the filter covers, per run exactly once and in order, across reconnects. */
  watchRuns(filter?: RunsChangedFilter, options?: WatchRunsOptions): RunsWatch;
  /** Compiles a request (free text, structured, or a TaskIR document) into a stored task. */
  compile(request: string | CompileTaskInput): Promise<CompileResult>;
  /** Answers a task's open questions at `expectedRevision`; throws TaskRevisionConflictError if it moved on. */
  clarify(taskId: string, answers: TaskAnswerInput[], expectedRevision: number, options?: { answeredBy?: string }): Promise<Task>;
  /** Closes the subscription socket (open watches end). */
  close(): Promise<void>;
}

const DEFAULT_PROVENANCE: ProvenanceInput[] = [{ sourceType: "SYSTEM", sourceId: "canon-client", trustClass: "INTERNAL" }];

/** A key for one logical write; crypto.randomUUID exists in browsers (secure contexts) and Node 20. */
const newKey = () => `canon-client:${globalThis.crypto.randomUUID()}`;

type WriteAnswer = WriteSuccessFieldsFragment | WireErrorObject;

/** One write's answer as a settled result: its WriteResult, or its typed error (not thrown). */
function settled(result: WriteAnswer): BatchCommitResult {
  if (result.__typename !== "WriteSuccess") return { status: "rejected", reason: errorFromResult(result as WireErrorObject) };
  const { run, entry, replayed } = result as WriteSuccessFieldsFragment;
  return { status: "fulfilled", value: { run, entry, replayed } };
}

/** One write's answer, its typed error thrown. */
function written(result: WriteAnswer): WriteResult {
  const answer = settled(result);
  if (answer.status === "rejected") throw answer.reason;
  return answer.value;
}

export function createCanonClient(options: CanonClientOptions): CanonClient {
  const transport = new Transport(options);
  const defaultProvenance = options.provenance ?? DEFAULT_PROVENANCE;
  const meta = (write: WriteOptions) => ({
    idempotencyKey: write.idempotencyKey ?? newKey(),
    provenance: write.provenance ?? defaultProvenance,
    ...(write.producer ? { producer: write.producer } : {}),
  });

  const client: CanonClient = {
    async run(runId) {
      const { run } = await transport.request(RunDocument, { id: runId });
      if (run.__typename !== "Run") throw errorFromResult(run as WireErrorObject);
      const { __typename, document, ...summary } = run;
      return { ...summary, document: document as unknown as AgentStateV1 };
    },

    async history(runId, { withState = false, first, after, fromVersion, toVersion } = {}) {
      const { run } = await transport.request(HistoryDocument, { runId, withState, first, after, fromVersion, toVersion });
      if (run.__typename !== "Run") throw errorFromResult(run as WireErrorObject);
      return {
        entries: run.history.edges.map((edge) => edge.node as LedgerEntry),
        hasNextPage: run.history.pageInfo.hasNextPage,
        endCursor: run.history.pageInfo.endCursor,
      };
    },

    async startRun({ idempotencyKey, provenance, producer, ...run }) {
      // Keyed, so resending after a lost answer returns the same run instead of starting another.
      const { startRun } = await transport.request(StartRunDocument, {
        input: { ...run, ...meta({ idempotencyKey, provenance, producer }) },
      });
      return written(startRun as WriteAnswer);
    },

    async commit(runId, operations, { expectedVersion, ...write }) {
      const { commitState } = await transport.request(CommitStateDocument, {
        input: { runId, expectedVersion, operations, ...meta(write) },
      });
      return written(commitState as WriteAnswer);
    },

    async commitMany(commits) {
      const input = {
        commits: commits.map(({ runId, operations, expectedVersion, ...write }) => ({
          runId,
          expectedVersion,
          operations,
          ...meta(write),
        })),
      };
      const { commitStates } = await transport.request(CommitStatesDocument, { input });
      if (commitStates.__typename !== "CommitStatesSuccess") throw errorFromResult(commitStates as WireErrorObject);
      return commitStates.results.map((result) => settled(result as WriteAnswer));
    },

    async recordNoop(runId, reason, { expectedVersion, ...write }) {
      const { recordNoop } = await transport.request(RecordNoopDocument, { input: { runId, expectedVersion, reason, ...meta(write) } });
      return written(recordNoop as WriteAnswer);
    },

    async update(runId, decide, { noopReason, maxAttempts = 10, baseDelayMs = 20, maxDelayMs = 1_000, ...write } = {}) {
      // One key for every attempt: a conflicting attempt wrote nothing, so the key is still free,
      // and an attempt whose answer was lost is resent unchanged and answered from the ledger.
      const shared = { ...write, idempotencyKey: write.idempotencyKey ?? newKey() };
      for (let attempt = 1; ; attempt++) {
        const { document, stateVersion } = await client.run(runId);
        const operations = await decide(document, stateVersion);
        try {
          if (operations === null) {
            if (noopReason === undefined) return null;
            return { ...(await client.recordNoop(runId, noopReason, { ...shared, expectedVersion: stateVersion })), attempts: attempt };
          }
          return { ...(await client.commit(runId, operations, { ...shared, expectedVersion: stateVersion })), attempts: attempt };
        } catch (error) {
          const again = error instanceof StateConflictError || error instanceof RateLimitedError;
          if (!again || attempt >= maxAttempts) throw error;
          await sleep(error instanceof RateLimitedError ? error.retryAfterMs : backoffDelay(attempt - 1, { baseDelayMs, maxDelayMs }));
        }
      }
    },

    watch: (runId, from, watchOptions) => watchRun(transport, runId, from, watchOptions),

    watchRuns: (filter, watchOptions) => watchRuns(transport, filter, watchOptions),

    async compile(request) {
      const input: CompileTaskInput = typeof request === "string" ? { text: request } : request;
      // The same request compiles to the same task, so a resend is safe.
      const { compileTask } = await transport.request(CompileTaskDocument, { input });
      if (compileTask.__typename !== "CompileTaskSuccess") throw errorFromResult(compileTask as WireErrorObject);
      return { task: compileTask.task, replayed: compileTask.replayed };
    },

    async clarify(taskId, answers, expectedRevision, { answeredBy } = {}) {
      // Not resent: after a lost answer the retry would meet its own revision and conflict.
      // Without answeredBy the server records the token's component, the only name it accepts.
      const input = { taskId, expectedRevision, answers, ...(answeredBy ? { answeredBy } : {}) };
      const { clarifyTask } = await transport.request(ClarifyTaskDocument, { input }, NO_RETRY);
      if (clarifyTask.__typename !== "ClarifyTaskSuccess") throw errorFromResult(clarifyTask as WireErrorObject);
      return clarifyTask.task;
    },

    close: () => transport.dispose(),
  };
  return client;
}
