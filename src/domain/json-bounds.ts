// JSON arriving from callers is bounded before anything else looks at it: depth and string
// length here, total size where the caller serialises it.
import type { InputProblem } from "../contracts/errors.js";
import { LIMITS } from "./limits.js";

export function jsonBoundsProblems(value: unknown, path: string, depth = 0): InputProblem[] {
  if (depth > LIMITS.jsonDepth) return [{ path, message: `nests deeper than ${LIMITS.jsonDepth} levels` }];
  if (typeof value === "string") {
    return value.length > LIMITS.stringLength ? [{ path, message: `is longer than ${LIMITS.stringLength} characters` }] : [];
  }
  if (typeof value === "number" && !Number.isFinite(value)) return [{ path, message: "is not a finite number" }];
  if (value === null || typeof value !== "object") return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const problems: InputProblem[] = [];
  for (const [key, child] of entries) {
    problems.push(...jsonBoundsProblems(child, `${path}/${key}`, depth + 1));
    if (problems.length >= 20) break;
  }
  return problems;
}
