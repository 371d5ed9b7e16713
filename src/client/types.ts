// The shapes canon/client hands out, named for what they are. Generated types (from
// schema.graphql and operations.graphql) are the source; these only give them short names.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type * as G from "./generated/graphql.js";

export type StateOperation = G.StateOperation;
export type ProvenanceInput = G.ProvenanceInput;
export type ComponentIdentityInput = G.ComponentIdentityInput;
export type CompileTaskInput = G.CompileTaskInput;
export type TaskAnswerInput = G.TaskAnswerInput;
export type RunsChangedFilter = G.RunsChangedFilter;
export type RunStatus = G.RunStatus;

/** A run's summary: where it is (stateVersion, ledgerSeq) and its status. */
export type RunSummary = G.RunFieldsFragment;
/** A run with its state, as one AgentStateV1 document (redacted to the token's trust). */
export type Run = RunSummary & { document: AgentStateV1 };
/** One ledger entry; `document` (the state after it) only when asked for with `withState`. */
export type LedgerEntry = G.LedgerEntryFieldsFragment & { document?: AgentStateV1 };
/** What a write answers: the run after it and its ledger entry; `replayed` when a retry was answered from the ledger. */
export interface WriteResult {
  run: RunSummary;
  entry: LedgerEntry;
  replayed: boolean;
}
export type Task = G.TaskFieldsFragment;
/**
 * One runsChanged event: a summary of one ledger entry (or a deletion, `kind: DELETE`);
 * `document`, the state after the entry, only when asked for with `withState` (null for a deletion).
 */
export type RunChange = Omit<G.RunsChangedSubscription["runsChanged"], "entry"> & { document?: AgentStateV1 | null };
/** The last ledger position a consumer has of a run. */
export interface RunPosition {
  runId: string;
  seq: number;
}
export type { AgentStateV1 };
