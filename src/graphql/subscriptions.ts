import { InvalidInputError } from "../contracts/errors.js";
import type { LedgerEntryRecord } from "../db/records.js";
import { requiresOnRun } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { LedgerEntry } from "./run.js";
import { EVENTS_IGNORE_ARGUMENTS } from "./field-extensions.js";

builder.subscriptionFields((t) => ({
  runStateChanged: t.field({
    type: LedgerEntry,
    description:
      "Every ledger entry of the run after `afterVersion` or `afterSeq` (catch-up), then new ones as they commit (live): in order, each exactly once. A version or position the run has not reached yet waits for it. A subscriber that falls too far behind is ended with ERR_SUBSCRIBER_TOO_SLOW; it resumes exactly with `afterSeq: details.lastDeliveredSeq`.",
    ...requiresOnRun("run:read", (args: { runId: string | number }) => args.runId),
    // Its events are the entries themselves: subscribers from different versions share their execution.
    extensions: EVENTS_IGNORE_ARGUMENTS,
    args: {
      runId: t.arg.id({ description: "The run to watch.", required: true }),
      afterVersion: t.arg.int({ description: "The last version the subscriber already has (0 for everything after the start)." }),
      afterSeq: t.arg.int({
        description: "The last ledger position the subscriber already has: resumes exactly, NOOPs included. Give this or afterVersion.",
      }),
    },
    subscribe: (_root, { runId, afterVersion, afterSeq }, ctx) => {
      if ((afterVersion == null) === (afterSeq == null)) {
        throw new InvalidInputError("give exactly one of afterVersion and afterSeq", [
          { path: "/afterVersion", message: "exactly one of afterVersion, afterSeq" },
        ]);
      }
      const watching = ctx.watcher.watch(String(runId), afterSeq != null ? { afterSeq } : { afterVersion: afterVersion! });
      return watching.then((watch) => {
        // Revoking the token ends the subscription (token-sessions.ts).
        ctx.sessions.guard(ctx.principal!.tokenId, watch);
        return watch;
      });
    },
    resolve: (entry: LedgerEntryRecord) => entry,
  }),
}));
