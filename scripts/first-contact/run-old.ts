// Runs an old compiler (argv[2]: its src dir) on a batch as first written (argv[3]) and prints
// what its rules asked about each request, one JSON array. Used by collect.sh only.
import { existsSync, readFileSync } from "node:fs";
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
// A compiler with the escalation model (fifth session on) is run with the model off: what is
// recorded is what its RULES asked (the questions the model weighs), not the model's own decision.
const escalation = `${srcDir}/domain/task-compiler/model/escalation-evidence.ts`;
if (existsSync(escalation)) {
  const { useEscalationModel } = (await import(escalation)) as {
    useEscalationModel: (table: null, options: { enabled: boolean }) => void;
  };
  useEscalationModel(null, { enabled: false });
}
// The rules' own type evidence then: their type, and their lead over the runner-up.
const { classify } = (await import(`${srcDir}/domain/task-compiler/classify.ts`)) as {
  classify: (clauses: unknown[], labels: readonly string[]) => { type: string; scores: Record<string, number> };
};
const { segment } = (await import(`${srcDir}/domain/task-compiler/segment.ts`)) as { segment: (text: string) => unknown[] };
const rulesType = (text: string) => {
  const c = classify(segment(text), []);
  const scores = Object.values(c.scores).sort((a, b) => b - a);
  return { rulesType: c.type, rulesLead: (scores[0] ?? 0) - (scores[1] ?? 0) };
};
const rows = (parse(readFileSync(fixture!, "utf8")) as Entry[]).map((e) => {
  const r = compileTask(e.request ? { request: e.request } : { text: e.text ?? "" });
  const kinds = r.ok
    ? r.task!.ambiguities.filter((a) => a.resolution === "UNRESOLVED" || a.resolution === "ESCALATED").map((a) => a.kind)
    : ["error"];
  return {
    id: e.id,
    batch,
    compiler,
    written,
    ...(e.text !== undefined ? { text: e.text } : {}),
    kinds: [...new Set(kinds)].sort(),
    ...(e.text !== undefined ? rulesType(e.text) : {}),
  };
});
console.log(JSON.stringify(rows));
