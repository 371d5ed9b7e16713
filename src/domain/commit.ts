// From "the state at version N plus these operations" to "what the ledger must record":
// pure, so every rule about a write can be tested without a database.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { ContentHash } from "../contracts/common.js";
import { InvalidInputError, InvalidStateError, type InputProblem } from "../contracts/errors.js";
import { compileSchema, problemsOf, validateAgentState } from "../contracts/validation.js";
import { canonicalJson, canonicalJsonPair, sha256Of, type MemberTexts } from "./content-hash.js";
import { jsonBoundsProblems, jsonBytesBound } from "./json-bounds.js";
import { rememberJsonSize } from "./json-size.js";
import { LIMITS } from "./limits.js";
import { OPERATIONS, type OperationCall, type OperationContext, type OperationDefinition } from "./operations/index.js";
import { argsSchema } from "./operations/operation.js";
import { EMPTY_BOOK, withCarriedReceipts, type ReceiptBook } from "./rules/receipt-book.js";
import { checkWrite } from "./rules/write-checks.js";

const registry = new Map(
  OPERATIONS.map((definition) => [definition.name, { definition, validate: compileSchema(argsSchema(definition.args)) }]),
);

// The size limits are in bytes: a string's length counts UTF-16 units, up to 3x fewer.
const utf8Bytes = (text: string): number => Buffer.byteLength(text, "utf8");

export const operationNames = (): string[] => [...registry.keys()];

/** Checks every call against its operation's argument schema; reports all problems at once. */
export function parseOperations(calls: readonly OperationCall[]): OperationCall[] {
  const problems: InputProblem[] = [];
  if (calls.length === 0) problems.push({ path: "/operations", message: "must contain at least one operation" });
  if (calls.length > LIMITS.operationsPerCommit) {
    problems.push({ path: "/operations", message: `must contain at most ${LIMITS.operationsPerCommit} operations` });
  }
  calls.forEach((call, index) => {
    const path = `/operations/${index}/${call.op}`;
    const entry = registry.get(call.op);
    if (!entry) return problems.push({ path: `/operations/${index}`, message: `unknown operation "${call.op}"` });
    problems.push(...jsonBoundsProblems(call.args, path));
    if (!entry.validate(call.args)) return problems.push(...problemsOf(entry.validate, path));
    const definition = entry.definition as OperationDefinition<unknown>;
    problems.push(...(definition.check?.(call.args) ?? []).map((p) => ({ ...p, path: `${path}${p.path}` })));
  });
  // Canonical JSON is exactly as long as JSON.stringify's (same members, numbers and escapes, in
  // another order), and the native one is several times cheaper: the entry's digest canonicalises
  // them later. Serialised only when an upper bound of that length does not settle it already.
  if (
    problems.length === 0 &&
    jsonBytesBound(calls) > LIMITS.operationsBytes &&
    utf8Bytes(JSON.stringify(calls)) > LIMITS.operationsBytes
  ) {
    problems.push({ path: "/operations", message: `must serialise to at most ${LIMITS.operationsBytes} bytes` });
  }
  if (problems.length > 0) throw new InvalidInputError("the commit's operations are invalid; nothing was written", problems);
  return calls.map((call) => ({ op: call.op, args: call.args }));
}

/** Whether applying these calls depends on the commit time (see OperationDefinition.readsClock). */
export const readsClock = (calls: readonly OperationCall[]): boolean =>
  calls.some((call) => registry.get(call.op)?.definition.readsClock === true);

/** Applies the calls in order: all of them, or (by throwing) none. */
export function applyOperations(state: AgentStateV1, calls: readonly OperationCall[], context: OperationContext): AgentStateV1 {
  return calls.reduce((current, call) => {
    const definition = registry.get(call.op)?.definition as OperationDefinition<unknown> | undefined;
    if (!definition) throw new InvalidInputError(`unknown operation "${call.op}"`);
    return definition.apply(current, call.args, context);
  }, state);
}

/**
 * Applies the calls as applyOperations does, judging each first by the write-time rules
 * (rules/write-checks.ts) on the state it meets. `book` holds the receipt documents the calls cite.
 */
function admitOperations(state: AgentStateV1, calls: readonly OperationCall[], context: OperationContext, book: ReceiptBook): AgentStateV1 {
  return calls.reduce((current, call) => {
    checkWrite(current, call, context, book);
    return applyOperations(current, [call], context);
  }, state);
}

export interface VersionedState {
  state: AgentStateV1;
  contentHash: ContentHash;
  /**
   * The canonical text of the state's members when a commit made them (planCommit's
   * `memberTexts`): the next commit on this state canonicalises only the members it changes.
   */
  memberTexts?: MemberTexts;
}

export interface CommitPlan extends VersionedState {
  kind: "COMMIT" | "NOOP";
  stateVersion: number;
  /** A COMMIT's state as canonical JSON (computed for its hash anyway; the append sends it as is). */
  stateJson?: string;
}

/**
 * Applies validated operations to the state read at its version, judged by the write-time rules
 * against `storedReceipts` (the documents of the receipts they cite that the run recorded
 * earlier; those the commit carries are added here). If nothing changes, the
 * write is an explicit NOOP at the same version; otherwise the next version, validated
 * against AgentStateV1 before anyone can persist it.
 */
export function planCommit(
  current: VersionedState,
  calls: readonly OperationCall[],
  context: OperationContext,
  storedReceipts: ReceiptBook = EMPTY_BOOK,
): CommitPlan {
  const version = current.state.identity.state_version;
  const applied = admitOperations(current.state, calls, context, withCarriedReceipts(storedReceipts, calls));
  const noop = { kind: "NOOP", state: current.state, contentHash: current.contentHash, stateVersion: version } as const;
  if (applied === current.state) return noop;
  const next: AgentStateV1 = { ...applied, identity: { ...applied.identity, state_version: version + 1 } };
  // One canonicalisation for both questions: did anything change, and what is the next version's hash.
  const pair = canonicalJsonPair(
    applied as unknown as Record<string, unknown>,
    "identity",
    next.identity,
    current.memberTexts && { value: current.state as unknown as Record<string, unknown>, texts: current.memberTexts },
  );
  // The same canonical text as the current state's is the same hash: with the current state's
  // member texts at hand, a comparison of texts says it; without them, the hash does.
  if (pair.sameAsKnown ?? sha256Of(pair.original()) === current.contentHash) return noop;
  const stateJson = checkedStateJson(next, pair.replaced);
  return { kind: "COMMIT", state: next, contentHash: sha256Of(stateJson), stateVersion: version + 1, stateJson, memberTexts: pair.texts };
}

/** Validates a state about to be persisted and returns its canonical JSON (`text`: already computed). */
export function checkedStateJson(state: AgentStateV1, canonical?: string): string {
  if (!validateAgentState(state)) throw new InvalidStateError(problemsOf(validateAgentState));
  const text = canonical ?? canonicalJson(state);
  if (utf8Bytes(text) > LIMITS.stateBytes) {
    throw new InvalidStateError([{ path: "", message: `would exceed ${LIMITS.stateBytes} bytes` }]);
  }
  rememberJsonSize(state, text.length); // caches and read budgets need it; JCS text is as long as JSON.stringify's
  return text;
}
