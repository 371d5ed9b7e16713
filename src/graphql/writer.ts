// Who a write is recorded under: the authenticated principal, never a name the caller picks.
// Also where each write spends its token's rate limit.
import type { ComponentIdentity } from "../contracts/common.js";
import { ForbiddenError, RateLimitedError, UnauthenticatedError } from "../contracts/errors.js";
import { producerMismatch, writerIdentity } from "../domain/principal.js";
import type { GraphQLContext } from "./builder.js";

export function authorizedWriter(ctx: GraphQLContext, claimed: ComponentIdentity | null): ComponentIdentity {
  const principal = ctx.principal;
  if (!principal) throw new UnauthenticatedError();
  const mismatch = producerMismatch(principal, claimed);
  if (mismatch) {
    throw new ForbiddenError(`a write is recorded under the token's own component identity: ${mismatch}`, {
      tokenComponentId: principal.identity.component_id,
    });
  }
  const waitMs = ctx.commitLimiter.take(principal.tokenId);
  if (waitMs !== null) throw new RateLimitedError(waitMs);
  return writerIdentity(principal, claimed);
}

/**
 * Who answered a task's questions: the token's component id, as a write's producer is. A caller
 * may name it (older clients do), but only as itself.
 */
export function authorizedAnswerer(ctx: GraphQLContext, claimed: string | null | undefined): string {
  const principal = ctx.principal;
  if (!principal) throw new UnauthenticatedError();
  const own = principal.identity.component_id;
  if (claimed != null && claimed.trim() !== own) {
    throw new ForbiddenError(`answers are recorded under the token's own component identity: answeredBy ${claimed} is not the token's (${own})`, {
      tokenComponentId: own,
    });
  }
  return own;
}
