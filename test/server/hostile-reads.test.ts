// One read must not take the server down. A run grows to about 4 MB (within the 4 MiB state
// limit); a token with only run:read then asks for 30 aliased history pages of documents, three
// times at once, and for one page of 500. Each is refused with ERR_RESPONSE_TOO_LARGE naming
// the paging arguments, while /healthz keeps answering; reads that fit are still served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { COMMIT, startRun } from "../support/operations.js";
import { seededRandom } from "../support/prng.js";

const COMMITS = 16;
const DIAGNOSTICS_PER_COMMIT = 15;
const MESSAGE_CHARS = 16_000;

/** 30 aliases of a 20-entry page of whole documents: within the alias (30) and cost limits. */
const ATTACK = `query($id: ID!) { run(id: $id) { ... on Run { ${Array.from(
  { length: 30 },
  (_, i) => `h${i}: history(first: 20) { edges { node { document } } }`,
).join(" ")} } } }`;
const ONE_BIG_PAGE = `query($id: ID!) { run(id: $id) { ... on Run { history(first: 500) { edges { node { document } } } } } }`;

// The responsiveness bound. /healthz is polled every 25 ms while requests come in rounds (four
// at once, then a pause): first rounds of four trivial reads of the same run (the baseline),
// then rounds of the attack. The machine this runs on is shared (2 cores, load averages above
// 30 were seen), so polls are delayed by other processes and by any four requests at once,
// whatever they ask. The assertions are on many polls: the median under attack is under
// 100 ms, and the 90th percentile under attack is under 100 ms plus twice the baseline's 90th
// percentile (the documented margin: what the machine and four requests at once add anyway; an
// attack request, 30 aliases parsed, validated and refused, costs up to about twice a trivial
// read's CPU). Before the fix, every poll during the attack timed out.
const POLL_EVERY_MS = 25;
const BOUND_MS = 100;
const ROUNDS = 8;
const PAUSE_MS = 250;
const TRIVIAL = `query($id: ID!) { run(id: $id) { ... on Run { stateVersion } } }`;

function pollHealth(base: string) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
        await response.text();
        if (response.status !== 200) failures.push(`status ${response.status}`);
      } catch (error) {
        failures.push(String(error));
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    }
  })();
  return {
    latencies,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

describe(`hostile reads on ${backendName}`, () => {
  let canon: TestCanon;
  let runId: string;
  let reader: string;
  beforeAll(async () => {
    canon = await startTestCanon();
    runId = (await startRun(canon.gql)).runId;
    const random = seededRandom(20);
    const text = () => Array.from({ length: MESSAGE_CHARS }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join("");
    for (let v = 0; v < COMMITS; v++) {
      const operations = Array.from({ length: DIAGNOSTICS_PER_COMMIT }, (_, i) => ({
        addDiagnostic: { diagnosticId: `d-${v}-${i}`, severity: "INFO", message: text() },
      }));
      const response = await canon.gql(COMMIT, { runId, expectedVersion: v, operations });
      expect(response.data?.commitState?.__typename, JSON.stringify(response).slice(0, 300)).toBe("WriteSuccess");
    }
    reader = (await canon.createToken({ scopes: ["run:read"] })).token;
  }, 120_000);
  afterAll(async () => {
    await canon?.stop();
  });

  it("grew the run to about 4 MB", async () => {
    const response = await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { document } } }`, { id: runId }, { token: reader });
    expect(response.errors).toBeUndefined();
    expect(JSON.stringify(response.data.run.document).length).toBeGreaterThan(3_800_000);
  });

  it("refuses the 30-alias history attack, three at once, and one 500-entry page, round after round, while /healthz keeps answering", async () => {
    const base = canon.url.replace(/\/graphql$/, "");
    const rounds = async (queries: string[]) => {
      const health = pollHealth(base);
      const responses = [];
      for (let round = 0; round < ROUNDS; round++) {
        responses.push(...(await Promise.all(queries.map((query) => canon.gql(query, { id: runId }, { token: reader })))));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      await health.stop();
      return { health, responses };
    };
    const baseline = await rounds([TRIVIAL, TRIVIAL, TRIVIAL, TRIVIAL]);
    expect(baseline.responses.every((response) => response.data?.run?.stateVersion === COMMITS)).toBe(true);
    const rssBefore = process.memoryUsage().rss;
    const { health, responses: attacks } = await rounds([ATTACK, ATTACK, ATTACK, ONE_BIG_PAGE]);
    const rssAfter = process.memoryUsage().rss;

    for (const response of attacks) {
      const errors = response.errors ?? [];
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) {
        expect(error.extensions).toMatchObject({
          code: "ERR_RESPONSE_TOO_LARGE",
          family: "INPUT",
          retryable: false,
          details: { pagingArguments: ["first", "after"] },
        });
        expect(error.message).toMatch(/`first: \d+`.*`after`/);
      }
    }
    const summary = (values: number[]) =>
      `${values.length} polls, median ${percentile(values, 0.5).toFixed(1)} ms, p90 ${percentile(values, 0.9).toFixed(1)} ms, worst ${Math.max(...values).toFixed(1)} ms`;
    console.info(
      `healthz during ${baseline.responses.length} trivial requests: ${summary(baseline.health.latencies)}; during ${attacks.length} attack requests: ${summary(health.latencies)}; ` +
        `RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(rssAfter / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(health.failures).toEqual([]);
    expect(health.latencies.length).toBeGreaterThanOrEqual(ROUNDS * 4);
    expect(percentile(health.latencies, 0.5)).toBeLessThan(BOUND_MS);
    expect(percentile(health.latencies, 0.9)).toBeLessThan(BOUND_MS + 2 * percentile(baseline.health.latencies, 0.9));
  });

  it("serves what fits, and the advice in the refusal works", async () => {
    const page = (first: number) =>
      canon.gql(
        `query($id: ID!, $first: Int!, $after: String) { run(id: $id) { ... on Run {
        history(first: $first, after: $after) { edges { cursor node { version document } } pageInfo { hasNextPage } } } } }`,
        { id: runId, first, after: String(COMMITS - 5) },
        { token: reader },
      );
    const refused = await page(20);
    const advised = Number(/`first: (\d+)`/.exec(refused.errors![0]!.message)![1]);
    expect(advised).toBeGreaterThan(0);
    const served = await page(advised);
    expect(served.errors).toBeUndefined();
    expect(served.data.run.history.edges.length).toBe(Math.min(advised, 4));
    const diff = await canon.gql(
      `query($id: ID!) { run(id: $id) { ... on Run { diff(fromVersion: ${COMMITS - 1}, toVersion: ${COMMITS}) {
      ... on StateDiff { changedSections } } } } }`,
      { id: runId },
      { token: reader },
    );
    expect(diff.errors).toBeUndefined();
    expect(diff.data.run.diff.changedSections).toContain("diagnostics");
    // Small pages of a small run are not affected.
    const small = await startRun(canon.gql, "small");
    const smallPage = await canon.gql(
      `query($id: ID!) { run(id: $id) { ... on Run { history(first: 500) { edges { node { document } } } } } }`,
      { id: small.runId },
    );
    expect(smallPage.errors).toBeUndefined();
  });
});
