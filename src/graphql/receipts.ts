// Receipts and completion decisions: immutable ABI documents the state refers to by id.
import { RECEIPT_KINDS, type ReceiptKind } from "../contracts/receipt-validation.js";
import { unknownCursor } from "../contracts/read-errors.js";
import { jsonSize } from "../domain/json-size.js";
import type { ReceiptRecord } from "../store/receipt-reads.js";
import { requires } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { labelsOfRun, Run } from "./run.js";
import { sharedEnum } from "./shared-enums.js";
import { viewDocument, viewRunDocument, type SensitivityLabels } from "./state-view.js";

const ReceiptKindEnum = sharedEnum("ReceiptKind", RECEIPT_KINDS);

/** A receipt as read; `labels` are its run's when they were at hand (Run.receipts), else they are read. */
type ReceiptView = ReceiptRecord & { labels?: SensitivityLabels };

export const Receipt = builder.objectRef<ReceiptView>("Receipt").implement({
  // A receipt is readable by whoever may read the run that recorded it.
  authScopes: (receipt) => ({ run: receipt.runId }),
  description: "An immutable receipt (ToolReceiptV1, MutationReceiptV1, VerificationReceiptV1) or CompletionDecisionV1.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The document's own id (invocation_id, mutation_id, verification_id, decision_id)." }),
    runId: t.exposeID("runId", { description: "The run whose commit recorded it." }),
    kind: t.field({ description: "What kind of receipt.", type: ReceiptKindEnum, resolve: (r) => r.kind }),
    contentHash: t.exposeString("contentHash", { description: "sha256 of the document's RFC 8785 canonical JSON." }),
    stateVersion: t.exposeInt("stateVersion", { description: "The state version of the commit that recorded it." }),
    recordedAt: t.field({ description: "When it was recorded.", type: "DateTime", resolve: (r) => r.createdAt }),
    document: t.field({
      type: "JSONObject",
      description: "The document, with resources the run's sensitivity labels withhold from the reader redacted.",
      resolve: (r, _args, ctx) => (r.labels ? viewDocument(ctx, r.labels, r.document) : viewRunDocument(ctx, r.runId, r.document)),
    }),
  }),
});

const MAX_RECEIPTS = 500;

builder.objectField(Run, "receipts", (t) =>
  t.field({
    type: [Receipt],
    description: "Receipts recorded by this run's commits, oldest first.",
    args: {
      kind: t.arg({ type: ReceiptKindEnum, description: "Only receipts of this kind." }),
      first: t.arg.int({ defaultValue: 100, description: `At most ${MAX_RECEIPTS}.` }),
      after: t.arg.id({ description: "The id of the last receipt of the previous page: the page goes on after it." }),
    },
    resolve: async (run, args, ctx, info) => {
      const page = {
        kind: (args.kind as ReceiptKind | null) ?? null,
        first: Math.min(Math.max(args.first ?? 100, 1), MAX_RECEIPTS),
        after: args.after == null ? null : String(args.after),
      };
      // A receipt can be as large as a commit: the page is sized where it is stored, then read.
      const bytes = await ctx.store.receipts.sizeOfRun(run.id, page);
      if (bytes === null) throw unknownCursor("receipt", page.after!);
      ctx.reads.check(ctx, info, bytes, FEWER_RECEIPTS, ["first", "after"]);
      const receipts = await ctx.reads.read(ctx, info, () => ctx.store.receipts.ofRun(run.id, page));
      ctx.reads.charge(ctx, info, bytes, FEWER_RECEIPTS, ["first", "after"]);
      // The labels are in the state, which a lookup leaves out: read them alone, not the whole state.
      const labels = await labelsOfRun(run, ctx, info);
      return receipts.map((receipt) => ({ ...receipt, labels }));
    },
  }),
);

const FEWER_RECEIPTS = "ask for fewer receipts with `first` and page on with `after` (the last id you got), or for one kind with `kind`";

builder.queryField("receipt", (t) =>
  t.field({
    type: Receipt,
    nullable: true,
    description: "One receipt or completion decision by its id.",
    ...requires("run:read"),
    args: { id: t.arg.id({ required: true, description: "The receipt's id." }) },
    resolve: async (_root, { id }, ctx, info) => {
      const receipt = await ctx.reads.read(ctx, info, () => ctx.store.receipts.byId(String(id)));
      if (receipt) ctx.reads.charge(ctx, info, jsonSize(receipt.document));
      return receipt;
    },
  }),
);
