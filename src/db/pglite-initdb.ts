// Creates a new embedded database directory (PostgreSQL's initdb) in a short-lived child process.
//
// Why a child: PGlite runs PostgreSQL in a WebAssembly heap that grows but never shrinks, and
// initdb is the most memory-hungry thing it ever does. Done in the server's own process it left
// the idle server at 337-367 MiB RSS after a first start against 288-292 MiB after a restart
// (docs/benchmark-log.md); a worker thread did not help (same process, same unreturned memory).
// In a child, that memory goes back to the system when the child exits, and the server then
// opens the directory the way a restart does.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { DataDirCreationError } from "./database-errors.js";

/**
 * PGlite's start parameters, for every open. Canon's embedded database is one process with one
 * connection: 16 MB of shared buffers (PostgreSQL's default is 128 MB, all touched at start and
 * kept resident in the WASM heap) hold its working set.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

const thisFile = fileURLToPath(import.meta.url);
/** Run from source (tests, `tsx`), the child needs tsx to load this TypeScript file too. */
const runFromSource = thisFile.endsWith(".ts");

/** Runs initdb for `dataDir` (which holds no database yet) in a child process and waits for it. */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  const args = [...(runFromSource ? ["--import", "tsx"] : []), thisFile, dataDir];
  // cwd: the package root, where `tsx` resolves from when run from source.
  const child = spawn(process.execPath, args, { cwd: path.resolve(path.dirname(thisFile), "../.."), stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) {
    const reason = stderr.trim().split("\n").at(-1) || `exit code ${code}`;
    throw new DataDirCreationError(`could not create the embedded database in ${dataDir}: ${reason}`);
  }
}

async function main(dataDir: string) {
  const db = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  await db.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  main(process.argv[2]!).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
