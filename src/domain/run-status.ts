import type { AgentStateV1, CompletionOutcome } from "../contracts/agent-state.js";
import { completionOf } from "./rules/completion.js";

/** ARCHIVED is set by archiveRun (src/domain/run-archive.ts), never derived from the state. */
export const RUN_STATUSES = ["ACTIVE", "COMPLETED", "PARTIALLY_COMPLETED", "FAILED", "ESCALATED", "ARCHIVED"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const STATUS_OF_OUTCOME: Record<CompletionOutcome, RunStatus> = {
  COMPLETE: "COMPLETED",
  PARTIAL: "PARTIALLY_COMPLETED",
  FAIL: "FAILED",
  ESCALATE: "ESCALATED",
  CONTINUE: "ACTIVE",
};

/**
 * The run's lifecycle status, stored beside the state so runs can be filtered by it. It follows
 * the latest recorded completion decision only, never an inference from the rest of the state.
 */
export const runStatusOf = (state: AgentStateV1): RunStatus => {
  const completion = completionOf(state);
  return completion ? STATUS_OF_OUTCOME[completion.outcome] : "ACTIVE";
};
