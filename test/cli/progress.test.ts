// Progress bars are for people at a terminal: counts and a bar there, nothing when piped.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { progress } from "../../src/cli/progress.js";

function stream(isTTY: boolean) {
  const sink = new PassThrough();
  let text = "";
  sink.on("data", (chunk: Buffer) => (text += chunk.toString()));
  Object.assign(sink, { isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  return { sink: sink as unknown as NodeJS.WriteStream, text: () => text };
}

describe("progress", () => {
  it("draws a bar with counts on a terminal", () => {
    const tty = stream(true);
    const bar = progress("exporting run-1", "entries", tty.sink);
    bar.total(40);
    for (let i = 0; i < 40; i++) bar.tick();
    bar.stop();
    expect(tty.text()).toMatch(/exporting run-1 \[[█░]+\] \d+\/40 entries/);
  });

  it("writes nothing when the output is piped", () => {
    const piped = stream(false);
    const bar = progress("verifying", "runs", piped.sink);
    bar.total(3);
    bar.tick(3);
    bar.stop();
    expect(piped.text()).toBe("");
  });
});
