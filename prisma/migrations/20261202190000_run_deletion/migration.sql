-- deleteRun: an archived run's rows go (run, ledger, receipts, model events) and a tombstone
-- stays, so that reads and watches can say "deleted" rather than "never existed", and an audit
-- can see who deleted what, when, and the ledger head it had.
CREATE TABLE "run_deletion" (
    "run_id" TEXT NOT NULL,
    "task_id" TEXT,
    "last_seq" INTEGER NOT NULL,
    "last_version" INTEGER NOT NULL,
    "head_hash" TEXT NOT NULL,
    "deleted_by" JSONB NOT NULL,
    "reason" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_deletion_pkey" PRIMARY KEY ("run_id")
);

-- Receipts stay immutable, except for the deletion of a run's receipts inside deleteRun's own
-- transaction, which names that run in the transaction-local setting canon.deleting_run.
CREATE OR REPLACE FUNCTION "canon_receipt_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."run_id" = current_setting('canon.deleting_run', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'receipts are immutable: % of receipt % refused', TG_OP, OLD."id" USING ERRCODE = 'restrict_violation';
END;
$$;
