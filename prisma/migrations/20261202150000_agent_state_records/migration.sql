-- CreateEnum
CREATE TYPE "ReceiptKind" AS ENUM ('TOOL', 'MUTATION', 'VERIFICATION', 'COMPLETION_DECISION');

-- CreateEnum
CREATE TYPE "ModelEventKind" AS ENUM ('LOADED', 'EVICTED', 'LOST', 'SWAPPED');

-- CreateTable
CREATE TABLE "receipt" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "kind" "ReceiptKind" NOT NULL,
    "document" JSONB NOT NULL,
    "content_hash" TEXT NOT NULL,
    "state_version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "model_event" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "kind" "ModelEventKind" NOT NULL,
    "model_id" TEXT NOT NULL,
    "previous_model_id" TEXT,
    "detail" TEXT,
    "producer" JSONB NOT NULL,
    "state_version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "model_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "receipt_run_id_kind_state_version_idx" ON "receipt"("run_id", "kind", "state_version");

-- CreateIndex
CREATE INDEX "model_event_run_id_created_at_idx" ON "model_event"("run_id", "created_at");

-- AddForeignKey
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "run"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "model_event" ADD CONSTRAINT "model_event_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written, not expressible in schema.prisma: receipts are append-only. Any UPDATE or
-- DELETE of a receipt row fails, whoever issues it.
CREATE FUNCTION "canon_receipt_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are immutable: % of receipt % refused', TG_OP, OLD."id" USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "receipt_immutable" BEFORE UPDATE OR DELETE ON "receipt"
  FOR EACH ROW EXECUTE FUNCTION "canon_receipt_immutable"();
