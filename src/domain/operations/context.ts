import { defineOperation } from "./operation.js";

const union = (current: string[] | undefined, added: string[]) => [...new Set([...(current ?? []), ...added])];

export const indexContext = defineOperation<{ contextIds: string[] }>({
  name: "indexContext",
  description: "Add context items (files, documents, snippets) to the run's context index.",
  args: { contextIds: { kind: "ID", list: true, required: true, description: "Ids of the context items." } },
  apply: (state, { contextIds }) => ({ ...state, context_index: union(state.context_index, contextIds) }),
});

export const setRelevantContext = defineOperation<{ contextIds: string[] }>({
  name: "setRelevantContext",
  description: "Replace the selection of context that matters now. Every id must be in the context index.",
  args: { contextIds: { kind: "ID", list: true, required: true, description: "The selected context items." } },
  apply: (state, { contextIds }) => ({
    ...state,
    context_index: union(state.context_index, contextIds),
    relevant_context: [...new Set(contextIds)],
  }),
});

export const recordRetrievalSnapshot = defineOperation<{ snapshotId: string; fingerprint: string }>({
  name: "recordRetrievalSnapshot",
  description: "Record a retrieval snapshot the run's context came from, so the context can be reproduced.",
  args: {
    snapshotId: { kind: "ID", required: true, description: "The snapshot." },
    fingerprint: { kind: "ContentHash", required: true, description: "sha256 of the snapshot." },
  },
  apply: (state, { snapshotId, fingerprint }) => {
    const existing = state.retrieval_snapshot_refs.find((s) => s.snapshot_id === snapshotId);
    if (existing?.fingerprint === fingerprint) return state;
    const others = state.retrieval_snapshot_refs.filter((s) => s.snapshot_id !== snapshotId);
    return { ...state, retrieval_snapshot_refs: [...others, { snapshot_id: snapshotId, fingerprint: fingerprint as `sha256:${string}` }] };
  },
});
