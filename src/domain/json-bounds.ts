// JSON arriving from callers is bounded before anything else looks at it: depth and string
// length here, total size where the caller serialises it.
import type { InputProblem } from "../contracts/errors.js";
import { LIMITS } from "./limits.js";

export function jsonBoundsProblems(value: unknown, path: string, depth = 0): InputProblem[] {
  // Nearly every value is within bounds: that is told without building a path or a list per member.
  if (withinBounds(value, depth)) return [];
  return boundsProblems(value, path, depth);
}

/** Whether jsonBoundsProblems finds nothing (the same walk, allocating nothing). */
function withinBounds(value: unknown, depth: number): boolean {
  if (depth > LIMITS.jsonDepth) return false;
  if (typeof value === "string") return value.length <= LIMITS.stringLength;
  if (typeof value === "number") return Number.isFinite(value);
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!withinBounds(value[i], depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && !withinBounds((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

function boundsProblems(value: unknown, path: string, depth: number): InputProblem[] {
  if (depth > LIMITS.jsonDepth) return [{ path, message: `nests deeper than ${LIMITS.jsonDepth} levels` }];
  if (typeof value === "string") {
    return value.length > LIMITS.stringLength ? [{ path, message: `is longer than ${LIMITS.stringLength} characters` }] : [];
  }
  if (typeof value === "number" && !Number.isFinite(value)) return [{ path, message: "is not a finite number" }];
  if (value === null || typeof value !== "object") return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const problems: InputProblem[] = [];
  for (const [key, child] of entries) {
    problems.push(...boundsProblems(child, `${path}/${key}`, depth + 1));
    if (problems.length >= 20) break;
  }
  return problems;
}

/**
 * At least as many UTF-8 bytes as JSON.stringify(value) writes (every UTF-16 unit of a string
 * counted as a six-byte escape, every number as 25 characters: the longest a double prints is
 * "-0.0000012345678901234567", 17 digits after five zeros), or Infinity where it cannot tell
 * (a toJSON method). Walks the value without serialising it: a size limit far above the bound
 * needs no serialisation to be checked.
 */
export function jsonBytesBound(value: unknown): number {
  if (typeof value === "string") return 2 + 6 * value.length;
  if (typeof value === "number") return 25;
  if (value === null || typeof value !== "object") return 5; // true, false, null; undefined as null in a list, else nothing
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return Infinity;
  let bytes = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) bytes += jsonBytesBound(value[i]) + 1;
    return bytes;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key)) bytes += jsonBytesBound(key) + 1 + jsonBytesBound((value as Record<string, unknown>)[key]) + 1;
  }
  return bytes;
}
