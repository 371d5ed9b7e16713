// Model events: loading, evicting, losing or swapping a model. Logged beside the run, never in
// its state, so the state's version and content hash do not move (rule 6).
import { MODEL_EVENT_KINDS, type ModelEventRecord } from "../store/model-events.js";
import { requiresOnRun } from "./auth-scopes.js";
import { builder, type GraphQLContext } from "./builder.js";
import { WRITE_ERRORS } from "./errors.js";
import { ComponentIdentityInput, ComponentIdentityType, toComponentIdentity } from "./identity-types.js";
import { Run } from "./run.js";
import { authorizedWriter } from "./writer.js";
import { sharedEnum } from "./shared-enums.js";

const ModelEventKind = sharedEnum("ModelEventKind", MODEL_EVENT_KINDS);

const ModelEvent = builder.objectRef<ModelEventRecord>("ModelEvent").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    runId: t.exposeID("runId"),
    kind: t.field({ type: ModelEventKind, resolve: (e) => e.kind }),
    modelId: t.exposeString("modelId"),
    previousModelId: t.string({ nullable: true, resolve: (e) => e.previousModelId }),
    detail: t.string({ nullable: true, resolve: (e) => e.detail }),
    producer: t.field({ type: ComponentIdentityType, resolve: (e) => e.producer }),
    stateVersion: t.exposeInt("stateVersion", { description: "The run's version when logged; the event does not change it." }),
    recordedAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
  }),
});

const RecordModelEventInput = builder.inputType("RecordModelEventInput", {
  fields: (t) => ({
    runId: t.id({ required: true }),
    kind: t.field({ type: ModelEventKind, required: true }),
    modelId: t.string({ required: true, description: "Logical model id, e.g. planner-v2-fast." }),
    previousModelId: t.string({ description: "Required for SWAPPED: the model replaced." }),
    detail: t.string(),
    producer: t.field({ type: ComponentIdentityInput, description: "Optional: the token's component identity is recorded; if given it must be that identity." }),
  }),
});

builder.mutationField("recordModelEvent", (t) =>
  t.field({
    type: ModelEvent,
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "RecordModelEventResult" } },
    description: "Log a model change for a run. It never changes the run's state or state version.",
    ...requiresOnRun("run:commit", (args: { input: { runId: string | number } }) => args.input.runId),
    args: { input: t.arg({ type: RecordModelEventInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.store.modelEvents.record({
        runId: String(input.runId),
        kind: input.kind,
        modelId: input.modelId,
        previousModelId: input.previousModelId ?? null,
        detail: input.detail ?? null,
        producer: authorizedWriter(ctx as GraphQLContext, input.producer ? toComponentIdentity(input.producer) : null, String(input.runId)),
      }),
  }),
);

builder.objectField(Run, "modelEvents", (t) =>
  t.field({
    type: [ModelEvent],
    description: "Model changes logged for this run, oldest first. Not part of its state.",
    args: { first: t.arg.int({ defaultValue: 100 }) },
    resolve: (run, args, ctx) => ctx.store.modelEvents.ofRun(run.id, Math.min(Math.max(args.first ?? 100, 1), 500)),
  }),
);
