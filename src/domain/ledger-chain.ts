// The ledger's hash chain. Each entry's hash covers its parent's hash, its position and
// everything the entry records except the stored state itself (which its content hash already
// covers), so changing any recorded byte of any entry breaks the chain from that entry on.
import type { ComponentIdentity, ContentHash, StoredProvenance } from "../contracts/common.js";
import { canonicalJson, canonicalJsonOfMembers, sha256Of } from "./content-hash.js";
import type { OperationCall } from "./operations/index.js";

/** The parent of a run's first entry, unless the run was forked from another run's entry. */
export const GENESIS_PARENT: ContentHash = `sha256:${"0".repeat(64)}`;

export interface ChainedContent {
  runId: string;
  seq: number;
  stateVersion: number;
  kind: "COMMIT" | "NOOP";
  operations: OperationCall[];
  producer: ComponentIdentity;
  provenance: StoredProvenance;
  reason: string | null;
  contentHash: ContentHash;
}

/**
 * Digest of an entry's own content, in RFC 8785 canonical form. Its position (seq) is not part
 * of it: the writer learns the seq only inside the statement that appends the entry, which
 * chains seq in there (see chainHash). `operationsJson`: the operations' canonical JSON, when the
 * caller has made it already (the write path stores the same text in the row).
 */
export const entryDigest = (entry: Omit<ChainedContent, "seq">, operationsJson = canonicalJson(entry.operations)): ContentHash =>
  sha256Of(
    canonicalJsonOfMembers(
      {
        run_id: entry.runId,
        state_version: entry.stateVersion,
        kind: entry.kind,
        operations: entry.operations,
        producer: entry.producer,
        provenance: entry.provenance,
        reason: entry.reason,
        content_hash: entry.contentHash,
      },
      { operations: operationsJson },
    ),
  );

/**
 * The entry hash: sha256 of "<parent hash>|<seq>|<entry digest>". The write path computes the
 * same expression in SQL, from the chain head it holds on the locked run row, so appending to
 * the chain costs no extra round trip.
 */
export const chainHash = (parentHash: string, seq: number, digest: string): ContentHash => sha256Of(`${parentHash}|${seq}|${digest}`);
