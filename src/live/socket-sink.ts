// A watch's events written straight to its graphql-ws socket. graphql-ws would carry each event
// of each subscriber through its own chain of promises, serialise it again and write it when
// that chain gets there; with a thousand subscribers on a run that was most of an event's cost.
// Here the event is encoded once per operation (shared-execution.ts) and each subscriber's
// `next` frame is that JSON behind its own id, written in the same pass as everyone else's.
// graphql-ws still owns the protocol: it sends `complete` or `error` when the watch ends, which
// happens only after every frame handed over here has been written.
//
// The frame is framed once per (event, subscription id) with ws's own `Sender.frame` (exported
// for this: websockets/ws#1016, framing a broadcast once) and written as one buffer to the
// connection under the WebSocket. `WebSocket.send` framed it again for every subscriber and wrote
// header and payload as two corked writes (a writev); without both, the fan-out's user time per
// subscriber went from about 4.4 to 2.6 µs (docs/benchmark-log.md, "Fan-out: one write per
// subscriber, framed once"). Writing to the connection keeps ws's order: without
// permessage-deflate (Canon does not negotiate it) ws writes every frame of its own (pings,
// `complete`, close) synchronously to the same connection, and ws's `bufferedAmount` counts ours.
import type { Duplex } from "node:stream";
import * as wsModule from "ws";
import type { WebSocket } from "ws";
import type { EncodedEvent, EventEncoder, WatchDelivery } from "./watch-delivery.js";
import { BacklogWaiters, type WatchSink } from "./watch-sink.js";

/** What the socket is closed with when an event says its caller may not have it. */
export type CloseFor = (errorCodes: readonly unknown[]) => { code: number; reason: string } | null;

/**
 * The WatchDelivery of one graphql-ws subscription: its events go to `socket` under `id`, written
 * to `connection`, the socket's underlying connection (the upgraded request's `socket`).
 */
export function socketDelivery(socket: WebSocket, connection: Duplex, id: string, closeFor: CloseFor): WatchDelivery {
  return { sinkFor: (encode) => new SocketSink(socket, connection, id, encode, closeFor) };
}

// ws exports its Sender (lib/sender.js) from both entry points; @types/ws does not declare it.
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
};

/** Text frame, final, unmasked (a server's), uncompressed. */
const TEXT_FRAME = { fin: true, opcode: 0x1, mask: false, readOnly: true, rsv1: false } as const;

/** The last frame built from an encoded event: subscribers of one operation often share an id ("1"). */
const lastFrames = new WeakMap<EncodedEvent, { id: string; frame: Buffer }>();

/** The `next` message of subscription `id` carrying `event`, as one WebSocket frame. */
function nextFrame(event: EncodedEvent, id: string, prefix: string): Buffer {
  const last = lastFrames.get(event);
  if (last?.id === id) return last.frame;
  const frame = Buffer.concat(Sender.frame(Buffer.from(prefix + event.json + "}"), TEXT_FRAME));
  lastFrames.set(event, { id, frame });
  return frame;
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as Promise<T>)?.then === "function";

export class SocketSink implements WatchSink<object> {
  /** Frames handed to the socket and not yet written to the kernel, plus events being encoded. */
  private unsent = 0;
  /** Events whose encoding is in flight, in order; undefined when there are none. */
  private tail: Promise<void> | undefined;
  private aborted = false;
  private readonly room = new BacklogWaiters();
  private readonly prefix: string;
  /** Frames go to the connection, framed here; with a negotiated extension (compression), through ws. */
  private readonly direct: boolean;

  constructor(
    private readonly socket: WebSocket,
    private readonly connection: Duplex,
    private readonly id: string,
    private readonly encode: EventEncoder,
    private readonly closeFor: CloseFor,
  ) {
    this.prefix = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
    this.direct = socket.extensions === "";
  }

  offer(event: object): void {
    if (this.aborted) return;
    this.unsent++;
    const encoded = this.encode(event);
    if (!this.tail && !isPromise(encoded)) return this.write(encoded);
    // Frames leave in event order even when an encoding takes a turn of the event loop.
    const tail: Promise<void> = (this.tail ?? Promise.resolve())
      .then(() => encoded)
      .then((ready) => this.write(ready), this.written)
      .finally(() => {
        if (this.tail === tail) this.tail = undefined;
      });
    this.tail = tail;
  }

  get backlog(): number {
    return this.unsent;
  }

  below(limit: number): Promise<void> {
    if (this.aborted || this.unsent < limit) return Promise.resolve();
    return this.room.wait(limit);
  }

  flushed(): Promise<void> {
    return this.tail ?? Promise.resolve();
  }

  abort(): void {
    this.aborted = true;
    this.room.releaseAll();
  }

  private write(event: EncodedEvent): void {
    if (this.aborted || this.socket.readyState !== this.socket.OPEN) return this.written();
    const close = event.errorCodes.length ? this.closeFor(event.errorCodes) : null;
    if (close) {
      this.socket.close(close.code, close.reason);
      return this.written();
    }
    if (this.direct) this.connection.write(nextFrame(event, this.id, this.prefix), this.written);
    else this.socket.send(this.prefix + event.json + "}", this.written);
  }

  private readonly written = (): void => {
    this.unsent--;
    this.room.notify(this.unsent);
  };
}
