// canon/client's write retries against a real server: compare-and-swap conflicts are re-read
// and re-decided, and a write whose answer was lost is resent with its idempotency key and
// answered from the ledger instead of being applied twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCanonClient, type CanonClient, type LedgerEntry } from "../../src/client/index.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.js";

/** The whole ledger of a run, page after page. */
async function ledger(client: CanonClient, runId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await client.history(runId, { first: 500, after });
    entries.push(...page.entries);
    if (!page.hasNextPage) return entries;
    after = page.endCursor;
  }
}

/** The subgoal ids the ledger's addSubgoal operations name, one per operation recorded. */
const subgoalIds = (entries: LedgerEntry[]) =>
  entries.flatMap((entry) =>
    (entry.operations as { op: string; args: { subgoalId?: string } }[])
      .filter((call) => call.op === "addSubgoal")
      .map((call) => call.args.subgoalId),
  );

describe(`canon/client retries on ${backendName}`, () => {
  let canon: TestCanon;
  let proxy: TcpProxy;

  beforeAll(async () => {
    canon = await startTestCanon();
    proxy = await startTcpProxy(canon.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await canon?.stop();
  });

  it(
    "16 concurrent update loops on one run: all 16 items land, one commit each, no duplicate ledger entry",
    { timeout: 180_000 },
    async () => {
      const clients = Array.from({ length: 16 }, () => createCanonClient({ url: canon.url, token: canon.token }));
      const { run } = await clients[0]!.startRun({ objective: "sixteen writers", workspaceRoot: "/w" });
      const results = await Promise.all(
        clients.map((client, i) =>
          client.update(
            run.runId,
            (state) => {
              const mine = `item-${i}`;
              const present = (state.subgoals ?? []).some((s) => s.subgoal_id === mine);
              return present ? null : [{ addSubgoal: { subgoalId: mine, description: `writer ${i}` } }];
            },
            { maxAttempts: 100, baseDelayMs: 5, maxDelayMs: 100 },
          ),
        ),
      );
      const after = await clients[0]!.run(run.runId);
      const items = (after.document.subgoals ?? []).map((s) => s.subgoal_id).sort();
      expect(items).toEqual(Array.from({ length: 16 }, (_, i) => `item-${i}`).sort());
      // Every update committed exactly once, and only its own commit moved the version.
      expect(results.every((result) => result && result.entry.kind === "COMMIT" && !result.replayed)).toBe(true);
      expect(after.stateVersion).toBe(16);
      const entries = await ledger(clients[0]!, run.runId);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 17 }, (_, i) => i));
      expect(new Set(entries.map((e) => e.version)).size).toBe(17);
      const ids = subgoalIds(entries);
      expect(ids).toHaveLength(16);
      expect(new Set(ids).size).toBe(16);
      const attempts = results.reduce((sum, result) => sum + result!.attempts, 0);
      console.log(`16 concurrent updates on ${backendName}: ${attempts} attempts in all (${attempts - 16} conflicts re-decided)`);
    },
  );

  it("a commit whose answer is lost after the server wrote it is resent and answered from the ledger: one entry", async () => {
    const client = createCanonClient({ url: proxy.url, token: canon.token });
    const { run } = await client.startRun({ objective: "lost answer", workspaceRoot: "/w" });
    const lost = proxy.loseNextAnswerTo("commitState");
    const result = await client.commit(run.runId, [{ addSubgoal: { subgoalId: "once", description: "written once" } }], {
      expectedVersion: 0,
    });
    await lost; // the first answer really was cut off
    expect(result).toMatchObject({ replayed: true, run: { stateVersion: 1 }, entry: { seq: 1, version: 1 } });
    const entries = await ledger(client, run.runId);
    expect(entries.map((e) => [e.seq, e.kind])).toEqual([
      [0, "COMMIT"],
      [1, "COMMIT"],
    ]);
    expect(subgoalIds(entries)).toEqual(["once"]);
  });

  it("a commitMany whose answer is lost is resent: every item written once and answered from the ledger", async () => {
    const client = createCanonClient({ url: proxy.url, token: canon.token });
    const runs = await Promise.all([1, 2, 3].map((n) => client.startRun({ objective: `batch ${n}`, workspaceRoot: "/w" })));
    const lost = proxy.loseNextAnswerTo("commitStates");
    const results = await client.commitMany(
      runs.map(({ run }) => ({
        runId: run.runId,
        operations: [{ addSubgoal: { subgoalId: `once-${run.runId}`, description: "written once" } }],
        expectedVersion: 0,
      })),
    );
    await lost;
    expect(results).toEqual(
      runs.map(() => expect.objectContaining({ status: "fulfilled", value: expect.objectContaining({ replayed: true }) })),
    );
    for (const { run } of runs) {
      const entries = await ledger(client, run.runId);
      expect(entries.map((e) => [e.seq, e.kind])).toEqual([
        [0, "COMMIT"],
        [1, "COMMIT"],
      ]);
      expect(subgoalIds(entries)).toEqual([`once-${run.runId}`]);
    }
  });

  it("an update whose commit answer is lost, and a startRun whose answer is lost, each write exactly once", async () => {
    const client = createCanonClient({ url: proxy.url, token: canon.token });
    const lostStart = proxy.loseNextAnswerTo("startRun");
    const started = await client.startRun({ objective: "lost start", workspaceRoot: "/w" });
    await lostStart;
    expect(started.replayed).toBe(true);
    const runs = await canon.gql(`{ runs(first: 100) { edges { node { runId sessionId } } } }`);
    expect(runs.data.runs.edges.filter((edge: any) => edge.node.runId === started.run.runId)).toHaveLength(1);

    const lostCommit = proxy.loseNextAnswerTo("commitState");
    const updated = await client.update(started.run.runId, () => [{ addSubgoal: { subgoalId: "update-once", description: "x" } }]);
    await lostCommit;
    expect(updated).toMatchObject({ replayed: true, attempts: 1, run: { stateVersion: 1 } });
    const entries = await ledger(client, started.run.runId);
    expect(entries).toHaveLength(2);
    expect(subgoalIds(entries)).toEqual(["update-once"]);
  });
});
