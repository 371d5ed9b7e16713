// Canon supports Node 20 (package.json's engines, the Dockerfile's image). No installed package
// may declare that it needs a newer Node: `npm ci` would warn EBADENGINE, and the package may use
// what Node 20 lacks. .ci/run checks npm ci's own output too; this reads the lockfile, at once.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; version?: string }>;
};

/** The lowest Node major a range admits, for the forms packages use (">=20", "^18 || >=20", "20.x"). */
function lowestMajor(range: string): number {
  const alternatives = range.split("||").map((alternative) => {
    const match = /(\d+)/.exec(alternative.replace(/^[^\d]*/, ""));
    return match ? Number(match[1]) : 0;
  });
  return Math.min(...alternatives);
}

describe("dependencies' Node engines", () => {
  it("every installed package runs on Node 20", () => {
    const needsNewer = Object.entries(lock.packages)
      .filter(([name]) => name.startsWith("node_modules/"))
      .flatMap(([name, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return node && lowestMajor(node) > 20 ? [`${name.replace(/^.*node_modules\//, "")}@${entry.version} needs node ${node}`] : [];
      });
    expect(needsNewer).toEqual([]);
  });
});
