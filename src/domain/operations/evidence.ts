// Evidence is what the run has actually observed. It is never made from a hypothesis, nor
// from model output alone: a receipt must be recorded first, and a non-receipt observation
// needs a non-model source among the commit's provenance records.
import { EvidenceRequiredError } from "../../contracts/errors.js";
import { isModelProducer } from "../rules/provenance.js";
import { isReceiptKind, receiptIdsOf, toEvidenceRef } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";
import { evidenceRefArg, type EvidenceRefArgs } from "./shared-args.js";

export const recordEvidence = defineOperation<{ evidence: EvidenceRefArgs }>({
  name: "recordEvidence",
  description: "Add an observed fact to the evidence list: a recorded receipt, a file, a human resolution, ...",
  args: { evidence: evidenceRefArg(true, false, "The evidence. Receipt kinds must name a receipt this run recorded.") },
  apply: (state, { evidence }, context) => {
    if (state.hypotheses?.some((h) => h.hypothesis_id === evidence.ref)) {
      throw new EvidenceRequiredError(`${evidence.ref} is a hypothesis; a hypothesis is never evidence`, "evidence/ref");
    }
    if (isReceiptKind(evidence.kind) && !receiptIdsOf(state, evidence.kind).includes(evidence.ref)) {
      throw new EvidenceRequiredError(`${evidence.kind} ${evidence.ref} is not recorded in this run`, "evidence/ref");
    }
    const fromModelOnly = isModelProducer(context.producer) || context.provenance.every((p) => p.source_type === "MODEL");
    if (fromModelOnly) {
      throw new EvidenceRequiredError("evidence cannot come from model output alone: record it from its observed source", "evidence");
    }
    if (state.evidence.some((e) => e.kind === evidence.kind && e.ref === evidence.ref)) return state;
    return { ...state, evidence: [...state.evidence, toEvidenceRef(evidence)] };
  },
});
