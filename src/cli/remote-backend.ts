// The data commands through the running server that holds the embedded data directory, over its
// API, with the admin token the server hands to local users (src/server/local-admin.ts): GraphQL
// for tokens and verification, the transfer routes (src/server/transfer-routes.ts) for export
// and import. The server then writes, so nothing it holds in memory is bypassed.
import { Readable } from "node:stream";
import type { LocalServer } from "../server/local-admin.js";
import { TRANSFER_PATH } from "../server/transfer-routes.js";
import type { Backend, TokenView } from "./backend.js";
import { CliError, EXIT } from "./cli-error.js";

interface GraphQLBody<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export function remoteBackend(server: LocalServer, dataDir: string): Backend {
  const headers = { authorization: `Bearer ${server.token}` };
  const origin = new URL(server.url).origin;

  const unreachable = (error: unknown) =>
    new CliError(`the server holding the data directory (pid ${server.pid}, ${server.url}) did not answer: ${(error as Error).message}`);

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
      body: JSON.stringify({ query, variables }),
    }).catch((error: unknown) => {
      throw unreachable(error);
    });
    const body = (await response.json().catch(() => ({}))) as GraphQLBody<T>;
    if (body.errors?.length || !body.data)
      throw new CliError(`the server refused: ${body.errors?.map((e) => e.message).join("; ") ?? `HTTP ${response.status}`}`);
    return body.data;
  }

  /** A transfer route's error body, as one line. */
  async function refusal(response: Response): Promise<CliError> {
    const body = (await response.json().catch(() => ({}))) as GraphQLBody<unknown>;
    return new CliError(body.errors?.map((e) => e.message).join("; ") ?? `the server answered HTTP ${response.status}`);
  }

  return {
    where: `embedded PGlite at ${dataDir}, through the server that holds it (pid ${server.pid}, ${server.url})`,
    async createToken(spec) {
      const data = await gql<{ createApiToken: { token?: string; apiToken?: { id: string }; message?: string } }>(
        `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) {
          ... on CreatedApiToken { token apiToken { id } } ... on Error { message } } }`,
        {
          input: {
            componentId: spec.identity.component_id,
            componentVersion: spec.identity.component_version,
            kind: spec.identity.kind,
            trustClass: spec.trustClass,
            scopes: spec.scopes,
            runIds: spec.runIds ?? [],
            taskIds: spec.taskIds ?? [],
            label: spec.label ?? null,
          },
        },
      );
      const created = data.createApiToken;
      if (!created.token || !created.apiToken) throw new CliError(`the server refused: ${created.message ?? "unknown reason"}`);
      return { token: created.token, tokenId: created.apiToken.id };
    },
    async listTokens() {
      const data = await gql<{
        apiTokens: (Omit<TokenView, "revoked" | "tokenId" | "identity"> & {
          id: string;
          revokedAt: string | null;
          identity: { componentId: string; componentVersion: string; kind: string };
        })[];
      }>(`{ apiTokens { id revokedAt trustClass scopes runIds taskIds label identity { componentId componentVersion kind } } }`);
      return data.apiTokens.map(({ id, revokedAt, identity, ...rest }) => ({
        ...rest,
        tokenId: id,
        revoked: revokedAt !== null,
        identity: { component_id: identity.componentId, component_version: identity.componentVersion, kind: identity.kind },
      }));
    },
    async revokeToken(tokenId) {
      return (await gql<{ revokeApiToken: boolean }>(`mutation($id: ID!) { revokeApiToken(id: $id) }`, { id: tokenId })).revokeApiToken;
    },
    async runIds() {
      const ids: string[] = [];
      for (let after: string | null = null; ;) {
        const page: { runs: { edges: { cursor: string; node: { runId: string } }[]; pageInfo: { hasNextPage: boolean } } } = await gql(
          `query($after: String) { runs(first: 100, after: $after) { edges { cursor node { runId } } pageInfo { hasNextPage } } }`,
          { after },
        );
        ids.push(...page.runs.edges.map((edge) => edge.node.runId));
        if (!page.runs.pageInfo.hasNextPage || page.runs.edges.length === 0) break;
        after = page.runs.edges.at(-1)!.cursor;
      }
      // The API lists newest first; the commands work oldest first.
      return ids.reverse();
    },
    async verifyRun(runId) {
      const data = await gql<{
        verifyRun: {
          __typename: string;
          runId: string;
          ok: boolean;
          checkedEntries: number;
          firstDivergence: { seq: number; version: number; check: string; expected: string; actual: string } | null;
        };
      }>(
        `query($runId: ID!) { verifyRun(runId: $runId) { __typename ... on VerificationReport { runId ok checkedEntries firstDivergence { seq version check expected actual } } } }`,
        { runId },
      );
      if (data.verifyRun.__typename !== "VerificationReport") return null;
      const { __typename, ...report } = data.verifyRun;
      return report as never;
    },
    async exportRun(runId, write, onTotal) {
      const response = await fetch(`${origin}${TRANSFER_PATH}/${encodeURIComponent(runId)}`, { headers }).catch((error: unknown) => {
        throw unreachable(error);
      });
      if (!response.ok || !response.body) throw await refusal(response);
      onTotal?.(Number(response.headers.get("x-canon-ledger-entries") ?? 0));
      let count = -1;
      let rest = "";
      for await (const chunk of Readable.fromWeb(response.body as never).setEncoding("utf8")) {
        const lines = (rest + (chunk as string)).split("\n");
        rest = lines.pop()!;
        for (const line of lines) {
          await write(line);
          count++;
        }
      }
      if (rest) throw new CliError("the export ended early: the server stopped in the middle of the run");
      return count;
    },
    async importRun(input) {
      const response = await fetch(`${origin}${TRANSFER_PATH}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-ndjson" },
        body: Readable.toWeb(input) as never,
        duplex: "half",
      } as RequestInit).catch((error: unknown) => {
        throw unreachable(error);
      });
      if (!response.ok) throw await refusal(response);
      return (await response.json()) as { runId: string; entries: number };
    },
    async compactRun() {
      // Rewriting a ledger's encoding has no API: it needs the database itself.
      throw new CliError(
        `canon compact needs the data directory itself, which the server holds (pid ${server.pid}): stop that server, compact, and start it again`,
        EXIT.BUSY,
      );
    },
    close: async () => {},
  };
}
