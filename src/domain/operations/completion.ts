import { EXT, type CompletionProposal, type JsonObject } from "../../contracts/agent-state.js";
import { receiptProblems, validateCompletionProposal } from "../../contracts/receipt-validation.js";
import { problemsOf } from "../../contracts/validation.js";
import type { CompletionDecisionV1, CompletionProposalV1 } from "../../contracts/receipts.js";
import { applyCompletionDecision } from "../rules/completion.js";
import { extensionOf, nextVersion, withExtension } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";
import { requireSameRun } from "./receipts.js";

export const recordCompletionDecision = defineOperation<{ decision: JsonObject }>({
  name: "recordCompletionDecision",
  description: "Record a CompletionDecisionV1. The only way a run's completion changes; only RUNTIME or VERIFIER producers may decide.",
  args: { decision: { kind: "JSONObject", required: true, description: "The decision document, in the ABI's snake_case form." } },
  check: ({ decision }) => receiptProblems("COMPLETION_DECISION", decision, "/decision"),
  apply: (state, { decision }, context) => {
    requireSameRun(state, decision);
    return applyCompletionDecision(state, decision as unknown as CompletionDecisionV1, context);
  },
});

export const proposeCompletion = defineOperation<{ proposal: JsonObject }>({
  name: "proposeCompletion",
  description: "Submit a CompletionProposalV1: a claim that the run is done. It is kept for the decider and completes nothing.",
  args: { proposal: { kind: "JSONObject", required: true, description: "The proposal document, in the ABI's snake_case form." } },
  check: ({ proposal }) => (validateCompletionProposal(proposal) ? [] : problemsOf(validateCompletionProposal, "/proposal")),
  apply: (state, { proposal }, context) => {
    requireSameRun(state, proposal);
    const document = proposal as unknown as CompletionProposalV1;
    const proposals = extensionOf<CompletionProposal[]>(state, EXT.completionProposals, []);
    if (proposals.some((p) => p.proposal_id === document.proposal_id)) return state; // a retry; proposals are not revised
    const entry: CompletionProposal = {
      proposal_id: document.proposal_id,
      proposed_by: context.producer.component_id,
      proposed_at_version: nextVersion(state),
      claimed_criteria: document.claimed_criteria.map(({ criterion_id, claim }) => ({ criterion_id, claim })),
    };
    return withExtension(state, EXT.completionProposals, [...proposals, entry]);
  },
});
