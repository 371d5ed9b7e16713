// One process at a time opens an embedded (PGlite) data directory: two openers would each keep
// their own copy of the database in memory and overwrite each other's files, losing writes and,
// at worst, corrupting the directory. proper-lockfile takes an exclusive lock (an atomic mkdir of
// <dir>/canon.lock, its mtime refreshed while held, so a lock nobody refreshes goes stale), and
// the holder records who it is in <dir>/canon.owner.json so that a refusal can name it.
//
// After a crash (kill -9, power loss) the lock stays behind. proper-lockfile alone would wait
// for it to go stale; here a lock whose recorded holder is a process of this machine that no
// longer runs is taken over at once, so a restart never needs manual repair.
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

export const LOCK_NAME = "canon.lock";
export const OWNER_FILE = "canon.owner.json";

/** The process holding a data directory, as it described itself. */
export interface DataDirHolder {
  pid: number;
  hostname: string;
  /** What it runs, e.g. `canon serve`. */
  command: string;
  since: string;
}

/** The data directory is held by another process; `holder` says which (null when unknown). */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder | null,
  ) {
    super(
      `the data directory ${dataDir} is in use by ${holder ? `${holder.command} (pid ${holder.pid}${holder.hostname === hostname() ? "" : ` on ${holder.hostname}`}, since ${holder.since})` : "another process"}; ` +
        "only one process may open an embedded database at a time",
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

// The holder refreshes the lock every UPDATE_MS; a lock not refreshed for STALE_MS is abandoned.
// Generous: PGlite's start-up can keep the event loop busy for seconds on a loaded machine.
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

export async function lockDataDir(dataDir: string, command: string, onLost: (error: Error) => void): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const options = {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    onCompromised: onLost,
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    if (!(await abandonedByCrash(dataDir))) throw new DataDirBusyError(dataDir, readHolder(dataDir));
    // Mark the crashed holder's lock stale; proper-lockfile then removes and takes it as usual.
    utimesSync(options.lockfilePath, new Date(0), new Date(0));
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirBusyError(dataDir, readHolder(dataDir));
      throw again;
    }
  }
  const holder: DataDirHolder = { pid: process.pid, hostname: hostname(), command, since: new Date().toISOString() };
  writeFileSync(path.join(dataDir, OWNER_FILE), `${JSON.stringify(holder)}\n`);
  return {
    async release() {
      rmSync(path.join(dataDir, OWNER_FILE), { force: true });
      await release().catch(() => {});
    },
  };
}

/** Who holds the directory, or null when nobody recorded it (or nobody holds it). */
export function readHolder(dataDir: string): DataDirHolder | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, OWNER_FILE), "utf8")) as DataDirHolder;
  } catch {
    return null;
  }
}

/** Whether a process holds the directory's lock right now (without taking it). */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  return lockfile.check(dataDir, { lockfilePath: path.join(dataDir, LOCK_NAME), realpath: false, stale: STALE_MS });
}

/**
 * The recorded holder is a process of this machine that is gone. Checked twice a moment apart:
 * a process that has just taken the lock may not have written its record yet, and the record
 * then still names the crashed one.
 */
async function abandonedByCrash(dataDir: string): Promise<boolean> {
  const dead = (holder: DataDirHolder | null) =>
    holder !== null && holder.hostname === hostname() && (holder.pid === process.pid || !isRunning(holder.pid));
  const first = readHolder(dataDir);
  if (!dead(first)) return false;
  await new Promise((resolve) => setTimeout(resolve, 200));
  const second = readHolder(dataDir);
  return dead(second) && second!.since === first!.since;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
