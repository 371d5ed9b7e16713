// The registry of state operations. Adding an operation means adding its module and one line here.
import type { OperationDefinition } from "./operation.js";
import { addConstraint } from "./add-constraint.js";
import { removeConstraint } from "./remove-constraint.js";
import { setGraphCursor } from "./set-graph-cursor.js";
import { setPlan } from "./set-plan.js";
import { setUserVisibleStatus } from "./set-user-visible-status.js";

export const OPERATIONS: readonly OperationDefinition<never>[] = [
  setPlan,
  setUserVisibleStatus,
  addConstraint,
  removeConstraint,
  setGraphCursor,
];

export type { ArgKind, ArgSpec, OperationCall, OperationDefinition } from "./operation.js";
