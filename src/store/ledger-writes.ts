// Every statement that changes a run's ledger, and the translation of what the database says
// about them into typed errors. Three writes: a run's genesis (startRun, forkRun), the append
// (COMMIT, NOOP and ARCHIVE: one statement each), and the deletion of an archived run. The
// callers (run-writes.ts, run-lifecycle.ts) decide what to write; this module decides how.
// Database errors are told apart by SQLSTATE and constraint, never by their message text.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { ComponentIdentity, ContentHash, Provenance } from "../contracts/common.js";
import { InvalidInputError, NotFoundError, PreconditionFailedError, StateConflictError } from "../contracts/errors.js";
import { RunArchivedError, RunDeletedError } from "../contracts/watch-errors.js";
import { checkedStateJson } from "../domain/commit.js";
import { canonicalJsonOfCalls, sha256Of, type MemberTexts } from "../domain/content-hash.js";
import { chainHash, entryDigest } from "../domain/ledger-chain.js";
import type { CarriedReceipt, OperationCall } from "../domain/operations/index.js";
import { ARCHIVED_STATUS } from "../domain/run-archive.js";
import { runStatusOf } from "../domain/run-status.js";
import type { Database } from "../db/database.js";
import type { PreparedStatement } from "../db/sql-connection.js";
import type { LedgerEntryRecord, RunRecord } from "../db/records.js";
import { toLedgerEntryRecord, toRunRecord, withHashBytes, withHashText } from "../db/row-mapping.js";
import type { ChangeFeed, LedgerNotice } from "../live/change-feed.js";
import { genesisPosition, type ChainPosition } from "../domain/ledger-encoding.js";
import { storedCommit } from "./ledger-codec.js";
import {
  missingRunError,
  runDeletion,
  toDeletionRecord,
  type DeleteRunRequest,
  type DeletionRow,
  type RunDeletionRecord,
} from "./run-deletion.js";

/** What every ledger entry records besides its position and hashes. */
interface EntryContent {
  runId: string;
  operations: OperationCall[];
  producer: ComponentIdentity;
  provenance: Provenance[];
  reason: string | null;
  idempotencyKey: string | null;
  /** sha256 of the request, so a reused idempotency key with another request is caught. */
  requestHash: string | null;
}

/** A run's first entry: a new run at version 0 (startRun, or forkRun chained to its origin). */
export interface GenesisSpec extends EntryContent {
  taskId: string;
  /** Creates the task with this objective; null when the task must already exist. */
  newTaskObjective: string | null;
  state: AgentStateV1;
  parentHash: ContentHash;
}

/** One entry appended to an existing run, under compare-and-swap on its version. */
export interface AppendSpec extends EntryContent {
  kind: "COMMIT" | "NOOP" | "ARCHIVE";
  expectedVersion: number;
  /** The run's version after the entry (expectedVersion + 1 for a COMMIT). */
  stateVersion: number;
  /** The run's state after the entry: new for a COMMIT, the current one otherwise. */
  state: AgentStateV1;
  /** A COMMIT's `state` as JSON when the caller has it (planCommit's canonical text): not serialised again. */
  stateJson?: string;
  /** A COMMIT's state's member texts (planCommit's): the operations' text takes a member they hold from here. */
  stateMemberTexts?: MemberTexts;
  contentHash: ContentHash;
  /** Receipts the entry stores (a COMMIT's new ones; none otherwise). */
  receipts: CarriedReceipt[];
  /**
   * Null: the entry's time is the database's clock when the statement runs (never earlier than
   * the run's previous entry). A time: the operations read the clock (locks), were applied at
   * this time, which the caller read from the database, and the append is refused
   * (NOT_AT_VERSION) if the run's last entry is later.
   */
  committedAt: string | null;
  /** A COMMIT: the state it follows and where the run's patch chain stands (ledger-codec.ts). */
  previous: { state: AgentStateV1; position: ChainPosition } | null;
}

export interface Written {
  run: RunRecord;
  entry: LedgerEntryRecord;
  /** Where the run's patch chain stands after the entry. */
  position: ChainPosition;
}

/** Why an append wrote nothing; the caller decides between a replay and a typed error. */
export type AppendRefusal = "NOT_AT_VERSION" | "IDEMPOTENCY_KEY_TAKEN" | "RECEIPT_TAKEN";

/** The run columns the append returns (all but the state document, which the writer holds). */
interface ReturnedRun {
  ledger_seq: number;
  task_id: string;
  session_id: string;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  head_hash: ContentHash;
  head_parent_hash: ContentHash;
  snapshot_version: number;
  chain_bytes: number;
}

export class LedgerWrites {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly feed: ChangeFeed,
  ) {}

  /** Creates the run, its genesis entry and (for a bare objective) its task, in one transaction. */
  async createRun(spec: GenesisSpec): Promise<Written | "RUN_ID_TAKEN"> {
    const { runId, state } = spec;
    const hash = sha256Of(checkedStateJson(state));
    const entryHash = chainHash(spec.parentHash, 0, digestOf(spec, "COMMIT", 0, hash));
    try {
      await this.track(
        this.db.prisma.$transaction(async (tx) => {
          if (spec.newTaskObjective !== null) {
            await tx.task.create({
              data: { id: spec.taskId, objective: spec.newTaskObjective, source: { objective: spec.newTaskObjective } },
            });
          } else if (!(await tx.task.findUnique({ where: { id: spec.taskId }, select: { id: true } }))) {
            throw new NotFoundError("task", spec.taskId);
          }
          await tx.run.create({
            data: {
              id: runId,
              taskId: spec.taskId,
              sessionId: state.identity.session_id,
              stateVersion: 0,
              ledgerSeq: 0,
              status: runStatusOf(state),
              state: state as object,
              contentHash: hash,
              headHash: entryHash,
              headParentHash: spec.parentHash,
            },
          });
          await tx.ledgerEntry.create({
            data: {
              runId,
              seq: 0,
              stateVersion: 0,
              kind: "COMMIT",
              operations: spec.operations as object[],
              snapshotVersion: 0,
              producer: spec.producer as object,
              provenance: spec.provenance as object,
              state: state as object,
              ...withHashBytes({ contentHash: hash, parentHash: spec.parentHash, entryHash, requestHash: spec.requestHash }),
              idempotencyKey: spec.idempotencyKey,
            },
          });
          // A keyed id is derived, so a retry after the run was deleted would bring it back under
          // its tombstone. Checked after the insert, which waited for any deletion in flight.
          const deletion = spec.idempotencyKey ? await runDeletion(tx, runId) : null;
          if (deletion) throw new RunDeletedError(runId, deletion.lastSeq);
        }),
      );
    } catch (error) {
      // A run id derived from an idempotency key already exists: a retry, or a reused key.
      if (spec.idempotencyKey && uniqueViolation(error)) return "RUN_ID_TAKEN";
      throw translated(error, runId);
    }
    const [run, entry] = await Promise.all([
      this.db.prisma.run.findUniqueOrThrow({ where: { id: runId } }),
      this.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { runId_seq: { runId, seq: 0 } } }),
    ]);
    const record = toLedgerEntryRecord({ ...withHashText(entry), state: state as never });
    // A new run (started or forked) is news too: runsChanged delivers it from its first entry.
    this.announce({ runId, seq: 0, entry: record });
    return { run: toRunRecord(run), entry: record, position: genesisPosition(0) };
  }

  /**
   * Compare-and-swap and ledger append as ONE statement, so one round trip and atomic on its own
   * (every Postgres statement runs in a transaction): the conditional UPDATE moves the run to
   * the next seq and chain head only if it is still at `expectedVersion`, and the INSERT appends
   * the ledger entry from exactly the row the UPDATE wrote. No UPDATE, no entry; a failing
   * INSERT (e.g. a reused idempotency key) undoes the UPDATE. The chain head lives on the run
   * row because, after a lock wait, only the locked row is re-read: the parent ledger row a
   * concurrent writer just committed would be invisible to a join in the same statement.
   * An ARCHIVE is a NOOP that also requires the content hash the archiver read and moves the
   * run's status to ARCHIVED; from then on a trigger refuses every write to the run.
   * Throws the typed error a database failure stands for.
   */
  async append(spec: AppendSpec): Promise<Written | AppendRefusal> {
    const [outcome] = await this.appendMany([spec]);
    if (outcome instanceof Error) throw outcome;
    return outcome!;
  }

  /**
   * `append` for many runs in one statement (commitStates): the items travel as one JSON array
   * and the statement is the single append's, set-wise. Every item is judged on its own: one
   * whose run moved on (or whose last entry is later than its committedAt) gets NOT_AT_VERSION
   * while the others are written. The run ids must be distinct (an UPDATE changes a row once).
   * If the statement fails as a whole (a reused idempotency key, a receipt race, an archived
   * run: rare), each item is retried alone so that only the one at fault gets its refusal or
   * error. Outcomes are in input order.
   */
  async appendMany(specs: AppendSpec[]): Promise<(Written | AppendRefusal | Error)[]> {
    if (new Set(specs.map((s) => s.runId)).size !== specs.length) throw new Error("appendMany: one item per run");
    if (specs.length === 0) return [];
    const items = specs.map((spec, ord) => appendItem(spec, ord));
    let rows: (ReturnedRun & { ord: number })[];
    try {
      // Through the driver itself, not Prisma's $queryRaw: this is the commit path's one statement.
      rows = await this.track(
        this.db.sql.query<ReturnedRun & { ord: number }>(APPEND_STATEMENT, [
          `[${items.join(",")}]`,
          ARCHIVED_STATUS,
          specs.map((spec) => spec.runId),
        ]),
      );
    } catch (error) {
      if (specs.length > 1) return Promise.all(specs.map(async (spec) => (await this.appendMany([spec]))[0]!));
      return [refusalOf(error, specs[0]!)];
    }
    const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
    return specs.map((spec, ord) => {
      const row = byOrd.get(ord);
      return row ? this.written(spec, row) : "NOT_AT_VERSION";
    });
  }

  /** The run and entry an append wrote, announced to watchers; no read after the write. */
  private written(spec: AppendSpec, row: ReturnedRun): Written {
    const { runId } = spec;
    const kind = entryKindOf(spec);
    const commit = kind === "COMMIT";
    const at = new Date(row.updated_at);
    const entry: LedgerEntryRecord = {
      runId,
      seq: row.ledger_seq,
      stateVersion: spec.stateVersion,
      kind,
      operations: spec.operations,
      producer: spec.producer,
      provenance: spec.provenance,
      reason: spec.reason,
      state: commit ? spec.state : null,
      contentHash: spec.contentHash,
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
      stateVersion: spec.stateVersion,
      ledgerSeq: row.ledger_seq,
      status: row.status as RunRecord["status"],
      state: spec.state,
      contentHash: spec.contentHash,
      headHash: row.head_hash,
      createdAt: new Date(row.created_at),
      updatedAt: at,
    };
    return { run, entry, position: { snapshotVersion: row.snapshot_version, chainBytes: row.chain_bytes } };
  }

  /**
   * The database's clock for a commit whose operations read it (locks): now, at the precision
   * the ledger stores (ms), and never earlier than the run's last entry. Null if there is no run.
   */
  async commitTime(runId: string): Promise<string | null> {
    const rows = await this.db.prisma.$queryRaw<{ at: Date }[]>`
      SELECT GREATEST(date_trunc('milliseconds', clock_timestamp()), "updated_at") AS "at" FROM "run" WHERE "id" = ${runId}`;
    return rows[0] ? new Date(rows[0].at).toISOString() : null;
  }

  /**
   * Deletes the run if it is archived and at `expectedVersion`, in one transaction: the run (and
   * with it the ledger and model events, by cascade), its receipts (which the receipt trigger
   * lets go only inside this transaction) and a tombstone in run_deletion. Ends its watches,
   * here and on other instances. The request is already validated.
   */
  async deleteRun(request: DeleteRunRequest): Promise<RunDeletionRecord> {
    const { runId, expectedVersion, reason, producer } = request;
    const deletion = await this.track(
      this.db.prisma.$transaction(async (tx) => {
        const [run] = await tx.$queryRaw<
          { status: string; state_version: number; ledger_seq: number; head_hash: string; task_id: string }[]
        >`
          SELECT "task_id", "status", "state_version", "ledger_seq", "head_hash" FROM "run" WHERE "id" = ${runId} FOR UPDATE`;
        if (!run) throw await missingRunError(tx, runId);
        if (run.status !== ARCHIVED_STATUS)
          throw new PreconditionFailedError(
            `run ${runId} is ${run.status}: only an archived run can be deleted (archiveRun first)`,
            "/runId",
          );
        if (run.state_version !== expectedVersion) throw new StateConflictError(runId, expectedVersion, run.state_version);
        await tx.$queryRaw`SELECT set_config('canon.deleting_run', ${runId}, true)`;
        await tx.$executeRaw`DELETE FROM "receipt" WHERE "run_id" = ${runId}`;
        await tx.$executeRaw`DELETE FROM "run" WHERE "id" = ${runId}`;
        const [row] = await tx.$queryRaw<DeletionRow[]>`
          INSERT INTO "run_deletion" ("run_id", "task_id", "last_seq", "last_version", "head_hash", "deleted_by", "reason")
          VALUES (${runId}, ${run.task_id}, ${run.ledger_seq}, ${run.state_version}, ${run.head_hash}, ${JSON.stringify(producer)}::jsonb, ${reason})
          RETURNING *`;
        return toDeletionRecord(row!);
      }),
    ).catch((error: unknown) => {
      throw translated(error, runId);
    });
    // No entry has this seq: other instances read nothing there, look for the tombstone, and find it.
    this.announce({ runId, seq: deletion.lastSeq + 1, gone: true });
    return deletion;
  }

  /** Resolves once every write that had started has finished (for graceful shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Tells watchers of a durable write, after the writer's current task: the writer's response
   * goes out before the fan-out to the run's subscribers, and writes that land in one task are
   * still announced one notice at a time.
   */
  private announce(notice: LedgerNotice): void {
    setImmediate(() => this.feed.publish(notice));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }
}

/**
 * The append statement (see LedgerWrites.append): $1 the items as a JSON array (appendItem),
 * $2 the archived status, $3 the items' run ids.
 */
const APPEND_STATEMENT: PreparedStatement = {
  name: "canon_append_v2",
  text: `
  WITH items AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(
      "ord" int, "run_id" text, "expected_version" int, "state_version" int, "is_commit" boolean, "is_archive" boolean,
      "entry_kind" text, "state" jsonb, "stored_state" jsonb, "patch" jsonb, "snapshot_version" int, "chain_bytes" int,
      "content_hash" text, "status" text, "digest" text, "committed_at" timestamptz,
      "operations" jsonb, "producer" jsonb, "provenance" jsonb, "reason" text, "idempotency_key" text,
      "request_hash" text, "receipts" jsonb)
  ), moved AS (
    UPDATE "run" r SET
      "state_version" = i."state_version",
      "ledger_seq" = r."ledger_seq" + 1,
      "state" = CASE WHEN i."is_commit" THEN i."state" ELSE r."state" END,
      "content_hash" = i."content_hash",
      "status" = i."status",
      "head_parent_hash" = r."head_hash",
      "head_hash" = 'sha256:' || encode(sha256(convert_to(r."head_hash" || '|' || (r."ledger_seq" + 1) || '|' || i."digest", 'UTF8')), 'hex'),
      "snapshot_version" = COALESCE(i."snapshot_version", r."snapshot_version"),
      "chain_bytes" = COALESCE(i."chain_bytes", r."chain_bytes"),
      "updated_at" = COALESCE(i."committed_at", GREATEST(date_trunc('milliseconds', statement_timestamp()), r."updated_at"))
    FROM items i
    -- $3 (the items' run ids) lets the planner find the rows by primary key: it guesses 100 rows
    -- for jsonb_to_recordset and would otherwise scan the whole run table on every commit.
    WHERE r."id" = ANY($3::text[]) AND r."id" = i."run_id" AND r."state_version" = i."expected_version"
      AND (i."committed_at" IS NULL OR r."updated_at" <= i."committed_at")
      AND (NOT i."is_archive" OR (r."content_hash" = i."content_hash" AND r."status" <> $2))
    RETURNING i."ord", r."id", r."ledger_seq", r."task_id", r."session_id", r."status", r."created_at", r."updated_at",
      r."head_hash", r."head_parent_hash", r."snapshot_version", r."chain_bytes"
  ), appended AS (
    INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer", "provenance",
      "reason", "state", "patch", "snapshot_version", "content_hash", "parent_hash", "entry_hash", "idempotency_key",
      "request_hash", "created_at")
    -- The row keeps its hashes as their 32 bytes (migration 20261203120000_ledger_hash_bytes).
    SELECT i."run_id", m."ledger_seq", i."state_version", i."entry_kind"::"LedgerKind", i."operations",
      i."producer", i."provenance", i."reason", i."stored_state", i."patch", i."snapshot_version",
      decode(substr(i."content_hash", 8), 'hex'), decode(substr(m."head_parent_hash", 8), 'hex'),
      decode(substr(m."head_hash", 8), 'hex'), i."idempotency_key", decode(substr(i."request_hash", 8), 'hex'), m."updated_at"
    FROM moved m JOIN items i ON i."ord" = m."ord"
    RETURNING "run_id", "seq"
  ), stored_receipts AS (
    INSERT INTO "receipt" ("id", "run_id", "kind", "document", "content_hash", "state_version", "created_at")
    SELECT rc."id", i."run_id", rc."kind"::"ReceiptKind", rc."document", rc."content_hash", i."state_version", m."updated_at"
    FROM moved m JOIN items i ON i."ord" = m."ord",
      jsonb_to_recordset(i."receipts") AS rc("id" text, "kind" text, "document" jsonb, "content_hash" text)
  )
  SELECT m."ord", m."ledger_seq", m."task_id", m."session_id", m."status", m."created_at", m."updated_at", m."head_hash",
    m."head_parent_hash", m."snapshot_version", m."chain_bytes"
  FROM moved m JOIN appended a ON a."run_id" = m."id" AND a."seq" = m."ledger_seq"`,
};

const entryKindOf = (spec: AppendSpec): "COMMIT" | "NOOP" => (spec.kind === "COMMIT" ? "COMMIT" : "NOOP");

/**
 * One row of the append statement's `items`, as JSON: what the database needs of an AppendSpec.
 * A COMMIT is encoded here, as a snapshot or a patch, exactly as ledger-codec.ts decides for
 * every write. The texts the commit has already made go in as they are instead of being
 * serialised again: the state's (the plan's canonical JSON, the same value; once or twice:
 * `state`, and `stored_state` for a snapshot), the operations' canonical JSON (made for the
 * entry's digest) and the patch's (made to measure it). The members are keyed by name, so their
 * order does not matter.
 */
function appendItem(spec: AppendSpec, ord: number): string {
  const kind = entryKindOf(spec);
  const commit = kind === "COMMIT";
  if (commit && !spec.previous) throw new Error("a COMMIT is stored after the state it follows");
  const stateJson = commit ? (spec.stateJson ?? JSON.stringify(spec.state)) : null;
  // One canonical text of the operations, for the entry's digest and its stored row; a member of
  // the new state that an operation carries (setPlan's plan) is not canonicalised twice.
  const operations = canonicalJsonOfCalls(
    spec.operations,
    spec.state as unknown as Record<string, unknown>,
    commit ? spec.stateMemberTexts : undefined,
  );
  const stored =
    commit && spec.previous && stateJson !== null
      ? storedCommit(spec.previous.state, spec.state, stateJson, spec.stateVersion, spec.previous.position)
      : null;
  const rest = JSON.stringify({
    ord,
    run_id: spec.runId,
    expected_version: spec.expectedVersion,
    state_version: spec.stateVersion,
    is_commit: commit,
    is_archive: spec.kind === "ARCHIVE",
    entry_kind: kind,
    snapshot_version: stored?.position.snapshotVersion ?? null,
    chain_bytes: stored?.position.chainBytes ?? null,
    content_hash: spec.contentHash,
    status: spec.kind === "ARCHIVE" ? ARCHIVED_STATUS : runStatusOf(spec.state),
    digest: digestOf(spec, kind, spec.stateVersion, spec.contentHash, operations),
    committed_at: spec.committedAt,
    producer: spec.producer,
    provenance: spec.provenance,
    reason: spec.reason,
    idempotency_key: spec.idempotencyKey,
    request_hash: spec.requestHash,
    receipts: spec.receipts.map((r) => ({ id: r.id, kind: r.kind, document: r.document, content_hash: r.contentHash })),
  });
  const patch = stored?.patch ? (stored.patchJson ?? JSON.stringify(stored.patch)) : "null";
  const storedState = stored?.state ? stateJson : null;
  return `${rest.slice(0, -1)},"operations":${operations},"patch":${patch},"state":${stateJson ?? "null"},"stored_state":${storedState ?? "null"}}`;
}

/** Why a lone append failed: a refusal the writer resolves, or the (typed when possible) error. */
function refusalOf(error: unknown, spec: AppendSpec): AppendRefusal | Error {
  const unique = uniqueViolation(error);
  // A concurrent commit on another run stored one of these receipt ids first.
  if (unique && spec.receipts.length && isReceiptKey(unique)) return "RECEIPT_TAKEN";
  if (unique && spec.idempotencyKey) return "IDEMPOTENCY_KEY_TAKEN";
  const typed = translated(error, spec.runId);
  return typed instanceof Error ? typed : new Error(String(typed));
}

const digestOf = (
  content: EntryContent,
  kind: "COMMIT" | "NOOP",
  stateVersion: number,
  contentHash: ContentHash,
  operationsJson?: string,
): ContentHash =>
  entryDigest(
    {
      runId: content.runId,
      stateVersion,
      kind,
      operations: content.operations,
      producer: content.producer,
      provenance: content.provenance,
      reason: content.reason,
      contentHash,
    },
    operationsJson,
  );

// ---------------------------------------------------------------------------------------------
// What the database said, by SQLSTATE and constraint

/** Raised by the trigger of migration 20261203090000_write_path for a write to an archived run. */
const RUN_ARCHIVED_SQLSTATE = "CN001";
const UNIQUE_VIOLATION = "23505";
/** A NUL character (22P05 untranslatable, 22021 bad encoding): the database stores no such text. */
const UNSTORABLE_TEXT = new Set(["22P05", "22021"]);

interface DriverCause {
  originalCode?: string;
  code?: string;
  kind?: string;
  constraint?: { index?: string; fields?: string[] };
}

/**
 * What the driver itself (pg, PGlite: both use pg-protocol's DatabaseError) throws for a failed
 * statement, the append's and NOTIFY's. Told from Prisma's errors (whose `code` is Prisma's own,
 * like P2002) by the server's `severity`.
 */
interface DriverError {
  code: string;
  severity: string;
  constraint?: string;
}

const driverError = (error: unknown): DriverError | null =>
  error instanceof Error &&
  typeof (error as Partial<DriverError>).severity === "string" &&
  typeof (error as Partial<DriverError>).code === "string"
    ? (error as unknown as DriverError)
    : null;

/** The driver adapter's description of a failed statement, wherever Prisma put it. */
function driverCause(error: unknown): DriverCause | null {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: DriverCause } } } | null)?.meta;
  const cause = meta?.driverAdapterError?.cause ?? (error as { cause?: DriverCause } | null)?.cause;
  return cause && typeof cause === "object" ? cause : null;
}

const sqlStateOf = (error: unknown): string | null => {
  const raw = driverError(error);
  if (raw) return raw.code;
  const cause = driverCause(error);
  if (cause?.kind === "UniqueConstraintViolation") return UNIQUE_VIOLATION;
  return cause?.originalCode ?? cause?.code ?? ((error as { code?: string } | null)?.code === "P2002" ? UNIQUE_VIOLATION : null);
};

/** The violated unique constraint: by index name (pg) or by its columns (PGlite's adapter). */
interface UniqueViolation {
  index: string | null;
  fields: string[];
}

function uniqueViolation(error: unknown): UniqueViolation | null {
  if (sqlStateOf(error) !== UNIQUE_VIOLATION) return null;
  const raw = driverError(error);
  if (raw) return { index: raw.constraint ?? null, fields: [] };
  const constraint = driverCause(error)?.constraint;
  return { index: constraint?.index ?? null, fields: constraint?.fields ?? [] };
}

/** Of the unique keys the append touches, only the receipt's is its `id` column alone. */
const isReceiptKey = (unique: UniqueViolation): boolean =>
  unique.index === "receipt_pkey" || (unique.index === null && unique.fields.length === 1 && unique.fields[0] === "id");

/** A database error as the typed error it stands for, or the error itself when it stands for none. */
function translated(error: unknown, runId: string): unknown {
  const state = sqlStateOf(error);
  if (state === RUN_ARCHIVED_SQLSTATE) return new RunArchivedError(runId, null);
  if (state && UNSTORABLE_TEXT.has(state)) {
    return new InvalidInputError("a string holds a character the database cannot store (NUL); nothing was written");
  }
  return error;
}
