import { SENSITIVITY_CLASSES, type SensitivityClass } from "../../contracts/agent-state.js";
import { defineOperation } from "./operation.js";

export const setSensitivityLabel = defineOperation<{ resource: string; class: SensitivityClass }>({
  name: "setSensitivityLabel",
  description: "Label a resource's sensitivity; readers below that trust class see it redacted.",
  args: {
    resource: {
      kind: "String",
      required: true,
      description: "A typed resource ref, e.g. fs:.env.",
      schema: { minLength: 1, maxLength: 2000 },
    },
    class: { kind: "Enum", enumName: "SensitivityClass", values: SENSITIVITY_CLASSES, required: true, description: "Its sensitivity." },
  },
  apply: (state, args) => {
    const existing = state.sensitivity_labels.find((l) => l.resource === args.resource);
    if (existing?.class === args.class) return state;
    const others = state.sensitivity_labels.filter((l) => l.resource !== args.resource);
    return { ...state, sensitivity_labels: [...others, { resource: args.resource, class: args.class }] };
  },
});

export const removeSensitivityLabel = defineOperation<{ resource: string }>({
  name: "removeSensitivityLabel",
  description: "Remove a resource's sensitivity label.",
  args: { resource: { kind: "String", required: true, description: "The resource.", schema: { minLength: 1, maxLength: 2000 } } },
  apply: (state, { resource }) => {
    const kept = state.sensitivity_labels.filter((l) => l.resource !== resource);
    return kept.length === state.sensitivity_labels.length ? state : { ...state, sensitivity_labels: kept };
  },
});
