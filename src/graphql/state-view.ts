// The one door every state leaves the API through: Run.state/document, LedgerEntry.state/
// document (history and subscription events), stateAt and diff all call viewState, so a
// reader below a resource's sensitivity label never sees it, whatever path it reads by.
// Documents read beside a state (receipts, completion decisions, model events) leave through
// viewDocument, by the labels of the run they belong to.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { TrustClass } from "../contracts/common.js";
import { redactDocument, redactState, redactOperations } from "../domain/redaction.js";
import type { LedgerEntryRecord } from "../db/records.js";
import type { GraphQLContext } from "./builder.js";

// A version's state never changes, so its projection per trust class can be kept with it.
const views = new WeakMap<AgentStateV1, Map<TrustClass, AgentStateV1>>();

export function viewState(ctx: GraphQLContext, state: AgentStateV1): AgentStateV1 {
  const trust = ctx.principal?.trustClass ?? "UNTRUSTED";
  if (trust === "SECRET") return state;
  let byTrust = views.get(state);
  if (!byTrust) views.set(state, (byTrust = new Map()));
  let view = byTrust.get(trust);
  if (!view) byTrust.set(trust, (view = redactState(state, trust).state));
  return view;
}

/** A ledger entry's operations, with resources its version's labels withhold from the viewer replaced. */
export async function viewOperations(ctx: GraphQLContext, entry: LedgerEntryRecord): Promise<unknown> {
  const trust = ctx.principal?.trustClass ?? "UNTRUSTED";
  if (trust === "SECRET") return entry.operations;
  const state = entry.state ?? (await ctx.store.stateOfVersion(entry.runId, entry.stateVersion));
  return state ? redactOperations(entry.operations, state.sensitivity_labels ?? [], trust) : entry.operations;
}

export type SensitivityLabels = AgentStateV1["sensitivity_labels"];

const trustOf = (ctx: GraphQLContext): TrustClass => ctx.principal?.trustClass ?? "UNTRUSTED";

/** A document read beside a state (a receipt, a decision, a model event), redacted by that state's labels. */
export function viewDocument<T>(ctx: GraphQLContext, labels: SensitivityLabels, document: T): T {
  const trust = trustOf(ctx);
  return trust === "SECRET" ? document : redactDocument(document, labels, trust);
}

/** The same, by the current labels of the run the document belongs to. */
export async function viewRunDocument<T>(ctx: GraphQLContext, runId: string, document: T): Promise<T> {
  if (trustOf(ctx) === "SECRET") return document;
  return viewDocument(ctx, (await ctx.store.runLabels(runId)) ?? [], document);
}
