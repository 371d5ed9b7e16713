-- The idempotency index covers only the entries that carry a key.
--
-- As a full index on (run_id, idempotency_key) it was one more index whose first column is
-- run_id, and PostgreSQL's planner, estimating a run newer than its last ANALYZE at one row,
-- chose it for reads by seq or by version as readily as the primary key: it then walked and
-- filtered the whole run (stateAt and history pages 3-4x slower on a run of 10,000 versions than
-- on a run of 10; docs/storage.md). Partial, it serves only queries that name a key, and it no
-- longer stores an entry for the many rows without one. Uniqueness of a key within a run is
-- unchanged (NULL keys were never equal to each other).
DROP INDEX "ledger_entry_run_id_idempotency_key_key";

CREATE UNIQUE INDEX "ledger_entry_idempotency_key_key" ON "ledger_entry"("run_id", "idempotency_key")
  WHERE "idempotency_key" IS NOT NULL;
