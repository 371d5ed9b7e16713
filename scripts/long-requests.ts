// Escalation on long requests (docs/task-compiler-history.md, "Eighth session", "Long requests"): for each
// development file named, every request compiled, with what the detectors asked, what the
// escalation model voted and what it outvoted; totals for long and short requests.
//   npx tsx scripts/long-requests.ts [--leave-batch-out] [--list] [--json out.json] <file.yaml> …
// --leave-batch-out: the three models (type, ambiguity, escalation) are trained without the file
// being scored, as a new batch meets them; without it the shipped (fitted) models are used, which
// have seen every development request and say little about new ones. Held-out files are refused.
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parse } from "yaml";
import { compileTask } from "../src/domain/task-compiler/index.js";
import { isLongRequest } from "../src/domain/task-compiler/long-requests.js";
import { useAmbiguityModel } from "../src/domain/task-compiler/model/ambiguity-evidence.js";
import { useEscalationModel } from "../src/domain/task-compiler/model/escalation-evidence.js";
import { loadModel } from "../src/domain/task-compiler/model/naive-bayes.js";
import { useTypeModel } from "../src/domain/task-compiler/model/type-evidence.js";
import { loadCorpus, requestOf, type CorpusEntry } from "../test/support/task-corpus.js";
import { buildAmbiguityTable, buildEscalationTable, escalationRows, trainTypeModels } from "./task-model-lib.js";

const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith(".yaml"));
if (files.some((f) => f.includes("heldout"))) throw new Error("held-out files are never read here");
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const corpus = args.includes("--leave-batch-out") ? loadCorpus() : [];

interface Row {
  file: string;
  id: string;
  long: boolean;
  ambiguous: boolean;
  escalated: boolean;
  kinds: string[];
  escalation: string;
}
const rows: Row[] = [];
for (const file of files) {
  const entries = parse(readFileSync(file, "utf8")) as CorpusEntry[];
  if (corpus.length) {
    const ids = new Set(entries.map((e) => e.id));
    const train = corpus.filter((e) => !ids.has(e.id));
    useTypeModel(trainTypeModels(train));
    useAmbiguityModel(loadModel(buildAmbiguityTable(train)));
    useEscalationModel(buildEscalationTable(escalationRows(train)));
  }
  for (const entry of entries) {
    const outcome = compileTask(requestOf(entry));
    if (!outcome.ok) continue;
    const explanations = outcome.task.ir.extensions?.["x-canon.explanations"] as Record<string, string>;
    rows.push({
      file: basename(file, ".yaml"),
      id: entry.id,
      long: isLongRequest(entry.text ?? ""),
      ambiguous: entry.expect.ambiguous,
      escalated: outcome.task.status === "NEEDS_CLARIFICATION",
      kinds: outcome.task.ambiguities.map((a) => a.kind),
      escalation: explanations.escalation ?? "",
    });
  }
}
useTypeModel(null);
useAmbiguityModel(null);
useEscalationModel(null);

const line = (name: string, of: Row[]) => {
  const amb = of.filter((r) => r.ambiguous);
  const clear = of.filter((r) => !r.ambiguous);
  const n = (xs: Row[]) => xs.filter((r) => r.escalated).length;
  return `${name.padEnd(26)} recall ${n(amb)}/${amb.length}  clear escalated ${n(clear)}/${clear.length}`;
};
for (const file of [...new Set(rows.map((r) => r.file))]) {
  const of = rows.filter((r) => r.file === file);
  console.log(
    line(
      `${file} long`,
      of.filter((r) => r.long),
    ),
  );
  console.log(line(`${file} all`, of));
}
if (files.length > 1) {
  console.log(
    line(
      "together long",
      rows.filter((r) => r.long),
    ),
  );
  console.log(line("together", rows));
}
if (args.includes("--list"))
  for (const r of rows.filter((r) => r.long && r.ambiguous !== r.escalated))
    console.log(`${r.id} ${r.ambiguous ? "MISSED" : "FALSE"} [${r.kinds.join(",")}] ${r.escalation.slice(0, 400)}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows));
