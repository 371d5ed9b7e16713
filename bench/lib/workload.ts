// What every benchmark commit writes, and Canon's GraphQL write API over a keep-alive socket.
// Canon and the raw-SQL floors use the same payload builder so they write the same bytes.
import http from "node:http";
import type { Outcome, Writer } from "./stats.js";

export const PRODUCER = { componentId: "bench-writer", componentVersion: "1.0.0", kind: "RUNTIME" } as const;
export const PROVENANCE = { sourceType: "SYSTEM", sourceId: "bench", trustClass: "INTERNAL" } as const;
/** The same two as Canon stores them on the ledger entry (see src/graphql/identity-types.ts). */
export const STORED_PRODUCER = { component_id: PRODUCER.componentId, component_version: PRODUCER.componentVersion, kind: PRODUCER.kind };
export const STORED_PROVENANCE = { source_type: PROVENANCE.sourceType, source_id: PROVENANCE.sourceId, trust_class: PROVENANCE.trustClass };

/**
 * One commit's content: a new plan (`planSteps` steps, about 90 bytes each) and a status line.
 * The step counter is in both, so every commit changes the state and is a real COMMIT, never
 * a NOOP that Canon would record without a new version.
 */
export function commitPayload(writer: number, step: number, planSteps: number) {
  const plan = {
    goal: `bench writer ${writer}`,
    step,
    steps: Array.from({ length: planSteps }, (_, i) => ({
      id: `s${i}`,
      title: `step ${i} of the benchmark plan for writer ${writer}`,
      status: i < step % planSteps ? "done" : "pending",
    })),
  };
  const status = `writer ${writer} at step ${step}`;
  return {
    /** As GraphQL `[StateOperation!]!`. */
    graphql: [{ setPlan: { plan } }, { setUserVisibleStatus: { status } }],
    /** As Canon stores them in ledger_entry.operations. */
    ledger: [
      { op: "setPlan", args: { plan } },
      { op: "setUserVisibleStatus", args: { status } },
    ],
    plan,
    status,
  };
}

const WHO = `producer: { componentId: "${PRODUCER.componentId}", componentVersion: "${PRODUCER.componentVersion}", kind: ${PRODUCER.kind} }
    provenance: { sourceType: ${PROVENANCE.sourceType}, sourceId: "${PROVENANCE.sourceId}", trustClass: ${PROVENANCE.trustClass} }`;

const START_RUN = `mutation Start($objective: String!) {
  startRun(input: { objective: $objective, workspaceRoot: "/work/bench", ${WHO} }) {
    __typename
    ... on WriteSuccess { run { runId stateVersion } }
    ... on Error { code message }
  }
}`;

// What a typical agent asks back after a write: the new version and ledger position, not the
// whole state document (that would measure JSON serialisation of the response instead).
const COMMIT = `mutation Commit($runId: ID!, $expectedVersion: Int!, $operations: [StateOperation!]!) {
  commitState(input: { runId: $runId, expectedVersion: $expectedVersion, operations: $operations, ${WHO} }) {
    __typename
    ... on WriteSuccess { run { stateVersion } entry { seq version kind } }
    ... on StateConflictError { currentVersion }
    ... on Error { code message }
  }
}`;

// The same commit, many at once: each item its own run, each answered on its own.
const COMMIT_BATCH = `mutation Batch($commits: [CommitStateInput!]!) {
  commitStates(input: { commits: $commits }) {
    __typename
    ... on CommitStatesSuccess {
      results { __typename ... on WriteSuccess { entry { version kind } } ... on StateConflictError { currentVersion } ... on Error { code message } }
    }
    ... on Error { code message }
  }
}`;

const REQUEST_TIMEOUT_MS = 30_000;

interface GraphQLBody {
  data?: Record<string, any>;
  errors?: { message: string }[];
}

/**
 * A minimal GraphQL-over-HTTP client on node:http with a keep-alive agent: one socket per
 * writer, reused for every request. Lighter on CPU than fetch, which matters on a 2-core
 * machine where the client, Canon and Postgres share the cores.
 */
export class CanonClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly url: URL,
    maxSockets: number,
    private readonly token: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  post(query: string, variables: Record<string, unknown>, attempt = 1): Promise<GraphQLBody> {
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const request = http.request(
        this.url,
        {
          method: "POST",
          agent: this.agent,
          headers: {
            "content-type": "application/json",
            accept: "application/graphql-response+json, application/json",
            authorization: `Bearer ${this.token}`,
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            try {
              resolve(JSON.parse(text) as GraphQLBody);
            } catch {
              reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 300)}`));
            }
          });
          response.on("error", reject);
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no response within ${REQUEST_TIMEOUT_MS} ms`)));
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed for idleness just as this request went out: the
        // server never read it, so sending it again is safe (Node's documented remedy).
        if (request.reusedSocket && error.code === "ECONNRESET" && attempt === 1) resolve(this.post(query, variables, 2));
        else reject(error);
      });
      request.end(body);
    });
  }

  async startRun(objective: string): Promise<string> {
    const response = await this.post(START_RUN, { objective });
    const result = response.data?.startRun;
    if (result?.__typename !== "WriteSuccess") throw new Error(`startRun failed: ${JSON.stringify(response).slice(0, 500)}`);
    return result.run.runId as string;
  }

  /** A writer on its own run, starting from version 0 (a freshly started run). */
  writer(runId: string, writerIndex: number, planSteps: number): Writer & { version: number } {
    const client = this;
    return {
      version: 0,
      async commit(): Promise<Outcome> {
        const expected = this.version;
        const response = await client.post(COMMIT, {
          runId,
          expectedVersion: expected,
          operations: commitPayload(writerIndex, expected + 1, planSteps).graphql,
        });
        const result = response.data?.commitState;
        if (result?.__typename === "WriteSuccess" && result.entry.kind === "COMMIT" && result.entry.version === expected + 1) {
          this.version = expected + 1;
          return { kind: "ok" };
        }
        if (result?.__typename === "StateConflictError") {
          // Not expected (every writer owns its run); resync so one surprise is counted once.
          this.version = result.currentVersion as number;
          return { kind: "conflict", currentVersion: this.version };
        }
        return { kind: "error", message: JSON.stringify(response).slice(0, 500) };
      },
    };
  }

  /**
   * One writer of batches: each call commits once to every run in `runIds` in one commitStates
   * request (writer indexes from `firstWriter`), and counts as runIds.length commits.
   */
  batchWriter(runIds: string[], firstWriter: number, planSteps: number): Writer {
    const client = this;
    const versions = runIds.map(() => 0);
    const who = { producer: PRODUCER, provenance: [PROVENANCE] };
    return {
      async commit(): Promise<Outcome> {
        const commits = runIds.map((runId, i) => ({
          runId,
          expectedVersion: versions[i]!,
          operations: commitPayload(firstWriter + i, versions[i]! + 1, planSteps).graphql,
          ...who,
        }));
        const response = await client.post(COMMIT_BATCH, { commits });
        const results = response.data?.commitStates?.results as
          { __typename: string; entry?: { version: number; kind: string }; currentVersion?: number }[] | undefined;
        if (!results || results.length !== runIds.length) return { kind: "error", message: JSON.stringify(response).slice(0, 500) };
        let ok = 0;
        for (const [i, result] of results.entries()) {
          if (result.__typename === "WriteSuccess" && result.entry!.kind === "COMMIT" && result.entry!.version === versions[i]! + 1) {
            versions[i]! += 1;
            ok++;
          } else if (result.__typename === "StateConflictError") {
            versions[i] = result.currentVersion!;
            return { kind: "conflict", currentVersion: versions[i]! };
          } else return { kind: "error", message: JSON.stringify(result).slice(0, 500) };
        }
        return { kind: "ok", commits: ok };
      },
    };
  }

  /** `{ __typename }` as a "writer": the per-request cost with no database work at all. */
  typenameProber(): Writer {
    const client = this;
    return {
      async commit(): Promise<Outcome> {
        const response = await client.post("{ __typename }", {});
        return response.data?.__typename === "Query" ? { kind: "ok" } : { kind: "error", message: JSON.stringify(response).slice(0, 300) };
      },
    };
  }

  close(): void {
    this.agent.destroy();
  }
}
