// `canon/client` is an entry point of the package: Node resolves it through package.json's
// `exports` to the built client, with its type declarations beside it.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

describe("canon/client as a package entry point", () => {
  it("resolves through package.json exports to dist/, types included, and the bin stays where it was", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.exports["./client"]).toEqual({ types: "./dist/client/index.d.ts", default: "./dist/client/index.js" });
    expect(pkg.bin.canon).toBe("dist/cli/main.js");
    expect(existsSync(path.join(root, pkg.exports["./client"].types))).toBe(true);
    // Node's own resolution, as a consumer's `import "canon/client"` would go (the package refers to itself by name).
    const script = `const m = await import("canon/client"); console.log(typeof m.createCanonClient, typeof m.StateConflictError, import.meta.resolve("canon/client"));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }).trim();
    expect(out).toBe(`function function ${new URL("dist/client/index.js", `file://${root}/`).href}`);
  });
});
