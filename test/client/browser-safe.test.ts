// canon/client runs in browsers: nothing it imports, transitively, may be a node: module or
// code of the server's layers (server, store, db, live, graphql, cli, domain).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "../../src");
// @graphql-typed-document-node/core and json-schema-to-ts are imported for types only (erased).
const ALLOWED_PACKAGES = new Set(["graphql-ws", "@graphql-typed-document-node/core", "json-schema-to-ts"]);

/** Every module reachable from `entry` by static or dynamic import, and the bare packages it names. */
function importGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, fromSpecifier, dynamicSpecifier] of text.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const specifier = fromSpecifier ?? dynamicSpecifier;
      if (!specifier) continue;
      if (specifier.startsWith(".")) visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(src, file)), packages: [...packages] };
}

describe("canon/client's import graph", () => {
  it("stays inside src/client and src/contracts and names only browser-ready packages", () => {
    const { files, packages } = importGraph(path.join(src, "client/index.ts"));
    expect(files.length).toBeGreaterThan(5);
    expect(packages.sort()).toEqual(["@graphql-typed-document-node/core", "graphql-ws", "json-schema-to-ts"]);
    for (const file of files) expect(file).toMatch(/^(client|contracts)\//);
    for (const name of packages) expect(ALLOWED_PACKAGES.has(name) ? name : `not allowed: ${name}`).toBe(name);
  });
});
