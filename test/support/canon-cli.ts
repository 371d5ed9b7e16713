// The real `canon` CLI as a child process, run the way a person runs it from a terminal.
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** tsx's loader by path: `--import tsx` would look for it from the working directory, which may be anywhere. */
const TSX = pathToFileURL(path.join(repoRoot, "node_modules/tsx/dist/loader.mjs")).href;

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
  const child = spawn(process.execPath, ["--import", TSX, path.join(repoRoot, "src/cli/main.ts"), ...args], {
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
