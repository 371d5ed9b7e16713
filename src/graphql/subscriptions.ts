import type { LedgerEntryRecord } from "../store/records.js";
import { builder } from "./builder.js";
import { LedgerEntry } from "./run.js";

builder.subscriptionFields((t) => ({
  runStateChanged: t.field({
    type: LedgerEntry,
    description:
      "Every ledger entry of the run after `afterVersion` (catch-up), then new ones as they commit (live): in order, each exactly once. An `afterVersion` the run has not reached yet waits for it. A subscriber that falls too far behind is ended with ERR_SUBSCRIBER_TOO_SLOW; it resumes from `details.lastDeliveredVersion`.",
    args: {
      runId: t.arg.id({ required: true }),
      afterVersion: t.arg.int({ required: true, description: "The last version the subscriber already has (0 for everything after the start)." }),
    },
    subscribe: (_root, { runId, afterVersion }, ctx) => ctx.watcher.watch(String(runId), afterVersion),
    resolve: (entry: LedgerEntryRecord) => entry,
  }),
}));
