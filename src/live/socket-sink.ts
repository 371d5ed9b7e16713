// A watch's events written straight to its graphql-ws socket. graphql-ws would carry each event
// of each subscriber through its own chain of promises, serialise it again and write it when
// that chain gets there; with a thousand subscribers on a run that was most of an event's cost.
// Here the event is encoded once per operation (shared-execution.ts) and each subscriber's
// `next` frame is that JSON behind its own id, written in the same pass as everyone else's.
// graphql-ws still owns the protocol: it sends `complete` or `error` when the watch ends, which
// happens only after every frame handed over here has been written.
import type { WebSocket } from "ws";
import type { EncodedEvent, EventEncoder, WatchDelivery } from "./watch-delivery.js";
import { BacklogWaiters, type WatchSink } from "./watch-sink.js";

/** What the socket is closed with when an event says its caller may not have it. */
export type CloseFor = (errorCodes: readonly unknown[]) => { code: number; reason: string } | null;

/** The WatchDelivery of one graphql-ws subscription: its events go to `socket` under `id`. */
export function socketDelivery(socket: WebSocket, id: string, closeFor: CloseFor): WatchDelivery {
  return { sinkFor: (encode) => new SocketSink(socket, id, encode, closeFor) };
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

  constructor(
    private readonly socket: WebSocket,
    id: string,
    private readonly encode: EventEncoder,
    private readonly closeFor: CloseFor,
  ) {
    this.prefix = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
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
    this.socket.send(this.prefix + event.json + "}", this.written);
  }

  private readonly written = (): void => {
    this.unsent--;
    this.room.notify(this.unsent);
  };
}
