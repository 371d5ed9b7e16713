// Limits on what one GraphQL request may ask for, from graphql-armor's envelop plugins (not
// hand-written rules). A refused request gets ERR_QUERY_TOO_COMPLEX in its error's extensions.
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import type { GraphQLError } from "graphql";
import { QUERY_TOO_COMPLEX } from "../contracts/errors.js";

/** Generous for real clients (Canon's own heaviest queries use a fraction), tight for abuse. */
export const QUERY_LIMITS = {
  maxDepth: 15,
  maxCost: 20_000,
  maxAliases: 30,
  maxDirectives: 20,
  maxTokens: 10_000,
  /** Brackets ({ [ and ( together) open at once in the query text, and levels in its variables (input-guard.ts). */
  maxNesting: 64,
} as const;

// armor reports a refusal as a plain GraphQLError; this stamps Canon's code on it.
const typed = [(_ctx: unknown, error: GraphQLError) => void Object.assign(error.extensions as object, QUERY_TOO_COMPLEX)];

export const queryLimitPlugins = () => [
  maxTokensPlugin({ n: QUERY_LIMITS.maxTokens, onReject: typed }),
  maxDepthPlugin({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true, onReject: typed }),
  costLimitPlugin({ maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, onReject: typed }),
  maxAliasesPlugin({ n: QUERY_LIMITS.maxAliases, onReject: typed }),
  maxDirectivesPlugin({ n: QUERY_LIMITS.maxDirectives, onReject: typed }),
];
