// Rewrites the COMMITs a run stored whole before the delta ledger (migration
// 20261203100000_delta_ledger made each its own snapshot) into the encoding the write path uses
// now: patches, and a snapshot once the patches outweigh the state (docs/storage.md). Only the
// encoding changes: every version reads the same, and the hash chain, which covers content
// hashes rather than stored bytes, is untouched. Entries from the run's current chain start on
// are left alone: later patches are rebuilt from that snapshot.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { NotFoundError } from "../contracts/errors.js";
import type { Database } from "../db/database.js";
import { genesisPosition, type ChainPosition } from "../domain/ledger-encoding.js";
import { applyStatePatch, type StatePatch } from "../domain/state-patch.js";
import { storedCommit, type StoredCommit } from "./ledger-codec.js";

const BATCH = 200;

/** Re-encodes `runId`'s older COMMITs; returns how many rows now hold a patch instead of a state. */
export async function compactLedger(db: Database, runId: string): Promise<number> {
  const run = await db.prisma.run.findUnique({ where: { id: runId }, select: { snapshotVersion: true } });
  if (!run) throw new NotFoundError("run", runId);
  const end = run.snapshotVersion;
  let previous: AgentStateV1 | null = null;
  let position: ChainPosition | null = null;
  let rewritten = 0;
  for (let after = -1; after < end - 1;) {
    const rows = await db.prisma.ledgerEntry.findMany({
      where: { runId, kind: "COMMIT", stateVersion: { gt: after, lt: end } },
      orderBy: { stateVersion: "asc" },
      take: BATCH,
      select: { seq: true, stateVersion: true, state: true, patch: true },
    });
    if (rows.length === 0) break;
    const updates: { seq: number; state: AgentStateV1 | null; patch: StatePatch | null; snapshotVersion: number }[] = [];
    for (const row of rows) {
      const state: AgentStateV1 = row.state
        ? (row.state as unknown as AgentStateV1)
        : applyStatePatch(previous!, row.patch as unknown as StatePatch);
      const stored: StoredCommit =
        previous && position
          ? storedCommit(previous, state, JSON.stringify(state), row.stateVersion, position)
          : { state, patch: null, position: genesisPosition(row.stateVersion) };
      if (stored.state === null && row.state !== null) rewritten++;
      updates.push({ seq: row.seq, state: stored.state, patch: stored.patch, snapshotVersion: stored.position.snapshotVersion });
      previous = state;
      position = stored.position;
    }
    await db.prisma.$transaction(
      updates.map(
        (update) =>
          db.prisma.$executeRaw`UPDATE "ledger_entry" SET "state" = ${update.state ? JSON.stringify(update.state) : null}::jsonb,
          "patch" = ${update.patch ? JSON.stringify(update.patch) : null}::jsonb, "snapshot_version" = ${update.snapshotVersion}
          WHERE "run_id" = ${runId} AND "seq" = ${update.seq}`,
      ),
    );
    after = rows.at(-1)!.stateVersion;
  }
  return rewritten;
}
