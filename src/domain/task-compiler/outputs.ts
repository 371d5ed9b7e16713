// What the caller wants back ("open a PR", "give me a short report", "return the patch"). Only
// a delivery verb makes a noun an output: "the endpoint must return 20 items" asks for code,
// not for a deliverable. With none stated, the task type's usual deliverable is listed as a
// default, and its description says so, so a stated output is never confused with a default.
import type { InteractionMode, TaskIRV1, TaskType } from "../../contracts/task-ir.js";
import type { Clause, Span } from "./segment.js";
import { gatedMatchAll } from "./literal-gates.js";

export type RequestedOutput = NonNullable<TaskIRV1["requested_outputs"]>[number];

export interface OutputFinding {
  output: RequestedOutput;
  span: Span | null;
}

const KINDS: [RegExp, string][] = [
  [/^(?:pull request|pr|merge request|mr)s?$/i, "PULL_REQUEST"],
  [/^(?:patch|diff)(?:es)?$/i, "PATCH"],
  [/^(?:report|write-?up|analysis|findings)$/i, "REPORT"],
  [/^(?:summary|summaries|overview)$/i, "SUMMARY"],
  [/^(?:plan|proposal)s?$/i, "PLAN"],
  [/^(?:recommendations?|review|verdict)$/i, "RECOMMENDATION"],
  [/^(?:benchmarks?|measurements?|numbers)$/i, "BENCHMARK"],
  [/^(?:tests?|test cases?)$/i, "TESTS"],
];

const NOUN = String.raw`(pull requests?|prs?|merge requests?|mrs?|patch(?:es)?|diffs?|reports?|write-?ups?|analysis|findings|summary|summaries|overview|plans?|proposals?|recommendations?|review|verdict|benchmarks?|measurements?|numbers|tests?|test cases?)`;
const VERB = String.raw`(?:return|produce|give(?: me| us)?|send(?: me| us)?|open|create|attach|deliver|provide|prepare|draft|submit|post|write(?: up)?|share|hand (?:me|us)|i want|i need|we want|we need)`;
// Seventeenth session: each run of spaces is read by one quantifier (the article and the adjective
// carry their own): three in a row ("\s+ … ?\s* … ?\s*") split a long run in cubically many ways,
// and one 2,000-character line of tabs after "post back" took seconds (npm run audit:expressions).
const LEAD = new RegExp(
  String.raw`\b${VERB}\s+(?:me\s+|us\s+)?(?:back\s+)?(?:(?:a|an|the|your|some)\s+)?(?:(?:short|brief|quick|detailed|written|small|single|one)\s+)?${NOUN}\b`,
  "gi",
);
const MORE = new RegExp(
  String.raw`^\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+plus\s+)(?:(?:a|an|the|your|some)\s+)?(?:(?:short|brief|quick|detailed|written|small|single|one)\s+)?${NOUN}\b`,
  "i",
);

const DEFAULT_KIND: Partial<Record<TaskType, string>> = {
  BUG_FIX: "PATCH",
  FEATURE: "PATCH",
  REFACTOR: "PATCH",
  TEST: "PATCH",
  DOCS: "PATCH",
  PERFORMANCE: "PATCH",
  SECURITY_FIX: "PATCH",
  DEPENDENCY_UPDATE: "PATCH",
  CONFIG_CHANGE: "PATCH",
  DATA_MIGRATION: "PATCH",
  INVESTIGATE: "REPORT",
  OBSERVE_ENVIRONMENT: "REPORT",
  REVIEW: "RECOMMENDATION",
  DEPLOY: "REPORT",
};

const kindOf = (noun: string): string | null => KINDS.find(([pattern]) => pattern.test(noun.trim()))?.[1] ?? null;

/** The output a delivery verb's noun names, unless one of its kind is found already. A module function, not a closure per request (twenty-third session, speed: under tsx each closure made is a defineProperty of its name). */
function addOutput(found: OutputFinding[], noun: string, start: number, end: number): void {
  const kind = kindOf(noun);
  if (kind && !found.some((f) => f.output.kind === kind))
    found.push({ output: { kind, description: `requested: "${noun}"`, required: true }, span: { start, end } });
}

export function extractOutputs(clauses: readonly Clause[], taskType: TaskType, mode: InteractionMode): OutputFinding[] {
  const found: OutputFinding[] = [];
  for (const clause of clauses) {
    for (const match of gatedMatchAll(LEAD, clause.text)) {
      let end = match.index! + match[0].length;
      addOutput(found, match[1]!, clause.start + match.index!, clause.start + end);
      // "a patch and a short report": the same verb delivers the nouns that follow it.
      for (let more = MORE.exec(clause.text.slice(end)); more; more = MORE.exec(clause.text.slice(end))) {
        addOutput(found, more[1]!, clause.start + end, clause.start + end + more[0].length);
        end += more[0].length;
      }
    }
  }
  if (found.length) return found;
  // Advice was asked for: a recommendation, never a change.
  const kind = mode === "RECOMMEND_ONLY" ? "RECOMMENDATION" : DEFAULT_KIND[taskType];
  return kind
    ? [
        {
          output: {
            kind,
            description: `default for ${mode === "RECOMMEND_ONLY" ? "RECOMMEND_ONLY" : taskType} (not stated)`,
            required: true,
          },
          span: null,
        },
      ]
    : [];
}
