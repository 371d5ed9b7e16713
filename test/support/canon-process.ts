// `canon serve` as a real child process, started the way an operator starts it.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface CanonProcess {
  child: ChildProcess;
  url: string;
  /** The first line it printed. */
  line: string;
}

/** Starts `canon serve --port 0` with `env` added to this process's environment. */
export function serve(env: NodeJS.ProcessEnv): Promise<CanonProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "serve", "--port", "0"], {
    cwd: repoRoot,
    env: { ...process.env, CANON_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`canon serve did not start: ${output}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving (http:\/\/\S+\/graphql)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, line: output.split("\n")[0]! });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`canon serve exited with ${code}: ${output}`)));
  });
}

/** Sends `signal` and resolves with the exit code once the process is gone. */
export function kill(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill(signal);
  return exited;
}
