// Compiles Canon's schemas once per process; validators are reused on every write.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { agentStateSchema } from "./agent-state.schema.js";
import type { AgentStateV1 } from "./agent-state.js";
import { componentIdentitySchema, provenanceSchema } from "./common.js";
import type { ComponentIdentity, Provenance } from "./common.js";
import type { InputProblem } from "./errors.js";
import { taskIrSchema } from "./task-ir.schema.js";
import type { TaskIRV1 } from "./task-ir.js";

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv, ["date-time"]);

export const validateAgentState = ajv.compile<AgentStateV1>(agentStateSchema);
export const validateComponentIdentity = ajv.compile<ComponentIdentity>(componentIdentitySchema);
export const validateProvenance = ajv.compile<Provenance>(provenanceSchema);
export const validateTaskIr = ajv.compile<TaskIRV1>(taskIrSchema);

/** Ajv's findings as Canon's input problems, prefixed with where the value sat in the request. */
export function problemsOf(validate: ValidateFunction, prefix = ""): InputProblem[] {
  return (validate.errors ?? []).map((error: ErrorObject) => ({
    path: `${prefix}${error.instancePath}`,
    message: describe(error),
  }));
}

function describe(error: ErrorObject): string {
  if (error.keyword === "additionalProperties") return `has unknown field "${String(error.params.additionalProperty)}"`;
  if (error.keyword === "enum") return `must be one of ${(error.params.allowedValues as unknown[]).join(", ")}`;
  return error.message ?? error.keyword;
}

/** Compiles a schema that is not one of Canon's documents (e.g. an operation's arguments). */
export const compileSchema = (schema: object): ValidateFunction => ajv.compile(schema);
