// canon/client's watch resumes by itself, from the last entry it delivered, and delivers every
// version exactly once and in order: across a dropped socket, a subscriber ended with
// ERR_SUBSCRIBER_TOO_SLOW, and a server killed with SIGKILL and started again on the same data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCanonClient, type CanonClient, type LedgerEntry, type Watch } from "../../src/client/index.js";
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

/** Commits the next `count` versions, one at a time, each at the version it read. */
async function commitVersions(writer: CanonClient, runId: string, count: number) {
  for (let i = 0; i < count; i++) await writer.update(runId, (_state, version) => status(`v${version + 1}`));
}

describe(`canon/client watch resumes on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    // No keep-alive: a paused socket misses pongs and would be closed before it is found too slow.
    canon = await startTestCanon({ watchBuffer: 10, keepAliveMs: 0 });
  });
  afterAll(() => canon.stop());

  it("across a dropped socket: every version exactly once, in order", async () => {
    const proxy = await startTcpProxy(canon.url);
    const writer = createCanonClient({ url: canon.url, token: canon.token });
    const watcher = createCanonClient({ url: proxy.url, token: canon.token, webSocketImpl: WebSocket });
    try {
      const { run } = await writer.startRun({ objective: "dropped socket", workspaceRoot: "/w" });
      const reading = readUntil(watcher.watch(run.runId, { afterVersion: 0 }, fast), 30);
      await commitVersions(writer, run.runId, 10);
      await expect.poll(() => reading.entries.length).toBeGreaterThan(0);
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

  it("across ERR_SUBSCRIBER_TOO_SLOW: resumes from the last seq delivered, every version exactly once, in order", async () => {
    const sockets: WebSocket[] = [];
    const ends: string[] = [];
    // The client's WebSocket, recorded so the test can stop reading it, as a stalled consumer would.
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
    const writer = createCanonClient({ url: canon.url, token: canon.token });
    const watcher = createCanonClient({ url: canon.url, token: canon.token, webSocketImpl: RecordedWebSocket });
    try {
      const { run } = await writer.startRun({ objective: "slow subscriber", workspaceRoot: "/w" });
      // States this large fill the socket buffers within a few dozen events, so the server feels the stall.
      await writer.commit(run.runId, [{ setPlan: { plan: { steps: Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(16_000, "x")) } } }], { expectedVersion: 0 });
      const reading = readUntil(watcher.watch(run.runId, { afterVersion: 0 }, { withState: true, ...fast }), 120);
      await expect.poll(() => reading.entries.length).toBe(1);
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
  });
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
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes after the server is killed and started again on the same data: every version exactly once, in order", { timeout: 240_000 }, async () => {
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
  });
});
