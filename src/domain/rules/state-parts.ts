// Small, pure accessors for the parts of AgentStateV1 that operations and rules share.
import { EXT, type AgentStateV1, type EvidenceRef } from "../../contracts/agent-state.js";
import type { EvidenceRefArgs } from "../operations/shared-args.js";

type ExtKey = (typeof EXT)[keyof typeof EXT];

/** The version a commit being planned will create: where "recorded at" fields point. */
export const nextVersion = (state: AgentStateV1): number => state.identity.state_version + 1;

export function extensionOf<T>(state: AgentStateV1, key: ExtKey, fallback: T): T {
  const value = (state.extensions as Record<string, unknown> | undefined)?.[key];
  return value === undefined ? fallback : (value as T);
}

export function withExtension(state: AgentStateV1, key: ExtKey, value: unknown): AgentStateV1 {
  return { ...state, extensions: { ...state.extensions, [key]: value } };
}

/** Receipt kinds an evidence reference may name, and the state list that records each. */
const RECEIPT_LISTS = {
  TOOL_RECEIPT: "command_history",
  MUTATION_RECEIPT: "mutations",
  VERIFICATION_RECEIPT: "verification",
} as const;

export type ReceiptEvidenceKind = keyof typeof RECEIPT_LISTS;

export const isReceiptKind = (kind: string): kind is ReceiptEvidenceKind => kind in RECEIPT_LISTS;

export const receiptIdsOf = (state: AgentStateV1, kind: ReceiptEvidenceKind): string[] => state[RECEIPT_LISTS[kind]] ?? [];

/** The evidence kind of a receipt this run recorded, found by which list holds its id. */
export const receiptKindOfId = (state: AgentStateV1, id: string): ReceiptEvidenceKind | null =>
  (Object.keys(RECEIPT_LISTS) as ReceiptEvidenceKind[]).find((kind) => receiptIdsOf(state, kind).includes(id)) ?? null;

/** Every receipt this run has recorded, of any kind. */
export const allReceiptIds = (state: AgentStateV1): Set<string> =>
  new Set([...(state.command_history ?? []), ...(state.mutations ?? []), ...(state.verification ?? [])]);

/** Whether an evidence reference names something this run recorded: a receipt or an evidence entry. */
export function isRecorded(state: AgentStateV1, ref: { kind: string; ref: string }): boolean {
  if (isReceiptKind(ref.kind)) return receiptIdsOf(state, ref.kind).includes(ref.ref);
  return state.evidence.some((entry) => entry.kind === ref.kind && entry.ref === ref.ref);
}

export const toEvidenceRef = (args: EvidenceRefArgs): EvidenceRef => ({
  kind: args.kind,
  ref: args.ref,
  ...(args.contentHash != null ? { content_hash: args.contentHash as EvidenceRef["content_hash"] } : {}),
  ...(args.claim != null ? { claim: args.claim } : {}),
});

/** Replaces the item whose `key` equals `id`, or appends it. */
export function upsertBy<T, K extends keyof T>(items: readonly T[], key: K, item: T): T[] {
  const index = items.findIndex((existing) => existing[key] === item[key]);
  if (index < 0) return [...items, item];
  return items.map((existing, i) => (i === index ? item : existing));
}
