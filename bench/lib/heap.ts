// The server's live JavaScript heap, from a V8 heap snapshot (taking one collects garbage first).
// RSS cannot say what idle subscribers cost: it keeps pages the heap has freed, and with PGlite
// it includes the database's WebAssembly memory, which moves by megabytes on its own. The
// server must run with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>` (HEAP_SNAPSHOT_ARGS).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

export const HEAP_SNAPSHOT_ARGS = (dir: string) => [`--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${dir}`];

const SNAPSHOT_TIMEOUT_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes of every live object in the process's heap (the sum of the snapshot's self sizes). */
export async function liveHeapBytes(pid: number, dir: string): Promise<number> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await sleep(500);
    const name = readdirSync(dir).find((file) => !before.has(file) && file.endsWith(".heapsnapshot"));
    if (!name) continue;
    const file = path.join(dir, name);
    let snapshot: { snapshot: { meta: { node_fields: string[] } }; nodes: number[] };
    try {
      snapshot = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue; // still being written: it ends with its closing brace
    }
    rmSync(file, { force: true });
    const fields = snapshot.snapshot.meta.node_fields;
    const selfSize = fields.indexOf("self_size");
    let total = 0;
    for (let i = selfSize; i < snapshot.nodes.length; i += fields.length) total += snapshot.nodes[i]!;
    return total;
  }
  throw new Error(`no heap snapshot from process ${pid} within ${SNAPSHOT_TIMEOUT_MS} ms`);
}
