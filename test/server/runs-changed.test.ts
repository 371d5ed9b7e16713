// runsChanged over real graphql-ws and SSE clients: one stream across the runs of a scope,
// per run in order and exactly once, from the heads at subscription time or from `after`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { collect, startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, RUNS_CHANGED, setStatus, START_RUN_IN_TASK, type RunsChangedEvent } from "../support/operations.js";

type Change = RunsChangedEvent["runsChanged"];

describe(`runsChanged on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  async function start(taskId?: string) {
    const result = await canon.gql(START_RUN_IN_TASK, { objective: "dashboard test", taskId });
    expect(result.data.startRun.__typename).toBe("WriteSuccess");
    return result.data.startRun.run as { runId: string; taskId: string; ledgerSeq: number };
  }
  const versions = new Map<string, number>();
  async function commit(runId: string, count = 1) {
    for (let i = 0; i < count; i++) {
      const expectedVersion = versions.get(runId) ?? 0;
      const result = await canon.gql(COMMIT, { runId, expectedVersion, operations: setStatus(`${runId} v${expectedVersion + 1}`) });
      expect(result.data.commitState.__typename).toBe("WriteSuccess");
      versions.set(runId, expectedVersion + 1);
    }
  }
  const byRun = (events: Change[]) => {
    const seqs: Record<string, number[]> = {};
    for (const event of events) (seqs[event.runId] ??= []).push(event.seq);
    return seqs;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  /**
   * Live from the heads it read when it subscribed, which the client cannot see happen: probe
   * commits on `probeRun` until one comes through.
   */
  async function live(filter: object, probeRun: string) {
    const watch = collect<RunsChangedEvent>(canon.wsClient(), RUNS_CHANGED, { filter }, Infinity);
    while (watch.events.length === 0) {
      await commit(probeRun);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return watch;
  }

  it("streams a task's runs, live from its heads, runs started later from their first entry, each entry once and in order", async () => {
    const a = await start();
    const b = await start(a.taskId);
    const other = await start();
    await commit(a.runId, 2); // before subscribing: not delivered
    const watch = await live({ taskId: a.taskId }, a.runId);
    const firstSeq = watch.events[0]!.runsChanged.seq;
    expect(firstSeq).toBeGreaterThanOrEqual(3);
    const commits = [commit(a.runId, 6), commit(b.runId, 4), commit(other.runId, 5)];
    await Promise.all(commits);
    const late = await start(a.taskId); // created after the subscription: seq 0 is delivered
    await commit(late.runId, 3);
    const lastSeq = versions.get(a.runId)!;
    const events = () => watch.events.map((e) => e.runsChanged);
    await expect
      .poll(() => byRun(events()))
      .toEqual({ [a.runId]: range(firstSeq, lastSeq), [b.runId]: range(1, 4), [late.runId]: range(0, 3) });
    await new Promise((resolve) => setTimeout(resolve, 200)); // nothing more (no duplicates) arrives
    watch.unsubscribe();
    expect(byRun(events())[a.runId]).toEqual(range(firstSeq, lastSeq));
    expect(events().every((e) => e.taskId === a.taskId && e.status === "ACTIVE" && !e.archived)).toBe(true);
    expect(
      events()
        .filter((e) => e.runId === a.runId)
        .map((e) => e.version),
    ).toEqual(range(firstSeq, lastSeq));
  });

  it("with an empty filter follows every run, new ones included", async () => {
    const a = await start();
    const watch = await live({}, a.runId);
    const firstSeq = watch.events[0]!.runsChanged.seq;
    const b = await start();
    await commit(b.runId, 2);
    await commit(a.runId, 1);
    const seqs = () => {
      const all = byRun(watch.events.map((e) => e.runsChanged));
      return { a: all[a.runId], b: all[b.runId] };
    };
    await expect.poll(seqs).toEqual({ a: range(firstSeq, versions.get(a.runId)!), b: [0, 1, 2] });
    watch.unsubscribe();
  });

  it("delivers a run started after subscribing at once, before any commit of it (a dashboard lists it)", async () => {
    const probe = await start();
    const watch = await live({}, probe.runId);
    const late = await start();
    await expect
      .poll(() =>
        watch.events
          .map((e) => e.runsChanged)
          .filter((e) => e.runId === late.runId)
          .map((e) => e.seq),
      )
      .toEqual([0]);
    watch.unsubscribe();
  });

  it("watches a list of runs, and resumes runs named in `after` exactly after the seq given", async () => {
    const a = await start();
    const b = await start();
    await commit(a.runId, 5);
    await commit(b.runId, 2);
    // a resumes after seq 2 (catch-up of 3..5, then live); b starts at its head.
    const watch = collect<RunsChangedEvent>(
      canon.wsClient(),
      RUNS_CHANGED,
      { filter: { runIds: [a.runId, b.runId] }, after: [{ runId: a.runId, seq: 2 }] },
      3 + 2 + 2,
    );
    await expect.poll(() => watch.events.length).toBe(3);
    await commit(a.runId, 2);
    await commit(b.runId, 2);
    const events = (await watch.done).map((e) => e.runsChanged);
    watch.unsubscribe();
    expect(byRun(events)).toEqual({ [a.runId]: range(3, 7), [b.runId]: range(3, 4) });
  });

  it("with unnamedFrom FIRST_ENTRY, starts the runs `after` does not name from their first entry", async () => {
    const a = await start();
    const b = await start(a.taskId);
    await commit(a.runId, 3);
    await commit(b.runId, 2); // b is named nowhere: all of it comes, seq 0 to 2, then live
    const watch = collect<RunsChangedEvent>(
      canon.wsClient(),
      RUNS_CHANGED,
      { filter: { taskId: a.taskId }, after: [{ runId: a.runId, seq: 3 }], unnamedFrom: "FIRST_ENTRY" },
      3 + 1 + 1,
    );
    await expect.poll(() => watch.events.length).toBe(3);
    await commit(a.runId);
    await commit(b.runId);
    const events = (await watch.done).map((e) => e.runsChanged);
    watch.unsubscribe();
    expect(byRun(events)).toEqual({ [a.runId]: [4], [b.runId]: range(0, 3) });
  });

  it("rejects positions of runs outside the scope, and empty or oversized runIds, with typed errors", async () => {
    const a = await start();
    const outside = collect(
      canon.wsClient(),
      RUNS_CHANGED,
      { filter: { runIds: [a.runId] }, after: [{ runId: "run-elsewhere", seq: 0 }] },
      1,
    );
    await expect(outside.done).rejects.toThrow(/ERR_INVALID_INPUT/);
    const empty = collect(canon.wsClient(), RUNS_CHANGED, { filter: { runIds: [] } }, 1);
    await expect(empty.done).rejects.toThrow(/ERR_INVALID_INPUT/);
  });

  it("serves the same stream over Server-Sent Events", async () => {
    const a = await start();
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${canon.token}` },
      body: JSON.stringify({ query: RUNS_CHANGED, variables: { filter: { runIds: [a.runId] }, after: [{ runId: a.runId, seq: -1 }] } }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const seqs = () => [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]!).data.runsChanged.seq as number);
    while (seqs().length < 1) text += decoder.decode((await reader.read()).value, { stream: true });
    await commit(a.runId, 2);
    while (seqs().length < 3) text += decoder.decode((await reader.read()).value, { stream: true });
    await reader.cancel();
    expect(seqs()).toEqual([0, 1, 2]);
  });

  it("shares ledger reads: many subscribers of one run cost about one read per commit", async () => {
    const a = await start();
    const subscribers = 25;
    const commits = 10;
    const watches = Array.from({ length: subscribers }, () =>
      collect<RunsChangedEvent>(
        canon.wsClient(),
        RUNS_CHANGED,
        { filter: { runIds: [a.runId] }, after: [{ runId: a.runId, seq: 0 }] },
        commits,
      ),
    );
    // Count once every subscriber is live (a fixed wait was too short on a busy machine: the late
    // ones then caught up with a read each).
    await commit(a.runId);
    await expect.poll(() => watches.every((watch) => watch.events.length === 1), { timeout: 20_000 }).toBe(true);
    const before = canon.server.watchers.many.groups.reads;
    await commit(a.runId, commits - 1);
    for (const watch of watches) expect((await watch.done).map((e) => e.runsChanged.seq)).toEqual(range(1, commits));
    const reads = canon.server.watchers.many.groups.reads - before;
    expect(reads).toBeLessThanOrEqual((commits - 1) * 2);
    for (const watch of watches) watch.unsubscribe();
  });
});

describe(`runsChanged slow consumers on ${backendName}`, () => {
  it("ends a stalled subscriber with ERR_SUBSCRIBER_TOO_SLOW and positions that resume it exactly", async () => {
    const maxLag = 10;
    const canon = await startTestCanon({ watchBuffer: maxLag });
    try {
      const started = await canon.gql(START_RUN_IN_TASK, { objective: "slow" });
      const runId = started.data.startRun.run.runId as string;
      const big = [{ setPlan: { plan: { steps: Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(16_000, "x")) } } }];
      let version = 0;
      const commitOne = async (operations: unknown[]) => {
        const result = await canon.gql(COMMIT, { runId, expectedVersion: version, operations });
        expect(result.data.commitState.__typename).toBe("WriteSuccess");
        version = result.data.commitState.entry.version; // a repeated plan is a NOOP
      };
      await commitOne(big);
      // SSE, never read: the server's socket buffers fill with (large) events, then it falls behind.
      const query = `subscription($filter: RunsChangedFilter) { runsChanged(filter: $filter) { runId seq state { plan } } }`;
      const sse = await fetch(canon.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${canon.token}` },
        body: JSON.stringify({ query, variables: { filter: { runIds: [runId] } } }),
      });
      const reader = sse.body!.getReader();
      await reader.read(); // headers and the opening comment
      for (let i = 0; i < 100; i++) await commitOne(i % 2 ? big : setStatus(`v${i}`));
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      const payloads = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]!));
      const delivered = payloads.filter((p) => p.data).map((p) => p.data.runsChanged.seq as number);
      const error = payloads.find((p) => p.errors)?.errors[0];
      expect(error?.extensions).toMatchObject({ code: "ERR_SUBSCRIBER_TOO_SLOW", family: "SYSTEM", retryable: true });
      const positions = error.extensions.details.positions as { runId: string; seq: number }[];
      expect(positions).toEqual([{ runId, seq: delivered.at(-1) }]);
      expect(delivered).toEqual(Array.from({ length: delivered.length }, (_, i) => i + 2));
      // Resuming with the positions delivers the rest, exactly.
      const rest = 101 - positions[0]!.seq;
      const resumed = collect<RunsChangedEvent>(canon.wsClient(), RUNS_CHANGED, { filter: { runIds: [runId] }, after: positions }, rest);
      const seqs = (await resumed.done).map((e) => e.runsChanged.seq);
      resumed.unsubscribe();
      expect(seqs).toEqual(Array.from({ length: rest }, (_, i) => positions[0]!.seq + 1 + i));
    } finally {
      await canon.stop();
    }
  }, 180_000); // megabytes of events must pile up before the server feels the stall
});
