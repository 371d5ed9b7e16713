// A real Canon server on an ephemeral port, with real HTTP and graphql-ws clients.
//
// Every request carries an API token. `gql` uses the default test principal (component
// "test-agent", RUNTIME, every scope, trust SECRET) unless told otherwise: `{ as: identity }`
// uses a token minted for that component (once, then cached), `{ token }` a given token, and
// `{ token: null }` none at all.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { ComponentIdentity, TrustClass } from "../../src/contracts/common.js";
import { SCOPES, type Scope } from "../../src/domain/principal.js";
import { startCanon, type CanonServer } from "../../src/server/canon-server.js";
import type { CanonConfig } from "../../src/server/config.js";
import type { TokenSpec } from "../../src/store/token-store.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

export interface AuthOptions {
  /** Act as this component (a token for it is minted with every scope and trust SECRET). */
  as?: ComponentIdentity;
  /** This exact token; null sends no Authorization header. */
  token?: string | null;
}

export interface TestCanon {
  server: CanonServer;
  url: string;
  /** The default test principal's token. */
  token: string;
  gql<T = any>(query: string, variables?: Record<string, unknown>, auth?: AuthOptions): Promise<GraphQLResponse<T>>;
  /** A token acting as `identity` (cached per component id and kind). */
  tokenFor(identity: ComponentIdentity): Promise<string>;
  /** A new token with exactly these properties. */
  createToken(
    spec: Partial<TokenSpec> & { scopes?: readonly Scope[]; trustClass?: TrustClass },
  ): Promise<{ token: string; tokenId: string }>;
  wsClient(auth?: AuthOptions): Client;
  stop(): Promise<void>;
}

export interface GraphQLResponse<T> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export const TEST_AGENT: ComponentIdentity = { component_id: "test-agent", component_version: "1.0.0", kind: "RUNTIME" };

export async function startTestCanon(overrides: Partial<Omit<CanonConfig, "database">> = {}): Promise<TestCanon> {
  const database: TestDatabase = await createTestDatabase();
  const server = await startCanon({
    host: "127.0.0.1",
    port: 0,
    database: database.options,
    logLevel: process.env.CANON_TEST_LOG_LEVEL ?? "silent",
    maxBodyBytes: 1024 * 1024,
    shutdownGraceMs: 5_000,
    watchBuffer: 1_000,
    watchResyncMs: 5_000,
    keepAliveMs: 12_000,
    introspection: true,
    graphiql: true,
    // Tests write in bursts far above any real agent's rate; the rate limit has its own test.
    commitRatePerSecond: 0,
    commitBurst: 1,
    runCommitRatePerSecond: 0,
    runCommitBurst: 1,
    tokenRecheckMs: 500,
    ...overrides,
  });
  const minted = new Map<string, Promise<string>>();
  const createToken: TestCanon["createToken"] = async (spec) => {
    const { token, record } = await server.tokens.create({
      identity: spec.identity ?? { ...TEST_AGENT, component_version: "*" },
      trustClass: spec.trustClass ?? "SECRET",
      scopes: spec.scopes ?? SCOPES,
      runIds: spec.runIds,
      taskIds: spec.taskIds,
      label: spec.label,
    });
    return { token, tokenId: record.tokenId };
  };
  const tokenFor = (identity: ComponentIdentity) => {
    const key = `${identity.component_id}|${identity.kind}`;
    let token = minted.get(key);
    if (!token) {
      token = createToken({ identity: { component_id: identity.component_id, component_version: "*", kind: identity.kind } }).then(
        (t) => t.token,
      );
      minted.set(key, token);
    }
    return token;
  };
  const defaultToken = await tokenFor(TEST_AGENT);
  const resolveToken = async (auth?: AuthOptions) =>
    auth && "token" in auth ? auth.token : auth?.as ? await tokenFor(auth.as) : defaultToken;
  const clients: Client[] = [];
  return {
    server,
    url: server.url,
    token: defaultToken,
    gql: async (query, variables, auth) => postGraphQL(server.url, query, variables, (await resolveToken(auth)) ?? undefined),
    tokenFor,
    createToken,
    wsClient(auth) {
      // The token is fetched lazily so that wsClient stays synchronous.
      const client = createClient({
        url: server.url.replace("http", "ws"),
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: async () => {
          const token = await resolveToken(auth);
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      });
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

export async function postGraphQL<T>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
): Promise<GraphQLResponse<T>> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
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
