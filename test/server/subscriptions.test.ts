// Watches over real graphql-ws and SSE clients: catch-up then live, in order, exactly once.
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { backendName } from "../support/database.js";
import { collect, startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, setStatus, startRun, WATCH } from "../support/operations.js";

interface WatchEvent {
  runStateChanged: { runId: string; seq: number; version: number; kind: string; state: { identity: { stateVersion: number } } };
}

describe(`runStateChanged on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  async function commitMany(runId: string, from: number, count: number) {
    for (let version = from; version < from + count; version++) {
      const result = await canon.gql(COMMIT, { runId, expectedVersion: version, operations: setStatus(`step ${version + 1}`) });
      expect(result.data.commitState.__typename).toBe("WriteSuccess");
    }
  }

  const versionsOf = (events: WatchEvent[]) => events.map((e) => e.runStateChanged.version);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it("delivers the versions after afterVersion, then live ones, each once and in order", async () => {
    const run = await startRun(canon.gql);
    await commitMany(run.runId, 0, 5);
    const watch = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: run.runId, afterVersion: 2 }, 8);
    await expect.poll(() => watch.events.length).toBe(3);
    await commitMany(run.runId, 5, 5);
    const events = await watch.done;
    watch.unsubscribe();
    expect(versionsOf(events)).toEqual(range(3, 10));
    expect(events.every((e) => e.runStateChanged.state.identity.stateVersion === e.runStateChanged.version)).toBe(true);
  });

  it("has no gap and no duplicate when commits race a catch-up longer than one batch", async () => {
    const run = await startRun(canon.gql);
    await commitMany(run.runId, 0, 130);
    const watch = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: run.runId, afterVersion: 0 }, 160);
    await commitMany(run.runId, 130, 30); // runs while the watcher is still catching up
    const events = await watch.done;
    watch.unsubscribe();
    expect(versionsOf(events)).toEqual(range(1, 160));
    expect(events.map((e) => e.runStateChanged.seq)).toEqual(range(1, 160));
  });

  it("waits when afterVersion is ahead of the run, then starts right after it", async () => {
    const run = await startRun(canon.gql);
    const watch = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: run.runId, afterVersion: 3 }, 2);
    await commitMany(run.runId, 0, 5);
    const events = await watch.done;
    watch.unsubscribe();
    expect(versionsOf(events)).toEqual([4, 5]);
  });

  it("delivers NOOP entries with their kind and the unchanged state", async () => {
    const run = await startRun(canon.gql);
    const watch = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: run.runId, afterVersion: 0 }, 2);
    await commitMany(run.runId, 0, 1);
    const same = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 1, operations: setStatus("step 1") });
    expect(same.data.commitState.entry.kind).toBe("NOOP");
    const events = await watch.done;
    watch.unsubscribe();
    expect(events.map((e) => [e.runStateChanged.kind, e.runStateChanged.version, e.runStateChanged.state.identity.stateVersion])).toEqual([
      ["COMMIT", 1, 1],
      ["NOOP", 1, 1],
    ]);
  });

  it("resumes exactly from a ledger position with afterSeq, where afterVersion would repeat NOOPs", async () => {
    const run = await startRun(canon.gql);
    await commitMany(run.runId, 0, 1); // seq 1, version 1
    await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 1, operations: setStatus("step 1") }); // seq 2: NOOP at version 1
    await commitMany(run.runId, 1, 1); // seq 3, version 2
    const bySeq = `subscription($runId: ID!, $afterSeq: Int) { runStateChanged(runId: $runId, afterSeq: $afterSeq) { seq version kind } }`;
    const fromSeq = collect<any>(canon.wsClient(), bySeq, { runId: run.runId, afterSeq: 2 }, 1);
    expect((await fromSeq.done).map((e) => e.runStateChanged)).toEqual([{ seq: 3, version: 2, kind: "COMMIT" }]);
    fromSeq.unsubscribe();
    const fromVersion = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: run.runId, afterVersion: 1 }, 2);
    expect((await fromVersion.done).map((e) => e.runStateChanged.seq)).toEqual([2, 3]);
    fromVersion.unsubscribe();
    const both = `subscription($runId: ID!) { runStateChanged(runId: $runId, afterVersion: 0, afterSeq: 0) { seq } }`;
    await expect(collect(canon.wsClient(), both, { runId: run.runId }, 1).done).rejects.toThrow(/ERR_INVALID_INPUT/);
    const neither = `subscription($runId: ID!) { runStateChanged(runId: $runId) { seq } }`;
    await expect(collect(canon.wsClient(), neither, { runId: run.runId }, 1).done).rejects.toThrow(/ERR_INVALID_INPUT/);
  });

  it("ends a watch of an unknown run with a typed error", async () => {
    const watch = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: "run-nope", afterVersion: 0 }, 1);
    await expect(watch.done).rejects.toThrow(/ERR_NOT_FOUND/);
  });

  it("streams the same watch over Server-Sent Events", async () => {
    const run = await startRun(canon.gql);
    await commitMany(run.runId, 0, 3);
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${canon.token}` },
      body: JSON.stringify({ query: WATCH, variables: { runId: run.runId, afterVersion: 1 } }),
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const versions: number[] = [];
    for await (const payload of sseMessages<WatchEvent>(response)) {
      if (payload.data) versions.push(payload.data.runStateChanged.version);
      if (versions.length === 2) break; // which cancels the stream
    }
    expect(versions).toEqual([2, 3]);
  });

  it("ends subscribers that stop reading (graphql-ws and SSE) with ERR_SUBSCRIBER_TOO_SLOW; commits and others go on", async () => {
    const maxLag = 10;
    // No keep-alive: a stalled socket misses pongs and would be closed before it is found too slow.
    const slowCanon = await startTestCanon({ watchBuffer: maxLag, keepAliveMs: 0 });
    try {
      const run = await startRun(slowCanon.gql);
      const commit = async (expectedVersion: number, operations: unknown[]) => {
        const result = await slowCanon.gql(COMMIT, { runId: run.runId, expectedVersion, operations });
        expect(result.data.commitState.__typename).toBe("WriteSuccess");
      };
      // Events this large fill the socket buffers within a few dozen, so the server feels the stall.
      await commit(0, [{ setPlan: { plan: { steps: Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(16_000, "x")) } } }]);
      const variables = { runId: run.runId, afterVersion: 1 };
      const ws = stallableSubscriber(slowCanon.url, slowCanon.token, WATCH_PLAN, variables);
      const sse = await fetch(slowCanon.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${slowCanon.token}` },
        body: JSON.stringify({ query: WATCH_PLAN, variables }),
      });
      const fast = collect<WatchEvent>(slowCanon.wsClient(), WATCH, variables, 119);
      await commit(1, setStatus("v2"));
      await ws.firstEvent;
      ws.socket().pause(); // from here on neither slow client reads what the server sends

      for (let version = 2; version < 120; version++) await commit(version, setStatus(`v${version + 1}`));
      expect(versionsOf(await fast.done)).toEqual(range(2, 120));
      fast.unsubscribe();

      ws.socket().resume();
      const sseEnd: SlowEnd = { versions: [] };
      for await (const payload of sseMessages<{ runStateChanged: { version: number } }>(sse)) {
        if (payload.data) sseEnd.versions.push(payload.data.runStateChanged.version);
        sseEnd.error ??= payload.errors?.[0];
      }
      for (const { versions, error } of [await ws.ended, sseEnd]) {
        expect(error?.extensions).toMatchObject({ code: "ERR_SUBSCRIBER_TOO_SLOW", family: "SYSTEM", retryable: true });
        const last = error!.extensions.details.lastDeliveredVersion as number;
        // Everything the server had handed over arrived, in order, and the error names the last of it.
        expect(versions).toEqual(range(2, last));
        expect(last).toBeLessThan(120 - maxLag);
      }
      const last = (await ws.ended).versions.at(-1)!;
      const resumed = collect<WatchEvent>(slowCanon.wsClient(), WATCH, { runId: run.runId, afterVersion: last }, 120 - last);
      expect(versionsOf(await resumed.done)).toEqual(range(last + 1, 120));
      resumed.unsubscribe();
      await ws.dispose();
    } finally {
      await slowCanon.stop();
    }
  });
});

const WATCH_PLAN = `subscription Watch($runId: ID!, $afterVersion: Int!) {
  runStateChanged(runId: $runId, afterVersion: $afterVersion) { version state { plan } }
}`;

interface SlowEnd {
  versions: number[];
  error?: { extensions: Record<string, any> };
}

/** A graphql-ws subscriber whose socket can stop being read, as a stalled client's would. */
function stallableSubscriber(url: string, token: string, query: string, variables: Record<string, unknown>) {
  let socket: WebSocket | undefined;
  const client = createClient({
    url: url.replace("http", "ws"),
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        socket = this;
      }
    },
  });
  const end: SlowEnd = { versions: [] };
  let firstEvent = () => {};
  return {
    socket: () => socket!,
    firstEvent: new Promise<void>((resolve) => (firstEvent = resolve)),
    ended: new Promise<SlowEnd>((resolve) => {
      client.subscribe<{ runStateChanged: { version: number } }>(
        { query, variables },
        {
          next: (result) => {
            end.versions.push(result.data!.runStateChanged.version);
            firstEvent();
          },
          error: (errors) => resolve({ ...end, error: (errors as SlowEnd["error"][])[0] }),
          complete: () => resolve(end),
        },
      );
    }),
    dispose: () => client.dispose(),
  };
}

/** The payloads of a GraphQL-over-SSE response, until it completes. */
async function* sseMessages<T>(response: Response): AsyncGenerator<{ data?: T; errors?: SlowEnd["error"][] }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) if (line.startsWith("data: ")) yield JSON.parse(line.slice(6));
    }
  } finally {
    await reader.cancel();
  }
}
