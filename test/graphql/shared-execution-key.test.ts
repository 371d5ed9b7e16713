// Which variables make subscribers' events differ: the subscriptions' arguments only decide which
// events arrive, so subscribers that joined at different versions, or dashboards with different
// filters, share one execution per event; variables their selections use still count.
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../src/graphql/schema.js";
import { variablesThatShapeEvents } from "../../src/server/shared-execution.js";

const shaping = (query: string, variableValues: Record<string, unknown>) =>
  variablesThatShapeEvents({ schema, document: parse(query), variableValues });

describe("the shared execution key", () => {
  it("leaves out variables used only in runStateChanged's arguments", () => {
    const watch = `subscription($runId: ID!, $afterVersion: Int!) { runStateChanged(runId: $runId, afterVersion: $afterVersion) { seq version } }`;
    expect(shaping(watch, { runId: "r", afterVersion: 7 })).toEqual({});
  });

  it("keeps a variable that the selection uses too, directly or through a fragment", () => {
    const direct = `subscription($runId: ID!, $v: Int!, $withSeq: Boolean!) { runStateChanged(runId: $runId, afterVersion: $v) { seq @include(if: $withSeq) } }`;
    expect(shaping(direct, { runId: "r", v: 1, withSeq: true })).toEqual({ withSeq: true });
    const fragment = `subscription($runId: ID!, $v: Int!, $withSeq: Boolean!) { runStateChanged(runId: $runId, afterVersion: $v) { ...F } }
      fragment F on LedgerEntry { seq @include(if: $withSeq) version }`;
    expect(shaping(fragment, { runId: "r", v: 1, withSeq: false })).toEqual({ withSeq: false });
  });

  it("leaves out runsChanged's filter and positions, and keeps what its selection uses", () => {
    const dashboard = `subscription($filter: RunsChangedFilter, $after: [RunPositionInput!], $full: Boolean!) {
      runsChanged(filter: $filter, after: $after) { runId seq entry @include(if: $full) { seq } } }`;
    expect(shaping(dashboard, { filter: { status: "ACTIVE" }, after: [{ runId: "r", seq: 3 }], full: false })).toEqual({ full: false });
  });

  it("keeps every variable of an operation that is not a single marked subscription field", () => {
    const query = `query($id: ID!) { run(id: $id) { __typename } }`;
    expect(shaping(query, { id: "r" })).toEqual({ id: "r" });
  });
});
