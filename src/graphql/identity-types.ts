// Who wrote and where the content came from: the inputs writers send and the objects the
// ledger shows, converted to the ABI's snake_case shapes in one place.
import type { ComponentIdentity, Provenance } from "../contracts/common.js";
import { COMPONENT_KINDS, SOURCE_TYPES, TRUST_CLASSES } from "../contracts/common.js";
import { builder } from "./builder.js";
import { sharedEnum } from "./shared-enums.js";

export const ComponentKind = sharedEnum("ComponentKind", COMPONENT_KINDS);
export const SourceType = sharedEnum("SourceType", SOURCE_TYPES);
export const TrustClass = sharedEnum("TrustClass", TRUST_CLASSES);

export const ComponentIdentityInput = builder.inputType("ComponentIdentityInput", {
  description: "The component making the write (recorded on the ledger entry).",
  fields: (t) => ({
    componentId: t.id({ required: true }),
    componentVersion: t.string({ required: true }),
    kind: t.field({ type: ComponentKind, required: true }),
    logicalClass: t.string(),
  }),
});

export const ProvenanceInput = builder.inputType("ProvenanceInput", {
  description: "Where the written content came from (recorded on the ledger entry).",
  fields: (t) => ({
    sourceType: t.field({ type: SourceType, required: true }),
    sourceId: t.string({ required: true }),
    trustClass: t.field({ type: TrustClass, required: true }),
    contentHash: t.string(),
    observedAt: t.field({ type: "DateTime" }),
  }),
});

type IdentityInput = typeof ComponentIdentityInput.$inferInput;
type ProvenanceArgs = typeof ProvenanceInput.$inferInput;

export const toComponentIdentity = (input: IdentityInput): ComponentIdentity => ({
  component_id: String(input.componentId),
  component_version: input.componentVersion,
  kind: input.kind,
  ...(input.logicalClass != null ? { logical_class: input.logicalClass } : {}),
});

export const toProvenance = (input: ProvenanceArgs): Provenance => ({
  source_type: input.sourceType,
  source_id: input.sourceId,
  trust_class: input.trustClass,
  ...(input.contentHash != null ? { content_hash: input.contentHash as Provenance["content_hash"] } : {}),
  ...(input.observedAt != null ? { observed_at: input.observedAt.toISOString() } : {}),
});

export const ComponentIdentityType = builder.objectRef<ComponentIdentity>("ComponentIdentity").implement({
  fields: (t) => ({
    componentId: t.exposeID("component_id"),
    componentVersion: t.exposeString("component_version"),
    kind: t.field({ type: ComponentKind, resolve: (c) => c.kind }),
    logicalClass: t.string({ nullable: true, resolve: (c) => c.logical_class ?? null }),
  }),
});

export const ProvenanceType = builder.objectRef<Provenance>("Provenance").implement({
  fields: (t) => ({
    sourceType: t.field({ type: SourceType, resolve: (p) => p.source_type }),
    sourceId: t.exposeString("source_id"),
    trustClass: t.field({ type: TrustClass, resolve: (p) => p.trust_class }),
    contentHash: t.string({ nullable: true, resolve: (p) => p.content_hash ?? null }),
    observedAt: t.string({ nullable: true, resolve: (p) => p.observed_at ?? null }),
  }),
});
