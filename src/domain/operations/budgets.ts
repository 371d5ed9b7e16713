import type { ResourceBudget } from "../../contracts/agent-state.js";
import { defineOperation } from "./operation.js";

const FIELDS = {
  maxCostUnits: "max_cost_units",
  maxTokens: "max_tokens",
  maxWallMs: "max_wall_ms",
  maxToolCalls: "max_tool_calls",
  maxAttempts: "max_attempts",
  maxSpawns: "max_spawns",
} as const satisfies Record<string, keyof ResourceBudget>;

type BudgetArgs = Partial<Record<keyof typeof FIELDS, number | null>>;

const limit = (description: string, kind: "Int" | "Float" = "Int") =>
  ({ kind, required: false, description: `${description} Left out: unchanged.`, schema: { minimum: 0 } }) as const;

export const setBudgets = defineOperation<BudgetArgs>({
  name: "setBudgets",
  description: "Change the run's budget limits. Fields left out keep their value.",
  args: {
    maxCostUnits: limit("Cost ceiling.", "Float"),
    maxTokens: limit("Token ceiling."),
    maxWallMs: limit("Wall-clock ceiling in ms."),
    maxToolCalls: limit("Tool-call ceiling."),
    maxAttempts: limit("Attempt ceiling."),
    maxSpawns: limit("Sub-agent ceiling."),
  },
  apply: (state, args) => {
    const budgets: ResourceBudget = { ...state.budgets };
    for (const [arg, field] of Object.entries(FIELDS) as [keyof typeof FIELDS, keyof ResourceBudget][]) {
      const value = args[arg];
      if (value != null) (budgets as Record<string, number>)[field] = value;
    }
    return { ...state, budgets };
  },
});
