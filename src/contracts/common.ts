// Shared building blocks of Canon's documents, matching Kernel ABI 1.0.0 `common.schema.json`.

export const ID_PATTERN = "^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$";
export const CONTENT_HASH_PATTERN = "^sha256:[0-9a-f]{64}$";
export const EXTENSION_KEY_PATTERN = "^x-[a-z0-9_.-]+$";

export type Id = string;
export type ContentHash = `sha256:${string}`;
export type Timestamp = string;
export type ExtensionMap = Record<`x-${string}`, unknown>;

export const COMPONENT_KINDS = [
  "RUNTIME",
  "PRIMITIVE",
  "DECISION_BACKEND",
  "MODEL_COMPONENT",
  "TOOL",
  "VERIFIER",
  "POLICY_ENGINE",
  "HUMAN",
  "ADAPTER",
] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

/** Who wrote: recorded on every ledger entry. */
export interface ComponentIdentity {
  component_id: Id;
  component_version: string;
  kind: ComponentKind;
  logical_class?: string;
}

export const SOURCE_TYPES = ["USER", "FILE", "TOOL", "MODEL", "POLICY", "SYSTEM", "CACHE", "RETRIEVAL"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const TRUST_CLASSES = ["PUBLIC", "INTERNAL", "RESTRICTED", "SECRET", "UNTRUSTED"] as const;
export type TrustClass = (typeof TRUST_CLASSES)[number];

/** Where the content of a write came from: recorded on every ledger entry. */
export interface Provenance {
  source_type: SourceType;
  source_id: string;
  trust_class: TrustClass;
  content_hash?: ContentHash | null;
  observed_at?: Timestamp | null;
}

/**
 * Provenance as a ledger entry stores it: a list since the AgentState rules (at least one
 * record per write); entries written before that hold a single record, kept byte-for-byte
 * because the hash chain covers them.
 */
export type StoredProvenance = Provenance[] | Provenance;

export const provenanceList = (stored: StoredProvenance): Provenance[] => (Array.isArray(stored) ? stored : [stored]);

const id = { type: "string", pattern: ID_PATTERN } as const;
const nullable = <const S extends object>(schema: S) => ({ anyOf: [schema, { type: "null" }] }) as const;
export const extensionMapSchema = {
  type: "object",
  propertyNames: { pattern: EXTENSION_KEY_PATTERN },
  additionalProperties: true,
} as const;

export const componentIdentitySchema = {
  type: "object",
  required: ["component_id", "component_version", "kind"],
  properties: {
    component_id: id,
    component_version: { type: "string", minLength: 1, maxLength: 200 },
    kind: { enum: COMPONENT_KINDS },
    logical_class: { type: "string", maxLength: 200 },
  },
  additionalProperties: false,
} as const;

export const provenanceSchema = {
  type: "object",
  required: ["source_type", "source_id", "trust_class"],
  properties: {
    source_type: { enum: SOURCE_TYPES },
    source_id: { type: "string", minLength: 1, maxLength: 1000 },
    trust_class: { enum: TRUST_CLASSES },
    content_hash: nullable({ type: "string", pattern: CONTENT_HASH_PATTERN }),
    observed_at: nullable({ type: "string", format: "date-time" }),
  },
  additionalProperties: false,
} as const;

export const schemaFragments = { id, nullable };
