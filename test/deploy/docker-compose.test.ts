// docker-compose.yml, the Dockerfile and .dockerignore are never run here (no Docker engine), so
// this test reads them and checks what has to agree for `docker compose up` to work: Canon finds
// the database service with its credentials, listens where the published port points, waits for a
// healthy database, and the image holds the migrations Canon applies on startup and starts the
// same CLI as package.json's bin.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEFAULT_MIGRATIONS_DIR } from "../../src/db/migrator.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

/** The node flags Canon is started with, set once in `npm start` (docs/operations.md, "Node's flags"). */
function startNodeFlags(): string[] {
  const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start!;
  const match = /^node((?: --[\w-]+=\S+)+) dist\/cli\/main\.js serve$/.exec(start);
  expect(match, `npm start is "node <flags> dist/cli/main.js serve": ${start}`).not.toBeNull();
  return match![1]!.trim().split(" ");
}

type Env = Record<string, string>;
interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: Array<string | number | { target: number | string; published?: number | string; host_ip?: string }>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: Array<string | { type?: string; source?: string; target?: string }>;
  restart?: string;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** Compose's own interpolation, for values with no variable set: `${X:-d}` and `${X-d}` give d. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_all, _name: string, fallback?: string) => fallback ?? "").replace(/\$\$/g, "$");
}

function environment(service: Service): Env {
  const raw = service.environment ?? {};
  const entries: Array<[string, string]> = Array.isArray(raw)
    ? raw.map((item) => {
        const at = item.indexOf("=");
        return at < 0 ? [item, ""] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(raw).map(([key, value]) => [key, value === null ? "" : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value)]));
}

/** Short syntax `[HOST:][PUBLISHED:]TARGET[/PROTOCOL]` or the long syntax, as numbers. */
function portMapping(entry: NonNullable<Service["ports"]>[number]): { published?: number; target: number } {
  if (typeof entry === "object") {
    return { target: Number(entry.target), published: entry.published === undefined ? undefined : Number(entry.published) };
  }
  const spec = interpolate(String(entry))
    .replace(/\/(tcp|udp)$/, "")
    .replace(/^\[[^\]]*\]:/, "");
  const parts = spec.split(":");
  const target = Number(parts.at(-1));
  return parts.length >= 2 ? { target, published: Number(parts.at(-2)) } : { target };
}

function healthcheckCommand(service: Service): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(" ") : (test ?? "");
}

const compose = parse(read("docker-compose.yml")) as ComposeFile;
const services = compose.services;
const postgresEntry = Object.entries(services).find(([, service]) => service.image?.startsWith("postgres"));
const canonEntry = Object.entries(services).find(([, service]) => service.build !== undefined);

describe("docker-compose.yml", () => {
  it("has a postgres:15 service and a Canon service built here", () => {
    expect(postgresEntry?.[1].image).toBe("postgres:15");
    const build = canonEntry?.[1].build;
    expect(build).toBeDefined();
    const context = typeof build === "string" ? build : build?.context;
    const dockerfile = typeof build === "object" ? (build.dockerfile ?? "Dockerfile") : "Dockerfile";
    expect(path.resolve(repoRoot, context ?? ".")).toBe(path.resolve(repoRoot));
    expect(dockerfile).toBe("Dockerfile");
  });

  it("checks postgres with pg_isready and keeps its data in a named volume", () => {
    const [, postgres] = postgresEntry!;
    expect(healthcheckCommand(postgres)).toContain("pg_isready");
    expect(postgres.healthcheck?.disable).not.toBe(true);
    const dataVolume = (postgres.volumes ?? [])
      .map((volume) => (typeof volume === "string" ? { source: volume.split(":")[0], target: volume.split(":")[1] } : volume))
      .find((volume) => volume.target === "/var/lib/postgresql/data");
    expect(dataVolume?.source, "a volume on /var/lib/postgresql/data").toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(dataVolume!.source);
  });

  it("points Canon's DATABASE_URL at the postgres service, with its credentials and database", () => {
    const [postgresName, postgres] = postgresEntry!;
    const pgEnv = environment(postgres);
    const url = new URL(environment(canonEntry![1]).DATABASE_URL ?? "");
    expect(["postgresql:", "postgres:"]).toContain(url.protocol);
    expect(url.hostname).toBe(postgresName);
    expect(url.port === "" || url.port === "5432").toBe(true);
    const user = pgEnv.POSTGRES_USER || "postgres";
    expect(decodeURIComponent(url.username)).toBe(user);
    expect(decodeURIComponent(url.password)).toBe(pgEnv.POSTGRES_PASSWORD);
    expect(decodeURIComponent(url.pathname.slice(1))).toBe(pgEnv.POSTGRES_DB || user);
  });

  it("has Canon listen on all interfaces, on the port that is published and health-checked", () => {
    const [, canon] = canonEntry!;
    const env = environment(canon);
    expect(env.CANON_HOST).toBe("0.0.0.0");
    // Canon refuses a public bind without a token: compose must demand one from the operator.
    expect(env.CANON_ADMIN_TOKEN).toMatch(/^\$\{CANON_ADMIN_TOKEN:\?.+\}$/);
    const port = Number(env.CANON_PORT ?? 4000);
    expect(port).toBe(4000);
    const mappings = (canon.ports ?? []).map(portMapping);
    expect(mappings).toContainEqual({ target: port, published: port });
    const health = healthcheckCommand(canon);
    expect(health).toMatch(/\bnode\b/);
    expect(health).not.toMatch(/\b(curl|wget)\b/);
    expect(health).toContain(`http://127.0.0.1:${port}/healthz`);
  });

  it("keeps the promise of its header: the URL it names opens GraphiQL, and a token is still required", () => {
    const header = read("docker-compose.yml")
      .split("\n")
      .filter((line) => line.startsWith("#"))
      .join("\n");
    const [, canon] = canonEntry!;
    const env = environment(canon);
    const documented = /http:\/\/127\.0\.0\.1:(\d+)\/graphql/.exec(header);
    expect(documented, "the header names the URL to open").not.toBeNull();
    // The URL reaches Canon's port through a mapping published on the host's loopback.
    const published = (canon.ports ?? []).map(portMapping).find((m) => m.published === Number(documented![1]));
    expect(published?.target).toBe(Number(env.CANON_PORT ?? 4000));
    expect((canon.ports ?? []).map(String).some((p) => p.startsWith("127.0.0.1:"))).toBe(true);
    // Bound to 0.0.0.0, GraphiQL and introspection default to off (a browser would get 406): on here.
    expect(env.CANON_GRAPHIQL).toBe("true");
    expect(env.CANON_INTROSPECTION).toBe("true");
    // Authentication stays: the header says how to pass the token, and no longer claims there is none.
    expect(header).toContain("?token=");
    expect(header).not.toMatch(/no authentication/i);
  });

  it("starts Canon only once postgres is healthy, and restarts it", () => {
    const [postgresName] = postgresEntry!;
    const [, canon] = canonEntry!;
    expect(Array.isArray(canon.depends_on)).toBe(false);
    const dependsOn = canon.depends_on as Record<string, { condition?: string }> | undefined;
    expect(dependsOn?.[postgresName]?.condition).toBe("service_healthy");
    expect(["always", "unless-stopped", "on-failure"]).toContain(canon.restart?.split(":")[0]);
  });
});

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions: comments dropped, continuation lines joined. */
function dockerfileInstructions(text: string): Instruction[] {
  const logical: string[] = [];
  let pending = "";
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line)) continue;
    if (/\\\s*$/.test(line)) {
      pending += line.replace(/\\\s*$/, " ");
      continue;
    }
    logical.push(pending + line);
    pending = "";
  }
  if (pending) logical.push(pending);
  return logical
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = ""] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: line.slice(keyword.length).trim() };
    });
}

/** Exec form (JSON array) only: shell form would not deliver SIGTERM to Canon. */
function execForm(instruction: Instruction | undefined): string[] {
  if (!instruction) return [];
  const parsed: unknown = JSON.parse(instruction.args);
  expect(Array.isArray(parsed), `${instruction.keyword} in exec form`).toBe(true);
  return (parsed as unknown[]).map(String);
}

const instructions = dockerfileInstructions(read("Dockerfile"));
const args = new Map<string, string>();
for (const instruction of instructions) {
  if (instruction.keyword !== "ARG") continue;
  const [name = "", fallback = ""] = instruction.args.split("=");
  args.set(name.trim(), fallback.trim());
}
const resolveArgs = (value: string) => value.replace(/\$\{?(\w+)\}?/g, (_all, name: string) => args.get(name) ?? "");
const stageStarts = instructions.flatMap((instruction, index) => (instruction.keyword === "FROM" ? [index] : []));
const runtimeStage = instructions.slice(stageStarts.at(-1));
const buildSteps = instructions.filter((instruction) => instruction.keyword === "RUN").map((instruction) => instruction.args);

describe("Dockerfile", () => {
  it("builds on node:20-bookworm-slim in every stage", () => {
    expect(stageStarts.length).toBeGreaterThan(0);
    for (const start of stageStarts) {
      const image = resolveArgs(instructions[start]!.args.split(/\s+/)[0]!);
      expect(image).toBe("node:20-bookworm-slim");
    }
  });

  it("installs from the lockfile, generates the Prisma client and compiles", () => {
    expect(buildSteps.some((step) => /\bnpm ci\b/.test(step))).toBe(true);
    expect(buildSteps.some((step) => /npm run postinstall|prisma-generate\.mjs|prisma generate/.test(step))).toBe(true);
    expect(buildSteps.some((step) => /npm run (build|prepare)/.test(step))).toBe(true);
  });

  it("puts prisma/migrations where the compiled migrator looks for them", () => {
    // The migrator finds them at ../../prisma/migrations from src/db/, i.e. from dist/db/.
    expect(path.relative(repoRoot, DEFAULT_MIGRATIONS_DIR).split(path.sep).join("/")).toBe("prisma/migrations");
    // Where each stage's WORKDIR ends up, to read `COPY --from=stage /abs/path` as a project path.
    const stageWorkdirs = new Map<string, string>();
    for (const [index, start] of stageStarts.entries()) {
      const name = /\bAS\s+(\S+)/i.exec(instructions[start]!.args)?.[1] ?? String(index);
      let dir = "/";
      for (const instruction of instructions.slice(start, stageStarts[index + 1])) {
        if (instruction.keyword === "WORKDIR") dir = path.posix.resolve(dir, instruction.args);
      }
      stageWorkdirs.set(name, dir);
    }
    let workdir = "/";
    const copied = new Map<string, string>();
    for (const instruction of runtimeStage) {
      if (instruction.keyword === "WORKDIR") workdir = path.posix.resolve(workdir, instruction.args);
      if (instruction.keyword !== "COPY") continue;
      const from = /--from=(\S+)/.exec(instruction.args)?.[1];
      const parts = instruction.args.split(/\s+/).filter((part) => !part.startsWith("--"));
      const destination = path.posix.resolve(workdir, parts.at(-1)!);
      for (const source of parts.slice(0, -1)) {
        const base = from === undefined ? "/" : (stageWorkdirs.get(from) ?? "/");
        copied.set(path.posix.relative(base, path.posix.resolve(base, source)), destination);
      }
    }
    const app = copied.get("dist");
    expect(app, "the runtime stage copies dist").toBeDefined();
    expect(copied.get("prisma/migrations")).toBe(path.posix.resolve(app!, "../prisma/migrations"));
    expect(workdir).toBe(path.posix.dirname(app!));
  });

  it("starts the same CLI as package.json's bin, with npm start's node flags, serving by default", () => {
    const bin = (JSON.parse(read("package.json")) as { bin: Record<string, string> }).bin.canon!;
    const entrypoint = execForm(runtimeStage.findLast((instruction) => instruction.keyword === "ENTRYPOINT"));
    const cmd = execForm(runtimeStage.findLast((instruction) => instruction.keyword === "CMD"));
    const argv = [...entrypoint, ...cmd];
    const flags = startNodeFlags();
    expect(argv[0]).toBe("node");
    expect(argv.slice(1, 1 + flags.length)).toEqual(flags);
    expect(path.posix.normalize(argv[1 + flags.length] ?? "")).toBe(path.posix.normalize(bin));
    expect(argv[2 + flags.length]).toBe("serve");
  });

  it("exposes the port Canon listens on in docker-compose.yml", () => {
    const exposed = runtimeStage
      .filter((instruction) => instruction.keyword === "EXPOSE")
      .flatMap((instruction) => instruction.args.split(/\s+/));
    expect(exposed.map((port) => Number(port.replace(/\/tcp$/, "")))).toContain(Number(environment(canonEntry![1]).CANON_PORT ?? 4000));
  });
});

describe(".dockerignore", () => {
  // Docker's patterns are anchored at the context root and also exclude everything below a match.
  const patterns = read(".dockerignore")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const toRegExp = (pattern: string) =>
    new RegExp(
      "^" +
        pattern
          .replace(/^\/+|\/+$/g, "")
          .replace(/[.+^$()|{}[\]\\]/g, "\\$&")
          .replace(/\*\*/g, "\u0000")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, "[^/]")
          // eslint-disable-next-line no-control-regex -- NUL stands in for "**" while the glob is rewritten
          .replace(/\u0000/g, ".*") +
        "(/.*)?$",
    );
  const excluded = (file: string) => {
    let result = false;
    for (const pattern of patterns) {
      const negated = pattern.startsWith("!");
      if (toRegExp(negated ? pattern.slice(1) : pattern).test(file)) result = !negated;
    }
    return result;
  };

  it("keeps host builds and installs out of the context", () => {
    for (const file of ["node_modules/x", "dist/cli/main.js", "src/db/generated/client.ts"]) expect(excluded(file), file).toBe(true);
  });

  it("keeps what the build needs", () => {
    const needed = [
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "tsconfig.build.json",
      "prisma.config.ts",
      "prisma/schema.prisma",
      ...readdirSync(path.join(repoRoot, "prisma/migrations")).map((name) => `prisma/migrations/${name}`),
      "scripts/prisma-generate.mjs",
      "src/cli/main.ts",
      "src/db/migrator.ts",
    ];
    for (const file of needed) expect(excluded(file), file).toBe(false);
  });
});
