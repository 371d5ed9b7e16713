// A real Canon server on an ephemeral port, with real HTTP and graphql-ws clients.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { startCanon, type CanonServer } from "../../src/server/canon-server.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

export interface TestCanon {
  server: CanonServer;
  url: string;
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  wsClient(): Client;
  stop(): Promise<void>;
}

export interface GraphQLResponse<T> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function startTestCanon(overrides: { maxBodyBytes?: number; watchBuffer?: number; keepAliveMs?: number } = {}): Promise<TestCanon> {
  const database: TestDatabase = await createTestDatabase();
  const server = await startCanon({
    host: "127.0.0.1",
    port: 0,
    database: database.options,
    logLevel: process.env.CANON_TEST_LOG_LEVEL ?? "silent",
    maxBodyBytes: overrides.maxBodyBytes ?? 1024 * 1024,
    shutdownGraceMs: 5_000,
    watchBuffer: overrides.watchBuffer ?? 1_000,
    watchResyncMs: 5_000,
    keepAliveMs: overrides.keepAliveMs ?? 12_000,
    watchSharedReads: true,
  });
  const clients: Client[] = [];
  return {
    server,
    url: server.url,
    gql: (query, variables) => postGraphQL(server.url, query, variables),
    wsClient() {
      const client = createClient({ url: server.url.replace("http", "ws"), webSocketImpl: WebSocket, retryAttempts: 0 });
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.dispose()));
      await server.close();
      await database.dispose();
    },
  };
}

export async function postGraphQL<T>(url: string, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Omit<GraphQLResponse<T>, "status">;
  return { status: response.status, ...body };
}

/** Collects a subscription's events until `count` arrived (or the stream ends). */
export function collect<T>(client: Client, query: string, variables: Record<string, unknown>, count: number) {
  const events: T[] = [];
  let unsubscribe = () => {};
  const done = new Promise<T[]>((resolve, reject) => {
    unsubscribe = client.subscribe<T>(
      { query, variables },
      {
        next: (result) => {
          if (result.errors) return reject(new Error(JSON.stringify(result.errors)));
          events.push(result.data as T);
          if (events.length >= count) resolve(events);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => resolve(events),
      },
    );
  });
  return { events, done, unsubscribe: () => unsubscribe() };
}
