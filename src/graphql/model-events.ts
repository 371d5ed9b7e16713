// Model events: loading, evicting, losing or swapping a model. Logged beside the run, never in
// its state, so the state's version and content hash do not move (rule 6).
import { MODEL_EVENT_KINDS, type ModelEventRecord } from "../store/model-events.js";
import { requiresOnRun } from "./auth-scopes.js";
import { builder, type GraphQLContext } from "./builder.js";
import { WRITE_ERRORS } from "./errors.js";
import { ComponentIdentityInput, ComponentIdentityType, toComponentIdentity } from "./identity-types.js";
import { unknownCursor } from "../contracts/read-errors.js";
import { labelsOfRun, Run } from "./run.js";
import { authorizedWriter } from "./writer.js";
import { sharedEnum } from "./shared-enums.js";
import { viewDocument, viewRunDocument } from "./state-view.js";

const ModelEventKind = sharedEnum("ModelEventKind", MODEL_EVENT_KINDS);

const ModelEvent = builder.objectRef<ModelEventRecord>("ModelEvent").implement({
  description: "Something that happened to a model serving the run. Logged beside the ledger; it never changes the state.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The event's id." }),
    runId: t.exposeID("runId", { description: "The run." }),
    kind: t.field({ description: "What happened.", type: ModelEventKind, resolve: (e) => e.kind }),
    modelId: t.exposeString("modelId", { description: "The model it happened to." }),
    previousModelId: t.string({
      description: "For SWAPPED: the model that was replaced.",
      nullable: true,
      resolve: (e) => e.previousModelId,
    }),
    detail: t.string({ description: "More about the event, if given.", nullable: true, resolve: (e) => e.detail }),
    producer: t.field({ description: "Who recorded it.", type: ComponentIdentityType, resolve: (e) => e.producer }),
    stateVersion: t.exposeInt("stateVersion", { description: "The run's version when logged; the event does not change it." }),
    recordedAt: t.field({ description: "When it was recorded.", type: "DateTime", resolve: (e) => e.createdAt }),
  }),
});

const RecordModelEventInput = builder.inputType("RecordModelEventInput", {
  description: "A model event for the run's log; the state and its version do not move.",
  fields: (t) => ({
    runId: t.id({ description: "The run.", required: true }),
    kind: t.field({ description: "What happened.", type: ModelEventKind, required: true }),
    modelId: t.string({ required: true, description: "Logical model id, e.g. planner-v2-fast." }),
    previousModelId: t.string({ description: "Required for SWAPPED: the model replaced." }),
    detail: t.string({ description: "More about the event." }),
    producer: t.field({
      type: ComponentIdentityInput,
      description: "Optional: the token's component identity is recorded; if given it must be that identity.",
    }),
  }),
});

builder.mutationField("recordModelEvent", (t) =>
  t.field({
    type: ModelEvent,
    errors: {
      types: WRITE_ERRORS,
      directResult: true,
      union: {
        name: "RecordModelEventResult",
        description:
          "What recordModelEvent answers: the logged event, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    description: "Log a model change for a run. It never changes the run's state or state version.",
    ...requiresOnRun("run:commit", (args: { input: { runId: string | number } }) => args.input.runId),
    args: { input: t.arg({ type: RecordModelEventInput, required: true, description: "The event." }) },
    resolve: async (_root, { input }, ctx) => {
      const event = await ctx.store.modelEvents.record({
        runId: String(input.runId),
        kind: input.kind,
        modelId: input.modelId,
        previousModelId: input.previousModelId ?? null,
        detail: input.detail ?? null,
        producer: authorizedWriter(ctx as GraphQLContext, input.producer ? toComponentIdentity(input.producer) : null, String(input.runId)),
      });
      return viewRunDocument(ctx, event.runId, event);
    },
  }),
);

builder.objectField(Run, "modelEvents", (t) =>
  t.field({
    type: [ModelEvent],
    description: "Model changes logged for this run, oldest first. Not part of its state.",
    args: {
      first: t.arg.int({ defaultValue: 100, description: "How many events, oldest first; at most 500." }),
      after: t.arg.id({ description: "The id of the last event of the previous page: the page goes on after it." }),
    },
    resolve: async (run, args, ctx, info) => {
      const first = Math.min(Math.max(args.first ?? 100, 1), 500);
      const after = args.after == null ? null : String(args.after);
      // Free text can be long: the page is sized where it is stored, then read.
      const bytes = await ctx.store.modelEvents.sizeOfRun(run.id, first, after);
      if (bytes === null) throw unknownCursor("model event", after!);
      const advice = "ask for fewer events with `first` and page on with `after` (the last id you got)";
      ctx.reads.check(ctx, info, bytes, advice, ["first", "after"]);
      const events = await ctx.reads.read(ctx, info, () => ctx.store.modelEvents.ofRun(run.id, first, after));
      ctx.reads.charge(ctx, info, bytes, advice, ["first", "after"]);
      // Its free text (detail, model ids) may name a labelled resource, as the state's may.
      // The labels are in the state, which a lookup leaves out: read them alone, not the whole state.
      const labels = await labelsOfRun(run, ctx, info);
      return events.map((event) => viewDocument(ctx, labels, event));
    },
  }),
);
