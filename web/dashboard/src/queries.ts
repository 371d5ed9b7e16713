// Every GraphQL document the dashboard sends, with the shapes it reads back. Only the public
// API: this file doubles as an example for people writing their own dashboards.

export type RunStatus = "ACTIVE" | "ARCHIVED" | "COMPLETED" | "ESCALATED" | "FAILED" | "PARTIALLY_COMPLETED";
export const RUN_STATUSES: RunStatus[] = ["ACTIVE", "COMPLETED", "PARTIALLY_COMPLETED", "ESCALATED", "FAILED", "ARCHIVED"];

export interface Producer {
  componentId: string;
  componentVersion?: string;
  kind?: string;
}

export interface ErrorResult {
  __typename: string;
  code: string;
  message: string;
}

// ---- runs view ----

export interface RunRow {
  runId: string;
  taskId: string;
  status: RunStatus;
  stateVersion: number;
  ledgerSeq: number;
  updatedAt: string;
  state: { userVisibleStatus: string | null; userIntent: { objective: string } };
}

export interface LastEntry {
  producer: Producer;
  kind: string;
  committedAt: string;
  seq: number;
}

/**
 * One history read per listed run, in one request, as aliases r0, r1, … (at most 30:
 * graphql-armor's alias limit). History pages forward only, so each run is read from
 * `fromVersion(run)` on; the cost limit (20,000) bounds `first` × runs.
 */
function perRunHistory(name: string, runs: { runId: string; stateVersion: number }[], first: number, back: number, entry: string) {
  const fields = runs.map(
    (_, i) => `r${i}: run(id: $id${i}) { ... on Run { history(first: ${first}, fromVersion: $v${i}) { edges { node { ${entry} } } } } }`,
  );
  const params = runs.map((_, i) => `$id${i}: ID!, $v${i}: Int!`).join(", ");
  const variables = Object.fromEntries(
    runs.flatMap((run, i) => [
      [`id${i}`, run.runId],
      [`v${i}`, Math.max(0, run.stateVersion - back)],
    ]),
  );
  return { document: `query ${name}(${params}) { ${fields.join("\n")} }`, variables };
}

/** The entry that made each run's head version: the table's "last producer" and "last change". */
export const lastEntriesQuery = (runs: { runId: string; stateVersion: number }[]) =>
  perRunHistory("LastEntries", runs, 1, 0, "seq kind committedAt producer { componentId }");

/** The last 20 entries of (at most 10) runs: what the chart starts from before live events arrive. */
export const recentEntriesQuery = (runs: { runId: string; stateVersion: number }[]) =>
  perRunHistory("RecentEntries", runs.slice(0, 10), 20, 19, "kind committedAt");

export type PerRunHistoryData<T> = Record<string, { history?: { edges: { node: T }[] } }>;

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export const RUNS_PAGE = `query RunsPage($first: Int!, $after: String, $status: RunStatus, $taskId: ID) {
  runs(first: $first, after: $after, status: $status, taskId: $taskId) {
    edges { node {
      runId taskId status stateVersion ledgerSeq updatedAt
      state { userVisibleStatus userIntent { objective } }
    } }
    pageInfo { hasNextPage endCursor }
  }
}`;
export interface RunsPageData {
  runs: { edges: { node: RunRow }[]; pageInfo: PageInfo };
}

/** A runsChanged event, as canon/client's watchRuns delivers it (the fields the runs view reads). */
export interface RunChange {
  runId: string;
  taskId: string;
  seq: number;
  version: number;
  kind: "COMMIT" | "NOOP" | "DELETE";
  status: RunStatus;
  archived: boolean;
  committedAt: string;
  producer: Producer;
}

// ---- run view ----

export interface AgentStateView {
  userVisibleStatus: string | null;
  userIntent: { objective: string; taskIrRef: string | null };
  plan: Record<string, unknown>;
  subgoals: { subgoalId: string; description: string; status: string; parentId: string | null }[];
  hypotheses: { hypothesisId: string; statement: string; status: string; evidenceRefs: { kind: string; ref: string }[] }[];
  evidence: { kind: string; ref: string; claim: string | null; contentHash: string | null }[];
  acceptance: { criterionId: string; description: string; origin: string; required: boolean }[];
  constraints: string[];
  instructionPredicates: { predicateId: string; condition: string; pinned: boolean }[];
  locks: { resource: string; holder: string; acquiredAt: string; expiresAt: string; stateVersionAcquired: number }[];
  unresolvedFailures: { failureId: string; summary: string; blocking: boolean; recordedAtVersion: number }[];
  resolvedFailures: { failureId: string; summary: string; resolution: string; resolvedBy: string; resolvedAtVersion: number }[];
  completionProposals: { proposalId: string; proposedBy: string; proposedAtVersion: number; claimedCriteria: unknown }[];
  selectedTargets: string[];
  candidateTargets: { target: string; reason: string | null; score: number | null }[];
  diagnostics: { diagnosticId: string; severity: string; message: string; resource: string | null }[];
  sensitivityLabels: { resource: string; class: string }[];
}

const STATE_FIELDS = `userVisibleStatus
  userIntent { objective taskIrRef }
  plan
  subgoals { subgoalId description status parentId }
  hypotheses { hypothesisId statement status evidenceRefs { kind ref } }
  evidence { kind ref claim contentHash }
  acceptance { criterionId description origin required }
  constraints
  instructionPredicates { predicateId condition pinned }
  locks { resource holder acquiredAt expiresAt stateVersionAcquired }
  unresolvedFailures { failureId summary blocking recordedAtVersion }
  resolvedFailures { failureId summary resolution resolvedBy resolvedAtVersion }
  completionProposals { proposalId proposedBy proposedAtVersion claimedCriteria }
  selectedTargets
  candidateTargets { target reason score }
  diagnostics { diagnosticId severity message resource }
  sensitivityLabels { resource class }`;

export interface RunDetail {
  __typename: "Run";
  runId: string;
  taskId: string;
  sessionId: string;
  status: RunStatus;
  stateVersion: number;
  ledgerSeq: number;
  createdAt: string;
  updatedAt: string;
  contentHash: string;
  completion: {
    status: string;
    outcome: string | null;
    decisionId: string | null;
    decidedAtVersion: number | null;
    decision: Record<string, unknown> | null;
  };
  state: AgentStateView;
  receipts: { id: string; kind: string; stateVersion: number; recordedAt: string }[];
  document: Record<string, unknown>;
}

export const RUN_VIEW = `query RunView($id: ID!) {
  run(id: $id) {
    __typename
    ... on Run {
      runId taskId sessionId status stateVersion ledgerSeq createdAt updatedAt contentHash
      completion { status outcome decisionId decidedAtVersion decision }
      state { ${STATE_FIELDS} }
      receipts(first: 100) { id kind stateVersion recordedAt }
      document
    }
    ... on Error { code message }
  }
}`;
export interface RunViewData {
  run: RunDetail | ErrorResult;
}

export const VERIFY_RUN = `query VerifyRun($id: ID!) {
  verifyRun(runId: $id) {
    __typename
    ... on VerificationReport { ok checkedEntries firstDivergence { seq version check } }
    ... on Error { code message }
  }
}`;
export interface VerifyRunData {
  verifyRun:
    | {
        __typename: "VerificationReport";
        ok: boolean;
        checkedEntries: number;
        firstDivergence: { seq: number; version: number; check: string } | null;
      }
    | ErrorResult;
}

/** A ledger entry, as canon/client's history and watch deliver it (the fields the timeline reads). */
export interface TimelineEntry {
  seq: number;
  version: number;
  kind: "COMMIT" | "NOOP";
  committedAt: string;
  reason: string | null;
  operations: unknown;
  producer: Producer;
  provenance: { sourceType: string; sourceId: string; trustClass: string }[];
}

export const STATE_DIFF = `query StateDiff($id: ID!, $from: Int!, $to: Int!) {
  run(id: $id) {
    __typename
    ... on Run {
      diff(fromVersion: $from, toVersion: $to) { __typename ... on StateDiff { changedSections patch } ... on Error { code message } }
      before: stateAt(version: $from) { __typename ... on StateSnapshot { document } ... on Error { code message } }
      after: stateAt(version: $to) { __typename ... on StateSnapshot { document } ... on Error { code message } }
    }
    ... on Error { code message }
  }
}`;
export interface PatchOp {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}
type Snapshot = { __typename: "StateSnapshot"; document: Record<string, unknown> } | ErrorResult;
export interface StateDiffData {
  run:
    | {
        __typename: "Run";
        diff: { __typename: "StateDiff"; changedSections: string[]; patch: PatchOp[] } | ErrorResult;
        before: Snapshot;
        after: Snapshot;
      }
    | ErrorResult;
}

export const FORK_RUN = `mutation ForkRun($runId: ID!, $atVersion: Int!) {
  forkRun(input: { runId: $runId, atVersion: $atVersion, provenance: [{ sourceType: USER, sourceId: "canon-dashboard", trustClass: INTERNAL }] }) {
    __typename
    ... on WriteSuccess { run { runId } }
    ... on Error { code message }
  }
}`;
export interface ForkRunData {
  forkRun: { __typename: "WriteSuccess"; run: { runId: string } } | ErrorResult;
}

// ---- task view ----

export interface Ambiguity {
  ambiguityId: string;
  kind: string;
  question: string;
  text: string;
  options: string[];
  defaultOption: string | null;
  defaultable: boolean;
  resolution: "CLARIFIED" | "DEFAULTED" | "ESCALATED" | "UNRESOLVED";
  answer: string | null;
  answeredBy: string | null;
}

export interface TaskDetail {
  __typename: "Task";
  taskId: string;
  status: "COMPILED" | "NEEDS_CLARIFICATION" | "UNCOMPILED";
  revision: number;
  objective: string | null;
  taskType: string | null;
  riskClass: string | null;
  interactionMode: string | null;
  privacyClass: string | null;
  allowedScope: string[];
  forbiddenScope: string[];
  createdAt: string;
  updatedAt: string;
  acceptanceCriteria: { criterionId: string; origin: "EXPLICIT" | "INFERRED"; required: boolean; text: string }[];
  constraints: { constraintId: string; hardness: string; text: string }[];
  ambiguities: Ambiguity[];
  escalation: { reason: string } | null;
  revisions: { revision: number; status: string; answeredBy: string | null; createdAt: string }[];
}

const TASK_FIELDS = `taskId status revision objective taskType riskClass interactionMode privacyClass allowedScope forbiddenScope createdAt updatedAt
  acceptanceCriteria { criterionId origin required text }
  constraints { constraintId hardness text }
  ambiguities { ambiguityId kind question text options defaultOption defaultable resolution answer answeredBy }
  escalation { reason }
  revisions { revision status answeredBy createdAt }`;

export const TASK_VIEW = `query TaskView($id: ID!) {
  task(id: $id) { __typename ... on Task { ${TASK_FIELDS} } ... on Error { code message } }
}`;
export interface TaskViewData {
  task: TaskDetail | ErrorResult;
}
