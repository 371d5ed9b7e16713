// runsChanged: one stream of ledger entries across the runs of a scope (a task, a list of runs,
// or every run), as light summaries. It starts at the scope's heads when it subscribes
// (everything committed after that is delivered; runs created later from their first entry),
// or, for runs named in `after`, right after the position given. With `unnamedFrom:
// "FIRST_ENTRY"`, runs not named in `after` start from their first entry instead of their head:
// a client that listed the runs and names each at its listed head then gets every entry of a run
// created between its listing and this subscription (canon/client's watchRuns does this).
//
// It has the shape of runStateChanged (run-watch.ts): each run the subscription follows is a
// member of that run's group (run-group.ts) with its own cursor, caught up by the run's one
// catch-up loop, then handed new entries by the synced group; per run, entries arrive in order
// and exactly once. All of a subscription's runs feed one stream (a SinkStream, like a run
// watch), which graphql-ws redirects to the subscriber's socket. A run is followed from the
// first time it moves after the subscription began (or from its `after` position), so a
// dashboard over every run costs nothing for the runs that stay still.
//
// What is its own is finding those runs: the instance listens to the feed once for all
// subscriptions (a notice for a run not followed yet starts following it, if the scope covers
// it), and re-checks the heads once for all of them when the feed may have lost notices. A
// deleted run's last event is its deletion (kind DELETE), one position past its last entry.
import { InvalidInputError } from "../contracts/errors.js";
import { RunsSubscriberTooSlowError, type RunPosition } from "../contracts/watch-errors.js";
import type { RunStatus } from "../domain/run-status.js";
import type { ChangeFeed, LedgerNotice } from "./change-feed.js";
import type { RunChangeReader, RunChangeRecord, RunHead, RunScope } from "./run-changes.js";
import { RunGroups, type GroupMember, type RunGroup } from "./run-group.js";
import { DEFAULT_MAX_LAG, type WatchOptions } from "./run-watch.js";
import { OpenWatches } from "./open-watches.js";
import { SinkStream } from "./sink-stream.js";

const MAX_RUN_IDS = 1_000;
const MAX_POSITIONS = 10_000;
/** Changes that may wait in the sink before catch-up waits for the consumer. */
const PACE = 16;
/**
 * How far back a re-check looks past the previous one. A run's `updated_at` is its writing
 * statement's start, which can precede that statement's commit; this covers any such gap.
 */
const RECHECK_OVERLAP_MS = 30_000;

export interface RunsChangedRequest {
  scope: RunScope;
  /** Only entries after which the run has this status (the others still advance the cursor). */
  status: RunStatus | null;
  /** Runs to resume from a position instead of their head (catch-up, then live). */
  after: RunPosition[];
  /** Where runs not named in `after` start: at their head when the subscription begins (the default), or from their first entry. */
  unnamedFrom?: "HEAD" | "FIRST_ENTRY";
  /** Whether the subscriber may see a run's events (a token's run/task restriction); the others still advance the cursor. */
  admits?: (run: { id: string; taskId: string }) => boolean;
  /**
   * Ends the stream early, e.g. when its token is revoked: called with the stream's `end` when
   * it starts, and what it returns is called when the stream ends, however it ends.
   */
  until?: (end: (error: unknown) => void) => () => void;
}

const EVERY_RUN: RunScope = { taskId: null, runIds: null };

export class RunsWatcher {
  /** Open subscriptions: shutdown ends them (closeAll) and waits for them (idle). */
  readonly open = new OpenWatches();
  /** The runs' groups of summaries; `groups.reads` counts their ledger reads. */
  readonly groups: RunGroups<RunChangeRecord>;
  private readonly subscribers = new Set<RunsSubscription>();
  private stopListening: (() => void) | undefined;
  /**
   * Every write before this (less RECHECK_OVERLAP_MS) has reached every subscriber, by a notice,
   * its start-up read of heads or a re-check; undefined until a subscriber has read its heads.
   */
  private checkedAt: Date | undefined;
  private rechecking = false;
  private recheckWanted = false;

  constructor(
    private readonly reader: RunChangeReader,
    private readonly feed: ChangeFeed,
    private readonly options: WatchOptions = { maxLag: DEFAULT_MAX_LAG },
  ) {
    this.groups = new RunGroups(feed, {
      read: (runId, afterSeq, limit) => reader.changes(runId, afterSeq, limit),
      // A deleted run's last event is its deletion.
      missing: async (runId) => {
        const deletion = await reader.deletion(runId);
        return deletion ? { last: deletion } : null;
      },
    });
  }

  /** Starts following the scope at once; the caller reads the stream, or redirects it to a socket. */
  async watch(request: RunsChangedRequest): Promise<RunsSubscription> {
    validate(request);
    const subscription = new RunsSubscription(request, this.reader, this.groups, this.options.maxLag);
    // Listen before reading the heads, so no write can fall between the two.
    const leave = this.join(subscription);
    const closed = this.open.add(() => subscription.end());
    const released = request.until?.((error) => subscription.end(error));
    void subscription.ended.then(() => {
      leave();
      closed();
      released?.();
    });
    void subscription.start().then(
      (now) => (this.checkedAt ??= now),
      (error) => subscription.end(error),
    );
    return subscription;
  }

  /** Adds a subscriber; the instance listens to the feed while it has any. Returns its removal. */
  private join(subscriber: RunsSubscription): () => void {
    this.subscribers.add(subscriber);
    this.stopListening ??= this.feed.subscribeAll({
      notice: (notice) => {
        for (const each of this.subscribers) each.notice(notice);
      },
      resync: () => void this.recheck(),
    });
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size > 0) return;
      this.stopListening?.();
      this.stopListening = undefined;
      this.checkedAt = undefined;
    };
  }

  /**
   * The feed may have lost notices: one read of the heads written since the previous re-check
   * (and of the runs deleted since) for every subscriber, instead of one per subscriber. A
   * re-check asked for while one runs is made after it.
   */
  private async recheck(): Promise<void> {
    if (this.rechecking) return void (this.recheckWanted = true);
    this.rechecking = true;
    try {
      do {
        this.recheckWanted = false;
        if (!this.checkedAt) return;
        const { heads, now } = await this.reader.heads(EVERY_RUN, new Date(this.checkedAt.getTime() - RECHECK_OVERLAP_MS));
        if (this.checkedAt) this.checkedAt = now;
        for (const subscriber of this.subscribers) subscriber.recheck(heads);
      } while (this.recheckWanted);
    } catch (error) {
      // As when a subscription's own read fails: its stream ends with the error, and it resumes.
      for (const subscriber of [...this.subscribers]) subscriber.end(error);
    } finally {
      this.rechecking = false;
    }
  }
}

/** A run a subscription follows: its cursor in the run's group. */
class FollowedRun implements GroupMember<RunChangeRecord> {
  /** Whether anything past its start was delivered (or skipped): then a resume needs its position. */
  moved = false;
  /** The run's deletion was delivered: nothing follows. */
  done = false;
  private roomy: Promise<void> | undefined;

  constructor(
    private readonly subscription: RunsSubscription,
    readonly group: RunGroup<RunChangeRecord>,
    /** The last seq delivered (or skipped by the filters). */
    public cursor: number,
    /** Entries up to here were written before the subscription or announced by a re-check: not lag. */
    public historyEnd: number,
  ) {}

  get runId(): string {
    return this.group.runId;
  }

  take(entries: readonly RunChangeRecord[], history: boolean): void {
    this.subscription.takeLive(this, entries, history);
  }

  catchUp(page: readonly RunChangeRecord[]): void {
    this.subscription.takeCaughtUp(this, page);
  }

  get hasRoom(): boolean {
    return this.subscription.hasRoom;
  }

  room(): Promise<void> {
    return (this.roomy ??= this.subscription.room().then(() => void (this.roomy = undefined)));
  }

  checkLag(): void {
    this.subscription.checkLag(this);
  }

  last(entry: RunChangeRecord): void {
    this.subscription.takeLast(this, entry);
  }

  fail(error: unknown): void {
    this.subscription.end(error);
  }

  /** How far behind the run it is, not counting history. */
  get lag(): number {
    return Math.max(0, this.group.target - Math.max(this.cursor, this.historyEnd));
  }
}

/**
 * One runsChanged subscription: an async iterator of changes, or, once `redirect`ed, a feed
 * into another sink (a socket), like a run watch (sink-stream.ts).
 */
export class RunsSubscription extends SinkStream<RunChangeRecord> {
  /** Resolves when the stream ends, however it ends. */
  readonly ended: Promise<void>;
  private markEnded: () => void = () => {};
  /** Runs of the scope at their heads when the subscription began, not followed yet. */
  private readonly known = new Map<string, number>();
  private readonly followed = new Map<string, FollowedRun>();
  /** Runs heard of that are not known or followed yet: new runs, runs outside the scope, or before the start. */
  private readonly unknown = new Map<string, number>();
  private readonly outside = new Set<string>();
  private started = false;
  private admitting = false;
  private readonly inScope: (run: { runId: string; taskId: string | null }) => boolean;

  constructor(
    private readonly request: RunsChangedRequest,
    private readonly reader: RunChangeReader,
    private readonly groups: RunGroups<RunChangeRecord>,
    private readonly maxLag: number,
  ) {
    super();
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.inScope = scopeCovers(request.scope);
  }

  /** Reads the scope's heads and follows the runs named in `after`; returns the database's clock. */
  async start(): Promise<Date> {
    const { scope, after } = this.request;
    const start = await this.reader.heads(scope, null);
    for (const head of start.heads) this.known.set(head.runId, head.seq);
    for (const [index, position] of after.entries()) {
      const head = this.known.get(position.runId);
      if (head !== undefined) {
        if (position.seq < head) this.follow(position.runId, position.seq, head, head);
        continue;
      }
      const deletion = await this.reader.deletion(position.runId);
      if (!deletion || !this.inScope(deletion)) {
        throw new InvalidInputError(`run ${position.runId} is not in this subscription's scope`, [
          { path: `/after/${index}/runId`, message: "unknown run" },
        ]);
      }
      // A deleted run resumed before its deletion: the deletion is its one event left.
      if (position.seq < deletion.seq)
        this.follow(position.runId, position.seq, position.seq, position.seq)?.group.announce(deletion.seq, true);
    }
    if (this.request.unnamedFrom === "FIRST_ENTRY") {
      // Their entries up to the head were written before the subscription: history, not lag.
      const named = new Set(after.map((position) => position.runId));
      for (const [runId, head] of [...this.known]) if (!named.has(runId)) this.follow(runId, -1, head, head);
    }
    this.started = true;
    void this.admit();
    return start.now;
  }

  /** A notice from the feed-wide listener. A followed run's group heard it too. */
  notice(notice: LedgerNotice): void {
    this.heard(notice.runId, notice.seq, false);
  }

  /** Heads of runs written since the previous re-check (all runs: each subscription keeps its own scope's). */
  recheck(heads: RunHead[]): void {
    for (const head of heads) if (this.inScope(head)) this.heard(head.runId, head.seq, true);
  }

  private heard(runId: string, seq: number, history: boolean): void {
    if (this.closed) return;
    const run = this.followed.get(runId);
    if (run) {
      if (!history || run.done) return;
      run.historyEnd = Math.max(run.historyEnd, seq);
      return run.group.announce(seq, true);
    }
    const head = this.known.get(runId);
    if (this.started && head !== undefined) {
      if (seq > head) this.follow(runId, head, history ? seq : head, head)?.group.announce(seq, history);
      return;
    }
    if (this.outside.has(runId)) return;
    this.unknown.set(runId, Math.max(seq, this.unknown.get(runId) ?? -1));
    if (this.started) void this.admit();
  }

  /**
   * Runs first heard of after the subscription read its heads (or while it read them). Those in
   * scope and not known were created after that read (the scope never changes for a run), so
   * they start from their first entry.
   */
  private async admit(): Promise<void> {
    if (this.admitting) return;
    this.admitting = true;
    try {
      while (this.unknown.size > 0 && !this.closed) {
        const [runId, seq] = this.unknown.entries().next().value!;
        this.unknown.delete(runId);
        if (this.followed.has(runId) || this.known.has(runId)) {
          this.heard(runId, seq, false);
          const run = this.followed.get(runId);
          if (run) run.group.announce(seq, false); // heard before its group listened
          continue;
        }
        const { runIds, taskId } = this.request.scope;
        const covered = runIds ? runIds.includes(runId) : taskId ? (await this.reader.taskOf(runId)) === taskId : true;
        if (this.closed) return;
        if (!covered) this.outside.add(runId);
        else if (!this.followed.has(runId)) this.follow(runId, -1, -1, -1)?.group.announce(seq, false);
      }
    } catch (error) {
      this.end(error);
    } finally {
      this.admitting = false;
    }
  }

  /**
   * Follows a run from `cursor`; `head` is a position the run is known to have reached. Not once
   * the stream has ended: nothing would take it out of the group again.
   */
  private follow(runId: string, cursor: number, historyEnd: number, head: number): FollowedRun | undefined {
    if (this.closed) return undefined;
    this.known.delete(runId);
    const group = this.groups.of(runId);
    const run = new FollowedRun(this, group, cursor, historyEnd);
    this.followed.set(runId, run);
    group.observeHead(head);
    group.add(run);
    return run;
  }

  get hasRoom(): boolean {
    return this.sink.backlog < this.pace;
  }

  room(): Promise<void> {
    return this.sink.below(this.pace);
  }

  /** Catch-up fills the sink up to PACE, and never past what a live pass may hold. */
  private get pace(): number {
    return Math.min(PACE, this.maxLag);
  }

  /** A live pass of a run's group. */
  takeLive(run: FollowedRun, entries: readonly RunChangeRecord[], history: boolean): void {
    if (this.sink.backlog >= this.maxLag) {
      if (!history) return this.end(new RunsSubscriberTooSlowError(this.positions(), this.maxLag));
      // A backlog a re-check announced late: read it at the consumer's pace instead.
      run.historyEnd = Math.max(run.historyEnd, run.group.historyMark);
      return run.group.unsync(run);
    }
    for (const change of entries) this.deliver(run, change);
  }

  /** A catch-up page of a run's group: as much as the consumer has room for. */
  takeCaughtUp(run: FollowedRun, page: readonly RunChangeRecord[]): void {
    for (const change of page) {
      if (!this.hasRoom) return;
      this.deliver(run, change);
    }
  }

  /** The run's deletion: its last event, then the run is done. */
  takeLast(run: FollowedRun, deletion: RunChangeRecord): void {
    this.deliver(run, deletion);
    run.done = true;
    run.group.remove(run);
  }

  /** A run catching up may not fall more than maxLag entries behind it, history aside. */
  checkLag(run: FollowedRun): void {
    if (run.lag > 0 && this.sink.backlog + run.lag > this.maxLag) this.end(new RunsSubscriberTooSlowError(this.positions(), this.maxLag));
  }

  private deliver(run: FollowedRun, change: RunChangeRecord): void {
    if (this.closed || change.seq <= run.cursor) return;
    run.cursor = change.seq;
    run.moved = true;
    const { admits, status } = this.request;
    const visible = admits?.({ id: change.runId, taskId: change.taskId }) ?? true;
    if (visible && (status === null || change.status === status)) this.sink.offer(change);
  }

  /** Where to resume every run the stream delivered from, or still owed. */
  private positions(): RunPosition[] {
    return [...this.followed.values()]
      .filter((run) => run.moved || run.cursor < run.group.target)
      .map((run) => ({ runId: run.runId, seq: run.cursor }));
  }

  protected left(): void {
    for (const run of this.followed.values()) run.group.remove(run);
    this.markEnded();
  }
}

/** Whether `scope` covers a run, known by its id and task. */
function scopeCovers(scope: RunScope): (run: { runId: string; taskId: string | null }) => boolean {
  const runIds = scope.runIds && new Set(scope.runIds);
  return (run) => (runIds ? runIds.has(run.runId) : scope.taskId === null || run.taskId === scope.taskId);
}

function validate({ scope, after }: RunsChangedRequest): void {
  if (scope.runIds && (scope.runIds.length === 0 || scope.runIds.length > MAX_RUN_IDS)) {
    throw new InvalidInputError(`runIds takes 1 to ${MAX_RUN_IDS} runs`, [{ path: "/filter/runIds", message: `1 to ${MAX_RUN_IDS} ids` }]);
  }
  if (after.length > MAX_POSITIONS) {
    throw new InvalidInputError(`after takes at most ${MAX_POSITIONS} positions`, [{ path: "/after", message: "too many" }]);
  }
  for (const [index, position] of after.entries()) {
    if (!Number.isSafeInteger(position.seq) || position.seq < -1) {
      throw new InvalidInputError("a position's seq must be an integer >= -1", [{ path: `/after/${index}/seq`, message: "must be >= -1" }]);
    }
  }
}
