// The receipt documents a write is judged against. The state keeps only receipt ids; what a
// receipt says (its producer, its result, its hash) lives in its immutable row. The store loads
// the rows a commit cites (citedReceiptIds) and planCommit adds the documents the commit itself
// carries, so every rule below reads one book, pure.
import type { JsonObject } from "../../contracts/agent-state.js";
import type { ReceiptKind } from "../../contracts/receipt-validation.js";
import { carriedReceipts, type CarriedReceipt } from "../operations/receipts.js";
import type { OperationCall } from "../operations/operation.js";
import { isModelProducer } from "./provenance.js";
import { isReceiptKind } from "./state-parts.js";

/** A receipt document as stored: id, kind, document and the sha256 of its RFC 8785 form. */
export type BookedReceipt = CarriedReceipt;

/** Receipt documents by id. */
export type ReceiptBook = ReadonlyMap<string, BookedReceipt>;

export const EMPTY_BOOK: ReceiptBook = new Map();

interface RefLike {
  kind?: unknown;
  ref?: unknown;
}

/** Ids of the receipts a commit's operations cite as evidence, which the store must load. */
export function citedReceiptIds(calls: readonly OperationCall[]): string[] {
  const ids = new Set<string>();
  const addRef = (ref: RefLike | undefined) => {
    if (ref && typeof ref.ref === "string" && typeof ref.kind === "string" && isReceiptKind(ref.kind)) ids.add(ref.ref);
  };
  for (const call of calls) {
    if (call.op === "resolveHypothesis" && Array.isArray(call.args.evidence)) (call.args.evidence as RefLike[]).forEach(addRef);
    if (call.op === "recordEvidence") addRef(call.args.evidence as RefLike);
    if (call.op === "recordCompletionDecision") {
      const results = (call.args.decision as { criteria_results?: { receipt_refs?: unknown[] }[] }).criteria_results ?? [];
      for (const result of results) for (const ref of result.receipt_refs ?? []) if (typeof ref === "string") ids.add(ref);
    }
  }
  return [...ids];
}

/** The stored receipts plus those the commit carries (a receipt may be cited in the commit that records it). */
export function withCarriedReceipts(stored: ReceiptBook, calls: readonly OperationCall[]): ReceiptBook {
  const carried = carriedReceipts(calls);
  if (carried.length === 0) return stored;
  const book = new Map(stored);
  for (const receipt of carried) if (!book.has(receipt.id)) book.set(receipt.id, receipt);
  return book;
}

const envelopeOf = (document: JsonObject) => (document.envelope ?? {}) as JsonObject;

/**
 * Whether a receipt is model output: written by a model (or a decision backend), or resting on
 * MODEL provenance alone. Such a receipt is never evidence (rule 2).
 */
export function isModelOutput(receipt: BookedReceipt): boolean {
  const envelope = envelopeOf(receipt.document);
  const producer = envelope.producer as { kind?: string; component_id?: string; component_version?: string } | undefined;
  if (producer?.kind && isModelProducer(producer as never)) return true;
  const provenance = Array.isArray(envelope.provenance) ? (envelope.provenance as JsonObject[]) : [];
  return provenance.length > 0 && provenance.every((p) => p.source_type === "MODEL");
}

/** What a receipt's result was, in the words of VerificationReceiptV1 (PASS, FAIL, INCONCLUSIVE, ERROR). */
export function receiptResult(receipt: BookedReceipt, criterionIds: readonly string[]): string {
  const document = receipt.document;
  if (receipt.kind === "TOOL") return document.exit_class === "SUCCESS" ? "PASS" : `tool exit ${String(document.exit_class)}`;
  if (receipt.kind === "VERIFICATION") {
    // A receipt that judged this criterion by name answers for it; otherwise its overall result does.
    const named = ((document.criteria_results ?? []) as { criterion_id: string; result: string }[]).find((r) =>
      criterionIds.includes(r.criterion_id),
    );
    if (document.result !== "PASS") return String(document.result);
    return named ? named.result : "PASS";
  }
  return `${receipt.kind.toLowerCase()} receipt (records a change or a decision, not a check)`;
}

export const receiptKindName = (kind: ReceiptKind): string =>
  ({
    TOOL: "TOOL_RECEIPT",
    MUTATION: "MUTATION_RECEIPT",
    VERIFICATION: "VERIFICATION_RECEIPT",
    COMPLETION_DECISION: "COMPLETION_DECISION",
  })[kind];
