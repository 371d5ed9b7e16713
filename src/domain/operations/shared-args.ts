// Argument shapes several operations share; each becomes one GraphQL type used everywhere.
import { SOURCE_TYPES } from "../../contracts/common.js";
import { EVIDENCE_KINDS } from "../../contracts/receipts.js";
import type { EnumArg, ObjectArg } from "./operation.js";

/** Where a piece of content came from; MODEL content needs a MODEL provenance record on the commit. */
export const sourceArg: EnumArg = {
  kind: "Enum",
  enumName: "SourceType",
  values: SOURCE_TYPES,
  required: false,
  description: "Where this content came from. MODEL requires a MODEL provenance record on the commit.",
};

export const evidenceRefArg = (required: boolean, list: boolean, description: string): ObjectArg => ({
  kind: "Object",
  typeName: "EvidenceRefInput",
  typeDescription: "A reference to recorded evidence: what kind, the id of what it points at, and optionally its hash and claim.",
  required,
  list,
  description,
  fields: {
    kind: { kind: "Enum", enumName: "EvidenceKind", values: EVIDENCE_KINDS, required: true, description: "What the reference points at." },
    ref: { kind: "ID", required: true, description: "Id of the receipt, evidence entry or resolution." },
    contentHash: { kind: "ContentHash", required: false, description: "sha256 of the referenced content, if known." },
    claim: { kind: "String", required: false, description: "What this evidence shows, in words." },
  },
});

export interface EvidenceRefArgs {
  kind: (typeof EVIDENCE_KINDS)[number];
  ref: string;
  contentHash?: string | null;
  claim?: string | null;
}
