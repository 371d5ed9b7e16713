// Compare-and-swap under real concurrency: real HTTP clients racing on one run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunReader } from "../../src/store/run-reads.js";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, setStatus, startRun } from "../support/operations.js";

const VERSION = `query($id: ID!) { run(id: $id) { ... on Run { stateVersion } } }`;

describe(`compare-and-swap under concurrency on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  async function ledgerOf(runId: string) {
    return canon.server.database.prisma.ledgerEntry.findMany({
      where: { runId },
      orderBy: { seq: "asc" },
      select: { seq: true, stateVersion: true, kind: true },
    });
  }

  it("lets exactly one of 25 simultaneous writers at the same version win", async () => {
    const run = await startRun(canon.gql);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus(`writer ${i}`) }),
      ),
    );
    const kinds = results.map((r) => r.data.commitState.__typename);
    expect(kinds.filter((k) => k === "WriteSuccess")).toHaveLength(1);
    expect(kinds.filter((k) => k === "StateConflictError")).toHaveLength(24);
    for (const conflict of results.filter((r) => r.data.commitState.__typename === "StateConflictError")) {
      expect(conflict.data.commitState).toMatchObject({ expectedVersion: 0, currentVersion: 1, retryable: true });
    }
    const ledger = await ledgerOf(run.runId);
    expect(ledger.map((e) => e.seq)).toEqual([0, 1]);
    expect(ledger.map((e) => e.stateVersion)).toEqual([0, 1]);
  });

  it("keeps the ledger dense and the version equal to the number of successes over a longer randomized race", async () => {
    const run = await startRun(canon.gql);
    const writers = 8;
    const attemptsEach = 25;
    let successes = 0;
    let conflicts = 0;
    const winners: string[] = [];
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let attempt = 0; attempt < attemptsEach; attempt++) {
          const read = await canon.gql(VERSION, { id: run.runId });
          const version = read.data.run.stateVersion as number;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          const label = `w${writer}-a${attempt}`;
          const result = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: version, operations: setStatus(label) });
          const typename = result.data.commitState.__typename;
          if (typename === "WriteSuccess") {
            successes++;
            winners.push(label);
            expect(result.data.commitState.run.stateVersion).toBe(version + 1);
          } else {
            expect(typename).toBe("StateConflictError");
            conflicts++;
          }
        }
      }),
    );
    expect(successes + conflicts).toBe(writers * attemptsEach);
    expect(successes).toBeGreaterThan(0);
    const final = await canon.gql(VERSION, { id: run.runId });
    expect(final.data.run.stateVersion).toBe(successes);
    const ledger = await ledgerOf(run.runId);
    expect(ledger.map((e) => e.seq)).toEqual(Array.from({ length: successes + 1 }, (_, i) => i));
    expect(ledger.map((e) => e.stateVersion)).toEqual(Array.from({ length: successes + 1 }, (_, i) => i));
    // The current state is the last COMMIT's state: no write was lost or applied twice.
    const row = await canon.server.database.prisma.run.findUniqueOrThrow({ where: { id: run.runId } });
    const last = (await new RunReader(canon.server.database).getEntry(run.runId, successes))!;
    expect(row.state).toEqual(last.state);
    expect(row.contentHash).toBe(last.contentHash);
    expect(winners).toContain((row.state as { user_visible_status: string }).user_visible_status);
  });
});
