// A worker process of `canon serve` with CANON_WORKERS > 1 (the primary is worker-pool.ts):
// it serves the database the primary has prepared, on the port the primary names, and stops
// gracefully when the primary asks, when it gets SIGINT or SIGTERM itself (Ctrl-C reaches the
// whole process group), or when the primary is gone.
import cluster from "node:cluster";
import { openDatabase } from "../db/database.js";
import type { CanonConfig } from "./config.js";
import { serveDatabase } from "./canon-server.js";
import { createLogger } from "./logger.js";
import { toPrimary, type PrimaryMessage } from "./worker-messages.js";

/** Serves until told to stop; resolves once everything is closed. */
export async function runCanonWorker(config: CanonConfig): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const logger = createLogger(config.logLevel).child({ worker: id });
  let stop: (why: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const onMessage = (message: PrimaryMessage) => message?.canon === "stop" && stop("asked by the primary");
  process.on("message", onMessage);
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("disconnect", () => stop("the primary is gone"));

  // The primary names the port: the configured one at first, the one it got once serving
  // (so that a restarted worker joins it even when the configured port was 0).
  const port = await Promise.race([
    new Promise<number>((resolve) => {
      process.on("message", (message: PrimaryMessage) => message?.canon === "serve" && resolve(message.port));
      toPrimary({ canon: "ready" });
    }),
    stopped.then(() => undefined),
  ]);
  if (port === undefined) return;
  const database = await openDatabase(config.database, { purpose: "canon serve worker" });
  try {
    // Tests ask each worker to name itself on its responses, to see the load reach all of them.
    const responseHeaders = process.env.CANON_TEST_WORKER_HEADER === "1" ? { "x-canon-worker": String(process.pid) } : undefined;
    const served = await serveDatabase({ ...config, port }, database, logger, { responseHeaders });
    const why = await stopped;
    logger.info({ why }, "worker shutting down");
    await served.stop();
  } finally {
    process.off("message", onMessage);
    await database.close();
  }
}
