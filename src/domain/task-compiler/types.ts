import type { TaskIRV1 } from "../../contracts/task-ir.js";
import type { AmbiguityRecord, Escalation } from "./records.js";

export const COMPILER_NAME = "canon.task-compiler";
export const COMPILER_VERSION = "1.0.0";

export type TaskStatus = "COMPILED" | "NEEDS_CLARIFICATION";

export interface CompiledTask {
  ir: TaskIRV1;
  status: TaskStatus;
  ambiguities: AmbiguityRecord[];
  escalation: Escalation | null;
}

/** Where the task came from: the request as written, its hash, and who compiled it. */
export interface Provenance {
  kind: "text" | "request" | "task_ir";
  request: unknown;
  sha256: string;
  compiler: { name: string; version: string };
}
