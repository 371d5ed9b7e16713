// API tokens over GraphQL, for holders of `token:admin` (the CLI's `canon token` does the same
// against the database directly).
import { InvalidInputError } from "../contracts/errors.js";
import { SCOPES, type Scope } from "../domain/principal.js";
import type { TokenRecord } from "../store/token-store.js";
import { requires } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { ComponentIdentityType, ComponentKind, TrustClass } from "./identity-types.js";

const ApiToken = builder.objectRef<TokenRecord>("ApiToken").implement({
  description: "A principal's credential. The token itself is shown only when it is created.",
  fields: (t) => ({
    id: t.exposeID("tokenId"),
    identity: t.field({ type: ComponentIdentityType, description: "Writes with this token are recorded under this identity.", resolve: (r) => r.identity }),
    trustClass: t.field({ type: TrustClass, resolve: (r) => r.trustClass }),
    scopes: t.stringList({ resolve: (r) => [...r.scopes] }),
    runIds: t.idList({ description: "When not empty, the only runs this token may touch.", resolve: (r) => [...r.runIds] }),
    taskIds: t.idList({ description: "When not empty, only runs of these tasks.", resolve: (r) => [...r.taskIds] }),
    label: t.string({ nullable: true, resolve: (r) => r.label }),
    createdAt: t.field({ type: "DateTime", resolve: (r) => r.createdAt }),
    revokedAt: t.field({ type: "DateTime", nullable: true, resolve: (r) => r.revokedAt }),
    lastUsedAt: t.field({ type: "DateTime", nullable: true, resolve: (r) => r.lastUsedAt }),
  }),
});

const CreatedApiToken = builder.objectRef<{ token: string; apiToken: TokenRecord }>("CreatedApiToken").implement({
  fields: (t) => ({
    token: t.exposeString("token", { description: "The secret: shown this once, stored only as its sha256." }),
    apiToken: t.field({ type: ApiToken, resolve: (r) => r.apiToken }),
  }),
});

const CreateApiTokenInput = builder.inputType("CreateApiTokenInput", {
  fields: (t) => ({
    componentId: t.id({ required: true }),
    componentVersion: t.string({ description: 'Pins the version writes must claim; "*" (default) leaves it to the caller.' }),
    kind: t.field({ type: ComponentKind, required: true }),
    trustClass: t.field({ type: TrustClass, required: true }),
    scopes: t.stringList({ required: true, description: `Any of ${SCOPES.join(", ")}.` }),
    runIds: t.idList(),
    taskIds: t.idList(),
    label: t.string(),
  }),
});

export function parseScopes(scopes: readonly string[], path = "/scopes"): Scope[] {
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length || !scopes.length) {
    throw new InvalidInputError(`scopes must be a non-empty list of ${SCOPES.join(", ")}`, [{ path, message: unknown.length ? `unknown: ${unknown.join(", ")}` : "empty" }]);
  }
  return [...new Set(scopes)] as Scope[];
}

builder.queryField("apiTokens", (t) =>
  t.field({
    type: [ApiToken],
    description: "Every token, revoked ones included (never the secrets).",
    ...requires("token:admin"),
    resolve: (_root, _args, ctx) => ctx.tokens.list(),
  }),
);

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreatedApiToken,
    description: "Create a token for a component identity, with scopes and optional run/task restrictions.",
    ...requires("token:admin"),
    errors: { types: [InvalidInputError], directResult: true, union: { name: "CreateApiTokenResult" } },
    args: { input: t.arg({ type: CreateApiTokenInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { token, record } = await ctx.tokens.create({
        identity: { component_id: String(input.componentId), component_version: input.componentVersion ?? "*", kind: input.kind },
        trustClass: input.trustClass,
        scopes: parseScopes(input.scopes),
        runIds: (input.runIds ?? []).map(String),
        taskIds: (input.taskIds ?? []).map(String),
        label: input.label ?? null,
      });
      return { token, apiToken: record };
    },
  }),
  revokeApiToken: t.boolean({
    description: "Revoke a token: refused from its next request on, and its open subscriptions end now. False if no live token has this id.",
    ...requires("token:admin"),
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const revoked = await ctx.tokens.revoke(String(id));
      ctx.sessions.endToken(String(id));
      return revoked;
    },
  }),
}));
