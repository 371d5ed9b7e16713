// Explicit fields of a structured request against what its text says. The explicit value wins;
// when it is less cautious than the text (or two stated numbers disagree) a person decides.
import type { ResourceBudget } from "../../contracts/agent-state.js";
import type { AmbiguityDraft } from "./ambiguity.js";
import type { BudgetFinding } from "./budgets.js";
import type { AmbiguityLedger } from "./records.js";
import type { StructuredRequest } from "./request.js";
import type { Finding } from "./risk.js";
import type { Span } from "./segment.js";

export function fieldContradiction(
  field: string,
  inputField: string,
  explicitValue: string,
  textValue: string,
  span: Span | null,
): AmbiguityDraft {
  return {
    kind: "field_contradiction",
    question: `${inputField} says ${explicitValue} but the text suggests ${textValue}. Which is right?`,
    text: `${explicitValue} vs ${textValue}`,
    span,
    field,
    options: [explicitValue, textValue],
    defaultOption: explicitValue,
    effect: { kind: "choose", field },
  };
}

export interface Settled<T> extends Finding<T> {
  explicit: string | null;
}

/** An explicit value wins; if it is less cautious than what the text says, a person decides. */
export function settle<T extends string>(
  ledger: AmbiguityLedger,
  field: string,
  inputField: string,
  explicit: T | null | undefined,
  derived: Finding<T>,
  lessCautious: (a: T, b: T) => boolean,
): Settled<T> {
  if (!explicit) return { ...derived, explicit: null };
  const reason =
    explicit === derived.value ? "set explicitly by the caller" : `set explicitly by the caller (the text alone reads ${derived.value})`;
  const result: Settled<T> = { value: explicit, span: null, reason, explicit: `/request/${inputField}` };
  if (explicit !== derived.value && lessCautious(explicit, derived.value)) {
    const draft = fieldContradiction(field, inputField, explicit, derived.value, derived.span);
    const chosen = ledger.decide({ ...draft, defaultOption: derived.value });
    if (chosen) return { ...result, value: chosen as T, reason: "chosen by a person" };
  }
  return result;
}

export function budgetsOf(
  ledger: AmbiguityLedger,
  explicit: StructuredRequest,
  findings: BudgetFinding[],
  at: (span: Span | null) => unknown,
  spans: Record<string, unknown>,
): { latency: number | null; cost: ResourceBudget | null } {
  // Twenty-first session (speed): most requests state no budget in words or fields, and then
  // there is nothing to settle (the loop below would find no value for any field).
  if (!findings.length && explicit.latencyBudgetMs == null && explicit.budgets == null) return { latency: null, cost: null };
  const fields: BudgetFinding["field"][] = ["latency_budget_ms", "max_cost_units", "max_attempts", "max_tokens", "max_tool_calls"];
  const values: Partial<Record<BudgetFinding["field"], number>> = {};
  for (const field of fields) {
    const explicitValue =
      field === "latency_budget_ms" ? (explicit.latencyBudgetMs ?? explicit.budgets?.max_wall_ms) : explicit.budgets?.[field];
    const found = findings.filter((f) => f.field === field);
    const distinct = unique(found.map((f) => String(f.value)));
    if (explicitValue != null) {
      values[field] = explicitValue;
      spans[`budget/${field}`] = { field: field === "latency_budget_ms" ? "/request/latencyBudgetMs" : `/request/budgets/${field}` };
      const differing = found.find((f) => f.value !== explicitValue);
      if (differing) {
        const chosen = ledger.decide(
          fieldContradiction(`budget/${field}`, field, String(explicitValue), String(differing.value), differing.span),
        );
        if (chosen) values[field] = Number(chosen);
      }
    } else if (found.length) {
      values[field] = found[0]!.value;
      spans[`budget/${field}`] = at(found[0]!.span);
      // Two differing times ask which holds only when one is the work's own clock (budgets.ts,
      // WORK_CLOCK): durations of the product's behaviour differ without contradicting anything.
      if (distinct.length > 1 && found.some((f) => f.ofTheWork)) {
        const smallest = String(Math.min(...found.map((f) => f.value)));
        const chosen = ledger.decide({
          kind: "budget_contradiction",
          question: `The request states ${distinct.join(" and ")} for ${field}. Which one holds?`,
          text: distinct.join(" vs "),
          span: found[1]!.span,
          field: `budget/${field}`,
          options: distinct,
          defaultOption: smallest,
          effect: { kind: "choose", field: `budget/${field}` },
        });
        if (chosen) values[field] = Number(chosen);
      }
    }
  }
  const cost: ResourceBudget = { ...(explicit.budgets ?? {}) };
  if (values.latency_budget_ms != null) cost.max_wall_ms = values.latency_budget_ms;
  for (const field of ["max_cost_units", "max_attempts", "max_tokens", "max_tool_calls"] as const)
    if (values[field] != null) cost[field] = values[field];
  return { latency: values.latency_budget_ms ?? null, cost: Object.keys(cost).length ? cost : null };
}

const unique = (items: string[]): string[] => [...new Set(items)];
