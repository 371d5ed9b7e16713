// What a newcomer sees on opening GraphiQL: start a run, commit twice, trip a conflict, watch.
export const GRAPHIQL_DEFAULT_QUERY = `# Welcome to Canon. Run these one at a time (the ▶ button lists them).
# 1. StartRun, then copy data.startRun.run.runId into the variables below.
# 2. Commit (expectedVersion 0): version 1. Then Commit with expectedVersion 1 and another
#    status (say "writing the fix"): version 2. The same content again would be a NOOP.
# 3. Commit once more with expectedVersion 1, now stale: you get a StateConflictError.
# 4. Watch: every version after afterVersion, then live ones as you commit.

mutation StartRun {
  startRun(input: {
    objective: "Fix the failing login test"
    workspaceRoot: "/work/app"
    provenance: { sourceType: USER, sourceId: "graphiql", trustClass: INTERNAL }
  }) {
    __typename
    ... on WriteSuccess { run { runId stateVersion } }
    ... on Error { code message }
  }
}

mutation Commit($runId: ID!, $expectedVersion: Int!, $status: String!) {
  commitState(input: {
    runId: $runId
    expectedVersion: $expectedVersion
    operations: [
      { setPlan: { plan: { steps: ["reproduce", "fix", "verify"] } } }
      { setUserVisibleStatus: { status: $status } }
    ]
    provenance: { sourceType: USER, sourceId: "graphiql", trustClass: INTERNAL }
  }) {
    __typename
    ... on WriteSuccess { run { stateVersion state { plan userVisibleStatus } } entry { seq kind } }
    ... on StateConflictError { expectedVersion currentVersion retryable }
    ... on Error { code message }
  }
}

subscription Watch($runId: ID!) {
  runStateChanged(runId: $runId, afterVersion: 0) {
    version kind producer { componentId } state { plan userVisibleStatus }
  }
}

query Runs {
  runs(first: 10) { edges { node { runId stateVersion status createdAt } } }
}
`;

export const GRAPHIQL_DEFAULT_VARIABLES = `{ "runId": "paste-the-run-id-here", "expectedVersion": 0, "status": "reproducing the failure" }`;
