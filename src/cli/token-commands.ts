// canon token create | list | revoke. A revocation takes effect on the server's next request
// with the token, and its open subscriptions end within CANON_TOKEN_RECHECK_MS.
import type { ComponentKind, TrustClass } from "../contracts/common.js";
import type { Scope } from "../domain/principal.js";
import type { Backend } from "./backend.js";
import { CliError } from "./cli-error.js";

export interface TokenCreateOptions {
  component: string;
  kind: ComponentKind;
  scopes: Scope[];
  trust: TrustClass;
  version: string;
  runs: string[];
  tasks: string[];
  label?: string;
}

type Out = Pick<NodeJS.WritableStream, "write">;

export async function createToken(backend: Backend, options: TokenCreateOptions, out: Out = process.stdout): Promise<void> {
  const { token, tokenId } = await backend.createToken({
    identity: { component_id: options.component, component_version: options.version, kind: options.kind },
    trustClass: options.trust,
    scopes: options.scopes,
    runIds: options.runs,
    taskIds: options.tasks,
    label: options.label ?? null,
  });
  out.write(`created ${tokenId}; the token is shown only this once:\n${token}\n`);
}

export async function listTokens(backend: Backend, out: Out = process.stdout): Promise<void> {
  for (const t of await backend.listTokens()) {
    const restriction = [t.runIds.length ? `runs=${t.runIds.join(",")}` : "", t.taskIds.length ? `tasks=${t.taskIds.join(",")}` : ""]
      .filter(Boolean)
      .join(" ");
    const identity = `${t.identity.component_id}@${t.identity.component_version}/${t.identity.kind}`;
    out.write(
      `${[t.tokenId, t.revoked ? "REVOKED" : "live", identity, t.trustClass, t.scopes.join(","), restriction, t.label ?? ""].filter(Boolean).join("  ")}\n`,
    );
  }
}

export async function revokeToken(backend: Backend, tokenId: string, out: Out = process.stdout): Promise<void> {
  if (!(await backend.revokeToken(tokenId))) throw new CliError(`no live token ${tokenId} (see canon token list)`);
  out.write(`revoked ${tokenId}\n`);
}
