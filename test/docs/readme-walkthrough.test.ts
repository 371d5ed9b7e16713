// The README's "A first run in GraphiQL", executed as a reader would, in order, against a real
// server, with the outcome its text promises. Every GraphQL block in README.md and docs/ must
// also be valid against the schema, so no example goes stale.
import { readdirSync, readFileSync } from "node:fs";
import { parse, validate, type OperationDefinitionNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../src/graphql/schema.js";
import { collect, startTestCanon, type TestCanon } from "../support/canon.js";

const root = new URL("../../", import.meta.url);
const graphqlBlocks = (markdown: string) => [...markdown.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1]!);
const readme = readFileSync(new URL("README.md", root), "utf8");
const docFiles = readdirSync(new URL("docs/", root), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"));

/** The README block whose (first) operation has this name, or the anonymous one starting with `kind`. */
function block(name: string): string {
  const found = graphqlBlocks(readme).find((text) =>
    parse(text).definitions.some((d) => d.kind === "OperationDefinition" && (d as OperationDefinitionNode).name?.value === name),
  );
  if (!found) throw new Error(`README has no GraphQL block with an operation named ${name}`);
  return found;
}
const anonymousMutation = () => graphqlBlocks(readme).find((text) => /^\s*mutation\s*\{/.test(text))!;

describe("GraphQL examples in README.md and docs/", () => {
  it("are all valid against the schema", () => {
    const sources: [string, string][] = [["README.md", readme], ...docFiles.map((f): [string, string] => [`docs/${f}`, readFileSync(new URL(`docs/${f}`, root), "utf8")])];
    let count = 0;
    for (const [file, text] of sources) {
      for (const body of graphqlBlocks(text)) {
        count++;
        expect(validate(schema, parse(body)).map((error) => `${file}: ${error.message}`)).toEqual([]);
      }
    }
    expect(count).toBeGreaterThanOrEqual(5);
  });
});

describe("README walkthrough, executed as written", () => {
  let canon: TestCanon;
  let runId: string;
  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(async () => canon?.stop());

  it("1. starts a run at stateVersion 0", async () => {
    const result = await canon.gql(anonymousMutation());
    expect(result.errors).toBeUndefined();
    expect(result.data.startRun.run.stateVersion).toBe(0);
    runId = result.data.startRun.run.runId;
  });

  it("2. commits at 0 and at 1, then a stale commit at 1 gets StateConflictError and writes nothing", async () => {
    const commit = block("Commit");
    const first = await canon.gql(commit, { runId, expectedVersion: 0, status: "reproducing the failure" });
    expect(first.data.commitState).toMatchObject({ __typename: "WriteSuccess", run: { stateVersion: 1 }, entry: { kind: "COMMIT" } });
    const second = await canon.gql(commit, { runId, expectedVersion: 1, status: "writing the fix" });
    expect(second.data.commitState).toMatchObject({ __typename: "WriteSuccess", run: { stateVersion: 2 } });
    const stale = await canon.gql(commit, { runId, expectedVersion: 1, status: "a stale writer's status" });
    expect(stale.data.commitState).toMatchObject({ __typename: "StateConflictError", expectedVersion: 1, currentVersion: 2, retryable: true });
    const same = await canon.gql(commit, { runId, expectedVersion: 2, status: "writing the fix" });
    expect(same.data.commitState).toMatchObject({ __typename: "WriteSuccess", run: { stateVersion: 2 }, entry: { kind: "NOOP" } });
  });

  it("3. the watch sends every entry after afterVersion, in order (the NOOP too), then live ones", async () => {
    const watch = collect<any>(canon.wsClient(), block("Watch"), { runId }, 4);
    await canon.gql(block("Commit"), { runId, expectedVersion: 2, status: "verifying" });
    const events = await watch.done;
    watch.unsubscribe();
    expect(events.map((e) => [e.runStateChanged.version, e.runStateChanged.kind])).toEqual([
      [1, "COMMIT"],
      [2, "COMMIT"],
      [2, "NOOP"],
      [3, "COMMIT"],
    ]);
  });

  it("4. travels in time: stateAt, diff, history and verifyRun", async () => {
    const result = await canon.gql(block("History"), { runId });
    expect(result.errors).toBeUndefined();
    const run = result.data.run;
    expect(run.stateAt.version).toBe(1);
    expect(run.diff.changedSections.length).toBeGreaterThan(0);
    expect(run.history.edges.length).toBeGreaterThanOrEqual(4);
    expect(result.data.verifyRun.ok).toBe(true);
  });

  it("the Dashboard subscription is accepted for a task's runs", async () => {
    const started = await canon.gql(`{ run(id: "${runId}") { ... on Run { taskId } } }`);
    const taskId = started.data.run.taskId;
    const feed = collect<any>(canon.wsClient(), block("Dashboard"), { taskId }, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await canon.gql(block("Commit"), { runId, expectedVersion: 3, status: "done verifying" });
    const [event] = await feed.done;
    feed.unsubscribe();
    expect(event.runsChanged).toMatchObject({ runId, version: 4, kind: "COMMIT" });
  });
});
