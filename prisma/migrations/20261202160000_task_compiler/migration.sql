-- Task compiler (issue #4): tasks carry their compiled TaskIR, a status and a revision that
-- clarifications compare and swap on; every revision is kept in task_revision.
-- Existing tasks (made by startRun from a bare objective) become UNCOMPILED, revision 0.

-- AlterTable
ALTER TABLE "task" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "status" TEXT NOT NULL DEFAULT 'UNCOMPILED',
ADD COLUMN "task_type" TEXT,
ADD COLUMN "ir" JSONB,
ADD COLUMN "clarifications" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "task_revision" (
    "task_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "ir" JSONB NOT NULL,
    "answers" JSONB NOT NULL,
    "answered_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_revision_pkey" PRIMARY KEY ("task_id","revision")
);

-- CreateIndex
CREATE INDEX "task_created_at_id_idx" ON "task"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "task_status_created_at_idx" ON "task"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "task_task_type_created_at_idx" ON "task"("task_type", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "task_revision" ADD CONSTRAINT "task_revision_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
