// Canon as a separate child process, exactly as an operator runs it (`canon serve`), so the
// benchmark measures the shipped build over a real socket and can read the server's own
// memory high-water mark without the benchmark's allocations mixed in.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { PRODUCER } from "./workload.js";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = path.join(REPO_ROOT, "dist", "cli", "main.js");

/** The node flags Canon is started with: those of `npm start` (docs/operations.md, "Node's flags"). */
export function shippedNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = scripts.start.split(" ");
  return words.slice(words.indexOf("node") + 1, words.indexOf("dist/cli/main.js"));
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const SERVING_LINE = /Canon is serving (http:\/\/\S+\/graphql)/;

/** The benchmark's admin token (CANON_ADMIN_TOKEN): it mints the writer's token. Loopback only. */
const BENCH_ADMIN_TOKEN = "canon_bench-admin-token-0123456789abcdefghijkl";

export interface CanonProcess {
  pid: number;
  url: URL;
  /** A token for the benchmark's writer (PRODUCER), every scope. */
  token: string;
  /** SIGTERM, then wait for the exit (SIGKILL after STOP_TIMEOUT_MS). Idempotent. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
  /** The last lines the server wrote (stderr and stdout, where pino logs), for error reports. */
  outputTail(): string;
}

/**
 * `env` replaces Canon's database settings; everything else is inherited. `root`: another checkout
 * whose dist/ (and package.json, prisma/migrations) to run instead of this one's, e.g. a copy of an
 * unchanged build judged against the working tree's in the same rounds (BENCH_VARIANT_DIST).
 */
export async function startCanonProcess(
  env: { DATABASE_URL?: string; CANON_DATA_DIR?: string; CANON_DB_POOL_SIZE?: string; [name: string]: string | undefined },
  extraNodeArgs: string[] = [],
  root: string = REPO_ROOT,
): Promise<CanonProcess> {
  // No rate limit: the benchmark measures throughput, which a per-token limit would cap.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CANON_LOG_LEVEL: "warn",
    CANON_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    CANON_COMMIT_RATE: "0",
    CANON_RUN_COMMIT_RATE: "0",
    ...env,
  };
  // An inherited DATABASE_URL would silently turn the PGlite run into a Postgres one.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only (e.g. --cpu-prof), for diagnosis.
  const nodeArgs = [...shippedNodeFlags(), ...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []), ...extraNodeArgs];
  const cli = root === REPO_ROOT ? CLI : path.join(path.resolve(root), "dist", "cli", "main.js");
  const child = spawn(process.execPath, [...nodeArgs, cli, "serve", "--port", "0", "--host", "127.0.0.1"], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (chunk: string) => void (tail = (tail + chunk).slice(-8_000));
  // The banner (with the URL) is on stderr, pino's logs on stdout: both are kept for error reports.
  child.stdout!.setEncoding("utf8").on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  const url = await new Promise<URL>((resolve, reject) => {
    let banner = "";
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${why}\n--- canon output ---\n${tail}`));
    };
    const timer = setTimeout(() => fail(`Canon did not print its URL within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    // Keep reading stderr for the process's whole life: a full pipe would block it.
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      keep(chunk);
      if (settled) return;
      if (banner.length < 64_000) banner += chunk;
      const match = SERVING_LINE.exec(banner);
      if (!match) return;
      const parsed = new URL(match[1]!);
      // The benchmark only ever talks to loopback; refuse anything else rather than load it.
      if (parsed.hostname !== "127.0.0.1") return fail(`Canon is serving on ${parsed.hostname}, not loopback`);
      settled = true;
      clearTimeout(timer);
      resolve(parsed);
    });
    void exited.then(({ code, signal }) => fail(`Canon exited before serving (code ${code}, signal ${signal})`));
  });

  const token = await mintWriterToken(url);
  let stopping: ReturnType<CanonProcess["stop"]> | undefined;
  return {
    pid: child.pid!,
    url,
    token,
    outputTail: () => tail,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
        const { code, signal } = await exited;
        clearTimeout(timer);
        return { code, signal, killed: signal === "SIGKILL" };
      })()),
  };
}

/** bench/lib/bare-yoga.mjs in its own process: yoga alone, for the `{ __typename }` comparison. */
export async function startBareYoga(): Promise<{ pid: number; url: URL; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "bench", "lib", "bare-yoga.mjs")], {
    cwd: REPO_ROOT,
    // In production mode, as `canon serve` runs (src/cli/node-env.ts): graphql-js is cheaper there.
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<URL>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("bare yoga did not start")), START_TIMEOUT_MS);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /serving (http:\/\/127\.0\.0\.1:\d+\/graphql)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[1]!));
      }
    });
    void exited.then(() => reject(new Error("bare yoga exited before serving")));
  });
  return {
    pid: child.pid!,
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Compiles src/ to dist/ so the child runs the code in the working tree, never a stale build. */
export async function buildDist(): Promise<void> {
  await runToCompletion(
    process.execPath,
    [path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    300_000,
  );
}

function runToCompletion(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command, args, { cwd: REPO_ROOT, stdio: ["ignore", "inherit", "inherit"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(args[0] ?? command)} ${args.slice(1).join(" ")} failed (code ${code}, signal ${signal})`));
    });
  });
}

/** The writer's token, pinned to PRODUCER's version so the ledger records exactly PRODUCER. */
async function mintWriterToken(url: URL): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
    body: JSON.stringify({
      query: `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { ... on CreatedApiToken { token } } }`,
      variables: {
        input: {
          componentId: PRODUCER.componentId,
          componentVersion: PRODUCER.componentVersion,
          kind: PRODUCER.kind,
          trustClass: "SECRET",
          scopes: ["run:create", "run:read", "run:commit"],
        },
      },
    }),
  });
  const body = (await response.json()) as { data?: { createApiToken?: { token?: string } } };
  const token = body.data?.createApiToken?.token;
  if (!token) throw new Error(`could not mint the benchmark writer's token: ${JSON.stringify(body)}`);
  return token;
}
