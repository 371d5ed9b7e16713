import type { ComponentIdentity, Provenance } from "../../src/contracts/common.js";

export const producer: ComponentIdentity = { component_id: "test-agent", component_version: "1.0.0", kind: "RUNTIME" };
export const provenance: Provenance[] = [{ source_type: "SYSTEM", source_id: "test", trust_class: "INTERNAL" }];
export const startInput = { objective: "Fix the failing login test", workspaceRoot: "/work/app", producer, provenance };
/** The context a commit by `producer` at a fixed time applies its operations under. */
export const context = { producer, provenance, committedAt: "2026-12-02T10:00:00.000Z" };
