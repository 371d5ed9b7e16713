// `canon compile`: the TaskIR on stdout, the open questions on stderr, the status in the exit code.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { compileCommand } from "../../src/cli/compile-command.js";

function run(text: string | undefined, file?: string) {
  let out = "";
  let err = "";
  const sink = (append: (chunk: string) => void) => new Writable({ write: (chunk, _enc, done) => (append(String(chunk)), done()) });
  const code = compileCommand(
    text,
    file,
    sink((c) => (out += c)),
    sink((c) => (err += c)),
  );
  return { code, out, err };
}

describe("canon compile", () => {
  it("prints a clear request's TaskIR and exits 0", () => {
    // Concrete enough for the escalation model too: a bare "Fix the crash in src/app.ts" is
    // escalated by it (docs/task-compiler.md, "Escalation model": its cost on short requests).
    const { code, out, err } = run(
      "Fix the TypeError that parseConfig throws in src/app.ts when the config file is empty; never touch src/vendor/",
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      schema_id: "allternit.kernel.TaskIRV1",
      task_type: "BUG_FIX",
      forbidden_scope: ["fs:src/vendor/**"],
    });
    expect(err).toContain("status: COMPILED");
  });

  it("prints the open questions of an ambiguous request and exits 3", () => {
    const { code, err } = run("Make it better");
    expect(code).toBe(3);
    expect(err).toMatch(/NEEDS_CLARIFICATION: \d open question/);
    expect(err).toContain('What does "Make it" refer to?');
  });

  it("reads a structured request or a TaskIR from --file, and reports a rejected one with exit 1", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "canon-compile-"));
    const structured = path.join(dir, "request.json");
    writeFileSync(structured, JSON.stringify({ title: "Bump lodash to 4.17.21", labels: ["dependencies"] }));
    expect(JSON.parse(run(undefined, structured).out).task_type).toBe("DEPENDENCY_UPDATE");
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ title: "x", taskType: "CHORES" }));
    const rejected = run(undefined, bad);
    expect(rejected.code).toBe(1);
    expect(JSON.parse(rejected.err)).toMatchObject({ code: "ERR_INVALID_INPUT", details: { problems: [{ path: "/request/taskType" }] } });
  });

  it("needs exactly one of text or --file", () => {
    expect(run(undefined).code).toBe(2);
    expect(run("x", "y").code).toBe(2);
  });
});
