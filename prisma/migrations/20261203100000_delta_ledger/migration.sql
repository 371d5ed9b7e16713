-- The ledger stores a COMMIT's state as the RFC 6902 patch from the previous COMMIT's state,
-- with a whole snapshot whenever the patches since the last one add up to more than the state
-- (docs/storage.md, src/domain/ledger-encoding.ts). Existing ledgers hold a whole state in
-- every COMMIT: each such entry becomes its own snapshot, which the new reads take as they are,
-- and each run's chain starts at its current version. Later commits store patches.
ALTER TABLE "ledger_entry" ADD COLUMN "patch" JSONB,
  ADD COLUMN "snapshot_version" INTEGER;

UPDATE "ledger_entry" SET "snapshot_version" = "state_version" WHERE "kind" = 'COMMIT';

ALTER TABLE "run" ADD COLUMN "snapshot_version" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "chain_bytes" INTEGER NOT NULL DEFAULT 0;

-- Archived runs refuse every UPDATE (migration 20261202170000_run_archive); this one only
-- records where their chains stand, so the guard steps aside for it.
ALTER TABLE "run" DISABLE TRIGGER "run_refuse_archived_write";
UPDATE "run" SET "snapshot_version" = "state_version";
ALTER TABLE "run" ENABLE TRIGGER "run_refuse_archived_write";
