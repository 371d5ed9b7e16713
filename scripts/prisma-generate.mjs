#!/usr/bin/env node
// `prisma generate` needs no schema engine, but the CLI refuses to start without one and
// tries to download it, which fails offline. Any existing executable satisfies the check.
import { spawnSync } from "node:child_process";

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
