// Who a write is recorded under: the authenticated principal, never a name the caller picks.
// Also where each write spends its token's rate limit.
import type { ComponentIdentity } from "../contracts/common.js";
import { ForbiddenError, UnauthenticatedError } from "../contracts/errors.js";
import { producerMismatch, writerIdentity } from "../domain/principal.js";
import type { GraphQLContext } from "./builder.js";

/** `runId`: the run the write goes to (null for one that creates a run), whose rate limit it also spends. */
export function authorizedWriter(ctx: GraphQLContext, claimed: ComponentIdentity | null, runId: string | null): ComponentIdentity {
  const principal = ctx.principal;
  if (!principal) throw new UnauthenticatedError();
  const mismatch = producerMismatch(principal, claimed);
  if (mismatch) {
    throw new ForbiddenError(`a write is recorded under the token's own component identity: ${mismatch}`, {
      tokenComponentId: principal.identity.component_id,
    });
  }
  const limited = ctx.commitLimiter.take(principal.tokenId, runId);
  if (limited) throw limited;
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
    throw new ForbiddenError(
      `answers are recorded under the token's own component identity: answeredBy ${claimed} is not the token's (${own})`,
      {
        tokenComponentId: own,
      },
    );
  }
  return own;
}
