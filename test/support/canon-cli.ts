// The real `canon` CLI as a child process, run the way a person runs it from a terminal.
import { spawn } from "node:child_process";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** Where Vitest's global setup compiles src/ (test/support/build-cli.ts): one level under the repository, as src/ and dist/ are. */
export const TEST_BUILD_DIR = path.join(repoRoot, "test-build");
/**
 * The CLI's entry point as the tests run it: src/ compiled by Vitest's global setup into
 * test-build/, run with plain `node` instead of tsx in each process.
 */
export const CANON_MAIN = path.join(TEST_BUILD_DIR, "cli/main.js");

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `canon ...args` with `env` added to a clean copy of this process's environment (no
 * DATABASE_URL or CANON_* from the machine). Asynchronous, so that a server the test started in
 * another process keeps being served by this one's event loop meanwhile.
 */
export function canonCli(args: string[], env: NodeJS.ProcessEnv = {}, options: { cwd?: string; input?: string } = {}): Promise<CliResult> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "DATABASE_URL" && !name.startsWith("CANON_")));
  const child = spawn(process.execPath, [CANON_MAIN, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...base, CANON_LOG_LEVEL: "warn", ...env },
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
}
