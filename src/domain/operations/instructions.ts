import { defineOperation } from "./operation.js";

export const addInstructionPredicate = defineOperation<{
  predicateId: string;
  instructionRef: string;
  condition: string;
  pinned?: boolean | null;
}>({
  name: "addInstructionPredicate",
  description: "Record a condition an instruction imposes, checked as the run proceeds. Pinned ones survive context compression.",
  args: {
    predicateId: { kind: "ID", required: true, description: "The predicate." },
    instructionRef: { kind: "ID", required: true, description: "The instruction it comes from." },
    condition: { kind: "String", required: true, description: "The condition, as text.", schema: { minLength: 1 } },
    pinned: { kind: "Boolean", required: false, description: "Defaults to false." },
  },
  apply: (state, args) => {
    const predicate = {
      predicate_id: args.predicateId,
      instruction_ref: args.instructionRef,
      condition: args.condition,
      pinned: args.pinned ?? false,
    };
    const others = state.instruction_predicates.filter((p) => p.predicate_id !== args.predicateId);
    return { ...state, instruction_predicates: [...others, predicate] };
  },
});

export const removeInstructionPredicate = defineOperation<{ predicateId: string }>({
  name: "removeInstructionPredicate",
  description: "Drop an instruction predicate.",
  args: { predicateId: { kind: "ID", required: true, description: "The predicate." } },
  apply: (state, { predicateId }) => {
    const kept = state.instruction_predicates.filter((p) => p.predicate_id !== predicateId);
    return kept.length === state.instruction_predicates.length ? state : { ...state, instruction_predicates: kept };
  },
});
