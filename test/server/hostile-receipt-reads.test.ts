// Receipts and model events can be as large as the commit or request that wrote them, so a page
// of them is sized where it is stored before it is read, like a history page: a request that
// would pass the response budget (here 256 KiB) is refused with ERR_RESPONSE_TOO_LARGE naming
// `first`, before any document is read, and a page that fits is still served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationCall } from "../../src/domain/operations/index.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { commitAs, START_RUN } from "../support/operations.js";
import { hashOf, toolReceipt, WRITERS, type RunIds } from "../support/realistic-run.js";

const BUDGET = 256 * 1024;
const RECEIPTS = 8;
/** Each receipt lists this many output hashes: about 75 KB of JSON, the most a receipt list may hold. */
const HASHES = 1_000;
const EVENTS = 20;
const DETAIL_CHARS = 16_000;
const op = (name: string, args: Record<string, unknown>): OperationCall => ({ op: name, args });
const RUNTIME = { component_id: "runtime", component_version: "1", kind: "RUNTIME" } as const;

const RECEIPTS_PAGE = (first: number, aliases = 1) =>
  `query($id: ID!) { run(id: $id) { ... on Run { ${Array.from(
    { length: aliases },
    (_, i) => `r${i}: receipts(first: ${first}) { id document }`,
  ).join(" ")} } } }`;
const EVENTS_PAGE = (first: number) => `query($id: ID!) { run(id: $id) { ... on Run { modelEvents(first: ${first}) { id detail } } } }`;

describe(`receipt and model-event pages within the response budget on ${backendName}`, () => {
  let canon: TestCanon;
  let ids: RunIds;
  let reader: string;
  beforeAll(async () => {
    canon = await startTestCanon({ maxResponseBytes: BUDGET });
    const runId = (await canon.gql(START_RUN, { objective: "Record large receipts" })).data.startRun.run.runId as string;
    const identity = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: runId })
    ).data.run.state.identity;
    ids = { runId, sessionId: identity.sessionId, taskId: identity.taskId };
    for (let v = 0; v < RECEIPTS; v++) {
      const receipt = {
        ...toolReceipt(ids, `tool-${v}`, v, "SUCCESS"),
        content_hashes: Array.from({ length: HASHES }, (_, i) => hashOf(`${v}.${i}`)),
      };
      const written = await commitAs(canon, runId, v, WRITERS.tools, [op("recordToolReceipt", { receipt })]);
      expect(written.data?.commitState?.__typename, JSON.stringify(written).slice(0, 300)).toBe("WriteSuccess");
    }
    for (let i = 0; i < EVENTS; i++) {
      const logged = await canon.gql(
        `mutation($runId: ID!, $detail: String!) { recordModelEvent(input: { runId: $runId, kind: LOADED, modelId: "planner-v2",
          detail: $detail, producer: { componentId: "runtime", componentVersion: "1", kind: RUNTIME } }) { __typename } }`,
        { runId, detail: String.fromCharCode(97 + i).repeat(DETAIL_CHARS) },
        { as: RUNTIME },
      );
      expect(logged.data?.recordModelEvent?.__typename, JSON.stringify(logged).slice(0, 300)).toBe("ModelEvent");
    }
    reader = (await canon.createToken({ scopes: ["run:read"] })).token;
  }, 120_000);
  afterAll(async () => {
    await canon?.stop();
  });

  const tooLarge = (response: { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }) => {
    expect(response.errors?.[0]?.extensions?.code, JSON.stringify(response).slice(0, 400)).toBe("ERR_RESPONSE_TOO_LARGE");
    expect(response.errors![0]!.extensions!.retryable).toBe(false);
    expect(JSON.stringify(response.errors![0]!.extensions)).toContain("first");
    return response;
  };

  it("refuses a page of receipts larger than the budget, and serves one that fits", async () => {
    tooLarge(await canon.gql(RECEIPTS_PAGE(RECEIPTS), { id: ids.runId }, { token: reader }));
    const served = await canon.gql(RECEIPTS_PAGE(2), { id: ids.runId }, { token: reader });
    expect(served.errors).toBeUndefined();
    expect(served.data.run.r0.map((r: { id: string }) => r.id)).toEqual(["tool-0", "tool-1"]);
    expect(served.data.run.r0[1].document.content_hashes).toHaveLength(HASHES);
  });

  it("counts aliased pages against one budget", async () => {
    // Two receipts fit; ten aliases of two do not.
    tooLarge(await canon.gql(RECEIPTS_PAGE(2, 10), { id: ids.runId }, { token: reader }));
  });

  it("charges a single receipt read by id", async () => {
    const many = `query { ${Array.from({ length: RECEIPTS }, (_, i) => `r${i}: receipt(id: "tool-${i}") { id document }`).join(" ")} }`;
    tooLarge(await canon.gql(many, {}, { token: reader }));
    const one = await canon.gql(`query { receipt(id: "tool-3") { id } }`, {}, { token: reader });
    expect(one.data.receipt.id).toBe("tool-3");
  });

  it("refuses a page of model events larger than the budget, and serves one that fits", async () => {
    tooLarge(await canon.gql(EVENTS_PAGE(EVENTS), { id: ids.runId }, { token: reader }));
    const served = await canon.gql(EVENTS_PAGE(3), { id: ids.runId }, { token: reader });
    expect(served.errors).toBeUndefined();
    expect(served.data.run.modelEvents.map((e: { detail: string }) => e.detail.length)).toEqual([DETAIL_CHARS, DETAIL_CHARS, DETAIL_CHARS]);
  });
  it("pages on with `after` through every receipt and event, and says so when `after` names nothing", async () => {
    const pageOf = async (field: "receipts" | "modelEvents", after: string | null) => {
      const response = await canon.gql(
        `query($id: ID!, $after: ID) { run(id: $id) { ... on Run { page: ${field}(first: 3, after: $after) { id } } } }`,
        { id: ids.runId, after },
        { token: reader },
      );
      expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
      return (response.data.run.page as { id: string }[]).map((item) => item.id);
    };
    for (const [field, count] of [
      ["receipts", RECEIPTS],
      ["modelEvents", EVENTS],
    ] as const) {
      const seen: string[] = [];
      for (let page = await pageOf(field, null); page.length > 0; page = await pageOf(field, seen.at(-1)!)) seen.push(...page);
      expect(seen).toHaveLength(count);
      expect(new Set(seen).size).toBe(count);
      const unknown = await canon.gql(
        `query($id: ID!) { run(id: $id) { ... on Run { ${field}(first: 3, after: "no-such-id") { id } } } }`,
        { id: ids.runId },
        { token: reader },
      );
      expect(unknown.errors?.[0]?.extensions?.code).toBe("ERR_INVALID_INPUT");
    }
    expect((await pageOf("receipts", null)).concat(await pageOf("receipts", "tool-2"))).toEqual(
      Array.from({ length: 6 }, (_, i) => `tool-${i}`),
    );
  });
});
