-- CreateTable
CREATE TABLE "api_token" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "identity" JSONB NOT NULL,
    "trust_class" TEXT NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "run_ids" TEXT[] NOT NULL,
    "task_ids" TEXT[] NOT NULL,
    "label" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_token_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_token_token_hash_key" ON "api_token"("token_hash");
