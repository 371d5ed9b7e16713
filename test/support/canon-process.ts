// `canon serve` as a real child process, started the way an operator starts it.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { ComponentIdentity } from "../../src/contracts/common.js";
import { postGraphQL } from "./canon.js";
import { CANON_MAIN } from "./canon-cli.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface CanonProcess {
  child: ChildProcess;
  url: string;
  /** The banner's line with the URL (on stderr). */
  line: string;
  /** Everything it has written to stderr so far (the banner and hints for people; its first 64 KB). */
  stderr(): string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/** Every process the tests start knows this admin token (CANON_ADMIN_TOKEN), so tests can mint others. */
export const TEST_ADMIN_TOKEN = "canon_test-admin-token-0123456789abcdefghijklmnop";

/** A token for `identity` (every scope, trust SECRET), minted through `url` with the admin token. */
export async function tokenVia(url: string, identity: Pick<ComponentIdentity, "component_id" | "kind">): Promise<string> {
  const created = await postGraphQL<any>(
    url,
    `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { ... on CreatedApiToken { token } ... on Error { code message } } }`,
    {
      input: {
        componentId: identity.component_id,
        kind: identity.kind,
        trustClass: "SECRET",
        scopes: ["task:compile", "run:create", "run:read", "run:commit", "run:admin", "token:admin"],
      },
    },
    TEST_ADMIN_TOKEN,
  );
  const token = created.data?.createApiToken?.token;
  if (!token) throw new Error(`could not mint a token: ${JSON.stringify(created)}`);
  return token;
}

/** Starts `canon serve --port 0` with `env` added to this process's environment. */
export function serve(env: NodeJS.ProcessEnv, { startTimeoutMs = 120_000 } = {}): Promise<CanonProcess> {
  const child = spawn(process.execPath, [CANON_MAIN, "serve", "--port", "0"], {
    cwd: repoRoot,
    env: { ...process.env, CANON_LOG_LEVEL: "warn", CANON_ADMIN_TOKEN: TEST_ADMIN_TOKEN, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    // Generous: on a loaded 2-core machine, loading the CLI and PGlite creating a new
    // database can each take most of a minute. A server that did not start is not left running.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`canon serve did not start: ${output}`));
    }, startTimeoutMs);
    // The banner is for people: stderr. Structured logs go to stdout.
    let banner = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      if (banner.length < 64_000) banner += chunk.toString();
      output += chunk.toString();
      const match = /serving (http:\/\/\S+\/graphql)/.exec(banner);
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          url: match[1]!,
          line: banner.split("\n").find((line) => line.includes("serving"))!,
          stderr: () => banner,
          output: () => output,
        });
      }
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
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
