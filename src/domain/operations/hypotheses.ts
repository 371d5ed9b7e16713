// Rule 4: hypotheses are not facts. A guess is proposed OPEN and changes to SUPPORTED or
// REFUTED only on evidence this run has recorded (a receipt or an evidence entry).
import type { AgentStateV1 } from "../../contracts/agent-state.js";
import { EvidenceRequiredError, PreconditionFailedError } from "../../contracts/errors.js";
import { isRecorded, toEvidenceRef } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";
import { evidenceRefArg, sourceArg, type EvidenceRefArgs } from "./shared-args.js";

type Hypothesis = NonNullable<AgentStateV1["hypotheses"]>[number];

function requireHypothesis(state: AgentStateV1, hypothesisId: string): Hypothesis {
  const found = state.hypotheses?.find((h) => h.hypothesis_id === hypothesisId);
  if (!found) throw new PreconditionFailedError(`hypothesis ${hypothesisId} does not exist`, "hypothesisId");
  return found;
}

const replaceHypothesis = (state: AgentStateV1, next: Hypothesis): AgentStateV1 => ({
  ...state,
  hypotheses: (state.hypotheses ?? []).map((h) => (h.hypothesis_id === next.hypothesis_id ? next : h)),
});

export const proposeHypothesis = defineOperation<{ hypothesisId: string; statement: string; source?: string | null }>({
  name: "proposeHypothesis",
  description: "Record a guess. It is OPEN, and shown apart from facts, until evidence settles it.",
  args: {
    hypothesisId: { kind: "ID", required: true, description: "Stable id of the hypothesis." },
    statement: { kind: "String", required: true, description: "What is guessed to be true.", schema: { minLength: 1 } },
    source: sourceArg,
  },
  apply: (state, { hypothesisId, statement }) => {
    const existing = state.hypotheses?.find((h) => h.hypothesis_id === hypothesisId);
    if (existing) {
      if (existing.statement === statement && existing.status === "OPEN") return state;
      throw new PreconditionFailedError(`hypothesis ${hypothesisId} already exists`, "hypothesisId");
    }
    return {
      ...state,
      hypotheses: [...(state.hypotheses ?? []), { hypothesis_id: hypothesisId, statement, status: "OPEN", evidence_refs: [] }],
    };
  },
});

export const resolveHypothesis = defineOperation<{ hypothesisId: string; status: "SUPPORTED" | "REFUTED"; evidence: EvidenceRefArgs[] }>({
  name: "resolveHypothesis",
  description: "Mark a hypothesis SUPPORTED or REFUTED, citing evidence this run has recorded.",
  args: {
    hypothesisId: { kind: "ID", required: true, description: "The hypothesis." },
    status: { kind: "Enum", enumName: "HypothesisVerdict", values: ["SUPPORTED", "REFUTED"], required: true, description: "The verdict." },
    evidence: evidenceRefArg(true, true, "At least one recorded receipt or evidence entry that settles it."),
  },
  apply: (state, { hypothesisId, status, evidence }) => {
    const hypothesis = requireHypothesis(state, hypothesisId);
    if (evidence.length === 0) {
      throw new EvidenceRequiredError(`hypothesis ${hypothesisId} cannot become ${status} without evidence`, "evidence");
    }
    evidence.forEach((ref, index) => {
      if (!isRecorded(state, ref)) {
        throw new EvidenceRequiredError(
          `evidence ${ref.kind} ${ref.ref} is not recorded in this run; record the receipt or evidence first`,
          `evidence/${index}`,
        );
      }
    });
    return replaceHypothesis(state, { ...hypothesis, status, evidence_refs: evidence.map(toEvidenceRef) });
  },
});

export const abandonHypothesis = defineOperation<{ hypothesisId: string }>({
  name: "abandonHypothesis",
  description: "Stop pursuing a hypothesis without a verdict. It is not refuted: nothing was shown.",
  args: { hypothesisId: { kind: "ID", required: true, description: "The hypothesis." } },
  apply: (state, { hypothesisId }) => {
    const hypothesis = requireHypothesis(state, hypothesisId);
    return hypothesis.status === "ABANDONED" ? state : replaceHypothesis(state, { ...hypothesis, status: "ABANDONED" });
  },
});
