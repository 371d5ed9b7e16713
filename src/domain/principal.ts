// Who is asking: the principal behind a request, its scopes, its restrictions and its trust.
// Pure: the store loads principals, the GraphQL layer checks them (src/graphql/auth-scopes.ts).
import type { ComponentIdentity, TrustClass } from "../contracts/common.js";

export const SCOPES = ["task:compile", "run:create", "run:read", "run:commit", "run:admin", "token:admin"] as const;
export type Scope = (typeof SCOPES)[number];

/** Lowest first. A viewer sees a labelled resource only when its trust is at least the label. */
export const TRUST_ORDER = ["UNTRUSTED", "PUBLIC", "INTERNAL", "RESTRICTED", "SECRET"] as const satisfies readonly TrustClass[];
export const trustRank = (trust: TrustClass): number => TRUST_ORDER.indexOf(trust);

export interface Principal {
  tokenId: string;
  identity: ComponentIdentity;
  trustClass: TrustClass;
  scopes: readonly Scope[];
  /** Empty: any run. Otherwise only these runs (by id). */
  runIds: readonly string[];
  /** Empty: any task. Otherwise only runs of these tasks. */
  taskIds: readonly string[];
}

export const hasScope = (principal: Principal | null | undefined, scope: Scope): boolean => !!principal && principal.scopes.includes(scope);

/** Whether the principal's run/task restrictions admit a run (of a task). */
export function admitsRun(principal: Principal, run: { id: string; taskId: string }): boolean {
  if (principal.runIds.length && !principal.runIds.includes(run.id)) return false;
  if (principal.taskIds.length && !principal.taskIds.includes(run.taskId)) return false;
  return true;
}

export const isRestricted = (principal: Principal): boolean => principal.runIds.length > 0 || principal.taskIds.length > 0;

/**
 * The producer a write is recorded under is the principal's identity. A caller may still name
 * a producer (older clients do), but only its own: same component id and kind, and the same
 * version unless the token leaves the version open ("*": a component's deploys change it).
 */
export function producerMismatch(principal: Principal, claimed: ComponentIdentity | null | undefined): string | null {
  if (!claimed) return null;
  const own = principal.identity;
  if (claimed.component_id !== own.component_id) return `component_id ${claimed.component_id} is not the token's (${own.component_id})`;
  if (claimed.kind !== own.kind) return `kind ${claimed.kind} is not the token's (${own.kind})`;
  if (own.component_version !== "*" && claimed.component_version !== own.component_version) {
    return `component_version ${claimed.component_version} is not the token's (${own.component_version})`;
  }
  return null;
}

/** The identity recorded on a write: the principal's, with the caller's version when the token leaves it open. */
export function writerIdentity(principal: Principal, claimed: ComponentIdentity | null | undefined): ComponentIdentity {
  const own = principal.identity;
  if (own.component_version !== "*") return own;
  return { ...own, component_version: claimed?.component_version ?? "unspecified" };
}
