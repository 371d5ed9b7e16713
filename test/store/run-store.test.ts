import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StateConflictError } from "../../src/contracts/errors.js";
import { InProcessChangeFeed } from "../../src/store/change-feed.js";
import { RunStore } from "../../src/store/run-store.js";
import { backendName, openMigratedDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";

describe(`RunStore on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let store: RunStore;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
    store = new RunStore(opened.db, new InProcessChangeFeed());
  });
  afterAll(() => opened.dispose());

  it("starts a run at version 0 with a genesis ledger entry", async () => {
    const { run, entry } = await store.startRun(startInput);
    expect(run.stateVersion).toBe(0);
    expect(run.state.identity.state_version).toBe(0);
    expect(entry).toMatchObject({ seq: 0, stateVersion: 0, kind: "COMMIT" });
  });

  it("commits at the expected version, then refuses the stale writer", async () => {
    const { run } = await store.startRun(startInput);
    const ops = [{ op: "setPlan", args: { plan: { steps: ["reproduce"] } } }];
    const first = await store.commitState({ runId: run.id, expectedVersion: 0, operations: ops, producer, provenance });
    expect(first.run.stateVersion).toBe(1);
    expect(first.run.state.plan).toEqual({ steps: ["reproduce"] });
    const stale = store.commitState({ runId: run.id, expectedVersion: 0, operations: ops, producer, provenance });
    await expect(stale).rejects.toBeInstanceOf(StateConflictError);
    await expect(stale).rejects.toMatchObject({ expectedVersion: 0, currentVersion: 1, retryable: true });
  });
});
