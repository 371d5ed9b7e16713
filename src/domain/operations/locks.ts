// Locks live in extensions["x-locks"] (ABI 1.0.0 dropped them from AgentStateV1). The holder is
// always the commit's producer, and expiry is judged against the commit's time, so replaying
// the ledger judges every lock exactly as it was judged when written.
import { EXT, type AgentStateV1, type Lock } from "../../contracts/agent-state.js";
import { LockHeldError, PreconditionFailedError } from "../../contracts/errors.js";
import { LIMITS } from "../limits.js";
import { extensionOf, withExtension } from "../rules/state-parts.js";
import { defineOperation, type OperationContext } from "./operation.js";

export const locksOf = (state: AgentStateV1): Lock[] => extensionOf<Lock[]>(state, EXT.locks, []);

const isLive = (lock: Lock, at: string) => Date.parse(lock.expires_at) > Date.parse(at);

const expiry = (at: string, ttlMs: number) => new Date(Date.parse(at) + ttlMs).toISOString();

const resourceArg = {
  kind: "String",
  required: true,
  description: "The locked resource, e.g. fs:src/db/**.",
  schema: { minLength: 1, maxLength: 2000 },
} as const;
const ttlArg = {
  kind: "Int",
  required: true,
  description: "How long the lock holds, in ms from the commit.",
  schema: { minimum: 1, maximum: LIMITS.lockTtlMs },
} as const;

function withLocks(state: AgentStateV1, locks: Lock[]): AgentStateV1 {
  return withExtension(state, EXT.locks, locks);
}

/** The live lock on `resource` held by someone other than the producer, if any. */
function heldByOther(state: AgentStateV1, resource: string, context: OperationContext): Lock | undefined {
  return locksOf(state).find(
    (l) => l.resource === resource && l.holder !== context.producer.component_id && isLive(l, context.committedAt),
  );
}

export const acquireLock = defineOperation<{ resource: string; ttlMs: number }>({
  name: "acquireLock",
  readsClock: true,
  description: "Take a lock for the producing component. Fails with ERR_LOCK_HELD while another holder's lock is live.",
  args: { resource: resourceArg, ttlMs: ttlArg },
  apply: (state, { resource, ttlMs }, context) => {
    const other = heldByOther(state, resource, context);
    if (other) throw new LockHeldError(resource, other.holder, other.expires_at);
    const own = locksOf(state).find(
      (l) => l.resource === resource && l.holder === context.producer.component_id && isLive(l, context.committedAt),
    );
    const lock: Lock = {
      resource,
      holder: context.producer.component_id,
      acquired_at: own?.acquired_at ?? context.committedAt,
      expires_at: expiry(context.committedAt, ttlMs),
      state_version_acquired: own?.state_version_acquired ?? state.identity.state_version + 1,
    };
    return withLocks(state, [...locksOf(state).filter((l) => l.resource !== resource), lock]);
  },
});

export const renewLock = defineOperation<{ resource: string; ttlMs: number }>({
  name: "renewLock",
  readsClock: true,
  description: "Extend a live lock the producing component holds.",
  args: { resource: resourceArg, ttlMs: ttlArg },
  apply: (state, { resource, ttlMs }, context) => {
    const other = heldByOther(state, resource, context);
    if (other) throw new LockHeldError(resource, other.holder, other.expires_at);
    const own = locksOf(state).find((l) => l.resource === resource && l.holder === context.producer.component_id);
    if (!own || !isLive(own, context.committedAt)) {
      throw new PreconditionFailedError(`${context.producer.component_id} holds no live lock on ${resource}; acquire it`, "resource");
    }
    const renewed = { ...own, expires_at: expiry(context.committedAt, ttlMs) };
    return withLocks(
      state,
      locksOf(state).map((l) => (l === own ? renewed : l)),
    );
  },
});

export const releaseLock = defineOperation<{ resource: string }>({
  name: "releaseLock",
  readsClock: true,
  description: "Release a lock. Only its holder may release a live lock; an expired lock may be cleared by anyone.",
  args: { resource: resourceArg },
  apply: (state, { resource }, context) => {
    const other = heldByOther(state, resource, context);
    if (other) throw new LockHeldError(resource, other.holder, other.expires_at);
    const kept = locksOf(state).filter((l) => l.resource !== resource);
    return kept.length === locksOf(state).length ? state : withLocks(state, kept);
  },
});
