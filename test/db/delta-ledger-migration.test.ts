// Migrations 20261203100000_delta_ledger and 20261203120000_ledger_hash_bytes on a ledger
// written the old way (a whole state in every COMMIT, hashes as text): every version still reads
// the same with the same hashes, the run still verifies, and the next commits are stored as
// patches (docs/storage.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentStateV1 } from "../../src/contracts/agent-state.js";
import type { ContentHash } from "../../src/contracts/common.js";
import { openDatabase, type Database } from "../../src/db/database.js";
import { migrate, readMigrations } from "../../src/db/migrator.js";
import { planCommit } from "../../src/domain/commit.js";
import { sha256Of, canonicalJson } from "../../src/domain/content-hash.js";
import { buildInitialState } from "../../src/domain/initial-state.js";
import { chainHash, entryDigest, GENESIS_PARENT } from "../../src/domain/ledger-chain.js";
import type { OperationCall } from "../../src/domain/operations/index.js";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { compactLedger } from "../../src/store/ledger-compaction.js";
import { RunStore } from "../../src/store/run-store.js";
import { verifyRun } from "../../src/store/verify-run.js";
import { backendName, createTestDatabase, type TestDatabase } from "../support/database.js";
import { context, producer, provenance } from "../support/fixtures.js";

const DELTA = "20261203100000_delta_ledger";
const runId = "run-old-format";

describe(`migrating an existing ledger to patches, on ${backendName}`, () => {
  let test: TestDatabase;
  let db: Database;
  const states: AgentStateV1[] = [];
  const hashes: WrittenHashes[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    db = await openDatabase(test.options);
    const all = readMigrations();
    await migrate(
      db.sql,
      all.filter((migration) => migration.name < DELTA),
    );
    await writeOldLedger(db, states, hashes);
    await migrate(db.sql, all);
  });
  afterAll(async () => {
    await db.close();
    await test.dispose();
  });

  it("keeps every hash of the old rows, now stored as 32 bytes", async () => {
    const store = new RunStore(db, new InProcessChangeFeed());
    const { entries } = await store.history(runId, { first: 10 });
    expect(entries.map(({ contentHash, parentHash, entryHash }) => ({ contentHash, parentHash, entryHash }))).toEqual(hashes);
    const [lengths] = await db.prisma.$queryRaw<{ bytes: number }[]>`
      SELECT max(octet_length("content_hash") + octet_length("parent_hash") + octet_length("entry_hash"))::int AS "bytes"
      FROM "ledger_entry" WHERE "run_id" = ${runId}`;
    expect(lengths!.bytes).toBe(96);
    // Anything but a sha256 is kept out.
    await expect(
      db.prisma.$executeRaw`UPDATE "ledger_entry" SET "entry_hash" = '\x00'::bytea WHERE "run_id" = ${runId} AND "seq" = 1`,
    ).rejects.toThrow();
  });

  it("reads every version as before, verifies, and stores the next commit as a patch", async () => {
    const store = new RunStore(db, new InProcessChangeFeed());
    for (const [version, state] of states.entries()) expect(await store.stateOfVersion(runId, version)).toEqual(state);
    expect((await store.history(runId, { first: 10 })).entries.map((entry) => entry.state?.user_visible_status ?? null)).toEqual([
      states[0]!.user_visible_status,
      "old a",
      null,
      "old b",
    ]);
    expect((await verifyRun(store, runId)).ok).toBe(true);

    // Compaction stores the older versions the new way; they read and verify the same.
    expect(await compactLedger(db, runId)).toBe(1);
    const stored = await db.prisma.ledgerEntry.findMany({
      where: { runId, kind: "COMMIT" },
      orderBy: { seq: "asc" },
      select: { state: true, snapshotVersion: true },
    });
    expect(stored.map((row) => [row.state === null, row.snapshotVersion])).toEqual([
      [false, 0],
      [true, 0],
      [false, 2],
    ]);
    for (const [version, state] of states.entries()) expect(await store.stateOfVersion(runId, version)).toEqual(state);
    expect((await verifyRun(store, runId)).ok).toBe(true);

    await store.commitState({
      runId,
      expectedVersion: 2,
      operations: [{ op: "setUserVisibleStatus", args: { status: "new" } }],
      producer,
      provenance,
    });
    const [row] = await db.prisma.$queryRaw<{ state: unknown; patch: unknown; snapshot_version: number }[]>`
      SELECT "state", "patch", "snapshot_version" FROM "ledger_entry" WHERE "run_id" = ${runId} AND "state_version" = 3 AND "kind" = 'COMMIT'`;
    expect(row).toMatchObject({ state: null, snapshot_version: 2 });
    expect(row!.patch).toContainEqual({ op: "replace", path: "/user_visible_status", value: "new" });
    expect((await store.stateOfVersion(runId, 3))?.user_visible_status).toBe("new");
    expect((await verifyRun(store, runId)).ok).toBe(true);
  });
});

interface WrittenHashes {
  contentHash: ContentHash;
  parentHash: ContentHash;
  entryHash: ContentHash;
}

/** A run of three versions and a NOOP, stored as the write path stored it before the migrations. */
async function writeOldLedger(db: Database, states: AgentStateV1[], hashes: WrittenHashes[]): Promise<void> {
  const initial = buildInitialState({ runId, taskId: "task-old", sessionId: "session-old", objective: "old", workspaceRoot: "/w" });
  const steps: { kind: "COMMIT" | "NOOP"; operations: OperationCall[]; reason: string | null }[] = [
    { kind: "COMMIT", operations: [{ op: "startRun", args: { objective: "old", workspaceRoot: "/w" } }], reason: null },
    { kind: "COMMIT", operations: [{ op: "setUserVisibleStatus", args: { status: "old a" } }], reason: null },
    { kind: "NOOP", operations: [], reason: "looked" },
    { kind: "COMMIT", operations: [{ op: "setUserVisibleStatus", args: { status: "old b" } }], reason: null },
  ];
  await db.sql.withSession(async (session) => {
    await session.query(`INSERT INTO "task" ("id", "objective", "source") VALUES ('task-old', 'old', '{}')`);
    let state = initial;
    let hash = sha256Of(canonicalJson(initial)) as ContentHash;
    let parent: ContentHash = GENESIS_PARENT;
    for (const [seq, step] of steps.entries()) {
      if (seq > 0 && step.kind === "COMMIT") {
        const plan = planCommit({ state, contentHash: hash }, step.operations, context);
        state = plan.state;
        hash = plan.contentHash;
      }
      if (step.kind === "COMMIT") states.push(state);
      const version = states.length - 1;
      const entryHash = chainHash(
        parent,
        seq,
        entryDigest({
          runId,
          stateVersion: version,
          kind: step.kind,
          operations: step.operations,
          producer,
          provenance,
          reason: step.reason,
          contentHash: hash,
        }),
      );
      if (seq === 0) {
        await session.query(
          `INSERT INTO "run" ("id", "task_id", "session_id", "state_version", "ledger_seq", "status", "state", "content_hash", "head_hash", "head_parent_hash")
           VALUES ($1, 'task-old', 'session-old', 0, 0, 'RUNNING', $2, $3, $4, $5)`,
          [runId, JSON.stringify(state), hash, entryHash, parent],
        );
      } else {
        await session.query(
          `UPDATE "run" SET "state_version" = $2, "ledger_seq" = $3, "state" = $4, "content_hash" = $5, "head_hash" = $6, "head_parent_hash" = $7 WHERE "id" = $1`,
          [runId, version, seq, JSON.stringify(state), hash, entryHash, parent],
        );
      }
      await session.query(
        `INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer", "provenance", "reason", "state", "content_hash", "parent_hash", "entry_hash", "created_at")
         VALUES ($1, $2, $3, $4::"LedgerKind", $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          runId,
          seq,
          version,
          step.kind,
          JSON.stringify(step.operations),
          JSON.stringify(producer),
          JSON.stringify(provenance),
          step.reason,
          step.kind === "COMMIT" ? JSON.stringify(state) : null,
          hash,
          parent,
          entryHash,
          context.committedAt,
        ],
      );
      hashes.push({ contentHash: hash, parentHash: parent, entryHash });
      parent = entryHash;
    }
  });
}
