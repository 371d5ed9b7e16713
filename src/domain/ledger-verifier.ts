// Recomputes a run's ledger entry by entry: the hash chain, each stored state's content hash,
// and each COMMIT's state by replaying its operations on the state before it. Pure: the store
// feeds it entries in order, so a ledger of any length is checked in constant memory.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { provenanceList, type ContentHash } from "../contracts/common.js";
import { applyOperations } from "./commit.js";
import { contentHash } from "./content-hash.js";
import { chainHash, entryDigest, GENESIS_PARENT, type ChainedContent } from "./ledger-chain.js";

/** An entry as stored: its chained content plus the state it recorded and its hashes. */
export interface VerifiableEntry extends ChainedContent {
  state: AgentStateV1 | null;
  parentHash: ContentHash;
  entryHash: ContentHash;
  /** When the entry was written: the commit time its operations were applied at. */
  createdAt: Date;
}

export interface Divergence {
  seq: number;
  version: number;
  check: string;
  expected: string;
  actual: string;
}

export class LedgerVerifier {
  private previous: VerifiableEntry | null = null;
  private state: AgentStateV1 | null = null;
  private stateHash: ContentHash | null = null;
  checked = 0;

  /** Checks the next entry; returns the first thing about it that does not add up. */
  push(entry: VerifiableEntry): Divergence | null {
    const at = (check: string, expected: unknown, actual: unknown): Divergence => ({
      seq: entry.seq,
      version: entry.stateVersion,
      check,
      expected: String(expected),
      actual: String(actual),
    });
    const previous = this.previous;
    const expectedSeq = previous ? previous.seq + 1 : 0;
    if (entry.seq !== expectedSeq) return at("seq", expectedSeq, entry.seq);
    if (previous && entry.parentHash !== previous.entryHash) return at("parent hash", previous.entryHash, entry.parentHash);
    if (!previous && entry.parentHash === GENESIS_PARENT && entry.operations[0]?.op === "forkRun") {
      return at("parent hash", "the origin entry's hash", entry.parentHash);
    }
    const recomputedEntry = chainHash(entry.parentHash, entry.seq, entryDigest(entry));
    if (entry.entryHash !== recomputedEntry) return at("entry hash", recomputedEntry, entry.entryHash);

    if (entry.kind === "NOOP") {
      if (!previous || !this.state) return at("kind", "COMMIT (first entry)", "NOOP");
      if (entry.stateVersion !== previous.stateVersion) return at("state version", previous.stateVersion, entry.stateVersion);
      if (entry.contentHash !== this.stateHash) return at("content hash", this.stateHash, entry.contentHash);
      this.advance(entry);
      return null;
    }
    const expectedVersion = previous ? previous.stateVersion + 1 : 0;
    if (entry.stateVersion !== expectedVersion) return at("state version", expectedVersion, entry.stateVersion);
    if (!entry.state) return at("stored state", "a state", "none");
    const storedHash = contentHash(entry.state);
    if (storedHash !== entry.contentHash) return at("stored state hash", entry.contentHash, storedHash);
    if (previous && this.state) {
      const replayed = replay(this.state, entry);
      if (replayed instanceof Error) return at("replay", "the operations apply", replayed.message);
      const replayedHash = contentHash({ ...replayed, identity: { ...replayed.identity, state_version: entry.stateVersion } });
      if (replayedHash !== entry.contentHash) return at("replayed state hash", entry.contentHash, replayedHash);
    }
    this.state = entry.state;
    this.stateHash = entry.contentHash;
    this.advance(entry);
    return null;
  }

  /** After the last entry: the run's current state must be its last COMMIT's state. */
  finish(run: { stateVersion: number; ledgerSeq: number; contentHash: string; headHash: string; state: AgentStateV1 }): Divergence | null {
    const last = this.previous;
    const at = (check: string, expected: unknown, actual: unknown): Divergence => ({
      seq: run.ledgerSeq,
      version: run.stateVersion,
      check,
      expected: String(expected),
      actual: String(actual),
    });
    if (!last) return at("ledger", "at least one entry", "none");
    if (run.ledgerSeq !== last.seq) return at("run ledger position", last.seq, run.ledgerSeq);
    if (run.headHash !== last.entryHash) return at("run chain head", last.entryHash, run.headHash);
    if (run.stateVersion !== last.stateVersion) return at("run state version", last.stateVersion, run.stateVersion);
    if (run.contentHash !== this.stateHash) return at("run content hash", this.stateHash, run.contentHash);
    const currentHash = contentHash(run.state);
    if (currentHash !== this.stateHash) return at("run state hash", this.stateHash, currentHash);
    return null;
  }

  private advance(entry: VerifiableEntry) {
    this.previous = entry;
    this.checked++;
  }
}

/** Re-applies a COMMIT's operations with the context they were written under. */
function replay(state: AgentStateV1, entry: VerifiableEntry): AgentStateV1 | Error {
  try {
    const context = { producer: entry.producer, provenance: provenanceList(entry.provenance), committedAt: entry.createdAt.toISOString() };
    return applyOperations(state, entry.operations, context);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
