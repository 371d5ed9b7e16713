// How a COMMIT's state is stored (docs/storage.md): as the RFC 6902 patch from the previous
// COMMIT's state, or as a whole snapshot when the patches since the last snapshot add up to
// more than twice the state (SNAPSHOT_SPACING; and more than MIN_CHAIN_BYTES). So the bytes a
// commit adds grow with its change, not with the state (a snapshot costs at most half as much
// as the patches it follows, on average), and reading any version means one snapshot plus
// patches no bigger in total than two snapshots: the cost of `stateAt` depends on the state's
// size, never on the ledger's length.
import { statePatch, type StatePatch } from "./state-patch.js";

/** Where a run's patch chain stands: its newest snapshot, and what has been added since. */
export interface ChainPosition {
  /** The state version whose entry holds the whole state the newest patches start from. */
  snapshotVersion: number;
  /** Charged bytes of the patches since that snapshot (see PATCH_ROW_CHARGE). */
  chainBytes: number;
}

/**
 * Each patch is charged its bytes plus this much, so that a chain of tiny patches on a large
 * state still ends in a snapshot after at most stateBytes / PATCH_ROW_CHARGE entries: reading a
 * row costs something however small its patch.
 */
export const PATCH_ROW_CHARGE = 256;

/**
 * A small state is cheap to store whole, but a stored row costs more than its JSON (jsonb
 * headers, tuple and index entries: about 2 KB for a 1 KB state), so snapshots are at least this
 * many charged bytes apart: at most 4 KiB / PATCH_ROW_CHARGE = 16 patches to apply on a read.
 * At 16 KiB (64 patches) a long ledger's reads were 1.2-1.3x a ten-version ledger's on
 * PostgreSQL, whose chains are never longer than ten: reading rows, not applying patches, is
 * what a chain costs. At 4 KiB a small state's snapshot adds ~100 bytes to each commit.
 */
export const MIN_CHAIN_BYTES = 4 * 1024;

/**
 * Snapshots are this many state sizes of charged patches apart. At 1 a snapshot's share of each
 * commit was the patch plus PATCH_ROW_CHARGE (~400 bytes for a one-field change, a third of the
 * 2 x patch + 1 KB budget); at 2 it is half that, and a read applies at most twice the state's
 * size in patches: still bounded by the state, never by the ledger's length.
 */
export const SNAPSHOT_SPACING = 2;

/** Charged patch bytes after which the next COMMIT of a state `stateBytes` long is stored whole. */
export const chainBudget = (stateBytes: number): number => Math.max(SNAPSHOT_SPACING * stateBytes, MIN_CHAIN_BYTES);

export type EncodedCommit =
  | { kind: "SNAPSHOT"; position: ChainPosition }
  /** `patchJson`: the patch as JSON.stringify writes it (measured for its charge; the write path sends it as is). */
  | { kind: "PATCH"; patch: StatePatch; patchJson: string; position: ChainPosition };

/** The first entry of a run (or of an imported ledger) is a snapshot. */
export const genesisPosition = (version: number): ChainPosition => ({ snapshotVersion: version, chainBytes: 0 });

/**
 * How to store `next` (the state at `version`, `nextBytes` long as JSON) after `previous`,
 * given where the chain stands.
 */
export function encodeCommit(previous: unknown, next: unknown, nextBytes: number, version: number, position: ChainPosition): EncodedCommit {
  const patch = statePatch(previous, next);
  const patchJson = JSON.stringify(patch);
  const charge = Buffer.byteLength(patchJson, "utf8") + PATCH_ROW_CHARGE;
  if (position.chainBytes + charge > chainBudget(nextBytes)) return { kind: "SNAPSHOT", position: genesisPosition(version) };
  return {
    kind: "PATCH",
    patch,
    patchJson,
    position: { snapshotVersion: position.snapshotVersion, chainBytes: position.chainBytes + charge },
  };
}
