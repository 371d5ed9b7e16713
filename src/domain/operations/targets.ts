import type { CandidateTarget } from "../../contracts/agent-state.js";
import { upsertBy } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";
import { sourceArg } from "./shared-args.js";

const resource = (description: string) =>
  ({ kind: "String", required: true, description, schema: { minLength: 1, maxLength: 2000 } }) as const;

export const addCandidateTarget = defineOperation<{
  target: string;
  reason?: string | null;
  score?: number | null;
  source?: string | null;
}>({
  name: "addCandidateTarget",
  description: "Note a resource that might be what the task is about (e.g. fs:src/auth.ts), with why.",
  args: {
    target: resource("A typed resource ref such as fs:src/app.ts."),
    reason: { kind: "String", required: false, description: "Why it is a candidate." },
    score: { kind: "Float", required: false, description: "Relative likelihood, 0 to 1.", schema: { minimum: 0, maximum: 1 } },
    source: sourceArg,
  },
  apply: (state, args) => {
    const candidate: CandidateTarget = { target: args.target, reason: args.reason ?? null, score: args.score ?? null };
    const current = (state.candidate_targets ?? []) as unknown as CandidateTarget[];
    return { ...state, candidate_targets: upsertBy(current, "target", candidate) as never };
  },
});

export const selectTarget = defineOperation<{ target: string }>({
  name: "selectTarget",
  description: "Select a resource as a target the run acts on.",
  args: { target: resource("A typed resource ref.") },
  apply: (state, { target }) =>
    state.selected_targets?.includes(target) ? state : { ...state, selected_targets: [...(state.selected_targets ?? []), target] },
});

export const deselectTarget = defineOperation<{ target: string }>({
  name: "deselectTarget",
  description: "Stop acting on a selected target.",
  args: { target: resource("A typed resource ref.") },
  apply: (state, { target }) =>
    state.selected_targets?.includes(target) ? { ...state, selected_targets: state.selected_targets.filter((t) => t !== target) } : state,
});
