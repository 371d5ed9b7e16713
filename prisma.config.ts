// Configuration for the Prisma CLI only (generate, and `migrate deploy` for operators online).
// At run time Canon builds its own driver adapter: see src/db/database.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/canon" },
});
