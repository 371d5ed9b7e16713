// Compiled validators for the receipt and completion documents (schemas in receipts.schema.ts),
// on Canon's one shared Ajv instance (validation.ts).
import type { ValidateFunction } from "ajv/dist/2020.js";
import type { InputProblem } from "./errors.js";
import {
  COMPLETION_DECISION_SCHEMA_ID,
  MUTATION_RECEIPT_SCHEMA_ID,
  TOOL_RECEIPT_SCHEMA_ID,
  VERIFICATION_RECEIPT_SCHEMA_ID,
  type AbiErrorV1,
  type CompletionDecisionV1,
  type CompletionProposalV1,
  type MutationReceiptV1,
  type ToolReceiptV1,
  type VerificationReceiptV1,
} from "./receipts.js";
import {
  abiErrorSchema,
  completionDecisionSchema,
  completionProposalSchema,
  mutationReceiptSchema,
  toolReceiptSchema,
  verificationReceiptSchema,
} from "./receipts.schema.js";
import { compileSchema, problemsOf } from "./validation.js";

const compile = <T>(schema: object) => compileSchema(schema) as ValidateFunction<T>;

export const validateToolReceipt = compile<ToolReceiptV1>(toolReceiptSchema);
export const validateMutationReceipt = compile<MutationReceiptV1>(mutationReceiptSchema);
export const validateVerificationReceipt = compile<VerificationReceiptV1>(verificationReceiptSchema);
export const validateCompletionDecision = compile<CompletionDecisionV1>(completionDecisionSchema);
export const validateCompletionProposal = compile<CompletionProposalV1>(completionProposalSchema);
/** The kernel's ErrorV1 on its own (it is also checked inside ToolReceiptV1.error). */
export const validateAbiError = compile<AbiErrorV1>(abiErrorSchema);

export const RECEIPT_KINDS = ["TOOL", "MUTATION", "VERIFICATION", "COMPLETION_DECISION"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export interface ReceiptDocuments {
  TOOL: ToolReceiptV1;
  MUTATION: MutationReceiptV1;
  VERIFICATION: VerificationReceiptV1;
  COMPLETION_DECISION: CompletionDecisionV1;
}

export interface ReceiptContract<K extends ReceiptKind> {
  /** The `envelope.schema_id` every document of this kind carries. */
  schemaId: ReceiptDocuments[K]["envelope"]["schema_id"];
  validate: ValidateFunction<ReceiptDocuments[K]>;
  /** The document's own id field. */
  idField: keyof ReceiptDocuments[K] & string;
}

export const RECEIPT_CONTRACTS: { readonly [K in ReceiptKind]: ReceiptContract<K> } = {
  TOOL: { schemaId: TOOL_RECEIPT_SCHEMA_ID, validate: validateToolReceipt, idField: "invocation_id" },
  MUTATION: { schemaId: MUTATION_RECEIPT_SCHEMA_ID, validate: validateMutationReceipt, idField: "mutation_id" },
  VERIFICATION: { schemaId: VERIFICATION_RECEIPT_SCHEMA_ID, validate: validateVerificationReceipt, idField: "verification_id" },
  COMPLETION_DECISION: { schemaId: COMPLETION_DECISION_SCHEMA_ID, validate: validateCompletionDecision, idField: "decision_id" },
};

/** What is wrong with `doc` as a receipt of `kind`; empty when it conforms. Paths start with `pathPrefix`. */
export function receiptProblems(kind: ReceiptKind, doc: unknown, pathPrefix = ""): InputProblem[] {
  const { validate } = RECEIPT_CONTRACTS[kind];
  return validate(doc) ? [] : problemsOf(validate, pathPrefix);
}
