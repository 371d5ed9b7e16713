// Delivery across Canon instances through PostgreSQL itself. Each instance LISTENs on one
// dedicated connection. A commit is delivered in this process at once (with its entry), then
// announced to the others as pg_notify(channel, "<runId>:<seq>"); their watchers read the entry
// from the ledger. NOTIFY is best effort: a writer can die between COMMIT and pg_notify, and the
// LISTEN connection can drop. So the feed also re-reads the ledger heads of watched runs, after
// every (re)connect and every `resyncMs`. Notices are only hints; the watcher's cursor is what
// keeps delivery exactly-once.
import pg from "pg";
import { InProcessChangeFeed, type LedgerNotice, type NoticeListener } from "./change-feed.js";
import type { Database } from "../db/database.js";
// A token revoked anywhere (TokenStore.revoke) is announced here too, payload its id.
import { TOKEN_REVOKED_CHANNEL } from "../store/token-store.js";

export const LEDGER_CHANNEL = "canon_ledger";
/** The listener's `application_name`, so operators (and tests) can find its session. */
export const LISTENER_APPLICATION_NAME = "canon-listener";

export interface FeedLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PostgresChangeFeedOptions {
  /** How often the heads of watched runs are re-read, in case a notification was lost; 0: never. */
  resyncMs: number;
  logger: FeedLogger;
}

/** Prepared: it follows most commits (src/db/sql-connection.ts). */
const NOTIFY_STATEMENT = { name: "canon_ledger_notify_v1", text: "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p" };

/** The reconnect delay doubles from `min` up to `max`. */
const BACKOFF_MS = { min: 100, max: 5_000 };

export class PostgresChangeFeed extends InProcessChangeFeed {
  /** Highest seq delivered per watched run, so remote notices that bring nothing new are dropped. */
  private readonly seen = new Map<string, number>();
  /** Notifications not sent yet: run id -> highest seq (one notice per run stands for the rest). */
  private readonly unsent = new Map<string, number>();
  private sending: Promise<void> | null = null;
  private listener: pg.Client | null = null;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;
  private resyncing = false;
  private closed = false;
  private readonly revocationListeners = new Set<(tokenId: string) => void>();

  private constructor(
    private readonly db: Database,
    private readonly url: string,
    private readonly options: PostgresChangeFeedOptions,
  ) {
    super();
  }

  /** Resolves once the instance is listening, so no commit after startup can go unheard. */
  static async open(db: Database, options: PostgresChangeFeedOptions): Promise<PostgresChangeFeed> {
    if (!db.postgresUrl) throw new Error("PostgresChangeFeed needs a PostgreSQL database");
    const feed = new PostgresChangeFeed(db, db.postgresUrl, options);
    await feed.connect();
    if (options.resyncMs > 0) feed.resyncTimer = setInterval(() => feed.periodicResync(), options.resyncMs);
    return feed;
  }

  /**
   * Calls `listener` with the id of every token revoked on any instance or by the CLI. Best
   * effort like every NOTIFY: the token sessions' periodic re-check is the backstop.
   */
  onTokenRevoked(listener: (tokenId: string) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  override publish(notice: LedgerNotice): void {
    this.deliver(notice);
    if (this.closed) return;
    this.unsent.set(notice.runId, Math.max(notice.seq, this.unsent.get(notice.runId) ?? -1));
    this.sending ??= this.sendNotifications();
  }

  override subscribe(runId: string, listener: NoticeListener): () => void {
    const unsubscribe = super.subscribe(runId, listener);
    return () => {
      unsubscribe();
      if (!this.listeners.has(runId)) this.seen.delete(runId);
    };
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.resyncTimer);
    // The last commits' notifications go out before the pool closes.
    await this.sending;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
    await super.close();
  }

  private deliver(notice: LedgerNotice): void {
    // Feed-wide listeners keep a cursor per run, so a repeated notice costs them a comparison.
    if (!notice.resync) this.publishToAll(notice);
    if (!this.listeners.has(notice.runId)) return;
    const seen = this.seen.get(notice.runId) ?? -1;
    // Safe to drop (this also drops our own echoes): every watcher subscribed when `seen` was
    // delivered got that notice, and every later one read the run's head after subscribing.
    if (!notice.entry && notice.seq <= seen) return;
    if (!notice.gone) this.seen.set(notice.runId, Math.max(seen, notice.seq));
    this.publishToRun(notice);
  }

  // One NOTIFY statement in flight per instance: commits never wait for it, a burst of commits
  // shares a round trip, and few transactions contend for the lock Postgres takes to queue
  // notifications at commit.
  private async sendNotifications(): Promise<void> {
    while (this.unsent.size > 0) {
      const payloads = [...this.unsent].map(([runId, seq]) => `${runId}:${seq}`);
      this.unsent.clear();
      try {
        // On the driver, as the append is (ledger-writes.ts): one of these follows most commits.
        await this.db.sql.query(NOTIFY_STATEMENT, [LEDGER_CHANNEL, payloads]);
      } catch (error) {
        this.options.logger.warn(
          { err: error },
          "could not send ledger notifications; other instances find these writes at their next resync",
        );
      }
    }
    this.sending = null;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    let ended = false;
    client.on("notification", (message) => {
      if (message.channel === TOKEN_REVOKED_CHANNEL) for (const listener of this.revocationListeners) listener(message.payload ?? "");
      else this.onNotification(message.payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => {
      ended = true;
      this.lost(client);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LEDGER_CHANNEL}; LISTEN ${TOKEN_REVOKED_CHANNEL}`);
      if (ended) throw new Error("the LISTEN connection closed while it was being set up");
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) return void (await client.end().catch(() => {}));
    this.listener = client;
    if (this.failures > 0) this.options.logger.info({ attempts: this.failures }, "LISTEN connection restored");
    this.failures = 0;
    // Whatever was committed while nobody listened is in the ledger: send each watcher there.
    await this.resync();
  }

  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.listener) return;
    this.listener = null;
    void client.end().catch(() => {});
    this.options.logger.warn({ err: error }, "lost the LISTEN connection; reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const { min, max } = BACKOFF_MS;
    const ceiling = Math.min(max, min * 2 ** this.failures++);
    // Jitter, so instances that lost the database together do not come back in lockstep.
    const delay = ceiling / 2 + (Math.random() * ceiling) / 2;
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((error: unknown) => {
        this.options.logger.warn({ err: error, attempts: this.failures }, "could not reconnect the LISTEN connection");
        this.scheduleReconnect();
      });
    }, delay);
  }

  private onNotification(payload: string | undefined): void {
    const colon = payload?.lastIndexOf(":") ?? -1;
    if (!payload || colon <= 0) return;
    const seq = Number(payload.slice(colon + 1));
    if (Number.isSafeInteger(seq)) this.deliver({ runId: payload.slice(0, colon), seq });
  }

  private periodicResync(): void {
    if (this.resyncing) return;
    this.resyncing = true;
    void this.resync().finally(() => (this.resyncing = false));
  }

  /** One indexed query for all watched runs; each watcher hears only of runs that moved on. */
  private async resync(): Promise<void> {
    for (const listener of this.feedWide) listener.resync();
    const runIds = [...this.listeners.keys()];
    if (runIds.length === 0) return;
    try {
      const heads = await this.db.prisma.$queryRaw<{ id: string; ledger_seq: number }[]>`
        SELECT "id", "ledger_seq" FROM "run" WHERE "id" = ANY(${runIds}::text[])`;
      for (const head of heads) this.deliver({ runId: head.id, seq: head.ledger_seq, resync: true });
      // A watched run without a row was deleted (or its deletion's NOTIFY was lost): its watchers check.
      const present = new Set(heads.map((head) => head.id));
      for (const runId of runIds) if (!present.has(runId)) this.deliver({ runId, seq: Number.MAX_SAFE_INTEGER, resync: true, gone: true });
    } catch (error) {
      this.options.logger.warn({ err: error }, "could not re-read the heads of watched runs");
    }
  }
}
