// Rules judged when a write is made (planCommit), on the state each operation meets and the
// receipt documents the write cites. They are not re-judged when the ledger is replayed: the
// receipts they read are immutable, so the judgement could not change, and ledgers written
// before a rule existed keep verifying. docs/rules.md lists each rule and its error.
import { EXT, type AgentStateV1, type CompletionRecord, type JsonObject } from "../../contracts/agent-state.js";
import type { ComponentIdentity } from "../../contracts/common.js";
import {
  CompletionRejectedError,
  EvidenceRequiredError,
  ForbiddenError,
  LockHeldError,
  PreconditionFailedError,
  type InputProblem,
} from "../../contracts/errors.js";
import type { CompletionDecisionV1 } from "../../contracts/receipts.js";
import { locksOf } from "../operations/locks.js";
import type { OperationCall, OperationContext } from "../operations/operation.js";
import type { EvidenceRefArgs } from "../operations/shared-args.js";
import { registryCriterionOf } from "../task-compiler/policies.js";
import { isModelOutput, receiptKindName, receiptResult, type ReceiptBook } from "./receipt-book.js";
import { allReceiptIds, extensionOf, isReceiptKind, isRecorded } from "./state-parts.js";
import { scopesOverlap } from "./lock-scopes.js";

type Check = (state: AgentStateV1, args: Record<string, unknown>, context: OperationContext, book: ReceiptBook) => void;

/** Documents bound to the committing component here; a decision's producer is the completion rule's (rules/completion.ts). */
const DOCUMENT_ARG: Record<string, string> = {
  recordToolReceipt: "receipt",
  recordMutationReceipt: "receipt",
  recordVerificationReceipt: "receipt",
  proposeCompletion: "proposal",
};

/** Completion outcomes after which no other decision is recorded: fork the run to go on. */
const FINAL_OUTCOMES = new Set(["COMPLETE", "FAIL"]);
const DECIDER_KINDS = new Set(["RUNTIME", "VERIFIER"]);

const CHECKS: Record<string, Check> = {
  resolveHypothesis: (state, args, _context, book) =>
    (args.evidence as EvidenceRefArgs[]).forEach((ref, index) => requireObservedEvidence(state, ref, book, `evidence/${index}`)),
  recordEvidence: (state, args, _context, book) => requireObservedEvidence(state, args.evidence as EvidenceRefArgs, book, "evidence"),
  setRelevantContext: (state, args) =>
    (args.contextIds as string[]).forEach((id, index) => {
      if (!(state.context_index ?? []).includes(id)) {
        throw new PreconditionFailedError(
          `context ${id} is not in the run's context index; index it first (indexContext)`,
          `contextIds/${index}`,
        );
      }
    }),
  acquireLock: (state, args, context) => {
    const resource = args.resource as string;
    const other = locksOf(state).find(
      (lock) =>
        lock.holder !== context.producer.component_id &&
        Date.parse(lock.expires_at) > Date.parse(context.committedAt) &&
        scopesOverlap(lock.resource, resource),
    );
    if (other) throw new LockHeldError(resource, other.holder, other.expires_at, other.resource);
  },
  recordCompletionDecision: (state, args, context, book) => {
    const decision = args.decision as unknown as CompletionDecisionV1;
    if (state.completion.latest_decision_ref === decision.decision_id) return; // a retry changes nothing
    const problems = [
      ...finalityProblems(state),
      ...deciderProblems(decision, context.producer),
      ...evidenceProblems(state, decision, book),
    ];
    if (problems.length > 0) throw new CompletionRejectedError(problems);
  },
};

/** Judges one operation against the state it meets; throws the typed error that refuses the write. */
export function checkWrite(state: AgentStateV1, call: OperationCall, context: OperationContext, book: ReceiptBook): void {
  const field = DOCUMENT_ARG[call.op];
  if (field) checkCarriedDocument(state, call.args[field] as JsonObject, `${field}/envelope`, context.producer);
  CHECKS[call.op]?.(state, call.args, context, book);
}

/**
 * A document a commit carries was written by the committing component (the token's identity,
 * as the commit's producer is) after reading a version the run has reached.
 */
function checkCarriedDocument(state: AgentStateV1, document: JsonObject, path: string, producer: ComponentIdentity): void {
  const envelope = document.envelope as unknown as { producer: ComponentIdentity; state_version: number };
  const claimed = envelope.producer;
  if (
    claimed.component_id !== producer.component_id ||
    claimed.kind !== producer.kind ||
    claimed.component_version !== producer.component_version
  ) {
    throw new ForbiddenError(
      `the document names ${claimed.component_id} (${claimed.kind} ${claimed.component_version}) as its producer; a document is recorded only by its producer, here ${producer.component_id} (${producer.kind} ${producer.component_version})`,
      { path: `${path}/producer`, tokenComponentId: producer.component_id },
    );
  }
  if (envelope.state_version > state.identity.state_version) {
    throw new PreconditionFailedError(
      `the document claims to have read version ${envelope.state_version}; the run is at ${state.identity.state_version}`,
      `${path}/state_version`,
    );
  }
}

/**
 * Evidence is an observation: a receipt cited as evidence is not model output, and a content
 * hash given with a reference is the hash of what is stored under it.
 */
function requireObservedEvidence(state: AgentStateV1, ref: EvidenceRefArgs, book: ReceiptBook, path: string): void {
  if (isReceiptKind(ref.kind)) {
    const receipt = book.get(ref.ref);
    if (!receipt && isRecorded(state, ref))
      throw new EvidenceRequiredError(`the document of ${ref.kind} ${ref.ref} was not supplied; it cannot be judged`, `${path}/ref`);
    if (!receipt) return; // not recorded: the operation itself refuses it (ERR_EVIDENCE_REQUIRED)
    if (isModelOutput(receipt)) {
      throw new EvidenceRequiredError(
        `${ref.kind} ${ref.ref} is model output (its producer or provenance is MODEL); model output is never evidence`,
        `${path}/ref`,
      );
    }
    if (ref.contentHash != null && ref.contentHash !== receipt.contentHash) {
      throw new EvidenceRequiredError(
        `${ref.kind} ${ref.ref} is stored with content hash ${receipt.contentHash}, not ${ref.contentHash}`,
        `${path}/contentHash`,
      );
    }
    return;
  }
  const entry = state.evidence.find((e) => e.kind === ref.kind && e.ref === ref.ref);
  if (entry?.content_hash && ref.contentHash != null && ref.contentHash !== entry.content_hash) {
    throw new EvidenceRequiredError(
      `evidence ${ref.kind} ${ref.ref} is recorded with content hash ${entry.content_hash}, not ${ref.contentHash}`,
      `${path}/contentHash`,
    );
  }
}

/**
 * The completion rule checks that the decision names the committing component; here, that it
 * names it wholly (kind and version too), as a receipt must.
 */
function deciderProblems(decision: CompletionDecisionV1, producer: ComponentIdentity): InputProblem[] {
  const claimed = decision.envelope.producer;
  if (claimed.component_id !== producer.component_id || !DECIDER_KINDS.has(producer.kind)) return []; // the completion rule's to report
  if (claimed.kind === producer.kind && claimed.component_version === producer.component_version) return [];
  return [
    {
      path: "/decision/envelope/producer",
      message: `must be the committing component: ${producer.component_id} (${producer.kind} ${producer.component_version})`,
    },
  ];
}

function finalityProblems(state: AgentStateV1): InputProblem[] {
  const recorded = extensionOf<CompletionRecord | null>(state, EXT.completion, null);
  if (!recorded || !FINAL_OUTCOMES.has(recorded.outcome)) return [];
  return [
    {
      path: "/decision/outcome",
      message: `the run's completion is final (${recorded.outcome} by ${recorded.decision_id}); fork the run to continue its work`,
    },
  ];
}

/**
 * Every PASS a decision claims rests on evidence that passed, of the kind the criterion asks
 * for (the registry's evidence_kinds and verifier_kind for Canon's and the ABI's built-in
 * criteria; a passing tool or verification receipt, or an evidence entry, for the caller's own).
 */
function evidenceProblems(state: AgentStateV1, decision: CompletionDecisionV1, book: ReceiptBook): InputProblem[] {
  const problems: InputProblem[] = [];
  decision.criteria_results.forEach((result, index) => {
    if (result.result !== "PASS") return;
    const path = `/decision/criteria_results/${index}`;
    const criterion = registryCriterionOf(result.criterion_id);
    const kinds = criterion?.evidence_kinds ?? ["tool_receipt", "verification_receipt", "evidence_ref"];
    const names = criterion ? [result.criterion_id, criterion.criterion_id] : [result.criterion_id];
    if (result.receipt_refs.length === 0)
      problems.push({ path: `${path}/receipt_refs`, message: `a PASS for ${result.criterion_id} must cite the evidence it rests on` });
    result.receipt_refs.forEach((ref, r) => {
      const at = (message: string) => problems.push({ path: `${path}/receipt_refs/${r}`, message });
      const receipt = book.get(ref);
      if (!receipt && allReceiptIds(state).has(ref)) return at(`the document of receipt ${ref} was not supplied; it cannot be judged`);
      if (!receipt) {
        const entry = state.evidence.find((e) => e.ref === ref && !isReceiptKind(e.kind));
        if (entry && !kinds.includes("evidence_ref")) at(`${result.criterion_id} needs ${kinds.join(" or ")}, not an evidence entry`);
        return; // an evidence entry of an accepted kind, or not recorded at all (refused by the completion rule)
      }
      const kindName = receiptKindName(receipt.kind).toLowerCase();
      const recordedAsEvidence = kinds.includes("evidence_ref") && state.evidence.some((e) => e.ref === ref);
      if (!kinds.includes(kindName) && !recordedAsEvidence)
        return at(`${result.criterion_id} needs ${kinds.join(" or ")}; ${ref} is a ${kindName}`);
      if (isModelOutput(receipt)) return at(`${ref} is model output; model output is never evidence`);
      const verifier = receipt.document.verifier;
      if (criterion && receipt.kind === "VERIFICATION" && verifier !== criterion.verifier_kind.toUpperCase()) {
        return at(
          `${result.criterion_id} needs a ${criterion.verifier_kind.toUpperCase()} verification; ${ref} is a ${String(verifier)} verification`,
        );
      }
      const outcome = receiptResult(receipt, names);
      if (outcome !== "PASS") at(`${ref} does not show a pass (${outcome}); a PASS rests only on passing evidence`);
    });
  });
  return problems;
}
