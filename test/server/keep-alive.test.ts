// Idle subscriptions are kept alive on both transports at CANON_KEEPALIVE_MS: WebSocket ping
// frames (a peer that stops answering is closed), and `:` comments on SSE streams.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, setStatus, startRun, WATCH } from "../support/operations.js";

// Long enough that a test worker busy for a few hundred ms on a shared 2-core machine still
// answers a ping before the next one (a missed pong closes the peer).
const INTERVAL = 400;

describe(`keep-alive on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon({ keepAliveMs: INTERVAL });
  });
  afterAll(() => canon.stop());

  /** A raw graphql-transport-ws connection, acknowledged. */
  async function rawSocket(options: WebSocket.ClientOptions = {}) {
    const socket = new WebSocket(canon.url.replace("http", "ws"), "graphql-transport-ws", options);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${canon.token}` } }));
    await new Promise<void>((resolve) => socket.once("message", () => resolve()));
    return socket;
  }

  it("pings WebSocket clients within the interval", async () => {
    const socket = await rawSocket();
    const started = Date.now();
    await new Promise((resolve) => socket.once("ping", resolve));
    expect(Date.now() - started).toBeLessThan(INTERVAL * 5); // what the interval is for, not how exact it is
    // ws answers with a pong by itself, so the connection stays up over several intervals.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL * 4));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it("closes a WebSocket peer that stops answering pings", async () => {
    const socket = await rawSocket({ autoPong: false });
    const closed = await new Promise<number>((resolve) => socket.once("close", resolve));
    expect(closed).toBe(1006); // terminated, not closed politely: the peer is presumed gone
  });

  it("sends SSE comments while a subscription is idle, and events stay whole", async () => {
    const run = await startRun(canon.gql);
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${canon.token}` },
      body: JSON.stringify({ query: WATCH, variables: { runId: run.runId, afterVersion: 0 } }),
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const until = Date.now() + INTERVAL * 10;
    while (Date.now() < until) text += decoder.decode((await reader.read()).value, { stream: true });
    // The opening comment, then one per interval (yoga's own SSE pings come at most every 300 ms).
    expect((text.match(/^:\n\n/gm) ?? []).length).toBeGreaterThanOrEqual(6);
    const committed = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("v1") });
    expect(committed.data.commitState.__typename).toBe("WriteSuccess");
    while (!/event: next\ndata: .*\n\n/.test(text)) text += decoder.decode((await reader.read()).value, { stream: true });
    const data = JSON.parse(/event: next\ndata: (.*)\n\n/.exec(text)![1]!);
    expect(data.data.runStateChanged.version).toBe(1);
    await reader.cancel();
  });
});
