// verifyRun: streams a run's ledger through the pure LedgerVerifier in batches.
import { LedgerVerifier, type Divergence } from "../domain/ledger-verifier.js";
import type { RunReader } from "./run-reads.js";

export interface VerificationReport {
  runId: string;
  ok: boolean;
  checkedEntries: number;
  firstDivergence: Divergence | null;
}

const BATCH = 500;

/**
 * The run row is read first: it and its ledger up to `run.ledgerSeq` were written together, and
 * entries never change afterwards, so writes that arrive while we verify cannot confuse it.
 */
export async function verifyRun(reader: RunReader, runId: string): Promise<VerificationReport> {
  const run = await reader.requireRun(runId);
  const verifier = new LedgerVerifier();
  let afterSeq = -1;
  while (afterSeq < run.ledgerSeq) {
    const batch = (await reader.readLedger(runId, afterSeq, BATCH)).filter((entry) => entry.seq <= run.ledgerSeq);
    for (const entry of batch) {
      const divergence = verifier.push(entry);
      if (divergence) return { runId, ok: false, checkedEntries: verifier.checked, firstDivergence: divergence };
    }
    if (batch.length === 0) break;
    afterSeq = batch.at(-1)!.seq;
  }
  const divergence = verifier.finish(run);
  return { runId, ok: divergence === null, checkedEntries: verifier.checked, firstDivergence: divergence };
}
