// Vitest's global setup: the sources the tests' child processes run (`canon` commands, `canon
// serve`, PGlite's initdb child), compiled once per test run instead of once per process.
//
// A child started as `node --import tsx src/cli/main.ts` has tsx compile each of its TypeScript
// files with esbuild and route every import of the process (the dependencies' thousands too)
// through tsx's resolver: about a second of CPU per process before it does anything (0.73 s
// against 0.29 s for `canon --version`, 3.7 s against 2.5 s for a `canon token list`), and the
// suite starts dozens of them. Here esbuild compiles src/ the way tsx does (one file to one
// module, esbuild's TypeScript transform with tsconfig.json, target this Node), into test-build/
// beside src/, so that every `../../package.json`, `../../prisma/migrations` and `../../dist/web`
// the sources read from their own place is the same file; and the children run that with plain
// `node`. It is rebuilt at each run (and each rerun in watch mode), so it is never older than src/.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { TEST_BUILD_DIR } from "./canon-cli.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

export async function buildCli(): Promise<void> {
  rmSync(TEST_BUILD_DIR, { recursive: true, force: true });
  const src = path.join(repoRoot, "src");
  await build({
    absWorkingDir: repoRoot,
    entryPoints: sources(src),
    outbase: src,
    outdir: TEST_BUILD_DIR,
    bundle: false,
    format: "esm",
    platform: "node",
    // tsx's own settings for a transform: this Node as the target, function and class names kept.
    target: `node${process.versions.node}`,
    keepNames: true,
    logLevel: "warning",
  });
}

export default async function setup(project: TestProject): Promise<void> {
  await buildCli();
  project.onTestsRerun(() => buildCli());
}
