// Reads of runs and their ledgers. Every read here is one or two indexed queries, and a state is
// rebuilt from at most one snapshot's worth of patches (ledger-codec.ts), so none of them gets
// slower as a run's ledger grows (bench/ledger-reads.ts measures this).
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { InvalidInputError, NotFoundError } from "../contracts/errors.js";
import type { RunDeletedError } from "../contracts/watch-errors.js";
import type { Database } from "../db/database.js";
import type { LedgerEntry, Run } from "../db/generated/client.js";
import { ModelEventLog } from "./model-events.js";
import { ReceiptReads } from "./receipt-reads.js";
import type { LedgerEntryRecord, RunRecord } from "../db/records.js";
import { toLedgerEntryRecord, toRunRecord } from "../db/row-mapping.js";
import { decodeEntries, stateAtVersion, type DecodedEntry } from "./ledger-codec.js";
import { missingRunError } from "./run-deletion.js";

export interface RunFilter {
  status?: string | null;
  taskId?: string | null;
  /** A token's restriction: when not empty, only these runs / runs of these tasks. */
  runIds?: readonly string[];
  taskIds?: readonly string[];
}

/** A run without its state document (which can be megabytes): what listings and lookups need. */
export type RunHead = Omit<RunRecord, "state">;

export interface RunPage {
  runs: RunHead[];
  hasNextPage: boolean;
}

export interface HistoryQuery {
  afterSeq?: number | null;
  fromVersion?: number | null;
  toVersion?: number | null;
  first: number;
}

const toRunHead = (row: Omit<Run, "state">): RunHead => {
  const { state: _state, ...head } = toRunRecord({ ...row, state: null });
  return head;
};

export class RunReader {
  /** The run's receipts and completion decisions. */
  readonly receipts: ReceiptReads;
  /** The run's model event log (never part of its state). */
  readonly modelEvents: ModelEventLog;

  constructor(protected readonly db: Database) {
    this.receipts = new ReceiptReads(db);
    this.modelEvents = new ModelEventLog(db);
  }

  /** Why a run is not there: ERR_RUN_DELETED with its tombstone, or ERR_NOT_FOUND. */
  missingRunError(id: string): Promise<RunDeletedError | NotFoundError> {
    return missingRunError(this.db.prisma, id);
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const row = await this.db.prisma.run.findUnique({ where: { id } });
    return row ? toRunRecord(row) : null;
  }

  /** The run without its state; `runState` reads that when it is asked for. */
  async getRunHead(id: string): Promise<RunHead | null> {
    const row = await this.db.prisma.run.findUnique({ where: { id }, omit: { state: true } });
    return row ? toRunHead(row) : null;
  }

  /** The run's state at `version`: from the run row while it is the head, else from the ledger. */
  async runState(id: string, version: number): Promise<AgentStateV1 | null> {
    const row = await this.db.prisma.run.findFirst({ where: { id, stateVersion: version }, select: { state: true } });
    return row ? (row.state as unknown as AgentStateV1) : this.stateOfVersion(id, version);
  }

  /** Length of the run's current state as JSON text, measured by the database (nothing is sent). */
  async runStateSize(id: string): Promise<number | null> {
    const rows = await this.db.prisma.$queryRaw<{ size: number }[]>`
      SELECT octet_length("state"::text)::int AS "size" FROM "run" WHERE "id" = ${id}`;
    return rows[0] ? Number(rows[0].size) : null;
  }

  /**
   * The sensitivity labels of the run's state, without the rest of it (which can be megabytes):
   * what redacting a receipt or a model event needs. At `version` only, when given: null if the
   * run is not there (or has moved on).
   */
  async runLabels(id: string, version?: number): Promise<AgentStateV1["sensitivity_labels"] | null> {
    const rows = await this.db.prisma.$queryRaw<{ labels: AgentStateV1["sensitivity_labels"] | null }[]>`
      SELECT "state"->'sensitivity_labels' AS "labels" FROM "run"
      WHERE "id" = ${id} AND (${version ?? null}::int IS NULL OR "state_version" = ${version ?? null}::int)`;
    return rows[0] ? (rows[0].labels ?? []) : null;
  }

  async requireRun(id: string): Promise<RunRecord> {
    const run = await this.getRun(id);
    if (!run) throw new NotFoundError("run", id);
    return run;
  }

  /** Newest first; `after` is the id of the last run of the previous page. */
  async listRuns(filter: RunFilter, first: number, after?: string | null): Promise<RunPage> {
    const where: Record<string, unknown> = {};
    if (filter.status) where.status = filter.status;
    if (filter.taskId) where.taskId = filter.taskId;
    if (filter.runIds?.length) where.id = { in: [...filter.runIds] };
    if (filter.taskIds?.length) where.AND = [{ taskId: { in: [...filter.taskIds] } }];
    if (after) {
      const anchor = await this.db.prisma.run.findUnique({ where: { id: after }, select: { createdAt: true } });
      if (!anchor) throw new InvalidInputError("the `after` cursor does not name a run", [{ path: "/after", message: "unknown cursor" }]);
      where.OR = [{ createdAt: { lt: anchor.createdAt } }, { createdAt: anchor.createdAt, id: { lt: after } }];
    }
    const rows = await this.db.prisma.run.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: first + 1,
      omit: { state: true },
    });
    return { runs: rows.slice(0, first).map(toRunHead), hasNextPage: rows.length > first };
  }

  /** Ledger entries with seq > afterSeq, oldest first. */
  async readLedger(runId: string, afterSeq: number, limit: number): Promise<LedgerEntryRecord[]> {
    return this.history(runId, { afterSeq, first: limit }).then((page) => page.entries);
  }

  /** A page of the ledger in seq order, optionally limited to a range of state versions. */
  async history(runId: string, query: HistoryQuery): Promise<{ entries: LedgerEntryRecord[]; hasNextPage: boolean }> {
    const stateVersion: Record<string, number> = {};
    if (query.fromVersion != null) stateVersion.gte = query.fromVersion;
    if (query.toVersion != null) stateVersion.lte = query.toVersion;
    const rows = await this.db.prisma.ledgerEntry.findMany({
      where: { runId, seq: { gt: query.afterSeq ?? -1 }, ...(Object.keys(stateVersion).length ? { stateVersion } : {}) },
      orderBy: { seq: "asc" },
      take: query.first + 1,
    });
    const entries = await decodeEntries(this.db.sql, rows.slice(0, query.first));
    return { entries: entries.map(toLedgerEntryRecord), hasNextPage: rows.length > query.first };
  }

  async getEntry(runId: string, seq: number): Promise<LedgerEntryRecord | null> {
    const row = await this.db.prisma.ledgerEntry.findUnique({ where: { runId_seq: { runId, seq } } });
    return row ? toLedgerEntryRecord((await decodeEntries(this.db.sql, [row]))[0]!) : null;
  }

  async requireEntry(runId: string, seq: number): Promise<LedgerEntryRecord> {
    const entry = await this.getEntry(runId, seq);
    if (!entry) throw new NotFoundError("ledger entry", `${runId}#${seq}`);
    return entry;
  }

  /** The COMMIT that produced `version`, with its state, or null if the run has not reached it. */
  async commitOfVersion(runId: string, version: number): Promise<LedgerEntryRecord | null> {
    // The literal 'COMMIT' lets Postgres use the partial unique index on (run_id, state_version).
    const rows = await this.db.prisma.$queryRaw<LedgerEntry[]>`
      SELECT "run_id" AS "runId", "seq", "state_version" AS "stateVersion", "kind", "operations", "producer",
        "provenance", "reason", "state", "patch", "snapshot_version" AS "snapshotVersion", "content_hash" AS "contentHash",
        "parent_hash" AS "parentHash", "entry_hash" AS "entryHash", "idempotency_key" AS "idempotencyKey",
        "request_hash" AS "requestHash", "created_at" AS "createdAt"
      FROM "ledger_entry" WHERE "run_id" = ${runId} AND "state_version" = ${version} AND "kind" = 'COMMIT'`;
    const row = rows[0];
    if (!row) return null;
    const [decoded] = await decodeEntries(this.db.sql, [{ ...row, createdAt: new Date(row.createdAt) }]);
    return toLedgerEntryRecord(decoded!);
  }

  /** The ledger position of the COMMIT that produced `version`, or null if not there yet. */
  async seqOfVersion(runId: string, version: number): Promise<number | null> {
    // Only the position: every watch starts here, and the state can be megabytes.
    const rows = await this.db.prisma.$queryRaw<{ seq: number }[]>`
      SELECT "seq" FROM "ledger_entry" WHERE "run_id" = ${runId} AND "state_version" = ${version} AND "kind" = 'COMMIT'`;
    return rows[0]?.seq ?? null;
  }

  /** The state as of `version`: its snapshot and the patches after it. */
  async stateOfVersion(runId: string, version: number): Promise<AgentStateV1 | null> {
    return stateAtVersion(this.db.sql, runId, version);
  }

  /** The entry a write with this idempotency key made (with its request hash), if any. */
  async entryByIdempotencyKey(runId: string, idempotencyKey: string): Promise<DecodedEntry | null> {
    // Served by the partial unique index on (run_id, idempotency_key) WHERE the key is not null.
    const row = await this.db.prisma.ledgerEntry.findFirst({ where: { runId, idempotencyKey } });
    return row ? (await decodeEntries(this.db.sql, [row]))[0]! : null;
  }
}
