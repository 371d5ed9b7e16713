// How `canon token|verify|export|import` reach a running server that holds an embedded data
// directory: the server writes <dataDir>/canon-server.json, readable by its owner only (0600),
// with its URL and an admin token made for this run (src/store/local-admin-token.ts). Whoever
// can read the database files can read this file, so it grants nothing new, as Docker's socket
// or PostgreSQL's peer authentication do. Rotated at every start, removed at shutdown.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const LOCAL_ADMIN_FILE = "canon-server.json";

export interface LocalServer {
  pid: number;
  /** A GraphQL URL this machine can reach (loopback, even when the server listens on 0.0.0.0). */
  url: string;
  token: string;
  startedAt: string;
}

export function writeLocalServer(dataDir: string, server: LocalServer): void {
  const file = path.join(dataDir, LOCAL_ADMIN_FILE);
  // A fresh file, so that its mode is 0600 whatever an older one had.
  rmSync(file, { force: true });
  writeFileSync(file, `${JSON.stringify(server, null, 2)}\n`, { mode: 0o600, flag: "wx" });
}

export function removeLocalServer(dataDir: string): void {
  rmSync(path.join(dataDir, LOCAL_ADMIN_FILE), { force: true });
}

/** The running server's entry, or null (none, unreadable by this user, or malformed). */
export function readLocalServer(dataDir: string): LocalServer | null {
  try {
    const value = JSON.parse(readFileSync(path.join(dataDir, LOCAL_ADMIN_FILE), "utf8")) as LocalServer;
    return typeof value.url === "string" && typeof value.token === "string" && Number.isInteger(value.pid) ? value : null;
  } catch {
    return null;
  }
}

/** A URL for this machine to reach a server listening on `host`: wildcard addresses become loopback. */
export function localUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" || host === "[::]" ? "::1" : host;
  return `http://${reachable.includes(":") && !reachable.startsWith("[") ? `[${reachable}]` : reachable}:${port}/graphql`;
}
