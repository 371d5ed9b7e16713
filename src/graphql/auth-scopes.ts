// Authorization, in one place: the scopes a request has (computed once from its principal) and
// the declarations root fields use. Resolvers never check permissions themselves.
import { ForbiddenError, UnauthenticatedError } from "../contracts/errors.js";
import { admitsRun, hasScope, type Scope } from "../domain/principal.js";
import type { GraphQLContext } from "./builder.js";

export interface CanonAuthScopes {
  /** The principal holds this scope. */
  scope: Scope;
  /** The principal's run/task restriction admits the run with this id (an unknown run passes: the resolver answers NOT_FOUND). */
  run: string;
  /** The principal's restriction admits this loaded run. */
  runRecord: { id: string; taskId: string };
  /** The principal may create a run of this task ("" for a new task). */
  newRunOfTask: string;
  /** Never granted: the root types' default, so an undeclared field is denied. */
  undeclared: boolean;
}

export function authScopeLoaders(ctx: GraphQLContext) {
  const principal = ctx.principal;
  return {
    scope: (scope: Scope) => hasScope(principal, scope),
    run: (runId: string) => admitsRunId(ctx, runId),
    newRunOfTask: (taskId: string) => {
      if (!principal || principal.runIds.length) return false;
      return !principal.taskIds.length || principal.taskIds.includes(taskId);
    },
    runRecord: (run: { id: string; taskId: string }) => !!principal && admitsRun(principal, run),
    undeclared: false,
  };
}

/** Whether the principal's run/task restriction admits the run with this id (an unknown run passes: the resolver answers NOT_FOUND). */
async function admitsRunId(ctx: GraphQLContext, runId: string): Promise<boolean> {
  const principal = ctx.principal;
  if (!principal) return false;
  if (!principal.runIds.length && !principal.taskIds.length) return true;
  const run = await ctx.store.getRunHead(runId);
  return run ? admitsRun(principal, run) : principal.runIds.includes(runId);
}

/**
 * For a field whose items each name a run (commitStates): the field declares its scope like any
 * other, and each item's run is checked here, the same way the `run` scope checks one argument.
 * The refusal becomes that item's result; the other items go on.
 */
export async function runRefusal(ctx: GraphQLContext, runId: string, field: string): Promise<ForbiddenError | null> {
  if (await admitsRunId(ctx, runId)) return null;
  return new ForbiddenError(`this token may not write to run ${runId}`, { field, runId, tokenId: ctx.principal?.tokenId ?? null });
}

/**
 * A run the principal may see, else null: `node(id)` answers a run outside the token's
 * restriction exactly as it answers one that does not exist, so it cannot probe for ids.
 */
export const visibleRun = <R extends { id: string; taskId: string }>(ctx: GraphQLContext, run: R | null): R | null =>
  run && ctx.principal && admitsRun(ctx.principal, run) ? run : null;

export function unauthorizedError(_parent: unknown, ctx: GraphQLContext, info: { parentType: { name: string }; fieldName: string }) {
  if (!ctx.principal) return new UnauthenticatedError();
  return new ForbiddenError(`this token may not use ${info.parentType.name}.${info.fieldName}`, {
    field: `${info.parentType.name}.${info.fieldName}`,
    tokenId: ctx.principal.tokenId,
  });
}

// Declarations for root fields, spread into their options. `skipTypeScopes` lifts the root
// types' default deny; the field's own authScopes then decide.
export const requires = (scope: Scope) => ({ skipTypeScopes: true, authScopes: { scope } }) as const;

/** A scope plus the run restriction, for fields that name a run in an argument. */
export const requiresOnRun = <Args>(scope: Scope, runIdOf: (args: Args) => unknown) =>
  ({
    skipTypeScopes: true,
    authScopes: (_root: unknown, args: Args) => ({ $all: { scope, run: String(runIdOf(args)) } }),
  }) as const;

/**
 * startRun: `run:create`, and a token restricted to tasks may start runs of those tasks only
 * (one restricted to runs cannot start any: a new run is outside its list).
 */
export const requiresToStart = <Args>(taskIdOf: (args: Args) => unknown) =>
  ({
    skipTypeScopes: true,
    authScopes: (_root: unknown, args: Args) => {
      const taskId = taskIdOf(args);
      return { $all: { scope: "run:create" as const, newRunOfTask: taskId == null ? "" : String(taskId) } };
    },
  }) as const;
