// Which variables make subscribers' events differ: runStateChanged's arguments only decide where
// a stream starts, so subscribers that joined at different versions share one execution per event.
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../src/graphql/schema.js";
import { variablesThatShapeEvents } from "../../src/server/shared-execution.js";

const shaping = (query: string, variableValues: Record<string, unknown>) => variablesThatShapeEvents({ schema, document: parse(query), variableValues });

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

  it("keeps every variable for a field whose events depend on its arguments", () => {
    const dashboard = `subscription($filter: RunsChangedFilter) { runsChanged(filter: $filter) { runId seq } }`;
    expect(shaping(dashboard, { filter: { status: "ACTIVE" } })).toEqual({ filter: { status: "ACTIVE" } });
  });
});
