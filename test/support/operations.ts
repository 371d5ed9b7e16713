// GraphQL documents the end-to-end tests share.
import type { OperationCall } from "../../src/domain/operations/index.js";
import type { TestCanon } from "./canon.js";
import type { Writer } from "./realistic-run.js";
export const WHO = `producer: { componentId: "test-agent", componentVersion: "1.0.0", kind: RUNTIME }
    provenance: { sourceType: SYSTEM, sourceId: "test", trustClass: INTERNAL }`;

export const START_RUN = `mutation Start($objective: String!) {
  startRun(input: { objective: $objective, workspaceRoot: "/work/app", ${WHO} }) {
    __typename
    ... on WriteSuccess { run { id runId stateVersion status } entry { seq version kind } }
    ... on Error { code message }
  }
}`;

export const COMMIT = `mutation Commit($runId: ID!, $expectedVersion: Int!, $operations: [StateOperation!]!, $idempotencyKey: String) {
  commitState(input: { runId: $runId, expectedVersion: $expectedVersion, operations: $operations, idempotencyKey: $idempotencyKey, ${WHO} }) {
    __typename
    ... on WriteSuccess { replayed run { stateVersion contentHash state { plan constraints userVisibleStatus } } entry { seq version kind } }
    ... on StateConflictError { expectedVersion currentVersion runId }
    ... on InvalidInputError { problems { path message } }
    ... on Error { family code message retryable }
  }
}`;

export const RUN_LEDGER_PROBE = `query Probe($id: ID!) {
  run(id: $id) { __typename ... on Run { stateVersion contentHash document } ... on Error { code } }
}`;

export const WATCH = `subscription Watch($runId: ID!, $afterVersion: Int!) {
  runStateChanged(runId: $runId, afterVersion: $afterVersion) {
    runId seq version kind contentHash producer { componentId } state { plan identity { stateVersion } }
  }
}`;

export const setStatus = (status: string) => [{ setUserVisibleStatus: { status } }];

export async function startRun(gql: (q: string, v?: Record<string, unknown>) => Promise<any>, objective = "Fix the failing login test") {
  const response = await gql(START_RUN, { objective });
  if (response.data?.startRun?.__typename !== "WriteSuccess") throw new Error(JSON.stringify(response));
  return response.data.startRun.run as { id: string; runId: string; stateVersion: number };
}

/** A writer's identity and provenance as GraphQL input. */
export const asGraphQLWriter = (who: Writer) => ({
  producer: { componentId: who.producer.component_id, componentVersion: who.producer.component_version, kind: who.producer.kind },
  provenance: who.provenance.map((p) => ({ sourceType: p.source_type, sourceId: p.source_id, trustClass: p.trust_class })),
});

export const COMMIT_AS = `mutation($input: CommitStateInput!) {
  commitState(input: $input) {
    __typename
    ... on WriteSuccess { run { stateVersion contentHash status } entry { seq version kind } }
    ... on Error { code message }
  }
}`;

export const START_RUN_IN_TASK = `mutation Start($objective: String!, $taskId: ID) {
  startRun(input: { objective: $objective, workspaceRoot: "/work/app", taskId: $taskId, ${WHO} }) {
    __typename
    ... on WriteSuccess { run { runId taskId stateVersion ledgerSeq } }
    ... on Error { code message }
  }
}`;

/** Commits domain-style calls (`{ op, args }`) over GraphQL as `who`, with a token of `who`'s own. */
export const commitAs = (canon: TestCanon, runId: string, expectedVersion: number, who: Writer, calls: OperationCall[]) =>
  canon.gql(
    COMMIT_AS,
    { input: { runId, expectedVersion, operations: calls.map((call) => ({ [call.op]: call.args })), ...asGraphQLWriter(who) } },
    { as: who.producer },
  );

// $unnamedFrom left out of the variables: the argument's default (HEAD) applies.
export const RUNS_CHANGED = `subscription Dashboard($filter: RunsChangedFilter, $after: [RunPositionInput!], $unnamedFrom: UnnamedRunsStart) {
  runsChanged(filter: $filter, after: $after, unnamedFrom: $unnamedFrom) { runId taskId seq version kind status archived contentHash committedAt producer { componentId } }
}`;

export interface RunsChangedEvent {
  runsChanged: { runId: string; taskId: string; seq: number; version: number; kind: string; status: string; archived: boolean };
}
