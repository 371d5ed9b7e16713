// Hostile input at a live server: thousands of generated malformed requests (random JSON in
// every argument, wrong types, huge strings, deep nesting, invalid UTF-8, broken documents),
// mixed with real commits. The server must stay up, answer each with a success or a typed
// error (never ERR_INTERNAL, never a stack or SQL), and afterwards every run's ledger must
// still verify and end at the run's current state.
//
// FUZZ_REQUESTS sets how many requests (default 1500), FUZZ_SEED the seed (default 7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../src/domain/operations/index.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { COMMIT, startRun } from "../support/operations.js";
import { seededRandom } from "../support/prng.js";

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 7);
const CONCURRENCY = 8;

const prng = seededRandom;

const LEAKS = /\bat .+\.(ts|js):\d+|node_modules|\/work\/|SELECT |INSERT INTO|UPDATE "?run|prisma|PGlite|stack/i;
const OK_STATUSES = new Set([200, 400, 401, 405, 406, 413, 415]);

describe(`fuzzing a live server on ${backendName}`, () => {
  let canon: TestCanon;
  const runIds: string[] = [];
  const random = prng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

  function randomString(): string {
    switch (int(6)) {
      case 0:
        return "";
      case 1:
        return "x".repeat(int(40_000)); // beyond the string limit at times
      case 2:
        return String.fromCharCode(...Array.from({ length: int(20) }, () => int(0xffff)));
      case 3:
        return pick(["fs:.env", "../../etc/passwd", "'; DROP TABLE run; --", "\u0000", "redacted:SECRET", "x-locks"]);
      case 4:
        return pick(runIds.length ? runIds : ["run-x"]);
      default:
        return Math.random().toString(36).slice(2);
    }
  }

  function randomJson(depth = 0): unknown {
    const k = int(depth > 4 ? 5 : 8);
    switch (k) {
      case 0:
        return null;
      case 1:
        return random() < 0.5;
      case 2:
        return pick([0, -1, 1e308, -0, 2 ** 53 + 1, 3.5, Number.MAX_SAFE_INTEGER]);
      case 3:
      case 4:
        return randomString();
      case 5:
        return Array.from({ length: int(4) }, () => randomJson(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: int(4) }, () => [
            pick(["target", "resource", "plan", "status", "class", "receipt", "x", "__proto__", "constructor"]),
            randomJson(depth + 1),
          ]),
        );
    }
  }

  const deeplyNested = (n: number) => "[".repeat(n) + "]".repeat(n);

  /** One hostile request: [init, description]. */
  function hostileRequest(): RequestInit {
    const headers = { "content-type": "application/json", authorization: `Bearer ${canon.token}` };
    const body = (value: unknown) => ({ method: "POST", headers, body: JSON.stringify(value) });
    const operationName = pick(OPERATIONS).name;
    switch (int(10)) {
      case 0: // random JSON in every variable of a real mutation
        return body({
          query: COMMIT,
          variables: { runId: randomJson(), expectedVersion: randomJson(), operations: randomJson(), idempotencyKey: randomJson() },
        });
      case 1: // a real operation with random arguments
        return body({
          query: COMMIT,
          variables: { runId: pick(runIds), expectedVersion: int(5), operations: [{ [operationName]: randomJson() }] },
        });
      case 2: // a real operation whose arguments are random objects
        return body({
          query: COMMIT,
          variables: {
            runId: pick(runIds),
            expectedVersion: int(5),
            operations: Array.from({ length: 1 + int(3) }, () => ({
              [pick(OPERATIONS).name]: Object.fromEntries(
                Array.from({ length: 3 }, () => [
                  pick(["target", "resource", "status", "plan", "class", "hypothesisId", "receipt", "ttlMs", "score"]),
                  randomJson(1),
                ]),
              ),
            })),
          },
        });
      case 3: // a document with characters knocked out or doubled
        return body({
          query: COMMIT.split("")
            .filter(() => random() > 0.02)
            .join(""),
          variables: {},
        });
      case 4: // deep nesting in a JSON argument and in the body itself
        return random() < 0.5
          ? {
              method: "POST",
              headers,
              body: `{"query":${JSON.stringify(COMMIT)},"variables":{"operations":[{"setPlan":{"plan":${'{"a":'.repeat(3000)}1${"}".repeat(3000)}}}]}}`,
            }
          : { method: "POST", headers, body: deeplyNested(50_000) };
      case 5: {
        // invalid UTF-8 inside a string
        const prefix = Buffer.from(`{"query":"mutation { startRun(input: { objective: \\"`);
        const suffix = Buffer.from(
          `\\", workspaceRoot: \\"/w\\", provenance: { sourceType: USER, sourceId: \\"f\\", trustClass: INTERNAL } }) { __typename } }"}`,
        );
        return { method: "POST", headers, body: Buffer.concat([prefix, Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1]), suffix]) };
      }
      case 6: // a huge body (over CANON_MAX_BODY_BYTES) or a huge string inside the limit
        return random() < 0.3
          ? body({ query: "{ __typename }", variables: { x: "y".repeat(1_100_000) } })
          : body({
              query: COMMIT,
              variables: {
                runId: pick(runIds),
                expectedVersion: 0,
                operations: [{ setUserVisibleStatus: { status: "s".repeat(100_000) } }],
              },
            });
      case 7: // wrong shapes for the request itself
        return {
          method: "POST",
          headers,
          body: pick([
            "",
            "null",
            "[]",
            "42",
            '{"query":42}',
            '{"query":"{"}',
            '{"query":"{ run(id: 1) }"}',
            "\u0000\u0001",
            '{"variables":"x"}',
          ]),
        };
      case 8: // random queries over the read API, with random ids and versions
        return body({
          query: `query($id: ID!, $v: Int!) { run(id: $id) { ... on Run { stateAt(version: $v) { __typename } diff(fromVersion: $v, toVersion: 0) { __typename } history(first: 3, after: "zz") { edges { cursor } } } } }`,
          variables: { id: randomJson(), v: randomJson() },
        });
      default: // wrong content type or method
        return random() < 0.5
          ? {
              method: "POST",
              headers: {
                ...headers,
                "content-type": pick(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]),
              },
              body: "query={__typename}",
            }
          : { method: pick(["PUT", "DELETE", "PATCH"]), headers, body: "{}" };
    }
  }

  beforeAll(async () => {
    canon = await startTestCanon();
    for (let i = 0; i < 4; i++) runIds.push((await startRun(canon.gql, `fuzz ${i}`)).runId);
  });
  afterAll(async () => {
    await canon?.stop();
  });

  it(`answers ${REQUESTS} hostile requests with typed errors or successes, and every ledger still verifies`, async () => {
    const problems: string[] = [];
    let sent = 0;
    let successes = 0;
    const versions = new Map(runIds.map((id) => [id, 0]));
    const worker = async () => {
      while (sent < REQUESTS) {
        const n = sent++;
        // Every tenth request is a real commit, so the ledgers the fuzz aims at keep moving.
        if (n % 10 === 0) {
          const runId = pick(runIds);
          const r = await canon.gql(COMMIT, {
            runId,
            expectedVersion: versions.get(runId),
            operations: [{ setUserVisibleStatus: { status: `n${n}` } }],
          });
          if (r.data?.commitState?.__typename === "WriteSuccess") versions.set(runId, r.data.commitState.run.stateVersion);
          continue;
        }
        const init = hostileRequest();
        let response: Response;
        try {
          response = await fetch(canon.url, { ...init, signal: AbortSignal.timeout(30_000) });
        } catch (error) {
          problems.push(`request ${n}: no answer (${String(error)})`);
          continue;
        }
        const text = await response.text();
        if (!OK_STATUSES.has(response.status)) problems.push(`request ${n}: HTTP ${response.status} ${text.slice(0, 200)}`);
        if (LEAKS.test(text)) problems.push(`request ${n}: leaks internals: ${text.slice(0, 300)}`);
        if (response.status === 405 || response.status === 406 || response.status === 415) continue;
        let parsed: { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        try {
          parsed = JSON.parse(text);
        } catch {
          problems.push(`request ${n}: HTTP ${response.status} is not JSON: ${text.slice(0, 200)}`);
          continue;
        }
        for (const error of parsed.errors ?? []) {
          const code = error.extensions?.code;
          if (typeof code !== "string" || !code.startsWith("ERR_"))
            problems.push(`request ${n}: untyped error ${JSON.stringify(error).slice(0, 300)}`);
          else if (code === "ERR_INTERNAL") problems.push(`request ${n}: ERR_INTERNAL for ${String(init.body).slice(0, 200)}`);
        }
        if (!parsed.errors?.length) successes++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(problems.slice(0, 20)).toEqual([]);
    expect(successes).toBeGreaterThan(0);

    // Still up, and every run's ledger verifies and ends at its current state.
    expect((await fetch(canon.url.replace("/graphql", "/healthz"))).status).toBe(200);
    const all = await canon.gql(`{ runs(first: 100) { edges { node { runId stateVersion contentHash } } } }`);
    expect(all.data.runs.edges.length).toBeGreaterThanOrEqual(runIds.length);
    for (const { node } of all.data.runs.edges) {
      const check = await canon.gql(
        `query($id: ID!, $v: Int!) { verifyRun(runId: $id) { ... on VerificationReport { ok firstDivergence { seq check } } }
          run(id: $id) { ... on Run { stateAt(version: $v) { ... on StateSnapshot { contentHash } } } } }`,
        { id: node.runId, v: node.stateVersion },
      );
      expect(check.data.verifyRun, node.runId).toEqual({ ok: true, firstDivergence: null });
      expect(check.data.run.stateAt.contentHash).toBe(node.contentHash);
    }
  }, 180_000);
});
