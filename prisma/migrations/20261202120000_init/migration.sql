-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('COMMIT', 'NOOP');

-- CreateTable
CREATE TABLE "task" (
    "id" TEXT NOT NULL,
    "objective" TEXT NOT NULL,
    "source" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run" (
    "id" TEXT NOT NULL,
    "task_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "state_version" INTEGER NOT NULL,
    "ledger_seq" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "content_hash" TEXT NOT NULL,
    "head_hash" TEXT NOT NULL,
    "head_parent_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entry" (
    "run_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state_version" INTEGER NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "operations" JSONB NOT NULL,
    "producer" JSONB NOT NULL,
    "provenance" JSONB NOT NULL,
    "reason" TEXT,
    "state" JSONB,
    "content_hash" TEXT NOT NULL,
    "parent_hash" TEXT NOT NULL,
    "entry_hash" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "request_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entry_pkey" PRIMARY KEY ("run_id","seq")
);

-- CreateIndex
CREATE INDEX "run_created_at_id_idx" ON "run"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "run_status_created_at_idx" ON "run"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "run_task_id_created_at_idx" ON "run"("task_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_run_id_idempotency_key_key" ON "ledger_entry"("run_id", "idempotency_key");

-- AddForeignKey
ALTER TABLE "run" ADD CONSTRAINT "run_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "task"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written, not expressible in schema.prisma: at most one COMMIT per state version,
-- so the ledger can never hold two different states for the same version of a run.
CREATE UNIQUE INDEX "ledger_entry_commit_version_key" ON "ledger_entry"("run_id", "state_version") WHERE "kind" = 'COMMIT';
