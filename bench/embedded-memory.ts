// Idle memory of the embedded server (`npm run bench:memory`): `canon serve` on a new PGlite
// data directory, measured a few seconds after it serves; stopped; started again on the same
// directory and measured again. RSS split into anonymous memory (heaps, PGlite's WASM memory)
// and file-backed pages (code). BENCH_IDLE_MS (default 3000) sets how long it idles first.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildDist, startCanonProcess } from "./lib/canon-process.js";

const idleMs = Number(process.env.BENCH_IDLE_MS ?? 3000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "canon-bench-memory-"));
const mib = (kb: string | undefined) => (kb ? `${(Number(kb) / 1024).toFixed(0)} MiB` : "n/a");

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1") await buildDist();
  for (const label of ["first start (new data directory)", "restart (same directory)"]) {
    const canon = await startCanonProcess({ CANON_DATA_DIR: dataDir });
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const status = readFileSync(`/proc/${canon.pid}/status`, "utf8");
    const field = (name: string) => new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    console.log(
      `${label}: RSS ${mib(field("VmRSS"))} (anonymous ${mib(field("RssAnon"))}, files ${mib(field("RssFile"))}); peak ${mib(field("VmHWM"))}`,
    );
    await canon.stop();
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dataDir, { recursive: true, force: true }));
