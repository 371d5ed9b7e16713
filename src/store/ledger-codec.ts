// The ledger's storage encoding (docs/storage.md) between the rows and everything above them:
// a COMMIT is stored as a snapshot (its whole state) or as a patch from the previous COMMIT's
// state (src/domain/ledger-encoding.ts decides which). Reads rebuild each COMMIT's state from
// the nearest snapshot at or before it, in one indexed query, so what callers see is the ledger
// as it always was: every COMMIT with its state.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { Database } from "../db/database.js";
import type { LedgerEntry } from "../db/generated/client.js";
import { withHashText, type LedgerRow } from "../db/row-mapping.js";
import { encodeCommit, genesisPosition, type ChainPosition } from "../domain/ledger-encoding.js";
import { applyStatePatch, type StatePatch } from "../domain/state-patch.js";

/**
 * A ledger row as callers see it: every COMMIT carries its state, the hashes are text
 * ("sha256:<hex>", stored as bytes), the encoding columns are gone.
 */
export type DecodedEntry = Omit<LedgerRow, "patch" | "snapshotVersion">;

/** Ledger reads go straight to the driver: a chain is many small rows, and Prisma's raw-query
 * layer cost more per row than the patches do to apply (docs/benchmark-log.md, 2026-12-03). */
type Sql = Pick<Database["sql"], "query">;

interface ChainRow {
  stateVersion: number;
  state: unknown;
  patch: unknown;
}

/** The rows that rebuild `version`: its snapshot, then every patch up to it; empty if it does not exist. */
async function chainOf(sql: Sql, runId: string, version: number): Promise<ChainRow[]> {
  // Two statements, not one with a subquery: with the snapshot's version as a constant the planner
  // knows the range is a few rows and walks the (run_id, state_version) index; with a subquery it
  // estimated a third of the run and, on a run of 10,000 versions, PostgreSQL read far more than
  // the chain (stateAt 2.5x slower than on a run of 10; docs/benchmark-log.md, 2026-12-03).
  // The literal 'COMMIT' lets Postgres use the partial unique index on (run_id, state_version).
  const [head] = await sql.query<{ snapshotVersion: number | null }>(SNAPSHOT_STATEMENT, [runId, version]);
  if (!head || head.snapshotVersion === null) return [];
  return sql.query<ChainRow>(CHAIN_STATEMENT, [runId, head.snapshotVersion, version]);
}

export const SNAPSHOT_STATEMENT = `
  SELECT "snapshot_version" AS "snapshotVersion" FROM "ledger_entry"
  WHERE "run_id" = $1 AND "kind" = 'COMMIT' AND "state_version" = $2`;

export const CHAIN_STATEMENT = `
  SELECT "state_version" AS "stateVersion", "state", "patch" FROM "ledger_entry"
  WHERE "run_id" = $1 AND "kind" = 'COMMIT' AND "state_version" BETWEEN $2 AND $3
  ORDER BY "state_version"`;

/** The state at `version`, or null if the run has not reached it. */
export async function stateAtVersion(sql: Sql, runId: string, version: number): Promise<AgentStateV1 | null> {
  const rows = await chainOf(sql, runId, version);
  if (rows.length === 0) return null;
  let state = rows[0]!.state as AgentStateV1 | null;
  if (state === null) throw new Error(`ledger of ${runId}: the chain to version ${version} does not start at a snapshot`);
  for (const row of rows.slice(1)) state = row.state ? (row.state as AgentStateV1) : applyStatePatch(state, row.patch as StatePatch);
  return state;
}

/**
 * `rows` (of one run, in seq order) as callers see them: each COMMIT with its state, rebuilt
 * from the previous COMMIT in the page, or, for the first one stored as a patch, from the
 * state before it (one more query).
 */
export async function decodeEntries(sql: Sql, rows: LedgerEntry[]): Promise<DecodedEntry[]> {
  let previous = null as { version: number; state: AgentStateV1 } | null;
  const decoded: DecodedEntry[] = [];
  for (const { patch, snapshotVersion: _, ...row } of rows.map(withHashText)) {
    if (row.kind === "COMMIT") {
      let state = row.state as AgentStateV1 | null;
      if (state === null) {
        const before: AgentStateV1 | null =
          previous?.version === row.stateVersion - 1 ? previous.state : await stateAtVersion(sql, row.runId, row.stateVersion - 1);
        if (!before) throw new Error(`ledger of ${row.runId}: no state before version ${row.stateVersion}`);
        state = applyStatePatch(before, patch as unknown as StatePatch);
      }
      previous = { version: row.stateVersion, state };
      decoded.push({ ...row, state: state as never });
    } else {
      decoded.push(row);
    }
  }
  return decoded;
}

/** What a stored row holds for a COMMIT: its snapshot or its patch, and where its chain stands. */
export interface StoredCommit {
  state: AgentStateV1 | null;
  patch: StatePatch | null;
  /** The patch as JSON (JSON.stringify's text), when there is one. */
  patchJson?: string;
  position: ChainPosition;
}

/** How to store the COMMIT of `next` after `previous` (the write path and import both ask here). */
export function storedCommit(
  previous: AgentStateV1,
  next: AgentStateV1,
  nextJson: string,
  version: number,
  position: ChainPosition,
): StoredCommit {
  const encoded = encodeCommit(previous, next, Buffer.byteLength(nextJson, "utf8"), version, position);
  return encoded.kind === "SNAPSHOT"
    ? { state: next, patch: null, position: encoded.position }
    : { state: null, patch: encoded.patch, patchJson: encoded.patchJson, position: encoded.position };
}

/**
 * A whole ledger (export format: every COMMIT with its state, seq order) in its stored form, and
 * where its chain ends, for import.
 */
export function encodeLedger<E extends { kind: string; stateVersion: number; state: unknown }>(
  entries: E[],
): { rows: (E & { patch: StatePatch | null; snapshotVersion: number | null })[]; position: ChainPosition } {
  let position: ChainPosition | null = null;
  let previous: AgentStateV1 | null = null;
  const rows = entries.map((entry) => {
    if (entry.kind !== "COMMIT") return { ...entry, patch: null, snapshotVersion: null };
    const state = entry.state as AgentStateV1;
    const stored: StoredCommit =
      previous && position
        ? storedCommit(previous, state, JSON.stringify(state), entry.stateVersion, position)
        : { state, patch: null, position: genesisPosition(entry.stateVersion) };
    previous = state;
    position = stored.position;
    return { ...entry, state: stored.state, patch: stored.patch, snapshotVersion: stored.position.snapshotVersion };
  });
  return { rows, position: position ?? genesisPosition(0) };
}
