// canon verify / compact / export / import: the ledger from the command line.
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import type { Backend } from "./backend.js";
import { CliError, EXIT } from "./cli-error.js";
import { progress } from "./progress.js";

type Out = Pick<NodeJS.WritableStream, "write">;

/** Exit 0 when every run verifies, 1 when any diverges (each is reported). */
export async function verifyCommand(backend: Backend, runIds: string[] | "all", out: Out = process.stdout): Promise<number> {
  const ids = runIds === "all" ? await backend.runIds() : runIds;
  const bar = progress("verifying", "runs");
  bar.total(ids.length);
  let failed = 0;
  try {
    for (const runId of ids) {
      const report = await backend.verifyRun(runId);
      bar.tick();
      if (!report) throw new CliError(`run ${runId} does not exist`);
      if (report.ok) {
        out.write(`ok       ${runId} (${report.checkedEntries} entries)\n`);
        continue;
      }
      failed++;
      const d = report.firstDivergence!;
      out.write(`DIVERGED ${runId} at seq ${d.seq} (version ${d.version}): ${d.check} expected ${d.expected}, got ${d.actual}\n`);
    }
  } finally {
    bar.stop();
  }
  out.write(`${ids.length - failed} verified, ${failed} diverged\n`);
  return failed === 0 ? EXIT.OK : EXIT.FAILED;
}

/** Stores ledgers written before the delta ledger as patches (docs/storage.md). */
export async function compactCommand(backend: Backend, runIds: string[] | "all", out: Out = process.stdout): Promise<number> {
  const ids = runIds === "all" ? await backend.runIds() : runIds;
  const bar = progress("compacting", "runs");
  bar.total(ids.length);
  let rewritten = 0;
  try {
    for (const runId of ids) {
      rewritten += await backend.compactRun(runId);
      bar.tick();
    }
  } finally {
    bar.stop();
  }
  out.write(`${ids.length} runs compacted: ${rewritten} entries now stored as patches\n`);
  return EXIT.OK;
}

/** Checked before any database is opened: the directory must exist, and `out` must not be one. */
export function checkOutputPath(out: string): void {
  const dir = path.dirname(path.resolve(out));
  let stats;
  try {
    stats = statSync(dir);
  } catch {
    throw new CliError(`cannot write ${out}: the directory ${dir} does not exist`, EXIT.USAGE);
  }
  if (!stats.isDirectory()) throw new CliError(`cannot write ${out}: ${dir} is not a directory`, EXIT.USAGE);
  try {
    if (statSync(out).isDirectory()) throw new CliError(`cannot write ${out}: it is a directory`, EXIT.USAGE);
  } catch (error) {
    if (error instanceof CliError) throw error;
  }
}

/**
 * Writes to a temporary file beside `out` and renames it into place once complete: a failure
 * (unknown run, server gone, disk full) leaves no file, and never a truncated one.
 */
export async function exportCommand(backend: Backend, runId: string, out: string | undefined, err: Out = process.stderr): Promise<number> {
  const temporary = out ? path.join(path.dirname(path.resolve(out)), `.${path.basename(out)}.${process.pid}.partial`) : undefined;
  const sink: Writable = temporary ? createWriteStream(temporary, { flags: "wx" }) : process.stdout;
  const failedOpen = new Promise<never>((_, reject) => sink.once("error", reject));
  failedOpen.catch(() => {});
  const bar = progress(`exporting ${runId}`, "entries");
  try {
    let lines = 0;
    const count = await Promise.race([
      backend.exportRun(
        runId,
        (line) => {
          if (lines++ > 0) bar.tick();
          if (!sink.write(`${line}\n`)) return new Promise<void>((resolve) => sink.once("drain", resolve));
        },
        (total) => bar.total(total),
      ),
      failedOpen,
    ]);
    if (temporary) {
      await new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())));
      renameSync(temporary, out!);
    }
    bar.stop();
    err.write(`exported run ${runId}: ${count} ledger entries${out ? ` to ${out}` : ""}\n`);
    return EXIT.OK;
  } catch (error) {
    bar.stop();
    if (temporary) {
      sink.destroy();
      rmSync(temporary, { force: true });
    }
    throw error;
  }
}

/** Imports an export file (or stdin), which is verified before anything is written. */
export async function importCommand(backend: Backend, file: string | undefined, out: Out = process.stdout): Promise<number> {
  let input: Readable = process.stdin;
  const bar = progress("importing", "bytes");
  if (file) {
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      throw new CliError(`cannot read ${file}: no such file`, EXIT.USAGE);
    }
    bar.total(size);
    input = createReadStream(file);
    input.on("data", (chunk: Buffer | string) => bar.tick(chunk.length));
  }
  try {
    const result = await backend.importRun(input);
    bar.stop();
    out.write(`imported run ${result.runId}: ${result.entries} ledger entries, verified\n`);
    return EXIT.OK;
  } finally {
    bar.stop();
  }
}
