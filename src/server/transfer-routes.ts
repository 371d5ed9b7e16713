// `canon export` and `canon import` against a running server (the CLI cannot open an embedded
// database that the server holds): a run and its whole ledger as NDJSON, in the format of
// src/store/run-transfer.ts, over plain HTTP so that neither side holds a run in memory.
//   GET  /transfer/runs/<runId>   the export; header x-canon-ledger-entries gives the count
//   POST /transfer/runs           an export file as the body; answers {"runId", "entries"}
// Both carry everything a run holds, unredacted: only a token with every scope and trust SECRET
// (an admin token, such as the local one the CLI reads) may use them.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createInterface } from "node:readline";
import { CanonError, type ErrorV1 } from "../contracts/errors.js";
import { SCOPES } from "../domain/principal.js";
import type { Database } from "../db/database.js";
import { exportRun, importRun } from "../store/run-transfer.js";
import type { TokenStore } from "../store/token-store.js";
import { bearerToken } from "./yoga.js";

export const TRANSFER_PATH = "/transfer/runs";

/** Answers the request when it is a transfer route; false otherwise. */
export function handleTransfer(req: IncomingMessage, res: ServerResponse, database: Database, tokens: TokenStore): boolean {
  // Every request passes here: the URL is parsed only when its path may be a transfer's (or
  // when it is not origin-form, such as `http://host/transfer/runs`).
  if (req.url?.startsWith("/") && !req.url.startsWith(TRANSFER_PATH)) return false;
  const url = new URL(req.url ?? "/", "http://canon");
  if (url.pathname !== TRANSFER_PATH && !url.pathname.startsWith(`${TRANSFER_PATH}/`)) return false;
  void (async () => {
    const principal = await tokens.authenticate(bearerToken(req.headers.authorization) ?? "");
    if (!principal)
      return fail(res, 401, {
        family: "AUTH",
        code: "ERR_UNAUTHENTICATED",
        message: "a valid API token is required: send `Authorization: Bearer <token>`",
        retryable: false,
      });
    if (principal.trustClass !== "SECRET" || SCOPES.some((scope) => !principal.scopes.includes(scope))) {
      return fail(res, 403, {
        family: "AUTH",
        code: "ERR_FORBIDDEN",
        message: "export and import need an admin token (every scope, trust SECRET)",
        retryable: false,
      });
    }
    if (req.method === "GET" && url.pathname.startsWith(`${TRANSFER_PATH}/`))
      return sendExport(res, database, decodeURIComponent(url.pathname.slice(TRANSFER_PATH.length + 1)));
    if (req.method === "POST" && url.pathname === TRANSFER_PATH) return receiveImport(req, res, database);
    fail(res, 405, {
      family: "INPUT",
      code: "ERR_INVALID_INPUT",
      message: `use GET ${TRANSFER_PATH}/<runId> or POST ${TRANSFER_PATH}`,
      retryable: false,
    });
  })().catch((error: unknown) => {
    if (res.headersSent) return void res.destroy();
    if (error instanceof CanonError) return fail(res, error.family === "NOT_FOUND" ? 404 : 400, error.toJSON());
    fail(res, 500, { family: "SYSTEM", code: "ERR_INTERNAL", message: "the transfer failed on the server", retryable: true });
  });
  return true;
}

async function sendExport(res: ServerResponse, database: Database, runId: string) {
  const entries = await database.prisma.ledgerEntry.count({ where: { runId } });
  await exportRun(database, runId, (line) => {
    if (!res.headersSent) res.writeHead(200, { "content-type": "application/x-ndjson", "x-canon-ledger-entries": String(entries) });
    if (!res.write(`${line}\n`)) return new Promise<void>((resolve) => res.once("drain", resolve));
  });
  res.end();
}

async function receiveImport(req: IncomingMessage, res: ServerResponse, database: Database) {
  let result;
  try {
    result = await importRun(database, createInterface({ input: req, crlfDelay: Infinity }));
  } catch (error) {
    // Read the rest of the body first: a client still sending would see a reset, not the answer.
    if (!req.readableEnded) await new Promise((resolve) => req.on("end", resolve).on("error", resolve).resume());
    throw error;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(result));
}

function fail(res: ServerResponse, status: number, error: ErrorV1) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(
    JSON.stringify({
      errors: [{ message: error.message, extensions: { family: error.family, code: error.code, retryable: error.retryable } }],
    }),
  );
}
