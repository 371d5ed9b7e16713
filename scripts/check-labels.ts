// Checks the development corpus against the mechanical rules of docs/task-labelling.md and prints
// every entry that breaks one: `npx tsx scripts/check-labels.ts` (exit code 1 when any does).
// Only rules that hold without judgement are checked (the type's base risk where no raise
// applies, risk and mode together, approval and advice wording, forbidden normal form); money,
// auth and personal-data cues need a reader. Fields set by a structured request's caller win.
import { loadCorpus, type CorpusEntry } from "../test/support/task-corpus.js";
import { textOf as text } from "./task-model-lib.js";

const LOW_TYPES = new Set(["TEST", "DOCS", "INVESTIGATE", "REVIEW", "OBSERVE_ENVIRONMENT"]);
const MEDIUM_TYPES = new Set(["PERFORMANCE", "DEPENDENCY_UPDATE", "CONFIG_CHANGE"]);
const APPROVAL =
  /show me the diff|show me first|let me (review|read|look at|see|proofread) (it|them)|wait for my (go-ahead|ok|sign-off)|(don't|do not) merge (until|till)|hold off on merging|until I've signed off/i;
const ADVICE = /just (give me a recommendation|advise|tell me\b)|only advi[cs]e|advice only|recommendation only/i;

const callerSets = (e: CorpusEntry, field: string): boolean =>
  e.request !== undefined && field in (e.request as unknown as Record<string, unknown>);

function problems(e: CorpusEntry): string[] {
  const x = e.expect;
  const out: string[] = [];
  const risk = !callerSets(e, "riskClass");
  const mode = !callerSets(e, "interactionMode");
  if (risk && x.mode !== "RECOMMEND_ONLY" && LOW_TYPES.has(x.type) && x.risk !== "LOW") out.push(`${x.type} is LOW`);
  if (risk && MEDIUM_TYPES.has(x.type) && x.risk !== "MEDIUM") out.push(`${x.type} is MEDIUM`);
  if (risk && x.mode === "RECOMMEND_ONLY" && x.risk !== "LOW") out.push("RECOMMEND_ONLY is LOW");
  if (mode && x.type === "REVIEW" && x.mode !== "RECOMMEND_ONLY") out.push("REVIEW is RECOMMEND_ONLY");
  if (mode && (x.risk === "HIGH" || x.risk === "CRITICAL") && x.mode !== "APPROVAL_GATED") out.push(`${x.risk} is gated`);
  if (mode && x.risk === "UNKNOWN" && x.mode !== "AUTONOMOUS") out.push("UNKNOWN risk is AUTONOMOUS");
  if (x.type === "UNCLASSIFIED" && !x.ambiguous) out.push("UNCLASSIFIED is ambiguous");
  if (risk && x.risk === "UNKNOWN" && x.type !== "UNCLASSIFIED") out.push("UNKNOWN risk is for UNCLASSIFIED only");
  if (mode && APPROVAL.test(text(e)) && x.risk !== "HIGH" && x.risk !== "CRITICAL" && x.mode !== "APPROVAL_GATED")
    out.push("approval wording gates the mode");
  if (mode && ADVICE.test(text(e)) && !APPROVAL.test(text(e)) && x.mode !== "RECOMMEND_ONLY" && x.type !== "UNCLASSIFIED")
    out.push("advice-only wording is RECOMMEND_ONLY");
  if (x.hard.some((h) => APPROVAL.test(h))) out.push("an approval gate is not HARD");
  for (const f of x.forbidden) if (!/^(fs|net):/.test(f) || f.endsWith("/")) out.push(`forbidden not in normal form: ${f}`);
  return out;
}

let count = 0;
for (const e of loadCorpus()) {
  const found = problems(e);
  if (found.length === 0) continue;
  count++;
  console.log(`${e.id}: ${found.join("; ")}`);
}
console.log(`${count} entries break a mechanical rule of docs/task-labelling.md`);
process.exitCode = count > 0 ? 1 : 0;
