import { defineOperation } from "./operation.js";

export const removeConstraint = defineOperation<{ constraintId: string }>({
  name: "removeConstraint",
  description: "Remove a constraint id. Removing one that is not there changes nothing.",
  args: { constraintId: { kind: "ID", required: true, description: "Id of the constraint." } },
  apply: (state, { constraintId }) =>
    state.constraints.includes(constraintId) ? { ...state, constraints: state.constraints.filter((id) => id !== constraintId) } : state,
});
