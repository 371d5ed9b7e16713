// SharedReads: concurrent identical page reads share one query, recent entries serve readers a
// little behind, and nothing but an exact continuation of the cursor is ever served from memory.
import { describe, expect, it } from "vitest";
import { SharedReads } from "../../src/live/shared-reads.js";

function ledger(length: number) {
  const calls: [string, number, number][] = [];
  const read = async (runId: string, afterSeq: number, limit: number) => {
    calls.push([runId, afterSeq, limit]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Array.from({ length: Math.max(0, Math.min(limit, length - afterSeq - 1)) }, (_, i) => ({ runId, seq: afterSeq + 1 + i }));
  };
  return { calls, read };
}

describe("SharedReads", () => {
  it("answers many concurrent readers at one cursor with one query", async () => {
    const { calls, read } = ledger(10);
    const reads = new SharedReads(read);
    const pages = await Promise.all(Array.from({ length: 50 }, () => reads.page("r", 3, 100)));
    expect(calls).toEqual([["r", 3, 100]]);
    for (const page of pages) expect(page.map((e) => e.seq)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it("serves a reader a little behind from the run's recent entries, and goes to the ledger for anything else", async () => {
    const { calls, read } = ledger(10);
    const reads = new SharedReads(read, { perRun: 4, runs: 2 });
    await reads.page("r", 3, 100); // remembers seqs 6..9
    expect((await reads.page("r", 6, 100)).map((e) => e.seq)).toEqual([7, 8, 9]);
    expect((await reads.page("r", 7, 1)).map((e) => e.seq)).toEqual([8]);
    expect(calls).toHaveLength(1);
    expect((await reads.page("r", 4, 100)).map((e) => e.seq)).toEqual([5, 6, 7, 8, 9]); // 5 was not kept
    expect((await reads.page("other", 0, 100)).map((e) => e.runId)).toEqual(Array(9).fill("other"));
    expect(calls).toHaveLength(3);
  });

  it("reads every page itself when sharing is off", async () => {
    const { calls, read } = ledger(10);
    const reads = new SharedReads(read, { perRun: 4, runs: 2, shared: false });
    await Promise.all([reads.page("r", 3, 100), reads.page("r", 3, 100)]);
    expect(calls).toHaveLength(2);
    expect(reads.queries).toBe(2);
  });

  it("keeps at most maxBytes of entries, dropping the least recently read runs first", async () => {
    const MB = 1024 * 1024;
    const { read } = ledger(10);
    // Every entry weighs 4 MB; 8 entries of each of 4 runs would be 128 MB.
    const reads = new SharedReads(read, { perRun: 8, runs: 128, maxBytes: 20 * MB, sizeOf: () => 4 * MB });
    for (const run of ["a", "b", "c", "d"]) await reads.page(run, 1, 8);
    expect(reads.bytes).toBeLessThanOrEqual(20 * MB);
    expect(reads.bytes).toBe(20 * MB);
    // The run read last is served from memory as far as it was kept; the oldest are gone.
    const before = reads.queries;
    expect((await reads.page("d", 5, 100)).map((e) => e.seq)).toEqual([6, 7, 8, 9]);
    expect(reads.queries).toBe(before);
    await reads.page("a", 1, 100);
    expect(reads.queries).toBe(before + 1);
    reads.forget("a");
    reads.forget("d");
    expect(reads.bytes).toBeLessThanOrEqual(20 * MB);
  });
});
