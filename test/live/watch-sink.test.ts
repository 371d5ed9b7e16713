// EntryQueue: the async-iterator side of a watch. What was handed over is read before the end,
// the end carries its error, and a consumer that leaves drops the rest.
import { describe, expect, it } from "vitest";
import { EntryQueue } from "../../src/live/watch-sink.js";

async function readAll<T>(queue: AsyncIterableIterator<T>) {
  const values: T[] = [];
  try {
    for await (const value of queue) values.push(value);
    return { values, error: undefined };
  } catch (error) {
    return { values, error };
  }
}

describe("EntryQueue", () => {
  it("hands entries to a waiting reader and to a later one, in order", async () => {
    const queue = new EntryQueue<number>(() => {});
    const first = queue.next();
    queue.offer(1);
    queue.offer(2);
    queue.offer(3);
    expect(await first).toEqual({ done: false, value: 1 });
    expect(queue.backlog).toBe(2);
    queue.close();
    expect(await readAll(queue)).toEqual({ values: [2, 3], error: undefined });
  });

  it("delivers what was queued before the error it was closed with, then stays done", async () => {
    const queue = new EntryQueue<number>(() => {});
    queue.offer(1);
    queue.offer(2);
    const failure = new Error("too slow");
    queue.close(failure);
    queue.offer(3); // after the end: dropped
    expect(await readAll(queue)).toEqual({ values: [1, 2], error: failure });
    expect(await queue.next()).toEqual({ done: true, value: undefined });
  });

  it("ends a pending read when closed, with the error if there is one", async () => {
    const quiet = new EntryQueue<number>(() => {});
    const pending = quiet.next();
    quiet.close();
    expect(await pending).toEqual({ done: true, value: undefined });
    const failing = new EntryQueue<number>(() => {});
    const rejected = failing.next();
    failing.close(new Error("archived"));
    await expect(rejected).rejects.toThrow("archived");
  });

  it("tells its owner when the reader leaves, and drops what is queued", async () => {
    let returned = 0;
    const queue = new EntryQueue<number>(() => returned++);
    queue.offer(1);
    const waiting = queue.next();
    expect(await waiting).toEqual({ done: false, value: 1 });
    queue.offer(2);
    expect(await queue.return()).toEqual({ done: true, value: undefined });
    expect(await queue.return()).toEqual({ done: true, value: undefined });
    expect(returned).toBe(1);
    expect(queue.backlog).toBe(0);
    expect(await queue.next()).toEqual({ done: true, value: undefined });
  });

  it("resolves below(limit) once the reader has taken enough, or has left", async () => {
    const queue = new EntryQueue<number>(() => {});
    for (let i = 0; i < 5; i++) queue.offer(i);
    let room = false;
    const below = queue.below(3).then(() => (room = true));
    await queue.next();
    await queue.next();
    await Promise.resolve();
    expect(room).toBe(false); // 3 left, not under 3
    await queue.next();
    await below;
    expect(room).toBe(true);
    const full = new EntryQueue<number>(() => {});
    for (let i = 0; i < 5; i++) full.offer(i);
    const released = full.below(1);
    await full.return();
    await expect(released).resolves.toBeUndefined();
  });

  it("gives up its queue to another sink, oldest first", () => {
    const queue = new EntryQueue<number>(() => {});
    queue.offer(1);
    queue.offer(2);
    expect(queue.drain()).toEqual([1, 2]);
    expect(queue.backlog).toBe(0);
  });
});
