import { defineOperation } from "./operation.js";

export const addConstraint = defineOperation<{ constraintId: string }>({
  name: "addConstraint",
  description: "Add a constraint id to the run's constraints. Adding one that is already there changes nothing.",
  args: { constraintId: { kind: "ID", required: true, description: "Id of the constraint." } },
  apply: (state, { constraintId }) =>
    state.constraints.includes(constraintId) ? state : { ...state, constraints: [...state.constraints, constraintId] },
});
