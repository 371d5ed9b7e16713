import type { AcceptanceCriterion } from "../../contracts/agent-state.js";
import { upsertBy } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";

export const setIntent = defineOperation<{ objective: string; taskIrRef?: string | null }>({
  name: "setIntent",
  description: "Restate what the run is for, e.g. after a human clarified it.",
  args: {
    objective: { kind: "String", required: true, description: "The objective, in the user's terms.", schema: { minLength: 1 } },
    taskIrRef: { kind: "ID", required: false, description: "The compiled task this intent comes from." },
  },
  apply: (state, { objective, taskIrRef }) => ({
    ...state,
    user_intent: { objective, task_ir_ref: taskIrRef ?? state.user_intent.task_ir_ref ?? null },
  }),
});

interface CriterionArgs {
  criterionId: string;
  description: string;
  origin?: AcceptanceCriterion["origin"] | null;
  required?: boolean | null;
}

export const addAcceptanceCriterion = defineOperation<CriterionArgs>({
  name: "addAcceptanceCriterion",
  description: "Add (or restate) an acceptance criterion. A COMPLETE decision must PASS every required one.",
  args: {
    criterionId: { kind: "ID", required: true, description: "Stable id, referred to by completion decisions." },
    description: { kind: "String", required: true, description: "What must be true." },
    origin: {
      kind: "Enum",
      enumName: "CriterionOrigin",
      values: ["EXPLICIT", "INFERRED"],
      required: false,
      description: "EXPLICIT (stated by the caller, the default) or INFERRED (from the task type's policy).",
    },
    required: { kind: "Boolean", required: false, description: "Defaults to true." },
  },
  apply: (state, args) => {
    const criterion: AcceptanceCriterion = {
      criterion_id: args.criterionId,
      description: args.description,
      origin: args.origin ?? "EXPLICIT",
      required: args.required ?? true,
    };
    return { ...state, acceptance: upsertBy(state.acceptance as unknown as AcceptanceCriterion[], "criterion_id", criterion) as never };
  },
});

export const removeAcceptanceCriterion = defineOperation<{ criterionId: string }>({
  name: "removeAcceptanceCriterion",
  description: "Drop an acceptance criterion. Dropping one that is not there changes nothing.",
  args: { criterionId: { kind: "ID", required: true, description: "The criterion to drop." } },
  apply: (state, { criterionId }) => {
    const kept = state.acceptance.filter((item) => item.criterion_id !== criterionId);
    return kept.length === state.acceptance.length ? state : { ...state, acceptance: kept };
  },
});
