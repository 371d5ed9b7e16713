// Completion as readers see it: NOT_COMPLETE until a decision is recorded, and then exactly
// what the decision said. Nothing here looks at the frontier, subgoals or status lines.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { completionOf } from "../domain/rules/completion.js";
import { builder } from "./builder.js";
import { sharedEnum } from "./shared-enums.js";
import { viewDocument } from "./state-view.js";

const COMPLETION_STATUSES = ["NOT_COMPLETE", "COMPLETE", "PARTIAL", "FAILED", "ESCALATED"] as const;
type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

const STATUS_OF_OUTCOME: Record<string, CompletionStatus> = {
  COMPLETE: "COMPLETE",
  PARTIAL: "PARTIAL",
  FAIL: "FAILED",
  ESCALATE: "ESCALATED",
  CONTINUE: "NOT_COMPLETE",
};

export const CompletionView = builder.objectRef<AgentStateV1>("CompletionStatusView").implement({
  description: "The run's recorded completion. Only a CompletionDecisionV1 changes it.",
  fields: (t) => ({
    status: t.field({
      description: "NOT_COMPLETE until a completion decision is recorded.",
      type: sharedEnum("CompletionStatus", COMPLETION_STATUSES),
      resolve: (state) => {
        const completion = completionOf(state);
        return completion ? STATUS_OF_OUTCOME[completion.outcome]! : "NOT_COMPLETE";
      },
    }),
    outcome: t.string({
      nullable: true,
      description: "The latest decision's outcome, as the ABI names it.",
      resolve: (s) => completionOf(s)?.outcome ?? null,
    }),
    decisionId: t.id({ description: "The latest decision's id.", nullable: true, resolve: (s) => completionOf(s)?.decision_id ?? null }),
    decidedAtVersion: t.int({
      description: "The state version the latest decision was made on.",
      nullable: true,
      resolve: (s) => completionOf(s)?.decided_at_version ?? null,
    }),
    decision: t.field({
      type: "JSONObject",
      nullable: true,
      description: "The CompletionDecisionV1 document, as recorded.",
      resolve: async (state, _args, ctx) => {
        const id = completionOf(state)?.decision_id;
        const document = id ? ((await ctx.store.receipts.byId(id))?.document ?? null) : null;
        return document && viewDocument(ctx, state.sensitivity_labels ?? [], document);
      },
    }),
  }),
});
