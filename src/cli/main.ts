#!/usr/bin/env node
// The `canon` command line, on commander: per-command help with examples (`canon help <command>`,
// `canon <command> --help`), `--version`, and each command's own flags (an unknown one is a usage
// error, exit 2). The command line and the configuration are checked before any database is
// opened. Exit codes: src/cli/cli-error.ts; docs/cli.md describes every command.
import "./node-env.js"; // first: it sets NODE_ENV before any library reads it
import { readFileSync } from "node:fs";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { COMPONENT_KINDS, TRUST_CLASSES } from "../contracts/common.js";
import { CanonError } from "../contracts/errors.js";
import { DataDirBusyError } from "../db/data-dir-lock.js";
import { DatabaseUnreachableError, DataDirCreationError } from "../db/database-errors.js";
import { SCOPES, type Scope } from "../domain/principal.js";
import { InsecureBindError, PortInUseError, WorkersNeedPostgresError, WorkerStartError } from "../server/startup-errors.js";
import { ConfigError, configFromEnv, unknownCanonVariables, type CanonConfig, type ConfigFlags } from "../server/config.js";
import type { Backend } from "./backend.js";
import { CliError, EXIT } from "./cli-error.js";
import { checkOutputPath, compactCommand, exportCommand, importCommand, verifyCommand } from "./ledger-commands.js";
import { createToken, listTokens, revokeToken, type TokenCreateOptions } from "./token-commands.js";

const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}\n`;
const list = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function scopeList(value: string): Scope[] {
  const scopes = list(value);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (!scopes.length || unknown.length)
    throw new InvalidArgumentError(
      `expected a comma-separated list of ${SCOPES.join(", ")}${unknown.length ? ` (unknown: ${unknown.join(", ")})` : ""}`,
    );
  return scopes as Scope[];
}

/** Reads and checks the configuration (and warns about variables that look like Canon's but are not). */
function config(flags: ConfigFlags = {}): CanonConfig {
  for (const name of unknownCanonVariables(process.env))
    process.stderr.write(`canon: warning: ${name} is not a Canon setting (docs/configuration.md lists them)\n`);
  return configFromEnv(process.env, flags);
}

/** Runs `work` on the database, or on the running server that holds it; says which on stderr. */
async function withBackend(command: string, work: (backend: Backend) => Promise<number | void>): Promise<number> {
  // Loaded here, not up front: help, --version and usage errors need no database code.
  const { openBackend } = await import("./open-backend.js");
  const backend = await openBackend(config(), command);
  process.stderr.write(`canon ${command}: ${backend.where}\n`);
  try {
    return (await work(backend)) ?? EXIT.OK;
  } finally {
    await backend.close();
  }
}

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command("canon")
    .description("Canonical, versioned state for AI-agent runs, served over GraphQL.")
    .version(VERSION, "-V, --version", "print Canon's version")
    .helpOption("-h, --help", "show help for a command")
    .helpCommand("help [command]", "show help for a command")
    .showSuggestionAfterError(true)
    .showHelpAfterError("(add --help for this command's usage and examples)")
    .exitOverride()
    .addHelpText(
      "after",
      `\nConfiguration comes from the environment (DATABASE_URL, CANON_DATA_DIR, CANON_PORT, ...): docs/configuration.md.` +
        `\nCommands in detail: docs/cli.md, or canon help <command>.` +
        `\nExit codes: 0 ok, 1 failed, 2 usage, 75 data directory busy, 78 configuration.\n`,
    );
  const run = (work: () => Promise<number | void>) => async () => setExit((await work()) ?? EXIT.OK);

  program
    .command("serve")
    .description("run the GraphQL server (creates and migrates the database if needed)")
    .option("--port <port>", "port to listen on; 0 picks a free one (default: CANON_PORT or 4000)")
    .option("--host <address>", "address to listen on (default: CANON_HOST or 127.0.0.1)")
    .addHelpText(
      "after",
      examples("canon serve", "canon serve --port 8080", "DATABASE_URL=postgresql://canon:secret@db:5432/canon canon serve --host 0.0.0.0"),
    )
    .action(async (options: { port?: string; host?: string }) => {
      const settings = config({ port: options.port, host: options.host });
      const { serveCommand } = await import("./serve-command.js");
      setExit(await serveCommand(settings));
    });

  program
    .command("migrate")
    .description("create the database if needed, apply pending migrations, and exit")
    .addHelpText("after", examples("canon migrate", "CANON_DATA_DIR=/srv/canon canon migrate"))
    .action(async () => {
      const settings = config();
      const { migrateCommand } = await import("./serve-command.js");
      setExit(await migrateCommand(settings));
    });

  program
    .command("verify")
    .description("recompute runs' hash chains and states; exit 1 if any diverges")
    .argument("[runIds...]", "the runs to verify")
    .option("--all", "verify every run")
    .addHelpText("after", examples("canon verify run_0a1b2c", "canon verify --all"))
    .action(async (runIds: string[], options: { all?: boolean }) => {
      if (Boolean(options.all) === runIds.length > 0)
        throw new CliError("give either run ids or --all (see canon help verify)", EXIT.USAGE);
      await run(() => withBackend("verify", (backend) => verifyCommand(backend, options.all ? "all" : runIds)))();
    });

  program
    .command("compact")
    .description("store ledgers written before the delta ledger as patches (docs/storage.md); reads and verify are unchanged")
    .argument("[runIds...]", "the runs to compact")
    .option("--all", "compact every run")
    .addHelpText("after", examples("canon compact run_0a1b2c", "canon compact --all"))
    .action(async (runIds: string[], options: { all?: boolean }) => {
      if (Boolean(options.all) === runIds.length > 0)
        throw new CliError("give either run ids or --all (see canon help compact)", EXIT.USAGE);
      await run(() => withBackend("compact", (backend) => compactCommand(backend, options.all ? "all" : runIds)))();
    });

  program
    .command("export")
    .description("write a run and its whole ledger as NDJSON (to stdout, or to a file written only when complete)")
    .argument("<runId>", "the run to export")
    .option("--out <file>", "write to this file instead of stdout")
    .addHelpText("after", examples("canon export run_0a1b2c --out run.ndjson", "canon export run_0a1b2c | gzip > run.ndjson.gz"))
    .action(async (runId: string, options: { out?: string }) => {
      if (options.out) checkOutputPath(options.out);
      await run(() => withBackend("export", (backend) => exportCommand(backend, runId, options.out)))();
    });

  program
    .command("import")
    .description("import a file made by canon export (or stdin); it is verified before anything is written")
    .argument("[file]", "the export file; stdin when absent")
    .addHelpText("after", examples("canon import run.ndjson", "gunzip -c run.ndjson.gz | canon import"))
    .action(async (file: string | undefined, _options: unknown, command: Command) => {
      if (!file && process.stdin.isTTY) {
        // Nothing is piped in: waiting for typed NDJSON would look like a hang.
        command.outputHelp({ error: true });
        throw new CliError("give a file, or pipe an export into stdin", EXIT.USAGE);
      }
      await run(() => withBackend("import", (backend) => importCommand(backend, file)))();
    });

  program
    .command("compile")
    .description("compile a request to TaskIRV1 with its open questions (no database needed)")
    .argument("[text]", "the request, in words")
    .option("--file <file>", "read the request from a JSON file (- for stdin)")
    .addHelpText(
      "after",
      `\nThe file holds {"text": ...}, {"request": {title, body, labels, paths, taskType, ...}}, {"taskIr": {...}},\n` +
        `a bare structured request, or a TaskIRV1 document. Exit 0 compiled, 3 needs clarification, 1 rejected.\n` +
        examples(`canon compile "Fix the flaky login test in src/auth"`, "canon compile --file request.json"),
    )
    .action(async (text: string | undefined, options: { file?: string }) => {
      if ((text === undefined) === (options.file === undefined))
        throw new CliError("give the request text or --file (see canon help compile)", EXIT.USAGE);
      const { compileCommand } = await import("./compile-command.js");
      setExit(compileCommand(text, options.file));
    });

  const token = program
    .command("token")
    .description("create, list and revoke API tokens (works while canon serve runs)")
    .helpCommand("help [command]", "show help for a token command")
    .addHelpText("after", examples("canon token list", "canon help token create"));

  token
    .command("create")
    .description("create a token and print it, once")
    .requiredOption("--component <id>", "the component the token stands for; its writes are recorded under it")
    .addOption(new Option("--kind <kind>", "the component's kind").choices(COMPONENT_KINDS).makeOptionMandatory())
    .requiredOption("--scopes <scopes>", `comma-separated: ${SCOPES.join(", ")}`, scopeList)
    .addOption(new Option("--trust <class>", "what it may see").choices(TRUST_CLASSES).default("INTERNAL"))
    .option("--version <version>", 'the version its writes must claim ("*": any)', "*")
    .option("--runs <ids>", "only these runs (comma-separated)", list, [])
    .option("--tasks <ids>", "only runs of these tasks (comma-separated)", list, [])
    .option("--label <text>", "a note for people")
    .addHelpText(
      "after",
      examples(
        "canon token create --component agent-1 --kind RUNTIME --scopes run:read,run:create,run:commit",
        "canon token create --component dashboard --kind HUMAN --scopes run:read --trust PUBLIC --label 'team dashboard'",
      ),
    )
    .action(async (options: TokenCreateOptions) => {
      await run(() => withBackend("token create", (backend) => createToken(backend, options)))();
    });

  token
    .command("list")
    .description("list every token, revoked ones included (never the secrets)")
    .addHelpText("after", examples("canon token list"))
    .action(run(() => withBackend("token list", (backend) => listTokens(backend))));

  token
    .command("revoke")
    .description("revoke a token: refused from its next request on")
    .argument("<tokenId>", "the token's id (tok_…, see canon token list)")
    .addHelpText("after", examples("canon token revoke tok_5f0c…"))
    .action(async (tokenId: string) => {
      await run(() => withBackend("token revoke", (backend) => revokeToken(backend, tokenId)))();
    });

  return program;
}

/** The one place errors become messages and exit codes: never a stack trace, unless asked for. */
export function report(error: unknown, command: string, debug: boolean): number {
  const say = (message: string) => process.stderr.write(`canon${command ? ` ${command}` : ""}: ${message}\n`);
  if (error instanceof CommanderError) {
    // commander printed its message already; help and --version are not failures.
    return ["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code) && error.exitCode === 0
      ? EXIT.OK
      : EXIT.USAGE;
  }
  if (error instanceof CliError) return (say(error.message), error.exitCode);
  if (error instanceof ConfigError) return (say(`${error.message}\n(docs/configuration.md lists every setting)`), EXIT.CONFIG);
  if (error instanceof DataDirBusyError)
    return (say(`${error.message}. Stop that process first, or give this one another CANON_DATA_DIR`), EXIT.BUSY);
  if (error instanceof DatabaseUnreachableError || error instanceof InsecureBindError || error instanceof WorkersNeedPostgresError)
    return (say(error.message), EXIT.CONFIG);
  if (error instanceof WorkerStartError) return (say(error.message), error.exitCode);
  if (error instanceof PortInUseError || error instanceof DataDirCreationError) return (say(error.message), EXIT.FAILED);
  if (error instanceof CanonError) return (say(error.message), EXIT.FAILED);
  say(`${error instanceof Error ? error.message : String(error)}${debug ? "" : " (CANON_LOG_LEVEL=debug shows where)"}`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return EXIT.FAILED;
}

async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.OK;
  const program = buildProgram((code) => (exitCode = code));
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    const command = argv
      .filter((arg) => !arg.startsWith("-"))
      .slice(0, argv[0] === "token" ? 2 : 1)
      .join(" ");
    return report(error, command, ["debug", "trace"].includes(process.env.CANON_LOG_LEVEL ?? ""));
  }
}

// What escapes from a timer: a known error (a lost data-directory lock) as its one line, a bug
// with its stack, since that is a fault to fix, not a user's mistake.
process.on("uncaughtException", (error) => process.exit(report(error, "", true)));

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => process.exit(report(error, "", false)),
);
