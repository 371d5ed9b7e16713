// SocketSink over a real WebSocket pair: frames are graphql-ws `next` messages, leave in event
// order whatever order their encodings finish in, and an event the caller may not have closes
// the socket the way graphql-ws's onNext hook would. Frames written to the connection under the
// WebSocket interleave in order with ws's own (a `complete` sent through ws after them).
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { SocketSink } from "../../src/live/socket-sink.js";
import type { EncodedEvent } from "../../src/live/watch-delivery.js";

interface Pair {
  server: WebSocket;
  /** The server side's connection under its WebSocket. */
  connection: Socket;
  client: WebSocket;
  received: unknown[];
  closed: Promise<number>;
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function socketPair(options: { perMessageDeflate?: boolean } = {}): Promise<Pair> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", ...options });
  servers.push(wss);
  await new Promise((resolve) => wss.once("listening", resolve));
  const accepted = new Promise<[WebSocket, Socket]>((resolve) =>
    wss.once("connection", (socket, request) => resolve([socket, request.socket as Socket])),
  );
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const received: unknown[] = [];
  client.on("message", (data) => received.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => client.once("close", (code) => resolve(code)));
  await new Promise((resolve) => client.once("open", resolve));
  const [server, connection] = await accepted;
  return { server, connection, client, received, closed };
}

const encoded = (data: unknown, errorCodes: string[] = []): EncodedEvent => ({ json: JSON.stringify({ data }), errorCodes });
const noClose = () => null;

describe("SocketSink", () => {
  it("writes each event as a graphql-ws next frame, in event order even when encodings finish out of order", async () => {
    const pair = await socketPair();
    let finishFirst: (value: EncodedEvent) => void = () => {};
    const first = new Promise<EncodedEvent>((resolve) => (finishFirst = resolve));
    const encodings = new Map<object, EncodedEvent | Promise<EncodedEvent>>();
    const events = [{ n: 1 }, { n: 2 }, { n: 3 }];
    encodings.set(events[0]!, first);
    encodings.set(events[1]!, encoded({ n: 2 }));
    encodings.set(events[2]!, Promise.resolve(encoded({ n: 3 })));
    const sink = new SocketSink(pair.server, pair.connection, "sub-7", (event) => encodings.get(event)!, noClose);
    for (const event of events) sink.offer(event);
    expect(sink.backlog).toBe(3);
    setTimeout(() => finishFirst(encoded({ n: 1 })), 20);
    await sink.flushed();
    await expect.poll(() => pair.received.length).toBe(3);
    expect(pair.received).toEqual([1, 2, 3].map((n) => ({ id: "sub-7", type: "next", payload: { data: { n } } })));
    await expect.poll(() => sink.backlog).toBe(0);
    await expect(sink.below(1)).resolves.toBeUndefined();
  });

  it("closes the socket when an event says the caller may not have it, and sends nothing of it", async () => {
    const pair = await socketPair();
    const closeFor = (codes: readonly unknown[]) => (codes.includes("ERR_FORBIDDEN") ? { code: 4403, reason: "Forbidden" } : null);
    const sink = new SocketSink(
      pair.server,
      pair.connection,
      "1",
      (event) => encoded(event, (event as { n: number }).n === 2 ? ["ERR_FORBIDDEN"] : []),
      closeFor,
    );
    sink.offer({ n: 1 });
    sink.offer({ n: 2 });
    sink.offer({ n: 3 });
    expect(await pair.closed).toBe(4403);
    expect(pair.received).toEqual([{ id: "1", type: "next", payload: { data: { n: 1 } } }]);
  });

  it("drops what is still being encoded once aborted", async () => {
    const pair = await socketPair();
    let finish: (value: EncodedEvent) => void = () => {};
    const slow = new Promise<EncodedEvent>((resolve) => (finish = resolve));
    const sink = new SocketSink(
      pair.server,
      pair.connection,
      "1",
      (event) => ((event as { n: number }).n === 1 ? encoded({ n: 1 }) : slow),
      noClose,
    );
    sink.offer({ n: 1 });
    sink.offer({ n: 2 });
    sink.abort();
    finish(encoded({ n: 2 }));
    await sink.flushed();
    pair.client.close();
    await pair.closed;
    expect(pair.received).toEqual([{ id: "1", type: "next", payload: { data: { n: 1 } } }]);
  });

  it("shares one frame among subscriptions with the same id, keeps each socket's own id, and stays in order with ws's frames", async () => {
    const [a, b, c] = [await socketPair(), await socketPair(), await socketPair()];
    const event = encoded({ n: 1 });
    const sinks = [
      new SocketSink(a.server, a.connection, "1", () => event, noClose),
      new SocketSink(b.server, b.connection, "2", () => event, noClose),
      new SocketSink(c.server, c.connection, "1", () => event, noClose),
    ];
    for (const sink of sinks) sink.offer({});
    a.server.send(JSON.stringify({ id: "1", type: "complete" }));
    const next = (id: string) => ({ id, type: "next", payload: { data: { n: 1 } } });
    await expect.poll(() => a.received.length + b.received.length + c.received.length).toBe(4);
    expect(a.received).toEqual([next("1"), { id: "1", type: "complete" }]);
    expect(b.received).toEqual([next("2")]);
    expect(c.received).toEqual([next("1")]);
    for (const sink of sinks) await expect.poll(() => sink.backlog).toBe(0);
  });

  it("frames payloads of every length class (7-bit, 16-bit and 64-bit lengths)", async () => {
    const pair = await socketPair();
    const sizes = [10, 200, 70_000];
    const sink = new SocketSink(pair.server, pair.connection, "1", (event) => encoded(event), noClose);
    for (const size of sizes) sink.offer({ text: "x".repeat(size) });
    await expect.poll(() => pair.received.length).toBe(3);
    expect(pair.received).toEqual(sizes.map((size) => ({ id: "1", type: "next", payload: { data: { text: "x".repeat(size) } } })));
  });

  it("sends through ws when the socket negotiated compression (ws's frames may be queued behind a deflate)", async () => {
    const pair = await socketPair({ perMessageDeflate: true });
    expect(pair.server.extensions).toContain("permessage-deflate");
    const sink = new SocketSink(pair.server, pair.connection, "1", (event) => encoded(event), noClose);
    for (const n of [1, 2, 3]) sink.offer({ n });
    pair.server.send(JSON.stringify({ id: "1", type: "complete" }));
    await expect.poll(() => pair.received.length).toBe(4);
    expect(pair.received).toEqual([
      ...[1, 2, 3].map((n) => ({ id: "1", type: "next", payload: { data: { n } } })),
      { id: "1", type: "complete" },
    ]);
  });
});
