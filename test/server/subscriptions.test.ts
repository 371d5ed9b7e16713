// Watches over real graphql-ws and SSE clients: catch-up then live, in order, exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("ends a watch of an unknown run with a typed error", async () => {
    const watch = collect<WatchEvent>(canon.wsClient(), WATCH, { runId: "run-nope", afterVersion: 0 }, 1);
    await expect(watch.done).rejects.toThrow(/ERR_NOT_FOUND/);
  });

  it("streams the same watch over Server-Sent Events", async () => {
    const run = await startRun(canon.gql);
    await commitMany(run.runId, 0, 3);
    const controller = new AbortController();
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ query: WATCH, variables: { runId: run.runId, afterVersion: 1 } }),
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const versions: number[] = [];
    while (versions.length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (const match of buffer.matchAll(/^data: (.+)$/gm)) {
        const payload = JSON.parse(match[1]!) as { data?: WatchEvent };
        if (payload.data) versions.push(payload.data.runStateChanged.version);
      }
      buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
    }
    controller.abort();
    expect(versions).toEqual([2, 3]);
  });
});
