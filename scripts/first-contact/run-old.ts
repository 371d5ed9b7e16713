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
  compileTask: (r: unknown) => {
    ok: boolean;
    task?: {
      status: string;
      ambiguities: { kind: string; resolution: string }[];
      ir: {
        task_type: string;
        risk_class: string;
        interaction_mode: string;
        privacy_class: string;
        extensions?: Record<string, unknown>;
      };
    };
  };
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
// Eighteenth session: what that compiler's detectors said they RESOLVED (a reference the request
// answers itself, a comparative measured against today's figure, a rule that does not reach the
// ask), as x-canon.explanations.ambiguity_notes lists it. Compilers from 6688d52 on write the
// notes; for older ones nothing is recorded (no `notes` key), so the escalation model can tell
// "resolved nothing" from "not recorded" (docs/task-compiler.md, "Escalation model").
const writesNotes = existsSync(`${srcDir}/domain/task-compiler/compile-text.ts`)
  ? readFileSync(`${srcDir}/domain/task-compiler/compile-text.ts`, "utf8").includes("ambiguity_notes")
  : false;
const notesOf = (ir: { extensions?: Record<string, unknown> }): string[] => {
  const why = ir.extensions?.["x-canon.explanations"] as Record<string, unknown> | undefined;
  const joined = why?.ambiguity_notes;
  return typeof joined === "string" && joined ? joined.split("; ") : [];
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
    ...(writesNotes && r.ok ? { notes: notesOf(r.task!.ir) } : {}),
    ...(e.text !== undefined ? rulesType(e.text) : {}),
    // What that compiler answered for the other fields (eighth session: risk had no first-contact
    // record, so no risk change could be judged on rows its author had not read). The escalation
    // model is off here, as above; it decides escalation only, not these fields.
    ...(r.ok
      ? {
          compiled: {
            type: r.task!.ir.task_type,
            risk: r.task!.ir.risk_class,
            mode: r.task!.ir.interaction_mode,
            privacy: r.task!.ir.privacy_class,
          },
        }
      : {}),
  };
});
console.log(JSON.stringify(rows));
