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
    id: t.exposeID("tokenId", { description: "The token's id (not its secret), used to revoke it." }),
    identity: t.field({
      type: ComponentIdentityType,
      description: "Writes with this token are recorded under this identity.",
      resolve: (r) => r.identity,
    }),
    trustClass: t.field({
      description: "How far the token is trusted; it decides what redaction hides from it.",
      type: TrustClass,
      resolve: (r) => r.trustClass,
    }),
    scopes: t.stringList({
      description: "What the token may do: run:read, run:create, run:commit, run:admin, task:compile, token:admin.",
      resolve: (r) => [...r.scopes],
    }),
    runIds: t.idList({ description: "When not empty, the only runs this token may touch.", resolve: (r) => [...r.runIds] }),
    taskIds: t.idList({ description: "When not empty, only runs of these tasks.", resolve: (r) => [...r.taskIds] }),
    label: t.string({ description: "A note about what the token is for.", nullable: true, resolve: (r) => r.label }),
    createdAt: t.field({ description: "When the token was created.", type: "DateTime", resolve: (r) => r.createdAt }),
    revokedAt: t.field({
      description: "When the token was revoked; null while it is valid.",
      type: "DateTime",
      nullable: true,
      resolve: (r) => r.revokedAt,
    }),
    lastUsedAt: t.field({
      description: "When the token last authenticated a request (updated at most once a minute).",
      type: "DateTime",
      nullable: true,
      resolve: (r) => r.lastUsedAt,
    }),
  }),
});

const CreatedApiToken = builder.objectRef<{ token: string; apiToken: TokenRecord }>("CreatedApiToken").implement({
  description: "A new API token: its secret is shown here once and never again.",
  fields: (t) => ({
    token: t.exposeString("token", { description: "The secret: shown this once, stored only as its sha256." }),
    apiToken: t.field({ description: "The token's record.", type: ApiToken, resolve: (r) => r.apiToken }),
  }),
});

const CreateApiTokenInput = builder.inputType("CreateApiTokenInput", {
  description: "What a new API token is bound to: a component identity, a trust class, scopes and optional run or task restrictions.",
  fields: (t) => ({
    componentId: t.id({
      description: "The component the token acts as; every write made with it is recorded under this id.",
      required: true,
    }),
    componentVersion: t.string({ description: 'Pins the version writes must claim; "*" (default) leaves it to the caller.' }),
    kind: t.field({ description: "The component's kind.", type: ComponentKind, required: true }),
    trustClass: t.field({
      description: "How far the token is trusted; it decides what redaction hides from it.",
      type: TrustClass,
      required: true,
    }),
    scopes: t.stringList({ required: true, description: `Any of ${SCOPES.join(", ")}.` }),
    runIds: t.idList({ description: "Restrict the token to these runs." }),
    taskIds: t.idList({ description: "Restrict the token to the runs of these tasks." }),
    label: t.string({ description: "A note about what the token is for." }),
  }),
});

export function parseScopes(scopes: readonly string[], path = "/scopes"): Scope[] {
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length || !scopes.length) {
    throw new InvalidInputError(`scopes must be a non-empty list of ${SCOPES.join(", ")}`, [
      { path, message: unknown.length ? `unknown: ${unknown.join(", ")}` : "empty" },
    ]);
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
    errors: {
      types: [InvalidInputError],
      directResult: true,
      union: {
        name: "CreateApiTokenResult",
        description:
          "What createApiToken answers: the new token, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    args: { input: t.arg({ description: "What the token is bound to.", type: CreateApiTokenInput, required: true }) },
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
    description:
      "Revoke a token: refused from its next request on, and its open subscriptions end now. False if no live token has this id.",
    ...requires("token:admin"),
    args: { id: t.arg.id({ description: "The token's id (as `apiTokens` lists it), not its secret.", required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const revoked = await ctx.tokens.revoke(String(id));
      ctx.sessions.endToken(String(id));
      return revoked;
    },
  }),
}));
