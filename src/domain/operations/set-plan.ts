import type { JsonObject } from "../../contracts/agent-state.js";
import { defineOperation } from "./operation.js";

export const setPlan = defineOperation<{ plan: JsonObject }>({
  name: "setPlan",
  description: "Replace the run's plan with a new plan document.",
  args: { plan: { kind: "JSONObject", required: true, description: "The whole new plan." } },
  apply: (state, { plan }) => ({ ...state, plan }),
});
