// Rule 7: model output without a provenance record never becomes durable state. A commit made
// by a model (or a decision backend), or carrying content whose source is MODEL, must include
// a MODEL provenance record naming that output.
import type { JsonObject } from "../../contracts/agent-state.js";
import type { ComponentIdentity, Provenance } from "../../contracts/common.js";
import { ProvenanceRequiredError } from "../../contracts/errors.js";
import type { OperationCall } from "../operations/operation.js";

const MODEL_PRODUCERS = new Set(["MODEL_COMPONENT", "DECISION_BACKEND"]);

/** Whether a component's writes are model output (a model, or a decision backend driving one). */
export const isModelProducer = (producer: ComponentIdentity): boolean => MODEL_PRODUCERS.has(producer.kind);
const DOCUMENT_ARGS = ["receipt", "decision", "proposal"];

/** Why this write carries model output; empty when it carries none. */
export function modelOutputReasons(producer: ComponentIdentity, calls: readonly OperationCall[]): string[] {
  const reasons: string[] = [];
  if (isModelProducer(producer)) reasons.push(`the producer is a ${producer.kind}`);
  calls.forEach((call, index) => {
    if (call.args.source === "MODEL") reasons.push(`operation ${index} (${call.op}) carries MODEL content`);
    for (const field of DOCUMENT_ARGS) {
      const envelope = (call.args[field] as JsonObject | undefined)?.envelope as JsonObject | undefined;
      const sources = Array.isArray(envelope?.provenance) ? (envelope.provenance as JsonObject[]) : [];
      if (sources.some((p) => p.source_type === "MODEL"))
        reasons.push(`operation ${index} (${call.op}) carries a document with MODEL provenance`);
    }
  });
  return reasons;
}

export function requireModelProvenance(
  producer: ComponentIdentity,
  provenance: readonly Provenance[],
  calls: readonly OperationCall[],
): void {
  const reasons = modelOutputReasons(producer, calls);
  if (reasons.length > 0 && !provenance.some((p) => p.source_type === "MODEL")) {
    throw new ProvenanceRequiredError(`model output needs a MODEL provenance record; nothing was written (${reasons.join("; ")})`, reasons);
  }
}
