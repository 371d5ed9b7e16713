import type { ComponentIdentity, Provenance } from "../../src/contracts/common.js";

export const producer: ComponentIdentity = { component_id: "test-agent", component_version: "1.0.0", kind: "RUNTIME" };
export const provenance: Provenance = { source_type: "SYSTEM", source_id: "test", trust_class: "INTERNAL" };
export const startInput = { objective: "Fix the failing login test", workspaceRoot: "/work/app", producer, provenance };
