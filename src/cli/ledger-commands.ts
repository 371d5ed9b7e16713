// canon verify / export / import / compact: the ledger from the command line.
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";
import type { Database } from "../db/database.js";
import { compactLedger } from "../store/ledger-compaction.js";
import { RunReader } from "../store/run-reads.js";
import { exportRun, importRun } from "../store/run-transfer.js";
import { verifyRun } from "../store/verify-run.js";

/** Exit 0 when every run verifies, 1 on the first divergence of any run. */
export async function verifyCommand(db: Database, target: string | undefined, all: boolean): Promise<number> {
  if (!all && !target) {
    console.error("usage: canon verify <runId> | canon verify --all");
    return 2;
  }
  const reader = new RunReader(db);
  const runIds = all ? (await db.prisma.run.findMany({ select: { id: true }, orderBy: { createdAt: "asc" } })).map((r) => r.id) : [target!];
  let failed = 0;
  for (const runId of runIds) {
    const report = await verifyRun(reader, runId);
    if (report.ok) {
      console.log(`ok       ${runId} (${report.checkedEntries} entries)`);
    } else {
      failed++;
      const d = report.firstDivergence!;
      console.log(`DIVERGED ${runId} at seq ${d.seq} (version ${d.version}): ${d.check} expected ${d.expected}, got ${d.actual}`);
    }
  }
  console.log(`${runIds.length - failed} verified, ${failed} diverged`);
  return failed === 0 ? 0 : 1;
}

/** Stores ledgers written before the delta ledger as patches (docs/storage.md); exit 0 when done. */
export async function compactCommand(db: Database, target: string | undefined, all: boolean): Promise<number> {
  if (!all && !target) {
    console.error("usage: canon compact <runId> | canon compact --all");
    return 2;
  }
  const runIds = all ? (await db.prisma.run.findMany({ select: { id: true }, orderBy: { createdAt: "asc" } })).map((r) => r.id) : [target!];
  let rewritten = 0;
  for (const runId of runIds) rewritten += await compactLedger(db, runId);
  console.log(`${runIds.length} runs compacted: ${rewritten} entries now stored as patches`);
  return 0;
}

export async function exportCommand(db: Database, runId: string | undefined, out: string | undefined): Promise<number> {
  if (!runId) {
    console.error("usage: canon export <runId> [--out file.ndjson]");
    return 2;
  }
  const sink: Writable = out ? createWriteStream(out) : process.stdout;
  const count = await exportRun(db, runId, (line) => writeLine(sink, line));
  if (out) await new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())));
  console.error(`exported run ${runId}: ${count} ledger entries${out ? ` to ${out}` : ""}`);
  return 0;
}

export async function importCommand(db: Database, file: string | undefined): Promise<number> {
  const input = file ? createReadStream(file) : process.stdin;
  const result = await importRun(db, createInterface({ input, crlfDelay: Infinity }));
  console.log(`imported run ${result.runId}: ${result.entries} ledger entries, verified`);
  return 0;
}

function writeLine(sink: Writable, line: string): Promise<void> | void {
  if (sink.write(`${line}\n`)) return;
  return new Promise((resolve) => sink.once("drain", resolve));
}
