// What the data commands (token, verify, export, import) act on: the database itself, opened by
// this process, or the running server that holds it (src/cli/remote-backend.ts). Both answer the
// same questions, so each command is written once.
import type { Readable } from "node:stream";
import type { TokenSpec } from "../store/token-store.js";
import type { VerificationReport } from "../store/verify-run.js";

export interface TokenView {
  tokenId: string;
  revoked: boolean;
  identity: { component_id: string; component_version: string; kind: string };
  trustClass: string;
  scopes: readonly string[];
  runIds: readonly string[];
  taskIds: readonly string[];
  label: string | null;
}

export interface Backend {
  /** Where the commands act, for people: "embedded PGlite at …", "the running server (pid …)". */
  readonly where: string;
  createToken(spec: TokenSpec): Promise<{ token: string; tokenId: string }>;
  listTokens(): Promise<TokenView[]>;
  /** False when there is no live token with this id. */
  revokeToken(tokenId: string): Promise<boolean>;
  /** Every run's id, oldest first. */
  runIds(): Promise<string[]>;
  /** Null when there is no such run. */
  verifyRun(runId: string): Promise<VerificationReport | null>;
  /** Writes the run's export line by line; answers its ledger entry count. Throws for an unknown run. */
  exportRun(runId: string, write: (line: string) => void | Promise<void>, onTotal?: (entries: number) => void): Promise<number>;
  importRun(input: Readable): Promise<{ runId: string; entries: number }>;
  /** Stores a run's ledger written before the delta ledger as patches; answers how many rows changed. */
  compactRun(runId: string): Promise<number>;
  close(): Promise<void>;
}
