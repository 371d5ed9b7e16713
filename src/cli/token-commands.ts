// canon token create | list | revoke: API tokens, straight against the database. A revocation
// takes effect on the server's next request with the token, and its open subscriptions end
// within CANON_TOKEN_RECHECK_MS.
import { COMPONENT_KINDS, TRUST_CLASSES, type ComponentKind, type TrustClass } from "../contracts/common.js";
import { SCOPES, type Scope } from "../domain/principal.js";
import type { Database } from "../db/database.js";
import { TokenStore } from "../store/token-store.js";

export interface TokenCreateFlags {
  component?: string;
  kind?: string;
  version?: string;
  trust?: string;
  scopes?: string;
  runs?: string;
  tasks?: string;
  label?: string;
}

export const TOKEN_USAGE = `  canon token create --component <id> --kind <${COMPONENT_KINDS.join("|")}> --scopes <${SCOPES.join(",")}>
                     [--trust INTERNAL] [--version "*"] [--runs id,id] [--tasks id,id] [--label text]
  canon token list
  canon token revoke <tokenId>`;

const list = (value: string | undefined) => (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);

export async function tokenCommand(db: Database, action: string | undefined, target: string | undefined, flags: TokenCreateFlags): Promise<number> {
  const tokens = new TokenStore(db);
  if (action === "list") {
    for (const t of await tokens.list()) {
      const restriction = [t.runIds.length ? `runs=${t.runIds.join(",")}` : "", t.taskIds.length ? `tasks=${t.taskIds.join(",")}` : ""].filter(Boolean).join(" ");
      console.log(
        [t.tokenId, t.revokedAt ? "REVOKED" : "live", `${t.identity.component_id}@${t.identity.component_version}/${t.identity.kind}`, t.trustClass, t.scopes.join(","), restriction, t.label ?? ""]
          .filter(Boolean)
          .join("  "),
      );
    }
    return 0;
  }
  if (action === "revoke") {
    if (!target) return usage("revoke needs a token id (see canon token list)");
    if (!(await tokens.revoke(target))) return usage(`no live token ${target}`, 1);
    console.log(`revoked ${target}`);
    return 0;
  }
  if (action === "create") {
    const kind = flags.kind as ComponentKind;
    const trust = (flags.trust ?? "INTERNAL") as TrustClass;
    const scopes = list(flags.scopes);
    if (!flags.component) return usage("--component is required");
    if (!COMPONENT_KINDS.includes(kind)) return usage(`--kind must be one of ${COMPONENT_KINDS.join(", ")}`);
    if (!TRUST_CLASSES.includes(trust)) return usage(`--trust must be one of ${TRUST_CLASSES.join(", ")}`);
    if (!scopes.length || scopes.some((s) => !(SCOPES as readonly string[]).includes(s))) return usage(`--scopes must be a comma-separated list of ${SCOPES.join(", ")}`);
    const { token, record } = await tokens.create({
      identity: { component_id: flags.component, component_version: flags.version ?? "*", kind },
      trustClass: trust,
      scopes: scopes as Scope[],
      runIds: list(flags.runs),
      taskIds: list(flags.tasks),
      label: flags.label ?? null,
    });
    console.log(`created ${record.tokenId}; the token is shown only this once:\n${token}`);
    return 0;
  }
  return usage(`unknown token action "${action ?? ""}"`);
}

function usage(message: string, code = 2): number {
  console.error(`${message}\nusage:\n${TOKEN_USAGE}`);
  return code;
}
