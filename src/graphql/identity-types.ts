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
    componentId: t.id({ description: "The component's id; must be the token's.", required: true }),
    componentVersion: t.string({ description: "The component's version.", required: true }),
    kind: t.field({ description: "What kind of component it is; must be the token's.", type: ComponentKind, required: true }),
    logicalClass: t.string({ description: "A finer class the component names itself by, if any." }),
  }),
});

export const ProvenanceInput = builder.inputType("ProvenanceInput", {
  description: "Where the written content came from (recorded on the ledger entry).",
  fields: (t) => ({
    sourceType: t.field({ description: "What kind of source; model output needs a MODEL record.", type: SourceType, required: true }),
    sourceId: t.string({ description: "Which source (a user, a tool, a model id, a path).", required: true }),
    trustClass: t.field({ description: "How far the source is trusted.", type: TrustClass, required: true }),
    contentHash: t.string({ description: "sha256 of the source content, if known." }),
    observedAt: t.field({ description: "When the source was observed.", type: "DateTime" }),
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
  description: "A component of the agent system (ABI ComponentIdentity): who wrote an entry.",
  fields: (t) => ({
    componentId: t.exposeID("component_id", { description: "The component's id." }),
    componentVersion: t.exposeString("component_version", { description: "The component's version." }),
    kind: t.field({ description: "What kind of component it is.", type: ComponentKind, resolve: (c) => c.kind }),
    logicalClass: t.string({
      description: "A finer class the component names itself by, if any.",
      nullable: true,
      resolve: (c) => c.logical_class ?? null,
    }),
  }),
});

export const ProvenanceType = builder.objectRef<Provenance>("Provenance").implement({
  description: "Where written content came from (ABI Provenance).",
  fields: (t) => ({
    sourceType: t.field({ description: "What kind of source.", type: SourceType, resolve: (p) => p.source_type }),
    sourceId: t.exposeString("source_id", { description: "Which source (a user, a tool, a model id, a path)." }),
    trustClass: t.field({ description: "How far the source is trusted.", type: TrustClass, resolve: (p) => p.trust_class }),
    contentHash: t.string({
      description: "sha256 of the source content, if known.",
      nullable: true,
      resolve: (p) => p.content_hash ?? null,
    }),
    observedAt: t.string({ description: "When the source was observed.", nullable: true, resolve: (p) => p.observed_at ?? null }),
  }),
});
