// The frozen Kernel ABI reference at ../shared/kernel-abi, loaded with Ajv 2020 the way its
// README says. Tests that need it skip, saying so, when the folder is absent.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
// KERNEL_ABI_DIR points elsewhere, e.g. from a git worktree that is not next to ../shared.
export const abiRoot = path.resolve(repoRoot, process.env.KERNEL_ABI_DIR ?? "../shared/kernel-abi");
export const abiExists = fs.existsSync(path.join(abiRoot, "schemas"));

export const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));

/** Says once, loudly, that a suite did not check conformance. */
export function warnIfAbiMissing(suite: string): void {
  if (!abiExists) {
    console.warn(
      `[${suite}] SKIPPED: Kernel ABI reference not found at ${abiRoot} ` +
        "(expected ../shared/kernel-abi next to the repo); conformance to the ABI was NOT checked.",
    );
  }
}

export interface Abi {
  /** The compiled contract `<Def>`, wherever among the schema files it is defined. */
  contract(def: string): ValidateFunction;
}

export function loadAbi(): Abi {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const fileOfDef = new Map<string, string[]>();
  for (const file of fs.readdirSync(path.join(abiRoot, "schemas")).filter((f) => f.endsWith(".json"))) {
    const schema = readJson(path.join(abiRoot, "schemas", file)) as { $id: string; $defs?: Record<string, unknown> };
    ajv.addSchema(schema);
    for (const def of Object.keys(schema.$defs ?? {})) fileOfDef.set(def, [...(fileOfDef.get(def) ?? []), schema.$id]);
  }
  return {
    contract(def) {
      const ids = fileOfDef.get(def) ?? [];
      // An example naming no def, or one defined twice, means a suite would check the wrong thing.
      if (ids.length !== 1) throw new Error(`$defs/${def} is defined in ${ids.length} ABI schema files, expected exactly 1`);
      const validate = ajv.getSchema(`${ids[0]}#/$defs/${def}`);
      if (!validate) throw new Error(`ABI contract ${def} did not compile`);
      return validate;
    },
  };
}

export const errorsOf = (validate: ValidateFunction): string => JSON.stringify(validate.errors, null, 2);
