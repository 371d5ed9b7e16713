// The dashboard's only door to Canon, always its own origin with the tab's token. Live data
// (runsChanged, runStateChanged, ledger pages) and clarifyTask go through canon/client, the
// same typed client agent components use (src/client, bundled here for the browser): it
// resumes watches exactly across dropped sockets. The views' plain reads that the client has
// no call for (a page of runs with their state, a diff, verifyRun, …) are small typed queries
// sent with the same token (queries.ts).
import { createCanonClient, type CanonClient } from "../../../src/client/index.js";

/** What went wrong, with Canon's error code (the client's CanonError has the same two fields). */
export interface Problem {
  code: string;
  message: string;
}

export class ApiError extends Error implements Problem {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Any thrown value as a Problem: Canon's typed errors keep their code. */
export function asProblem(error: unknown): Problem {
  if (error && typeof error === "object" && "code" in error && typeof (error as Problem).code === "string") return error as Problem;
  return new ApiError(error instanceof Error ? error.message : String(error), "ERR_UNEXPECTED");
}

export interface CanonApi {
  client: CanonClient;
  query<T>(document: string, variables?: Record<string, unknown>): Promise<T>;
  dispose(): void;
}

interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string };
}

export function createApi(token: string, endpoint = new URL("/graphql", location.href)): CanonApi {
  const client = createCanonClient({ url: endpoint.href, token });
  return {
    client,
    async query<T>(document: string, variables: Record<string, unknown> = {}) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/graphql-response+json, application/json",
            authorization: `Bearer ${token}`,
          },
          body: JSON.stringify({ query: document, variables }),
        });
      } catch (error) {
        throw new ApiError(`Canon did not answer: ${(error as Error).message}`, "ERR_NETWORK");
      }
      const body = (await response.json().catch(() => ({}))) as { data?: T; errors?: GraphQLErrorLike[] };
      if (body.errors?.length)
        throw new ApiError(body.errors.map((e) => e.message).join("; "), body.errors[0]?.extensions?.code ?? "ERR_GRAPHQL");
      if (!response.ok || !body.data)
        throw new ApiError(`HTTP ${response.status}`, response.status === 401 ? "ERR_UNAUTHENTICATED" : "ERR_HTTP");
      return body.data;
    },
    dispose() {
      void client.close();
    },
  };
}
