// The primary of `canon serve` with CANON_WORKERS > 1: it forks the workers (canon-worker.ts)
// with node:cluster, which shares one listening port among them (round-robin: the primary
// accepts each connection and hands it to the next worker; the OS's own spreading is often
// lopsided). It restarts a worker that dies, with backoff, and stops them all gracefully.
// The start-up work done once per database (migrations, tokens, the banner) is the caller's,
// done before any worker starts: a worker only serves.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { WorkerStartError } from "./startup-errors.js";
import type { PrimaryMessage, WorkerMessage } from "./worker-messages.js";

export interface WorkerPool {
  /** The port every worker listens on (the one picked, when the configured port was 0). */
  port: number;
  /** The workers' process ids, as of now (tests and benchmarks read them). */
  pids(): number[];
  /** Asks each worker to shut down gracefully; SIGKILL for one still running after `graceMs`. */
  stop(): Promise<void>;
}

export interface WorkerPoolOptions {
  count: number;
  /** The configured port (0: any free one, picked by the first worker's listen). */
  port: number;
  logger: Logger;
  /** How long a worker may take to shut down before it is killed. */
  graceMs: number;
}

/** A restarted worker waits this long, doubled after each death in a row, up to the cap. */
const RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 10_000;
/** A worker that served this long before dying starts the backoff over. */
const HEALTHY_AFTER_MS = 30_000;

/** Forks `count` workers; resolves once all of them are listening, rejects if one exits first. */
export function startWorkerPool({ count, port: configuredPort, logger, graceMs }: WorkerPoolOptions): Promise<WorkerPool> {
  cluster.schedulingPolicy = cluster.SCHED_RR;
  // The port picked (when configured as 0), and the port workers ask cluster for: cluster
  // shares one listening socket per port asked for, so a restarted worker must ask for the same
  // one as the workers still serving (0 again); only when none serves may it ask for the picked one.
  let port = configuredPort;
  let sharedPort = configuredPort;
  const askedFor = new Map<Worker, number>();
  let started = false;
  let stopping: Promise<void> | undefined;
  let restartDelay = RESTART_DELAY_MS;
  const live = new Map<Worker, { since: number }>();
  const listening = new Set<Worker>();
  const allExited: (() => void)[] = [];

  return new Promise<WorkerPool>((resolve, reject) => {
    const fork = () => {
      const worker = cluster.fork();
      live.set(worker, { since: Date.now() });
      worker.on("message", (message: WorkerMessage) => {
        if (message?.canon !== "ready") return;
        askedFor.set(worker, listening.size ? sharedPort : port);
        worker.send((stopping ? { canon: "stop" } : { canon: "serve", port: askedFor.get(worker)! }) satisfies PrimaryMessage);
      });
      worker.on("listening", (address) => {
        if (!listening.size) sharedPort = askedFor.get(worker) ?? sharedPort;
        port = address.port;
        live.set(worker, { since: Date.now() });
        listening.add(worker);
        if (!started && listening.size === count) {
          started = true;
          logger.info({ workers: [...live.keys()].map((w) => w.process.pid), port }, "workers serving");
          resolve(pool);
        }
      });
      worker.on("exit", (code, signal) => onExit(worker, code, signal));
    };

    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      const lived = Date.now() - (live.get(worker)?.since ?? Date.now());
      live.delete(worker);
      listening.delete(worker);
      askedFor.delete(worker);
      if (stopping) {
        if (!live.size) allExited.splice(0).forEach((done) => done());
        return;
      }
      if (!started) {
        // One worker could not start (its own error is on stderr): the server does not start.
        void stop().then(() =>
          reject(new WorkerStartError(`worker ${worker.id} exited before it was serving (code ${code}, signal ${signal})`, code || 1)),
        );
        return;
      }
      if (lived >= HEALTHY_AFTER_MS) restartDelay = RESTART_DELAY_MS;
      logger.warn(
        { worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: restartDelay },
        "worker exited; starting another",
      );
      setTimeout(() => stopping || fork(), restartDelay).unref();
      restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    };

    const stop = () =>
      (stopping ??= (async () => {
        if (!live.size) return;
        const exited = new Promise<void>((done) => allExited.push(done));
        for (const worker of live.keys()) {
          if (worker.isConnected()) worker.send({ canon: "stop" } satisfies PrimaryMessage);
          else worker.process.kill("SIGTERM");
        }
        const killer = setTimeout(() => {
          for (const worker of live.keys()) {
            logger.warn({ worker: worker.id, pid: worker.process.pid }, "worker did not stop in time; killing it");
            worker.process.kill("SIGKILL");
          }
        }, graceMs);
        await exited;
        clearTimeout(killer);
      })());

    const pool: WorkerPool = {
      get port() {
        return port;
      },
      pids: () => [...live.keys()].map((w) => w.process.pid!).filter(Boolean),
      stop,
    };
    for (let i = 0; i < count; i++) fork();
  });
}
