// RunsStream: a runsChanged subscription's output, read as an iterator or redirected to a sink
// (a socket, in the server), with the end reported after everything handed over.
import { describe, expect, it } from "vitest";
import type { RunChangeRecord } from "../../src/live/run-changes.js";
import { RunsStream } from "../../src/live/runs-stream.js";
import { EntryQueue } from "../../src/live/watch-sink.js";

const change = (seq: number) => ({ runId: "run-1", seq }) as RunChangeRecord;

describe("RunsStream", () => {
  it("is read as an iterator, and ends with the error it was ended with after what was handed over", async () => {
    let ends = 0;
    const stream = new RunsStream(() => ends++);
    await stream.deliver(change(1));
    await stream.deliver(change(2));
    stream.end(new Error("too slow"));
    stream.end(); // once
    expect((await stream.next()).value.seq).toBe(1);
    expect((await stream.next()).value.seq).toBe(2);
    await expect(stream.next()).rejects.toThrow("too slow");
    expect(ends).toBe(1);
  });

  it("moves to a sink with what was not read yet, in order; the iterator then only reports the end", async () => {
    const stream = new RunsStream(() => {});
    await stream.deliver(change(1));
    const sink = new EntryQueue<RunChangeRecord>(() => {});
    stream.redirect(sink);
    await stream.deliver(change(2));
    expect(stream.backlog).toBe(2);
    stream.end();
    expect([(await sink.next()).value.seq, (await sink.next()).value.seq]).toEqual([1, 2]);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("waits for room once its consumer falls behind, and a consumer that leaves ends it", async () => {
    let ended = false;
    const stream = new RunsStream(() => (ended = true));
    let waited = false;
    for (let seq = 1; seq < 16; seq++) await stream.deliver(change(seq));
    const full = stream.deliver(change(16)).then(() => (waited = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waited).toBe(false);
    await stream.next();
    await full;
    await stream.return();
    expect(ended).toBe(true);
  });
});
