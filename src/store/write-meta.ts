// The prologue every write runs before it reads anything: who writes (producer), where the
// content came from (provenance), the idempotency key, the versions and whatever else the write
// checks on its own. All problems are reported at once, as one typed error; nothing is written.
import type { ComponentIdentity, Provenance } from "../contracts/common.js";
import { InvalidInputError, type InputProblem } from "../contracts/errors.js";
import { problemsOf, validateComponentIdentity, validateProvenance } from "../contracts/validation.js";
import type { OperationCall } from "../domain/operations/index.js";
import { requireModelProvenance } from "../domain/rules/provenance.js";

export interface WriteMeta {
  producer: ComponentIdentity;
  /** At least one record; model output needs a MODEL record (rule 7). */
  provenance: Provenance[];
  idempotencyKey?: string | null;
}

/** A write that records no content (deleteRun) names only its producer. */
export type ProducerOnly = Pick<WriteMeta, "producer">;

export interface WriteChecks {
  /** The message of the InvalidInputError, e.g. "the commit is invalid; nothing was written". */
  refusal: string;
  /** Version arguments by their input path, e.g. { "/expectedVersion": 3 }. */
  versions?: Record<string, number>;
  /** Problems the write found in its own arguments. */
  problems?: InputProblem[];
  /**
   * The operations the content comes from, for the provenance rule (none for a NOOP), parsed
   * only once the checks above have passed, so their problems never mask the meta's.
   */
  operations?: () => OperationCall[];
}

const MAX_PROVENANCE_RECORDS = 20;

/**
 * Throws InvalidInputError (or the provenance rule's error) unless the write may go ahead;
 * returns the parsed operations.
 */
export function checkWriteMeta(meta: WriteMeta | ProducerOnly, checks: WriteChecks): OperationCall[] {
  const problems = "provenance" in meta ? metaProblems(meta) : producerProblems(meta);
  for (const [path, version] of Object.entries(checks.versions ?? {})) problems.push(...versionProblems(version, path));
  problems.push(...(checks.problems ?? []));
  if (problems.length) throw new InvalidInputError(checks.refusal, problems);
  const operations = checks.operations?.() ?? [];
  if ("provenance" in meta) requireModelProvenance(meta.producer, meta.provenance, operations);
  return operations;
}

function producerProblems(meta: ProducerOnly): InputProblem[] {
  return validateComponentIdentity(meta.producer) ? [] : problemsOf(validateComponentIdentity, "/producer");
}

/** What is wrong with a write's producer, provenance and idempotency key. */
function metaProblems(meta: WriteMeta): InputProblem[] {
  const problems = producerProblems(meta);
  if (!Array.isArray(meta.provenance) || meta.provenance.length === 0 || meta.provenance.length > MAX_PROVENANCE_RECORDS) {
    problems.push({ path: "/provenance", message: `must hold 1 to ${MAX_PROVENANCE_RECORDS} provenance records` });
  } else {
    meta.provenance.forEach((record, index) => {
      if (!validateProvenance(record)) problems.push(...problemsOf(validateProvenance, `/provenance/${index}`));
    });
  }
  const key = meta.idempotencyKey;
  if (key != null && (key.length === 0 || key.length > 200)) {
    problems.push({ path: "/idempotencyKey", message: "must be 1 to 200 characters" });
  }
  return problems;
}

function versionProblems(version: number, path: string): InputProblem[] {
  return Number.isSafeInteger(version) && version >= 0 ? [] : [{ path, message: "must be a non-negative integer" }];
}

/** The reason an archive or a deletion records. */
export function endOfRunReasonProblems(reason: string): InputProblem[] {
  return reason.trim() && reason.length <= 2_000 ? [] : [{ path: "/reason", message: "must be 1 to 2000 characters" }];
}
