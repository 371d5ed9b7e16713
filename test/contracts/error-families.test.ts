// Which of Canon's errors are Kernel ABI ErrorV1 documents and which are API-layer errors
// (docs/errors.md): every error class is classified here, an ErrorV1 one validates against the
// ABI's ErrorV1 (read in place at ../shared/kernel-abi; skipped, saying so, when it is absent)
// and against Canon's own compiled copy of that contract, and an API-layer one does not.
import { describe, expect, it } from "vitest";
import * as errors from "../../src/contracts/errors.js";
import {
  API_ERROR_FAMILIES,
  CanonError,
  CompletionRejectedError,
  CSRF_REFUSED,
  EvidenceRequiredError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InputTooLargeError,
  internalError,
  InvalidInputError,
  InvalidStateError,
  isErrorV1Family,
  LockHeldError,
  NotFoundError,
  PreconditionFailedError,
  ProvenanceRequiredError,
  QUERY_TOO_COMPLEX,
  RateLimitedError,
  ReceiptConflictError,
  StateConflictError,
  SubscriberTooSlowError,
  TaskNeedsClarificationError,
  TaskRevisionConflictError,
  UnauthenticatedError,
  type ErrorV1,
} from "../../src/contracts/errors.js";
import { validateAbiError } from "../../src/contracts/receipt-validation.js";
import * as readErrors from "../../src/contracts/read-errors.js";
import { ReadsBusyError, ResponseTooLargeError } from "../../src/contracts/read-errors.js";
import * as watchErrors from "../../src/contracts/watch-errors.js";
import { RunArchivedError, RunDeletedError, RunsSubscriberTooSlowError } from "../../src/contracts/watch-errors.js";
import { MigrationError } from "../../src/db/migrator.js";
import { abiExists, errorsOf, loadAbi, warnIfAbiMissing } from "../support/kernel-abi.js";

const problem = [{ path: "/x", message: "bad" }];

/** One instance of every error class Canon reports, and the plain error objects it sends. */
const INSTANCES: CanonError[] = [
  new StateConflictError("run-1", 1, 2),
  new NotFoundError("run", "run-1"),
  new InvalidInputError("bad input", problem),
  new InvalidStateError(problem),
  new IdempotencyKeyReusedError("key-1"),
  new SubscriberTooSlowError("run-1", 3, 4, 1000),
  new PreconditionFailedError("does not fit", "hypothesisId"),
  new EvidenceRequiredError("no evidence", "evidence/0"),
  new ProvenanceRequiredError("model output", ["the producer is a MODEL_COMPONENT"]),
  new CompletionRejectedError(problem),
  new LockHeldError("fs:src/auth/login.ts", "runtime", "2026-12-02T10:00:00.000Z", "fs:src/auth/**"),
  new ReceiptConflictError("t-1"),
  new UnauthenticatedError(),
  new ForbiddenError("not yours", { tokenComponentId: "coder" }),
  new RateLimitedError(250),
  new InputTooLargeError(65536, 70000),
  new TaskNeedsClarificationError("task-1", 0, ["Which file?"]),
  new TaskRevisionConflictError("task-1", 0, 1),
  new RunArchivedError("run-1", 7),
  new RunDeletedError("run-1", 9),
  new RunsSubscriberTooSlowError([{ runId: "run-1", seq: 3 }], 1000),
  new MigrationError("the migration failed"),
  new ResponseTooLargeError(1024, 4096, "Run.history", "ask for fewer entries", ["first", "after"]),
  new ReadsBusyError(2, 16),
];
const PLAIN: ErrorV1[] = [{ ...QUERY_TOO_COMPLEX, message: "too deep" }, { ...CSRF_REFUSED, message: "refused" }, internalError()];
const documents = (): ErrorV1[] => [...INSTANCES.map((error) => error.toJSON()), ...PLAIN];

/** The codes that are API-layer errors, as docs/errors.md lists them. */
const API_LAYER_CODES = [
  "ERR_NOT_FOUND",
  "ERR_RUN_DELETED",
  "ERR_IDEMPOTENCY_KEY_REUSED",
  "ERR_UNAUTHENTICATED",
  "ERR_FORBIDDEN",
  "ERR_CSRF_REFUSED",
  "ERR_RATE_LIMITED",
  "ERR_READS_BUSY",
].sort();

describe("error families: ErrorV1 documents and API-layer errors", () => {
  it("every CanonError class exported by the contracts is classified here", () => {
    const classes = [...Object.values(errors), ...Object.values(watchErrors), ...Object.values(readErrors)].filter(
      (value): value is typeof CanonError => typeof value === "function" && value.prototype instanceof CanonError,
    );
    const covered = new Set(INSTANCES.map((error) => error.constructor));
    expect(classes.filter((c) => !covered.has(c)).map((c) => c.name)).toEqual([]);
  });

  it("the API-layer errors are exactly those of the API families, and the documented ones", () => {
    const apiLayer = documents().filter((error) => !isErrorV1Family(error.family));
    expect(apiLayer.every((error) => (API_ERROR_FAMILIES as readonly string[]).includes(error.family))).toBe(true);
    expect(apiLayer.map((error) => error.code).sort()).toEqual(API_LAYER_CODES);
  });

  it("every ErrorV1 document validates against Canon's compiled copy of the ABI's ErrorV1; no API-layer error does", () => {
    for (const error of documents()) {
      expect(validateAbiError(error), `${error.code}: ${JSON.stringify(validateAbiError.errors)}`).toBe(isErrorV1Family(error.family));
    }
  });

  describe.skipIf(!abiExists)("against the ABI reference itself", () => {
    it("every ErrorV1 document validates against the ABI's ErrorV1; no API-layer error does", () => {
      const validate = loadAbi().contract("ErrorV1");
      for (const error of documents()) {
        expect(validate(error), `${error.code}: ${errorsOf(validate)}`).toBe(isErrorV1Family(error.family));
      }
    });
  });
  warnIfAbiMissing("error families");
});
