// Runs and tasks for the dashboard's browser tests (and its screenshots): a compiled task with a
// realistic run (every section of the state filled in), a few more runs, and a task waiting
// for an answer. Written through canon/client, as an agent component would.
import { createCanonClient, type CanonClient, type StateOperation } from "../../src/client/index.js";
import type { TestCanon } from "./canon.js";
import { asGraphQLWriter } from "./operations.js";
import { realisticRun, type RunIds } from "./realistic-run.js";

export interface DashboardSeed {
  /** The realistic run, in the compiled task. */
  storyRunId: string;
  storyTaskId: string;
  /** A task that needs clarification (one open question). */
  openTaskId: string;
  otherRunIds: string[];
}

export async function seedDashboard(canon: TestCanon): Promise<DashboardSeed> {
  const client = createCanonClient({ url: canon.url, token: canon.token });
  // Each writer of the realistic run commits with a token of its own identity, as the server requires.
  const writers = new Map<string, CanonClient>();
  const clientOf = async (componentId: string, kind: string) => {
    const key = `${componentId}|${kind}`;
    if (!writers.has(key)) {
      const token = await canon.tokenFor({ component_id: componentId, component_version: "*", kind: kind as never });
      writers.set(key, createCanonClient({ url: canon.url, token }));
    }
    return writers.get(key)!;
  };

  const storyTaskId = (await client.compile("Fix the failing login test in src/auth/session.ts without touching src/api/.")).task.taskId;
  const openTaskId = (await client.compile("Fix it.")).task.taskId;
  const otherRunIds: string[] = [];
  for (const objective of ["Upgrade the ORM to v7", "Triage flaky checkout tests"]) {
    otherRunIds.push((await client.startRun({ objective, workspaceRoot: "/work/app" })).run.runId);
  }
  const started = await client.startRun({ objective: "Fix the failing login test", workspaceRoot: "/work/app", taskId: storyTaskId });
  const runId = started.run.runId;
  const { identity } = (await client.run(runId)).document;
  const ids: RunIds = { runId, sessionId: identity.session_id, taskId: identity.task_id! };
  let version = started.run.stateVersion;
  // Stop before the completion decision, so that the run stays ACTIVE with locks and proposals.
  for (const commit of realisticRun(ids).slice(0, 10)) {
    const writer = await clientOf(commit.who.producer.component_id, commit.who.producer.kind);
    const operations = commit.calls.map((call) => ({ [call.op]: call.args }) as unknown as StateOperation);
    const written = await writer.commit(runId, operations, { expectedVersion: version, ...asGraphQLWriter(commit.who) });
    version = written.run.stateVersion;
  }
  await Promise.all([client, ...writers.values()].map((c) => c.close()));
  return { storyRunId: runId, storyTaskId, openTaskId, otherRunIds };
}
