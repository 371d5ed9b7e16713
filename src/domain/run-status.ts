import type { AgentStateV1 } from "../contracts/agent-state.js";

/** ARCHIVED is set by archiveRun (src/domain/run-archive.ts), never derived from the state. */
export const RUN_STATUSES = ["ACTIVE", "COMPLETED", "ARCHIVED"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * The run's lifecycle status, stored beside the state so runs can be filtered by it.
 * Completion is only ever what the state records (a completion decision), never inferred.
 */
export const runStatusOf = (state: AgentStateV1): RunStatus =>
  state.completion.latest_decision_ref ? "COMPLETED" : "ACTIVE";
