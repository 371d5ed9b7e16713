// Runs and tasks for the dashboard's browser tests (and its screenshots): a compiled task with a
// realistic run (every section of the state filled in), a few more runs, and a task waiting
// for an answer.
import type { TestCanon } from "./canon.js";
import { commitAs, START_RUN, START_RUN_IN_TASK } from "./operations.js";
import { realisticRun, type RunIds } from "./realistic-run.js";

const COMPILE = `mutation($text: String!) { compileTask(input: { text: $text }) { __typename ... on CompileTaskSuccess { task { taskId status } } ... on Error { code message } } }`;
const IDENTITY = `query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`;

export interface DashboardSeed {
  /** The realistic run, in the compiled task. */
  storyRunId: string;
  storyTaskId: string;
  /** A task that needs clarification (one open question). */
  openTaskId: string;
  otherRunIds: string[];
}

export async function seedDashboard(canon: TestCanon): Promise<DashboardSeed> {
  const data = async (query: string, variables: Record<string, unknown>) => {
    const response = await canon.gql(query, variables);
    if (!response.data) throw new Error(JSON.stringify(response.errors));
    return response.data;
  };
  const compiled = (await data(COMPILE, { text: "Fix the failing login test in src/auth/session.ts without touching src/api/." }))
    .compileTask;
  const storyTaskId = compiled.task.taskId as string;
  const open = (await data(COMPILE, { text: "Fix it." })).compileTask.task.taskId as string;

  const otherRunIds: string[] = [];
  for (const objective of ["Upgrade the ORM to v7", "Triage flaky checkout tests"]) {
    otherRunIds.push((await data(START_RUN, { objective })).startRun.run.runId);
  }
  const started = (await data(START_RUN_IN_TASK, { objective: "Fix the failing login test", taskId: storyTaskId })).startRun;
  if (started.__typename !== "WriteSuccess") throw new Error(JSON.stringify(started));
  const runId = started.run.runId as string;
  const identity = (await data(IDENTITY, { id: runId })).run.state.identity;
  const ids: RunIds = { runId, sessionId: identity.sessionId, taskId: identity.taskId };
  let version = 0;
  // Stop before the completion decision, so that the run stays ACTIVE with locks and proposals.
  for (const commit of realisticRun(ids).slice(0, 10)) {
    const result = (await commitAs(canon, runId, version, commit.who, commit.calls)).data?.commitState;
    if (result?.__typename !== "WriteSuccess") throw new Error(`${commit.step}: ${JSON.stringify(result)}`);
    version = result.run.stateVersion;
  }
  return { storyRunId: runId, storyTaskId, openTaskId: open, otherRunIds };
}
