// How a transport takes a subscription's events itself. graphql-ws writes each event straight to
// the subscriber's socket (socket-sink.ts) instead of carrying it through graphql-ws's own promise
// chain; SSE and in-process readers have no such transport and read the stream's async iterator.
// The server passes a WatchDelivery into the GraphQL context factory when it creates the context
// of a socket's subscription (websocket.ts), and the shared execution (shared-execution.ts)
// redirects the subscription's stream (a SinkStream: a run watch or a runsChanged subscription)
// into the sink it makes.
import type { WatchSink } from "./watch-sink.js";

/** An event as every subscriber of one operation receives it: the `next` payload's JSON. */
export interface EncodedEvent {
  json: string;
  /** The codes of the errors in it, for closing the socket as graphql-ws's onNext would. */
  errorCodes: readonly unknown[];
}

/** Executes and encodes an event once per operation (shared-execution.ts). */
export type EventEncoder = (event: object) => EncodedEvent | Promise<EncodedEvent>;

export interface WatchDelivery {
  /** A sink that writes this subscription's events, each encoded by `encode`. */
  sinkFor(encode: EventEncoder): WatchSink<object>;
}
