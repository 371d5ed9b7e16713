// The compiler is total and deterministic: any string up to the size limit compiles to a valid
// TaskIRV1 without throwing, the same input gives the same bytes, and anything larger is a
// typed ERR_INPUT_TOO_LARGE. Inputs come from a seeded generator, so a failure reproduces.
import { describe, expect, it } from "vitest";
import { validateTaskIr } from "../../src/contracts/validation.js";
import { canonicalJson } from "../../src/domain/content-hash.js";
import { compileTask, TASK_REQUEST_MAX_BYTES, type TaskRequest } from "../../src/domain/task-compiler/index.js";
import { seededRandom } from "../support/prng.js";

const random = seededRandom;

const PIECES = [
  "fix",
  "the bug",
  "it",
  "that function",
  "src/app.ts",
  "lib/**/*.py",
  "https://api.example.com/x",
  "don't touch",
  "never",
  "only touch",
  "without breaking",
  "prefer",
  "ideally",
  "must",
  "should",
  "so that",
  "faster",
  "more robust",
  "deploy",
  "migrate",
  "password",
  "api key",
  "customer emails",
  "public repo",
  "within 10 minutes",
  "under $5",
  "at most 3 attempts",
  "as of today's data",
  "Acceptance criteria:",
  "Out of scope:",
  "- ",
  "\n",
  "\n\n",
  ". ",
  ", ",
  "; ",
  ":",
  "`",
  '"',
  "'",
  "(",
  ")",
  "#",
  "**",
  "/",
  "\\",
  "🚀",
  "🔥🔥",
  "é",
  "日本語",
  "\u200b",
  "\u0000",
  "\t",
  "\r\n",
  "\ud800",
  "a".repeat(300),
  " ".repeat(50),
  "$",
  "%",
  "???",
  "!!!",
  "leave",
  "alone",
  "keep",
  "unchanged",
  "review",
  "what do you think",
  "ask me before merging",
  "force-push",
  "payments",
  "DROP TABLE",
];

function randomText(next: () => number, maxPieces: number): string {
  const count = Math.floor(next() * maxPieces);
  let text = "";
  for (let i = 0; i < count; i++) {
    text += next() < 0.15 ? String.fromCodePoint(Math.floor(next() * 0x2ffff)) : PIECES[Math.floor(next() * PIECES.length)]!;
    if (next() < 0.5) text += " ";
  }
  return text;
}

function expectValid(request: TaskRequest): void {
  let outcome: ReturnType<typeof compileTask> | undefined;
  expect(() => (outcome = compileTask(request))).not.toThrow();
  if (!outcome!.ok) {
    expect(["ERR_INPUT_TOO_LARGE", "ERR_INVALID_INPUT"]).toContain(outcome!.error.code);
    return;
  }
  expect(validateTaskIr(outcome!.task.ir), JSON.stringify(validateTaskIr.errors)).toBe(true);
  expect(canonicalJson(compileTask(request))).toBe(canonicalJson(outcome));
}

describe("TaskIR compiler properties", () => {
  it.each([
    ["empty", ""],
    ["whitespace", " \n\t \r\n "],
    ["emoji", "🚀🔥💥 ✅"],
    ["lone surrogates and control characters", "\ud800\udfff\u0000\u0007 fix"],
    ["a long single line", "fix ".repeat(15_000)],
    ["many bullets", "- don't touch src/x.ts\n".repeat(2_500)],
  ])("compiles %s without throwing, to a valid TaskIRV1, deterministically", (_name, text) => {
    expectValid({ text });
  });

  it("is total and deterministic on 400 random requests of text and structured shape", () => {
    const next = random(20261202);
    for (let i = 0; i < 400; i++) {
      const text = randomText(next, i % 10 === 0 ? 400 : 40);
      expectValid({ text });
      if (i % 4 === 0) {
        expectValid({ request: { title: randomText(next, 8), body: text, labels: [randomText(next, 2)], paths: [randomText(next, 2)] } });
      }
    }
  });

  it("rejects 1 MB of text with ERR_INPUT_TOO_LARGE, and accepts a request just under the limit", () => {
    const huge = compileTask({ text: "x".repeat(1024 * 1024) });
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.error).toMatchObject({ code: "ERR_INPUT_TOO_LARGE", family: "INPUT", retryable: false });
    const wrapper = JSON.stringify({ text: "" }).length;
    expectValid({ text: "fix src/a.ts ".repeat(Math.floor((TASK_REQUEST_MAX_BYTES - wrapper) / 13)) });
    const multiByte = compileTask({ text: "é".repeat(TASK_REQUEST_MAX_BYTES / 2) });
    expect(multiByte.ok ? "ok" : multiByte.error.code).toBe("ERR_INPUT_TOO_LARGE");
  });

  it("never throws on malformed request shapes either", () => {
    for (const request of [
      {},
      { text: 5 },
      { request: null },
      { request: [] },
      { taskIr: "x" },
      { text: "a", request: {} },
      null,
    ] as unknown[]) {
      expect(() => compileTask(request as TaskRequest)).not.toThrow();
      const outcome = compileTask(request as TaskRequest);
      expect(outcome.ok).toBe(false);
    }
  });
});
