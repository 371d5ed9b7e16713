// What one read may cost. A state can be megabytes, so the static cost limit (limits.ts counts
// fields, not bytes) cannot tell a cheap query from one that reads gigabytes. Here every request
// has a byte budget (CANON_MAX_RESPONSE_BYTES) that each state, document, operations list,
// patch and history page spends as it is read or returned, sized from what is stored; a field
// that would overspend fails with ERR_RESPONSE_TOO_LARGE before it reads anything, naming the
// arguments to page with. And a token holds at most CANON_READ_CONCURRENCY requests that read
// states from the store at once; further ones wait their turn (up to CANON_READ_QUEUE, then
// ERR_READS_BUSY). Memory per token is therefore bounded by about concurrency x budget.
import type { GraphQLResolveInfo } from "graphql";
import pLimit, { type LimitFunction } from "p-limit";
import { ReadsBusyError, ResponseTooLargeError } from "../contracts/read-errors.js";
import { jsonSize } from "../domain/json-size.js";
import type { GraphQLContext } from "./builder.js";

export interface ReadLimits {
  /** Bytes of state, documents and pages one request may read and return. */
  maxResponseBytes: number;
  /** Requests per token that may read states from the store at once. */
  readConcurrency: number;
  /** Requests per token that may wait for their turn; more are refused with ERR_READS_BUSY. */
  readQueue: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { maxResponseBytes: 32 * 1024 * 1024, readConcurrency: 2, readQueue: 16 };

/** Generic advice for fields that return whole states. */
export const FEWER_STATES = "ask for fewer states in one request: fewer aliases, or a smaller history page (`first`, then `after`)";

interface Budget {
  spent: number;
  /** The request's store reads, one at a time: once the budget is spent, the rest fail before reading. */
  serial: LimitFunction;
  /** The request's read permit, once it asked for one: resolves to its release. */
  permit?: Promise<() => void>;
}

export class ReadGuard {
  private readonly perToken = new Map<string, LimitFunction>();
  private readonly requests = new WeakMap<object, Budget>();
  /** A subscription's events each get a budget of their own. */
  private readonly events = new WeakMap<object, WeakMap<object, Budget>>();

  readonly limits: ReadLimits;

  constructor(limits: Partial<ReadLimits> = {}) {
    this.limits = {
      maxResponseBytes: limits.maxResponseBytes ?? DEFAULT_READ_LIMITS.maxResponseBytes,
      readConcurrency: limits.readConcurrency ?? DEFAULT_READ_LIMITS.readConcurrency,
      readQueue: limits.readQueue ?? DEFAULT_READ_LIMITS.readQueue,
    };
  }

  /** Bytes this request may still spend. */
  remaining(ctx: GraphQLContext, info: GraphQLResolveInfo): number {
    return this.limits.maxResponseBytes - this.budget(ctx, info).spent;
  }

  /** Throws ERR_RESPONSE_TOO_LARGE unless `bytes` more fit; spends nothing. */
  check(ctx: GraphQLContext, info: GraphQLResolveInfo, bytes: number, advice = FEWER_STATES, pagingArguments: string[] = []): void {
    const budget = this.budget(ctx, info);
    if (budget.spent + bytes <= this.limits.maxResponseBytes) return;
    throw new ResponseTooLargeError(this.limits.maxResponseBytes, budget.spent + bytes, fieldOf(info), advice, pagingArguments);
  }

  /** Spends `bytes` of the request's budget, or throws ERR_RESPONSE_TOO_LARGE. */
  charge(ctx: GraphQLContext, info: GraphQLResolveInfo, bytes: number, advice = FEWER_STATES, pagingArguments: string[] = []): void {
    this.check(ctx, info, bytes, advice, pagingArguments);
    this.budget(ctx, info).spent += bytes;
  }

  /** Returns `value` once its JSON size is spent from the budget (a field's output). */
  output<T>(ctx: GraphQLContext, info: GraphQLResolveInfo, value: T, advice = FEWER_STATES): T {
    this.charge(ctx, info, jsonSize(value), advice);
    return value;
  }

  /**
   * Runs an expensive store read (states, history pages): one at a time per request, once the
   * request holds one of its token's permits, and only while its budget is not spent.
   */
  async read<T>(ctx: GraphQLContext, info: GraphQLResolveInfo, work: () => Promise<T>): Promise<T> {
    const budget = this.budget(ctx, info);
    // A subscription's events are paced by the watch engine, and hold no permit.
    if (info.operation.operation !== "subscription" && ctx.principal) {
      budget.permit ??= this.acquire(ctx.principal.tokenId);
      await budget.permit;
    }
    return budget.serial(() => {
      this.check(ctx, info, 1);
      return work();
    });
  }

  /** The request's execution ended: its permit goes to the next request of its token. */
  release(ctx: object): void {
    const budget = this.requests.get(ctx);
    const permit = budget?.permit;
    if (!permit) return;
    budget.permit = undefined;
    void permit.then((release) => release());
  }

  private acquire(tokenId: string): Promise<() => void> {
    let limit = this.perToken.get(tokenId);
    if (!limit) this.perToken.set(tokenId, (limit = pLimit(this.limits.readConcurrency)));
    if (limit.pendingCount >= this.limits.readQueue) throw new ReadsBusyError(limit.activeCount, limit.pendingCount);
    const tokenLimit = limit;
    return new Promise((granted) => {
      void tokenLimit(
        () =>
          new Promise<void>((done) =>
            granted(() => {
              done();
              setImmediate(() => {
                if (tokenLimit.activeCount === 0 && tokenLimit.pendingCount === 0 && this.perToken.get(tokenId) === tokenLimit)
                  this.perToken.delete(tokenId);
              });
            }),
          ),
      );
    });
  }

  private budget(ctx: GraphQLContext, info: GraphQLResolveInfo): Budget {
    const root = info.rootValue;
    if (info.operation.operation === "subscription") {
      if (root === null || typeof root !== "object") return newBudget(); // nothing to key it by: this field alone
      let byEvent = this.events.get(ctx);
      if (!byEvent) this.events.set(ctx, (byEvent = new WeakMap()));
      let budget = byEvent.get(root);
      if (!budget) byEvent.set(root, (budget = newBudget()));
      return budget;
    }
    let budget = this.requests.get(ctx);
    if (!budget) this.requests.set(ctx, (budget = newBudget()));
    return budget;
  }
}

const newBudget = (): Budget => ({ spent: 0, serial: pLimit(1) });

const fieldOf = (info: GraphQLResolveInfo): string => `${info.parentType.name}.${info.fieldName}`;
