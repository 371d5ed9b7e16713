// Unresolved failures stay until someone resolves them; the resolution moves the failure to
// `x-resolved-failures` with who resolved it and how, so the state keeps the whole story.
import { EXT, type ResolvedFailure, type UnresolvedFailure } from "../../contracts/agent-state.js";
import { PreconditionFailedError } from "../../contracts/errors.js";
import { extensionOf, nextVersion, withExtension } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";

const failuresOf = (state: Parameters<typeof extensionOf>[0]) => (state.unresolved_failures ?? []) as unknown as UnresolvedFailure[];

export const recordFailure = defineOperation<{ failureId: string; summary: string; blocking: boolean; nodeId?: string | null }>({
  name: "recordFailure",
  description: "Record a failure the run has not resolved. A blocking one prevents a COMPLETE decision.",
  args: {
    failureId: { kind: "ID", required: true, description: "The failure." },
    summary: { kind: "String", required: true, description: "What failed.", schema: { minLength: 1 } },
    blocking: { kind: "Boolean", required: true, description: "Whether completion must wait for its resolution." },
    nodeId: { kind: "ID", required: false, description: "The graph node that failed, if any." },
  },
  apply: (state, args) => {
    const current = failuresOf(state);
    const resolved = extensionOf<ResolvedFailure[]>(state, EXT.resolvedFailures, []);
    if (current.some((f) => f.failure_id === args.failureId) || resolved.some((f) => f.failure_id === args.failureId)) {
      throw new PreconditionFailedError(`failure ${args.failureId} is already recorded`, "failureId");
    }
    const failure: UnresolvedFailure = {
      failure_id: args.failureId,
      summary: args.summary,
      blocking: args.blocking,
      node_id: args.nodeId ?? null,
      recorded_at_version: nextVersion(state),
    };
    return { ...state, unresolved_failures: [...current, failure] as never };
  },
});

export const resolveFailure = defineOperation<{ failureId: string; resolution: string }>({
  name: "resolveFailure",
  description: "Resolve an unresolved failure, saying how. The resolver is the commit's producer.",
  args: {
    failureId: { kind: "ID", required: true, description: "The failure." },
    resolution: { kind: "String", required: true, description: "How it was resolved.", schema: { minLength: 1 } },
  },
  apply: (state, { failureId, resolution }, context) => {
    const current = failuresOf(state);
    const failure = current.find((f) => f.failure_id === failureId);
    if (!failure) throw new PreconditionFailedError(`failure ${failureId} is not an unresolved failure of this run`, "failureId");
    const resolved: ResolvedFailure = {
      ...failure,
      resolution,
      resolved_by: context.producer.component_id,
      resolved_at_version: nextVersion(state),
    };
    const next = { ...state, unresolved_failures: current.filter((f) => f !== failure) as never };
    return withExtension(next, EXT.resolvedFailures, [...extensionOf<ResolvedFailure[]>(state, EXT.resolvedFailures, []), resolved]);
  },
});
