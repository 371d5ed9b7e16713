import { SUBGOAL_STATUSES, type Subgoal } from "../../contracts/agent-state.js";
import { PreconditionFailedError } from "../../contracts/errors.js";
import { defineOperation } from "./operation.js";
import { sourceArg } from "./shared-args.js";

const subgoalsOf = (state: { subgoals?: unknown[] }) => (state.subgoals ?? []) as Subgoal[];

export const addSubgoal = defineOperation<{ subgoalId: string; description: string; parentId?: string | null; source?: string | null }>({
  name: "addSubgoal",
  description: "Add a subgoal, OPEN, optionally under a parent subgoal.",
  args: {
    subgoalId: { kind: "ID", required: true, description: "The subgoal." },
    description: { kind: "String", required: true, description: "What it achieves.", schema: { minLength: 1 } },
    parentId: { kind: "ID", required: false, description: "The parent subgoal, which must exist." },
    source: sourceArg,
  },
  apply: (state, { subgoalId, description, parentId }) => {
    const current = subgoalsOf(state);
    const existing = current.find((s) => s.subgoal_id === subgoalId);
    if (existing) {
      if (existing.description === description && existing.parent_id === (parentId ?? null)) return state;
      throw new PreconditionFailedError(`subgoal ${subgoalId} already exists`, "subgoalId");
    }
    if (parentId && !current.some((s) => s.subgoal_id === parentId)) {
      throw new PreconditionFailedError(`parent subgoal ${parentId} does not exist`, "parentId");
    }
    const subgoal: Subgoal = { subgoal_id: subgoalId, description, status: "OPEN", parent_id: parentId ?? null };
    return { ...state, subgoals: [...current, subgoal] as never };
  },
});

export const setSubgoalStatus = defineOperation<{ subgoalId: string; status: Subgoal["status"] }>({
  name: "setSubgoalStatus",
  description: "Mark a subgoal OPEN, DONE, BLOCKED or DROPPED. Finishing subgoals never completes the run.",
  args: {
    subgoalId: { kind: "ID", required: true, description: "The subgoal." },
    status: { kind: "Enum", enumName: "SubgoalStatus", values: SUBGOAL_STATUSES, required: true, description: "Its new status." },
  },
  apply: (state, { subgoalId, status }) => {
    const current = subgoalsOf(state);
    if (!current.some((s) => s.subgoal_id === subgoalId))
      throw new PreconditionFailedError(`subgoal ${subgoalId} does not exist`, "subgoalId");
    return { ...state, subgoals: current.map((s) => (s.subgoal_id === subgoalId ? { ...s, status } : s)) as never };
  },
});
