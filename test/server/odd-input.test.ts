// Odd input gets a typed input error naming where it sat (never ERR_INTERNAL, never retryable),
// over HTTP and graphql-ws, and changes nothing: NUL characters, lone surrogates, and nesting
// deep enough to overflow a recursive parser or serialiser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCanon, type GraphQLResponse, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { COMMIT, START_RUN, setStatus, startRun } from "../support/operations.js";

const DEPTH = 2_400;

interface Refusal {
  code: string;
  family: string;
  retryable: boolean;
  details?: { problems: { path: string; message: string }[] };
}

/** The request was refused as invalid input, with a problem at `path`. */
function expectRefused(response: Pick<GraphQLResponse<unknown>, "errors" | "data">, path: string, message: RegExp) {
  const extensions = response.errors?.[0]?.extensions as Refusal | undefined;
  expect(extensions, JSON.stringify(response).slice(0, 500)).toMatchObject({
    code: "ERR_INVALID_INPUT",
    family: "INPUT",
    retryable: false,
  });
  expect(extensions!.details!.problems).toContainEqual({ path, message: expect.stringMatching(message) });
  expect(response.data ?? null).toBeNull();
}

const NUL = /NUL character/;
const SURROGATE = /lone UTF-16 surrogate/;
const TOO_DEEP = /nests deeper than 64 levels/;

/** POSTs a hand-made JSON body (for variables too deep for JSON.stringify). */
async function postRaw(canon: TestCanon, body: string) {
  const response = await fetch(canon.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${canon.token}` },
    body,
  });
  return { status: response.status, ...((await response.json()) as Omit<GraphQLResponse<unknown>, "status">) };
}

describe(`odd input on ${backendName}`, () => {
  let canon: TestCanon;
  let runId: string;
  beforeAll(async () => {
    canon = await startTestCanon();
    runId = (await startRun(canon.gql)).runId;
  });
  afterAll(async () => {
    await canon?.stop();
  });

  const commit = (operations: unknown[], extra: Record<string, unknown> = {}) =>
    canon.gql(COMMIT, { runId, expectedVersion: 0, operations, ...extra });

  describe("NUL characters, wherever a string would reach the database", () => {
    it("in a status", async () => {
      expectRefused(await commit(setStatus("a\u0000b")), "/variables/operations/0/setUserVisibleStatus/status", NUL);
    });

    it("in a plan's keys", async () => {
      expectRefused(await commit([{ setPlan: { plan: { "step\u0000": "x" } } }]), "/variables/operations/0/setPlan/plan/step\u0000", NUL);
    });

    it("in an idempotency key", async () => {
      expectRefused(await commit(setStatus("fine"), { idempotencyKey: "k\u0000" }), "/variables/idempotencyKey", NUL);
    });

    it("in an objective", async () => {
      expectRefused(await canon.gql(START_RUN, { objective: "fix\u0000it" }), "/variables/objective", NUL);
    });

    it("in text to compile", async () => {
      const query = `mutation($text: String!) { compileTask(input: { text: $text }) { __typename } }`;
      expectRefused(await canon.gql(query, { text: "fix the login\u0000" }), "/variables/text", NUL);
    });

    it("in a run id written into the query as a literal", async () => {
      expectRefused(await canon.gql(`{ run(id: "run-\\u0000") { __typename } }`), "/run/id", NUL);
    });

    it("in a run id of a subscription over graphql-ws", async () => {
      const client = canon.wsClient();
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe(
          {
            query: `subscription($runId: ID!) { runStateChanged(runId: $runId, afterVersion: 0) { version } }`,
            variables: { runId: "run-\u0000" },
          },
          { next: (result) => resolve(result), error: resolve, complete: () => resolve("complete") },
        );
      });
      expectRefused({ errors: Array.isArray(error) ? error : (error as GraphQLResponse<unknown>).errors }, "/variables/runId", NUL);
    });
  });

  describe("lone surrogates", () => {
    it("in a state string sent as a variable", async () => {
      expectRefused(await commit(setStatus("a\ud800b")), "/variables/operations/0/setUserVisibleStatus/status", SURROGATE);
    });

    it("in a literal, where the GraphQL parser already refuses the escape", async () => {
      const literal = COMMIT.replace("$operations: [StateOperation!]!, ", "").replace(
        "operations: $operations",
        `operations: [{ setUserVisibleStatus: { status: "a\\ud800b" } }]`,
      );
      const response = await canon.gql(literal, { runId, expectedVersion: 0 });
      expect(response.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/Invalid Unicode escape sequence/),
        extensions: { code: "ERR_INVALID_INPUT", family: "INPUT", retryable: false },
      });
    });
  });

  describe("nesting", () => {
    it(`refuses ${DEPTH} nested inline fragments`, async () => {
      const query = `{ ${"... on Query { ".repeat(DEPTH)}__typename${" }".repeat(DEPTH)} }`;
      expectRefused(await canon.gql(query), "/query", TOO_DEEP);
    });

    it(`refuses a ${DEPTH}-deep object literal`, async () => {
      const literal = `${"{ a: ".repeat(DEPTH)}1${" }".repeat(DEPTH)}`;
      expectRefused(await canon.gql(`mutation { commitState(input: ${literal}) { __typename } }`), "/query", TOO_DEEP);
    });

    it("refuses a 150,000-deep JSON variable", async () => {
      const deep = `${'{"a":'.repeat(150_000)}1${"}".repeat(150_000)}`;
      const operations = `[{"setPlan":{"plan":${deep}}}]`;
      const body = `{"query":${JSON.stringify(COMMIT)},"variables":{"runId":"${runId}","expectedVersion":0,"operations":${operations}}}`;
      const response = await postRaw(canon, body);
      expect(response.status).toBe(400);
      expectRefused(response, `/variables/operations/0/setPlan/plan${"/a".repeat(60)}`, TOO_DEEP);
    });

    it("bounds JSON arguments like queries: 64 levels of variables, while a state's own JSON stays at 32", async () => {
      let plan: Record<string, unknown> = { leaf: true };
      for (let i = 0; i < 40; i++) plan = { a: plan };
      const response = await commit([{ setPlan: { plan } }]);
      expect(response.data.commitState).toMatchObject({ __typename: "InvalidInputError", code: "ERR_INVALID_INPUT", retryable: false });
    });
  });

  it("wrote nothing, and keeps serving", async () => {
    const response = await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { stateVersion } } }`, { id: runId });
    expect(response.data.run.stateVersion).toBe(0);
    expect((await commit(setStatus("still fine"))).data.commitState.__typename).toBe("WriteSuccess");
  });
});
