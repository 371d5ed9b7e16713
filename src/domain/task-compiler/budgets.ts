// Budgets and freshness, only when the caller states them with a number ("within 10 minutes",
// "under $5", "at most 3 attempts") or a point in time ("as of today's data").
import type { ResourceBudget } from "../../contracts/agent-state.js";
import { spanIn } from "./risk.js";
import type { Clause, Span } from "./segment.js";
import { gatedExec, gatedMatchAll } from "./literal-gates.js";

export interface BudgetFinding {
  field: "latency_budget_ms" | "max_cost_units" | "max_attempts" | "max_tokens" | "max_tool_calls";
  value: number;
  span: Span;
  /** Said of the work's own clock ("finish within 10 minutes"), not of something the product does. */
  ofTheWork: boolean;
}

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
};
const NUMBER = String.raw`(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twenty)`;
const UNIT_MS: [RegExp, number][] = [
  [/^(ms|msecs?|milliseconds?)$/i, 1],
  [/^(s|secs?|seconds?)$/i, 1000],
  [/^(m|mins?|minutes?)$/i, 60_000],
  [/^(h|hrs?|hours?)$/i, 3_600_000],
  [/^days?$/i, 86_400_000],
];
const LIMIT = String.raw`(?:within|in under|in less than|under|below|less than|no more than|no longer than|at most|max(?:imum)?(?: of)?|up to|limit(?:ed)? to|budget of|cap(?:ped)? at|time ?box(?:ed)? to)`;

const METRIC =
  /\b(targets?|latency|p\d\d|response times?|load times?|loads?|responds?|runtime|build times?|quer(y|ies)|endpoints?|requests?|render(s|ing)?|startup|boot|(tests?|suite|ci|build|job|pipeline|it) (must |should |needs? to )?(run|runs|finish|complete|pass|take)s?( in)?)\b/i;

// Twenty-fourth session: a time the task itself has is said of finishing the work ("Finish within
// 10 minutes", "time-box it to an hour", "a budget of 30 min"). A duration said of the product, what
// it shows, detects or must do ("turning amber under 60 min and red under 30 min", fi-158; "the
// sensor reports the same exit twice within a second", bh-153; "registration must succeed within
// 30s", bf-072) is what the work builds or measures, so two of them differing ask nothing.
const WORK_CLOCK = /\b(?:finish(?:ed)?|complete|done|wrap (?:it |this |that )?up|spend|take|time-?box(?:ed)?|budget)\b/i;

const DOMAIN_EVENT_AFTER = /^\s(?:of|before|after)\s(?!(?:starting|start|the start of (?:the )?(?:task|work|job))\b)/i;

const RULES: { field: BudgetFinding["field"]; pattern: RegExp; value(match: RegExpExecArray): number | null }[] = [
  {
    field: "latency_budget_ms",
    pattern: new RegExp(
      String.raw`\b${LIMIT}\s+(?:an?\s+)?${NUMBER}?\s*(ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|days?)\b`,
      "i",
    ),
    value: (m) => {
      // "p99 under 200 ms" is a goal for the code, not a budget for the task.
      if (METRIC.test(m.input!.slice(0, m.index))) return null;
      // Twenty-second session: a duration counted from an event of the product ("departure is
      // within 4 hours of arrival", "refundable up to 48 hours before the appointment", fy-062) is
      // a rule of the feature, no limit on the task; a bare "m" apart from its number is a length
      // ("boats under 12 m LOA"), minutes being written "min" or "12m".
      if (DOMAIN_EVENT_AFTER.test(m.input!.slice(m.index + m[0].length))) return null;
      if (/^m$/i.test(m[2]!) && /\s$/.test(m[0].slice(0, -1))) return null;
      const amount = m[1] === undefined ? 1 : numberOf(m[1]);
      const unit = UNIT_MS.find(([pattern]) => pattern.test(m[2]!))?.[1];
      return amount === null || unit === undefined ? null : Math.round(amount * unit);
    },
  },
  {
    field: "max_cost_units",
    pattern: new RegExp(
      String.raw`(?:\b${LIMIT}\s+\$\s?(\d+(?:\.\d+)?)|\$\s?(\d+(?:\.\d+)?)\s+(?:budget|max|maximum|cap|limit)\b|\b${LIMIT}\s+(\d+(?:\.\d+)?)\s*(?:usd|dollars|euros?|eur|cost units)\b)`,
      "i",
    ),
    value: (m) => numberOf(m[1] ?? m[2] ?? m[3]!),
  },
  {
    field: "max_attempts",
    pattern: new RegExp(
      String.raw`(?:\b${LIMIT}\s+${NUMBER}\s+(?:attempts?|tries|retries|tries)\b|\b${NUMBER}\s+(?:attempts?|tries)\s+(?:max|maximum|at most|tops)\b)`,
      "i",
    ),
    value: (m) => numberOf(m[1] ?? m[2]!),
  },
  {
    field: "max_tokens",
    pattern: new RegExp(String.raw`\b${LIMIT}\s+(\d+(?:\.\d+)?)\s*(k|m)?\s+tokens\b`, "i"),
    value: (m) => {
      const amount = numberOf(m[1]!);
      const scale = m[2]?.toLowerCase() === "k" ? 1000 : m[2]?.toLowerCase() === "m" ? 1_000_000 : 1;
      return amount === null ? null : Math.round(amount * scale);
    },
  },
  {
    field: "max_tool_calls",
    pattern: new RegExp(String.raw`\b${LIMIT}\s+${NUMBER}\s+(?:tool calls|tool invocations|commands)\b`, "i"),
    value: (m) => numberOf(m[1]!),
  },
];

// Every budget a clause states counts (two different ones are a question), so match globally.
const GLOBAL_RULES = RULES.map((rule) => ({ ...rule, pattern: new RegExp(rule.pattern.source, "gi") }));

function numberOf(text: string): number | null {
  const value = WORDS[text.toLowerCase()] ?? Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function extractBudgets(clauses: Clause[]): BudgetFinding[] {
  const found: BudgetFinding[] = [];
  for (const clause of clauses) {
    // Indexed: an array iterator's results were garbage on every clause and rule.
    for (let r = 0; r < GLOBAL_RULES.length; r++) {
      const rule = GLOBAL_RULES[r]!;
      for (const match of gatedMatchAll(rule.pattern, clause.text)) {
        const value = rule.value(match);
        if (value !== null && (rule.field === "max_cost_units" || Number.isSafeInteger(value))) {
          const saidBefore = clause.text.slice(0, match.index + match[0].length);
          const ofTheWork = rule.field !== "latency_budget_ms" || WORK_CLOCK.test(saidBefore);
          found.push({ field: rule.field, value, span: spanIn(clause, match), ofTheWork });
        }
      }
    }
  }
  return found;
}

/** The budget fields as the ABI's ResourceBudget, first finding per field (conflicts are ambiguities). */
export function costBudgetOf(findings: BudgetFinding[]): ResourceBudget | null {
  const budget: ResourceBudget = {};
  for (const finding of findings) {
    if (finding.field === "latency_budget_ms") {
      budget.max_wall_ms ??= finding.value;
    } else if (budget[finding.field] == null) {
      budget[finding.field] = finding.value;
    }
  }
  return Object.keys(budget).length ? budget : null;
}

const FRESHNESS =
  /\b(as of (?:today'?s?|yesterday'?s?|this (?:morning|week|month)|the latest|now|\d{4}-\d{2}-\d{2})(?: data| numbers| figures| snapshot)?|(?:data|numbers|results) (?:no|not) older than \d+ (?:minutes?|hours?|days?)|(?:using|with|from) (?:the )?(?:latest|live|real[- ]time|current) (?:data|numbers|metrics|figures|snapshot))/i;

export function extractFreshness(clauses: Clause[]): { value: string; span: Span } | null {
  for (const clause of clauses) {
    const match = gatedExec(FRESHNESS, clause.text);
    if (match) return { value: match[0], span: spanIn(clause, match) };
  }
  return null;
}
