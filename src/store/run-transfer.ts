// `canon export` / `canon import`: a run with its whole ledger as newline-delimited JSON.
// Line 1 describes the run and its task (TaskIR, status, clarifications and every revision);
// then one line per ledger entry, verbatim, hashes included; then one `{ "modelEvent": … }`
// line per model event. Receipts travel inside the entries that recorded them; tokens never
// travel. Import verifies the chain before writing anything, so a damaged or edited file is
// refused instead of becoming a run that fails `canon verify`. Files of format v1 (a task
// without its compilation, no model events) still import.
import { InvalidInputError, ReceiptConflictError } from "../contracts/errors.js";
import { LedgerVerifier } from "../domain/ledger-verifier.js";
import { carriedReceipts, type OperationCall } from "../domain/operations/index.js";
import { ARCHIVED_STATUS, isArchiveEntry } from "../domain/run-archive.js";
import { runStatusOf } from "../domain/run-status.js";
import type { Database } from "../db/database.js";
import type { ModelEvent } from "../db/generated/client.js";
import { isHashText, toLedgerEntryRecord, withHashBytes } from "../db/row-mapping.js";
import { decodeEntries, encodeLedger, type DecodedEntry } from "./ledger-codec.js";
import { exportTask, importTask, taskExportProblems, type TaskExport } from "./task-store.js";

const FORMAT = "canon.run-export.v2";
const FORMATS: readonly string[] = ["canon.run-export.v1", FORMAT];
const BATCH = 500;

interface Header {
  format: string;
  run: { id: string; taskId: string; sessionId: string; createdAt: string };
  task: TaskExport;
}

/** An entry as the file holds it: the ledger's meaning, every COMMIT with its whole state. */
type EntryLine = Omit<DecodedEntry, "createdAt"> & { createdAt: string };
type ModelEventLine = Omit<ModelEvent, "createdAt"> & { createdAt: string };

export async function exportRun(db: Database, runId: string, write: (line: string) => void | Promise<void>): Promise<number> {
  const run = await db.prisma.run.findUnique({ where: { id: runId } });
  if (!run) throw new InvalidInputError(`run ${runId} does not exist`, [{ path: "/runId", message: "unknown run" }]);
  const header: Header = {
    format: FORMAT,
    run: { id: run.id, taskId: run.taskId, sessionId: run.sessionId, createdAt: run.createdAt.toISOString() },
    task: await exportTask(db, run.taskId),
  };
  await write(JSON.stringify(header));
  let count = 0;
  for (let afterSeq = -1; afterSeq < run.ledgerSeq;) {
    const rows = await db.prisma.ledgerEntry.findMany({
      where: { runId, seq: { gt: afterSeq, lte: run.ledgerSeq } },
      orderBy: { seq: "asc" },
      take: BATCH,
    });
    if (rows.length === 0) break;
    for (const row of await decodeEntries(db.sql, rows)) await write(JSON.stringify({ ...row, createdAt: row.createdAt.toISOString() }));
    count += rows.length;
    afterSeq = rows.at(-1)!.seq;
  }
  const events = await db.prisma.modelEvent.findMany({ where: { runId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  for (const event of events) await write(JSON.stringify({ modelEvent: { ...event, createdAt: event.createdAt.toISOString() } }));
  return count;
}

export async function importRun(db: Database, lines: AsyncIterable<string>): Promise<{ runId: string; entries: number }> {
  let header: Header | null = null;
  const entries: EntryLine[] = [];
  const modelEvents: ModelEventLine[] = [];
  const verifier = new LedgerVerifier();
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    const value = parseLine(line, lineNumber);
    if (!header) {
      if (!FORMATS.includes(value.format as string)) throw refusal(lineNumber, `the first line must be a ${FORMAT} header`);
      header = value as unknown as Header;
      const problems = taskExportProblems(header.task, "/task");
      if (problems.length) throw refusal(lineNumber, `the task is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join("; ")}`);
      continue;
    }
    if (value.modelEvent) {
      const event = value.modelEvent as ModelEventLine;
      if (event.runId !== header.run.id) throw refusal(lineNumber, `model event belongs to run ${event.runId}, not ${header.run.id}`);
      modelEvents.push(event);
      continue;
    }
    const entry = value as unknown as EntryLine;
    if (entry.runId !== header.run.id) throw refusal(lineNumber, `entry belongs to run ${entry.runId}, not ${header.run.id}`);
    // The chain check recomputes the entry and content hashes; these two it takes as written.
    if (!isHashText(entry.parentHash)) throw refusal(lineNumber, `parentHash is not a sha256 hash`);
    if (entry.requestHash != null && !isHashText(entry.requestHash)) throw refusal(lineNumber, `requestHash is not a sha256 hash`);
    const divergence = verifier.push(toLedgerEntryRecord({ ...entry, createdAt: new Date(entry.createdAt) }));
    if (divergence) {
      throw refusal(
        lineNumber,
        `ledger does not verify at seq ${divergence.seq}: ${divergence.check} expected ${divergence.expected}, got ${divergence.actual}`,
      );
    }
    entries.push(entry);
  }
  if (!header) throw refusal(0, "the file is empty");
  const last = entries.at(-1);
  const current = [...entries].reverse().find((entry) => entry.kind === "COMMIT");
  if (!last || !current?.state) throw refusal(lineNumber, "the file has no ledger entries");
  const { run, task } = header;
  // Stored as this database stores any ledger: patches, and a snapshot now and then.
  const stored = encodeLedger(entries);
  await db.prisma.$transaction(async (tx) => {
    if (await tx.run.findUnique({ where: { id: run.id }, select: { id: true } })) {
      throw new InvalidInputError(`run ${run.id} already exists here; nothing was imported`, [{ path: "/run/id", message: "exists" }]);
    }
    await importTask(tx, task);
    const state = current.state as object;
    await tx.run.create({
      data: {
        id: run.id,
        taskId: run.taskId,
        sessionId: run.sessionId,
        stateVersion: last.stateVersion,
        ledgerSeq: last.seq,
        // An archived run stays archived where it is imported (the trigger then guards it there too).
        status: isArchiveEntry(toLedgerEntryRecord({ ...last, createdAt: new Date(last.createdAt) }))
          ? ARCHIVED_STATUS
          : runStatusOf(state as never),
        state,
        contentHash: current.contentHash,
        headHash: last.entryHash,
        headParentHash: last.parentHash,
        snapshotVersion: stored.position.snapshotVersion,
        chainBytes: stored.position.chainBytes,
        createdAt: new Date(run.createdAt),
        updatedAt: new Date(last.createdAt),
      },
    });
    for (let i = 0; i < stored.rows.length; i += BATCH) {
      await tx.ledgerEntry.createMany({
        data: stored.rows.slice(i, i + BATCH).map((entry) => ({
          ...withHashBytes({ ...entry, requestHash: entry.requestHash ?? null }),
          operations: entry.operations as object,
          producer: entry.producer as object,
          provenance: entry.provenance as object,
          state: (entry.state ?? undefined) as object | undefined,
          patch: (entry.patch ?? undefined) as object | undefined,
          createdAt: new Date(entry.createdAt),
        })),
      });
    }
    await importReceipts(tx, entries);
    if (modelEvents.length) {
      await tx.modelEvent.createMany({
        data: modelEvents.map((event) => ({ ...event, producer: event.producer as object, createdAt: new Date(event.createdAt) })),
      });
    }
    // Restoring a deleted run from its export lifts its tombstone: the run is here again.
    await tx.runDeletion.deleteMany({ where: { runId: run.id } });
  });
  return { runId: run.id, entries: entries.length };
}

/** The receipts the imported commits carried, as immutable rows (kept when already here unchanged). */
async function importReceipts(tx: ReceiptWriter, entries: EntryLine[]): Promise<void> {
  for (const entry of entries) {
    if (entry.kind !== "COMMIT") continue;
    for (const receipt of carriedReceipts(entry.operations as unknown as OperationCall[])) {
      const stored = await tx.receipt.findUnique({ where: { id: receipt.id }, select: { contentHash: true } });
      if (stored && stored.contentHash !== receipt.contentHash) throw new ReceiptConflictError(receipt.id);
      if (stored) continue;
      await tx.receipt.create({
        data: {
          id: receipt.id,
          runId: entry.runId,
          kind: receipt.kind,
          document: receipt.document as object,
          contentHash: receipt.contentHash,
          stateVersion: entry.stateVersion,
          createdAt: new Date(entry.createdAt),
        },
      });
    }
  }
}

type ReceiptWriter = Pick<Database["prisma"], "receipt">;

function parseLine(line: string, lineNumber: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw refusal(lineNumber, "is not a JSON object");
}

const refusal = (line: number, message: string) =>
  new InvalidInputError(`import refused, nothing was written: line ${line} ${message}`, [{ path: `/line/${line}`, message }]);
