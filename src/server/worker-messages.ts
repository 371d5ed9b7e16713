// What the primary of `canon serve` and its workers say to each other over the cluster's IPC
// channel. A worker reports that it is serving through cluster's own 'listening' event.

/** From a worker: loaded, waiting for the port to serve on. */
export type WorkerMessage = { canon: "ready" };

/** From the primary: serve on this port; or shut down gracefully. */
export type PrimaryMessage = { canon: "serve"; port: number } | { canon: "stop" } | undefined;

export const toPrimary = (message: WorkerMessage): void => void process.send?.(message);
