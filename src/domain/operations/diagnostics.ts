import type { Diagnostic } from "../../contracts/agent-state.js";
import { nextVersion, upsertBy } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";
import { sourceArg } from "./shared-args.js";

interface DiagnosticArgs {
  diagnosticId: string;
  severity: Diagnostic["severity"];
  message: string;
  resource?: string | null;
  source?: string | null;
}

export const addDiagnostic = defineOperation<DiagnosticArgs>({
  name: "addDiagnostic",
  description: "Record a diagnostic (compiler error, lint warning, test output, ...).",
  args: {
    diagnosticId: { kind: "ID", required: true, description: "The diagnostic." },
    severity: {
      kind: "Enum",
      enumName: "DiagnosticSeverity",
      values: ["ERROR", "WARNING", "INFO"],
      required: true,
      description: "How bad.",
    },
    message: { kind: "String", required: true, description: "What it says.", schema: { minLength: 1 } },
    resource: { kind: "String", required: false, description: "Where, as a typed resource ref." },
    source: sourceArg,
  },
  apply: (state, args) => {
    const current = (state.diagnostics ?? []) as unknown as Diagnostic[];
    const existing = current.find((d) => d.diagnostic_id === args.diagnosticId);
    const diagnostic: Diagnostic = {
      diagnostic_id: args.diagnosticId,
      severity: args.severity,
      message: args.message,
      resource: args.resource ?? null,
      source_type: args.source ?? "TOOL",
      recorded_at_version: existing?.recorded_at_version ?? nextVersion(state),
    };
    return { ...state, diagnostics: upsertBy(current, "diagnostic_id", diagnostic) as never };
  },
});

export const clearDiagnostic = defineOperation<{ diagnosticId: string }>({
  name: "clearDiagnostic",
  description: "Remove a diagnostic that no longer applies (the ledger keeps it).",
  args: { diagnosticId: { kind: "ID", required: true, description: "The diagnostic." } },
  apply: (state, { diagnosticId }) => {
    const kept = (state.diagnostics ?? []).filter((d) => d.diagnostic_id !== diagnosticId);
    return kept.length === (state.diagnostics ?? []).length ? state : { ...state, diagnostics: kept };
  },
});
