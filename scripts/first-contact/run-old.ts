// Runs an old compiler (argv[2]: its src dir) on a batch as first written (argv[3]) and prints
// what its rules asked about each request, one JSON array. Used by collect.sh only.
import { readFileSync } from "node:fs";
import { parse } from "yaml";

interface Entry {
  id: string;
  text?: string;
  request?: unknown;
}
const [srcDir, fixture, batch, compiler, written] = process.argv.slice(2);
const { compileTask } = (await import(`${srcDir}/domain/task-compiler/index.ts`)) as {
  compileTask: (r: unknown) => { ok: boolean; task?: { status: string; ambiguities: { kind: string; resolution: string }[] } };
};
const rows = (parse(readFileSync(fixture!, "utf8")) as Entry[]).map((e) => {
  const r = compileTask(e.request ? { request: e.request } : { text: e.text ?? "" });
  const kinds = r.ok ? r.task!.ambiguities.filter((a) => a.resolution === "UNRESOLVED" || a.resolution === "ESCALATED").map((a) => a.kind) : ["error"];
  return { id: e.id, batch, compiler, written, ...(e.text !== undefined ? { text: e.text } : {}), kinds: [...new Set(kinds)].sort() };
});
console.log(JSON.stringify(rows));
