// Rule: receipts are append-only documents. A commit carries the ABI document; the state keeps
// only its id (command_history, mutations, verification), and the store keeps the document in
// its own immutable row. Recording the same receipt again is a no-op; different content under
// the same id is refused by the store (ERR_RECEIPT_CONFLICT).
import type { AgentStateV1, JsonObject } from "../../contracts/agent-state.js";
import { PreconditionFailedError } from "../../contracts/errors.js";
import { RECEIPT_CONTRACTS, receiptProblems, type ReceiptKind } from "../../contracts/receipt-validation.js";
import { contentHash } from "../content-hash.js";
import { defineOperation, type OperationCall } from "./operation.js";

type ListField = "command_history" | "mutations" | "verification";

/** The id of a receipt document, by its kind's id field. */
export const receiptIdOf = (kind: ReceiptKind, document: JsonObject): string => String(document[RECEIPT_CONTRACTS[kind].idField as string]);

function defineReceiptOperation(name: string, kind: Exclude<ReceiptKind, "COMPLETION_DECISION">, list: ListField, title: string) {
  return defineOperation<{ receipt: JsonObject }>({
    name,
    description: `Record a ${title} (ABI ${RECEIPT_CONTRACTS[kind].schemaId.replace("allternit.kernel.", "")}, envelope included). Receipts are immutable.`,
    args: { receipt: { kind: "JSONObject", required: true, description: `The ${title} document, in the ABI's snake_case form.` } },
    check: ({ receipt }) => receiptProblems(kind, receipt, "/receipt"),
    apply: (state, { receipt }) => {
      requireSameRun(state, receipt);
      const id = receiptIdOf(kind, receipt);
      const recorded = state[list] ?? [];
      return recorded.includes(id) ? state : { ...state, [list]: [...recorded, id] };
    },
  });
}

export function requireSameRun(state: AgentStateV1, document: JsonObject): void {
  const envelope = document.envelope as JsonObject;
  if (envelope.run_id !== state.identity.run_id) {
    throw new PreconditionFailedError(
      `the document's envelope names run ${String(envelope.run_id)}, not ${state.identity.run_id}`,
      "envelope/run_id",
    );
  }
}

export const recordToolReceipt = defineReceiptOperation("recordToolReceipt", "TOOL", "command_history", "tool receipt");
export const recordMutationReceipt = defineReceiptOperation("recordMutationReceipt", "MUTATION", "mutations", "mutation receipt");
export const recordVerificationReceipt = defineReceiptOperation(
  "recordVerificationReceipt",
  "VERIFICATION",
  "verification",
  "verification receipt",
);

/** The receipt operations and the kind of document each carries; the store persists them. */
export const RECEIPT_OPERATIONS: Readonly<Record<string, ReceiptKind>> = {
  recordToolReceipt: "TOOL",
  recordMutationReceipt: "MUTATION",
  recordVerificationReceipt: "VERIFICATION",
  recordCompletionDecision: "COMPLETION_DECISION",
};

/** A receipt document a commit carries, as the store persists it. */
export interface CarriedReceipt {
  id: string;
  kind: ReceiptKind;
  document: JsonObject;
  /** sha256 of the document's RFC 8785 canonical JSON. */
  contentHash: string;
}

export const carriedReceipts = (calls: readonly OperationCall[]): CarriedReceipt[] =>
  calls.flatMap((call) => {
    const kind = RECEIPT_OPERATIONS[call.op];
    if (!kind) return [];
    const document = (call.args.receipt ?? call.args.decision) as JsonObject;
    return [{ id: receiptIdOf(kind, document), kind, document, contentHash: contentHash(document) }];
  });
