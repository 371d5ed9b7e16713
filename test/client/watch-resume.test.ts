// canon/client's watch resumes by itself, from the last entry it delivered, and delivers every
// version exactly once and in order: across a dropped socket, a subscriber ended with
// ERR_SUBSCRIBER_TOO_SLOW, and a server killed with SIGKILL and started again on the same data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCanonClient,
  type CanonClient,
  type LedgerEntry,
  type RunChange,
  type RunsWatch,
  type Watch,
} from "../../src/client/index.js";
import { startTestCanon, TEST_AGENT, type TestCanon } from "../support/canon.js";
import { kill, serve, tokenVia } from "../support/canon-process.js";
import { backendName, createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTcpProxy } from "../support/tcp-proxy.js";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const status = (text: string) => [{ setUserVisibleStatus: { status: text } }];
const fast = { reconnect: { baseDelayMs: 50, maxDelayMs: 500 } };

/** Reads a watch in the background until it has delivered `version`. */
function readUntil(watch: Watch, version: number) {
  const entries: LedgerEntry[] = [];
  const done = (async () => {
    for await (const entry of watch) {
      entries.push(entry);
      if (entry.version >= version) break;
    }
    return entries;
  })();
  return { entries, done };
}

const versionsOf = (entries: LedgerEntry[]) => entries.map((entry) => entry.version);
const seqsOf = (entries: LedgerEntry[]) => entries.map((entry) => entry.seq);

/** Commits the next `count` versions, one at a time, from the version the run is at now. */
async function commitVersions(writer: CanonClient, runId: string, count: number) {
  let version = (await writer.run(runId)).stateVersion;
  for (let i = 0; i < count; i++)
    version = (await writer.commit(runId, status(`v${version + 1}`), { expectedVersion: version })).run.stateVersion;
}

/** A WebSocket class for the client that the test can stop reading, as a stalled consumer would, and that notes how subscriptions ended. */
function recordedWebSocket() {
  const sockets: WebSocket[] = [];
  const ends: string[] = [];
  class RecordedWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
      this.on("message", (data) => {
        const message = JSON.parse(String(data)) as { type: string; payload?: { extensions?: { code?: string } }[] };
        if (message.type === "error") ends.push(message.payload?.[0]?.extensions?.code ?? "?");
      });
    }
  }
  return { RecordedWebSocket, sockets, ends };
}

/** A WebSocket class for the client that holds its subscribe messages until `release`: the server takes a subscription late. */
function heldSubscriptions() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  class HeldWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      const send = this.send.bind(this);
      this.send = ((data: string, ...rest: []) => {
        if ((JSON.parse(data) as { type: string }).type !== "subscribe") return send(data, ...rest);
        void released.then(() => send(data, ...rest));
      }) as typeof this.send;
    }
  }
  return { HeldWebSocket, release };
}

/** Reads a runs watch in the background, keeping each run's seqs, until `enough` says so. */
function readRuns(watch: RunsWatch, enough: (seqs: Map<string, number[]>) => boolean) {
  const seqs = new Map<string, number[]>();
  const changes: RunChange[] = [];
  const done = (async () => {
    for await (const change of watch) {
      changes.push(change);
      seqs.set(change.runId, [...(seqs.get(change.runId) ?? []), change.seq]);
      if (enough(seqs)) break;
    }
    return seqs;
  })();
  return { seqs, changes, done };
}

const BIG_PLAN = [{ setPlan: { plan: { steps: Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(16_000, "x")) } } }];

describe(`canon/client watch resumes on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    // No keep-alive: a paused socket misses pongs and would be closed before it is found too slow.
    canon = await startTestCanon({ watchBuffer: 10, keepAliveMs: 0 });
  });
  afterAll(() => canon?.stop());

  // Generous timeouts: these write a hundred versions or more, on a machine that may be busy.
  it("across a dropped socket: every version exactly once, in order", { timeout: 180_000 }, async () => {
    const proxy = await startTcpProxy(canon.url);
    const writer = createCanonClient({ url: canon.url, token: canon.token });
    const watcher = createCanonClient({ url: proxy.url, token: canon.token, webSocketImpl: WebSocket });
    try {
      const { run } = await writer.startRun({ objective: "dropped socket", workspaceRoot: "/w" });
      const reading = readUntil(watcher.watch(run.runId, { afterVersion: 0 }, fast), 30);
      await commitVersions(writer, run.runId, 10);
      await expect.poll(() => reading.entries.length, { timeout: 10_000 }).toBeGreaterThan(0);
      proxy.dropAll();
      await commitVersions(writer, run.runId, 10);
      proxy.dropAll();
      await commitVersions(writer, run.runId, 10);
      expect(versionsOf(await reading.done)).toEqual(range(1, 30));
      expect(seqsOf(reading.entries)).toEqual(range(1, 30));
    } finally {
      await watcher.close();
      await proxy.close();
    }
  });

  it(
    "across ERR_SUBSCRIBER_TOO_SLOW: resumes from the last seq delivered, every version exactly once, in order",
    { timeout: 180_000 },
    async () => {
      const { RecordedWebSocket, sockets, ends } = recordedWebSocket();
      const writer = createCanonClient({ url: canon.url, token: canon.token });
      const watcher = createCanonClient({ url: canon.url, token: canon.token, webSocketImpl: RecordedWebSocket });
      try {
        const { run } = await writer.startRun({ objective: "slow subscriber", workspaceRoot: "/w" });
        // States this large fill the socket buffers within a few dozen events, so the server feels the stall.
        await writer.commit(run.runId, BIG_PLAN, { expectedVersion: 0 });
        const reading = readUntil(watcher.watch(run.runId, { afterVersion: 0 }, { withState: true, ...fast }), 120);
        await expect.poll(() => reading.entries.length, { timeout: 10_000 }).toBe(1);
        sockets.at(-1)!.pause();
        await commitVersions(writer, run.runId, 119);
        sockets.at(-1)!.resume();
        const entries = await reading.done;
        expect(ends).toContain("ERR_SUBSCRIBER_TOO_SLOW");
        expect(versionsOf(entries)).toEqual(range(1, 120));
        expect(seqsOf(entries)).toEqual(range(1, 120));
        expect(entries.at(-1)!.document?.user_visible_status).toBe("v120");
      } finally {
        await watcher.close();
      }
    },
  );

  it(
    "watchRuns across a dropped socket, with a run started while it was away: per run every entry exactly once, in order",
    { timeout: 180_000 },
    async () => {
      const proxy = await startTcpProxy(canon.url);
      const writer = createCanonClient({ url: canon.url, token: canon.token });
      const watcher = createCanonClient({ url: proxy.url, token: canon.token, webSocketImpl: WebSocket });
      try {
        const { run: a } = await writer.startRun({ objective: "a", workspaceRoot: "/w" });
        await commitVersions(writer, a.runId, 2); // before the watch: not in it
        let c = "";
        const watch = watcher.watchRuns({}, fast);
        const reading = readRuns(watch, (seqs) => seqs.get(a.runId)?.at(-1) === 8 && seqs.get(c)?.at(-1) === 5);
        await watch.ready;
        await commitVersions(writer, a.runId, 1);
        await expect.poll(() => reading.seqs.get(a.runId)?.length, { timeout: 10_000 }).toBe(1);
        proxy.refuse(true);
        proxy.dropAll();
        await commitVersions(writer, a.runId, 3);
        c = (await writer.startRun({ objective: "c", workspaceRoot: "/w" })).run.runId;
        await commitVersions(writer, c, 3);
        proxy.refuse(false);
        await commitVersions(writer, a.runId, 2);
        await commitVersions(writer, c, 2);
        const seqs = await reading.done;
        expect(seqs.get(a.runId)).toEqual(range(3, 8));
        expect(seqs.get(c)).toEqual(range(0, 5));
      } finally {
        await watcher.close();
        await proxy.close();
      }
    },
  );

  it("watchRuns delivers a run started between its listing and the server taking the subscription, from its first entry", async () => {
    const { HeldWebSocket, release } = heldSubscriptions();
    const writer = createCanonClient({ url: canon.url, token: canon.token });
    const watcher = createCanonClient({ url: canon.url, token: canon.token, webSocketImpl: HeldWebSocket });
    try {
      const { run: a } = await writer.startRun({ objective: "a", workspaceRoot: "/w" });
      await commitVersions(writer, a.runId, 2); // before the listing: not in it
      let late = "";
      const watch = watcher.watchRuns({}, fast);
      const reading = readRuns(watch, (seqs) => seqs.get(a.runId)?.at(-1) === 3 && seqs.get(late)?.at(-1) === 2);
      await watch.ready; // listed; the subscription waits on the client
      late = (await writer.startRun({ objective: "late", workspaceRoot: "/w" })).run.runId;
      await commitVersions(writer, late, 2);
      await commitVersions(writer, a.runId, 1);
      release();
      // Before runsChanged took unnamedFrom, the late run started at its head here: none of it came.
      await expect.poll(() => reading.seqs.get(late), { timeout: 20_000 }).toEqual([0, 1, 2]);
      await reading.done;
      expect(reading.seqs.get(a.runId)).toEqual([3]);
    } finally {
      await watcher.close();
    }
  });

  it(
    "watchRuns across ERR_SUBSCRIBER_TOO_SLOW, with a run started while it stalled: per run every entry exactly once, in order",
    { timeout: 180_000 },
    async () => {
      const { RecordedWebSocket, sockets, ends } = recordedWebSocket();
      const writer = createCanonClient({ url: canon.url, token: canon.token });
      const watcher = createCanonClient({ url: canon.url, token: canon.token, webSocketImpl: RecordedWebSocket });
      try {
        const { run: a } = await writer.startRun({ objective: "a", workspaceRoot: "/w" });
        await writer.commit(a.runId, BIG_PLAN, { expectedVersion: 0 });
        let d = "";
        // With states, events are large enough to fill the socket buffers within a few dozen.
        const watch = watcher.watchRuns({}, { withState: true, ...fast });
        const reading = readRuns(watch, (seqs) => seqs.get(a.runId)?.at(-1) === 121 && seqs.get(d)?.at(-1) === 3);
        await watch.ready;
        await commitVersions(writer, a.runId, 1);
        await expect.poll(() => reading.seqs.get(a.runId)?.length, { timeout: 10_000 }).toBe(1);
        sockets.at(-1)!.pause();
        await commitVersions(writer, a.runId, 60);
        d = (await writer.startRun({ objective: "d", workspaceRoot: "/w" })).run.runId;
        await commitVersions(writer, d, 3);
        await commitVersions(writer, a.runId, 59);
        sockets.at(-1)!.resume();
        const seqs = await reading.done;
        expect(ends).toContain("ERR_SUBSCRIBER_TOO_SLOW");
        expect(seqs.get(a.runId)).toEqual(range(2, 121));
        expect(seqs.get(d)).toEqual(range(0, 3));
        expect(reading.changes.find((change) => change.runId === a.runId && change.seq === 121)?.document?.user_visible_status).toBe(
          "v121",
        );
      } finally {
        await watcher.close();
      }
    },
  );
});

describe(`canon/client watch across kill -9 on ${backendName}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "canon-client-restart-"));
    env = database.options.kind === "postgres" ? { DATABASE_URL: database.options.url } : { CANON_DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "resumes after the server is killed and started again on the same data: every version exactly once, in order",
    { timeout: 240_000 },
    async () => {
      const first = await serve(env);
      const proxy = await startTcpProxy(first.url);
      const token = await tokenVia(first.url, TEST_AGENT);
      // Writer and watcher both reach the server through the proxy, which follows it to its new port.
      const writer = createCanonClient({ url: proxy.url, token });
      const watcher = createCanonClient({ url: proxy.url, token, webSocketImpl: WebSocket });
      let second: Awaited<ReturnType<typeof serve>> | undefined;
      try {
        const { run } = await writer.startRun({ objective: "restart", workspaceRoot: "/w" });
        const reading = readUntil(watcher.watch(run.runId, { afterVersion: 0 }, fast), 40);
        await commitVersions(writer, run.runId, 20);
        await kill(first.child, "SIGKILL");
        second = await serve(env);
        proxy.retarget(Number(new URL(second.url).port));
        await commitVersions(writer, run.runId, 20);
        const entries = await reading.done;
        expect(versionsOf(entries)).toEqual(range(1, 40));
        expect(seqsOf(entries)).toEqual(range(1, 40));
      } finally {
        await watcher.close();
        await proxy.close();
        await kill(first.child, "SIGKILL");
        if (second) await kill(second.child);
      }
    },
  );
});
