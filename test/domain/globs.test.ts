// Path globs (src/domain/globs.ts), read by sensitivity labels and forbidden paths alike.
import { describe, expect, it } from "vitest";
import { globToRegExp } from "../../src/domain/globs.js";

const matches = (glob: string, path: string) => globToRegExp(glob).test(path);

describe("globToRegExp", () => {
  it("matches * within a segment and ** across segments", () => {
    expect(matches("fs:src/db/**", "fs:src/db/a/b.ts")).toBe(true);
    expect(matches("fs:src/*.ts", "fs:src/a.ts")).toBe(true);
    expect(matches("fs:src/*.ts", "fs:src/db/a.ts")).toBe(false);
    expect(matches("fs:.env", "fs:xenv")).toBe(false);
  });

  it("reads **/ as whole segments, none included, after a scheme too", () => {
    expect(matches("src/**/*.kt", "src/Main.kt")).toBe(true);
    expect(matches("src/**/*.kt", "src/a/b/Main.kt")).toBe(true);
    expect(matches("src/**/Main.kt", "src/OldMain.kt")).toBe(false);
    expect(matches("fs:**/secrets/*", "fs:secrets/key")).toBe(true);
    expect(matches("fs:**/secrets/*", "fs:a/b/secrets/key")).toBe(true);
  });

  it("reads ? as one character of a segment and everything else literally", () => {
    expect(matches("a?.ts", "ab.ts")).toBe(true);
    expect(matches("a?.ts", "a/.ts")).toBe(false);
    expect(matches("app/[slug]/**", "app/[slug]/page.tsx")).toBe(true);
    expect(matches("app/[slug]/**", "app/s/page.tsx")).toBe(false);
    expect(matches("src/(legacy)/*", "src/(legacy)/a.ts")).toBe(true);
  });

  // A hang check, not a speed claim (the expression audit timed the old form at 0.35 s here).
  it("stays linear on a long path that almost matches", () => {
    expect(matches("src/**/*.kt", `src/${"a/".repeat(5_000)}x.k`)).toBe(false);
    expect(matches("src/**/*.kt", `src/${"a".repeat(20_000)}`)).toBe(false);
  });
});
