// canon/client: the typed client for agent components and dashboards (docs/client.md).
// Browser-safe: nothing reachable from here imports node:* modules, the server or the database.
export { createCanonClient } from "./canon-client.js";
export type {
  BatchCommit,
  BatchCommitResult,
  CanonClient,
  CanonClientOptions,
  CommitOptions,
  CompileResult,
  HistoryOptions,
  HistoryPage,
  StartRunRequest,
  UpdateOptions,
  UpdateResult,
  WriteOptions,
} from "./canon-client.js";
export type { Watch, WatchEnd, WatchFrom, WatchOptions, RunsWatch, WatchRunsOptions } from "./watches.js";
export type { ReconnectOptions } from "./resumable-stream.js";
export * from "./errors.js";
export type * from "./types.js";
