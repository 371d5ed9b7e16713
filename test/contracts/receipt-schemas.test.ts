// Canon's own schemas for the receipt and completion documents of Kernel ABI 1.0.0
// (src/contracts/receipts.schema.ts). Part (a) needs nothing outside the repo: hand-written
// documents pass, and documents broken in one way each fail. Part (b) reads the ABI in place at
// ../shared/kernel-abi (never copied, see its README): the ABI's examples are judged as the ABI
// judges them, and a seeded differential run shows that Canon never accepts what the ABI rejects.
import fs from "node:fs";
import path from "node:path";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/contracts/agent-state.js";
import type { ContentHash } from "../../src/contracts/common.js";
import {
  RECEIPT_CONTRACTS,
  RECEIPT_KINDS,
  receiptProblems,
  validateAbiError,
  validateCompletionDecision,
  validateCompletionProposal,
  validateMutationReceipt,
  validateToolReceipt,
  validateVerificationReceipt,
} from "../../src/contracts/receipt-validation.js";
import {
  COMPLETION_DECISION_SCHEMA_ID,
  COMPLETION_PREDICATES,
  COMPLETION_PROPOSAL_SCHEMA_ID,
  MUTATION_RECEIPT_SCHEMA_ID,
  TOOL_RECEIPT_SCHEMA_ID,
  VERIFICATION_RECEIPT_SCHEMA_ID,
  type AbiEnvelopeV1,
  type AbiErrorV1,
  type CompletionDecisionV1,
  type CompletionProposalV1,
  type MutationReceiptV1,
  type ToolReceiptV1,
  type VerificationReceiptV1,
} from "../../src/contracts/receipts.js";
import { TEXT_MAX_LENGTH } from "../../src/contracts/receipts.schema.js";
import { abiExists, abiRoot, errorsOf, loadAbi, readJson, warnIfAbiMissing, type Abi } from "../support/kernel-abi.js";
import { seededRandom } from "../support/prng.js";

warnIfAbiMissing("receipt-schemas");

const clone = <T>(value: T): T => structuredClone(value);

// ------------------------------------------------------------------ hand-written documents

const HASH_A = `sha256:${"a".repeat(64)}` as ContentHash;
const HASH_B = `sha256:${"0123456789abcdef".repeat(4)}` as ContentHash;

function envelope<S extends string>(schemaId: S, kind: AbiEnvelopeV1["producer"]["kind"] = "RUNTIME"): AbiEnvelopeV1<S> {
  return {
    abi_version: "1.0.0",
    schema_id: schemaId,
    schema_version: "1.0.0",
    run_id: "run-7f3c2a10",
    session_id: "session-1",
    task_id: "task-login-flaky",
    graph_id: "graph.run-7f3c2a10",
    node_id: null,
    state_version: 12,
    work_state_version: 3,
    created_at: "2026-10-01T09:30:00.125Z",
    producer: { component_id: "canon.runtime", component_version: "0.1.0", kind, logical_class: "local", extensions: { "x-build": "abc" } },
    trace_id: "trace-0001",
    parent_trace_id: "trace-0000",
    provenance: [
      {
        source_type: "TOOL",
        source_id: "tool:npm-test",
        trust_class: "INTERNAL",
        content_hash: HASH_A,
        observed_at: "2026-10-01T09:29:59Z",
      },
      { source_type: "SYSTEM", source_id: "canon", trust_class: "PUBLIC", extensions: { "x-note": { nested: true } } },
    ],
    extensions: { "x-canon.origin": "test" },
  };
}

const abiError = (): AbiErrorV1 => ({
  family: "TOOL",
  code: "ERR_TOOL_TIMEOUT",
  message: "npm test did not finish within 120 s",
  retryable: true,
  receipt_id: "policy-receipt-1",
  details: { timeout_ms: 120000, partial: ["a", 1, null] },
  extensions: { "x-retry-after-ms": 500 },
});

const toolReceipt = (): ToolReceiptV1 => ({
  envelope: envelope(TOOL_RECEIPT_SCHEMA_ID),
  invocation_id: "inv-0001",
  tool_id: "tool.shell",
  operation_id: "npm test -- login",
  started_at: "2026-10-01T09:28:00Z",
  finished_at: "2026-10-01T09:30:00+00:00",
  exit_class: "TIMEOUT",
  exit_code: -1,
  stdout_ref: "blob-stdout-1",
  stderr_ref: null,
  outputs: [{ artifact_id: "artifact-1", content_hash: HASH_B, mime_type: "text/plain", uri: null, extensions: {} }],
  observed_reads: ["fs:src/login.ts", "state:plan"],
  observed_writes: [],
  diagnostics: [{ severity: "error", message: "timeout" }],
  policy_receipt_id: "policy-receipt-1",
  content_hashes: [HASH_A, HASH_B],
  error: abiError(),
  extensions: { "x-attempt": 2 },
});

const mutationReceipt = (): MutationReceiptV1 => ({
  envelope: envelope(MUTATION_RECEIPT_SCHEMA_ID),
  mutation_id: "mut-0001",
  target: "fs:src/login.ts",
  status: "APPLIED",
  before_hash: HASH_A,
  after_hash: HASH_B,
  canonical_change: {
    format: "unified_diff",
    diff_ref: "diff-0001",
    diff_hash: HASH_B,
    base_hashes: { "src/login.ts": HASH_A },
    files: ["src/login.ts"],
    extensions: { "x-lines": 4 },
  },
  structural_parse: "PASS",
  rollback_ref: "rollback-0001",
  changed_symbols: ["login", "LoginForm.submit"],
  affected_resources: ["fs:src/login.ts"],
  state_version_before: 12,
  state_version_after: 13,
  extensions: {},
});

const verificationReceipt = (): VerificationReceiptV1 => ({
  envelope: envelope(VERIFICATION_RECEIPT_SCHEMA_ID, "VERIFIER"),
  verification_id: "ver-0001",
  subject_ref: "mut-0001",
  verifier: "UNIT_TEST",
  result: "INCONCLUSIVE",
  findings: [{ test: "login.spec.ts", status: "flaky" }],
  evidence_refs: [
    { kind: "TOOL_RECEIPT", ref: "inv-0001", content_hash: HASH_A, claim: "ran the login suite" },
    { kind: "MUTATION_RECEIPT", ref: "mut-0001", content_hash: null, claim: null, extensions: { "x-k": 1 } },
  ],
  confidence: 0.5,
  deterministic: true,
  retryable: true,
  generated_followups: ["followup-1"],
  criteria_results: [{ criterion_id: "tests_pass", result: "INCONCLUSIVE" }],
  extensions: {},
});

const completionProposal = (): CompletionProposalV1 => ({
  envelope: envelope(COMPLETION_PROPOSAL_SCHEMA_ID, "MODEL_COMPONENT"),
  proposal_id: "proposal-0001",
  proposer_node_id: "node.fix",
  proposer_role: "S2",
  claimed_criteria: [
    { criterion_id: "tests_pass", claim: "SATISFIED" },
    { criterion_id: "no_api_change", claim: "UNKNOWN" },
  ],
  evidence_refs: [{ kind: "VERIFICATION_RECEIPT", ref: "ver-0001" }],
  confidence: 0.9,
  rationale: "The login test passes ten times in a row.",
  extensions: {},
});

const completionDecision = (): CompletionDecisionV1 => ({
  envelope: envelope(COMPLETION_DECISION_SCHEMA_ID, "VERIFIER") as CompletionDecisionV1["envelope"],
  decision_id: "decision-0001",
  proposal_id: "proposal-0001",
  policy: { policy_id: "completion.bug_fix", policy_version: 1, extensions: {} },
  outcome: "COMPLETE",
  predicate_results: {
    acceptance_criteria_satisfied: true,
    required_verifications_pass: true,
    no_unresolved_blocking_failures: true,
    required_artifacts_exist: true,
    policy_obligations_satisfied: true,
    completion_evidence_durable: true,
  },
  criteria_results: [{ criterion_id: "tests_pass", result: "PASS", receipt_refs: ["ver-0001", "inv-0001"] }],
  decided_by: "SYSTEM",
  verifier_ids: ["verifier.unit_test"],
  attention_id: null,
  extensions: { "x-policy-source": "data/completion_policy.bug_fix.v1.json" },
});

/** The documents under test, keyed by the ABI's `$defs` name. */
const DEFS = {
  ToolReceiptV1: { validate: validateToolReceipt, example: toolReceipt },
  MutationReceiptV1: { validate: validateMutationReceipt, example: mutationReceipt },
  VerificationReceiptV1: { validate: validateVerificationReceipt, example: verificationReceipt },
  CompletionDecisionV1: { validate: validateCompletionDecision, example: completionDecision },
  CompletionProposalV1: { validate: validateCompletionProposal, example: completionProposal },
  ErrorV1: { validate: validateAbiError, example: abiError },
} as const satisfies Record<string, { validate: ValidateFunction; example: () => object }>;
type Def = keyof typeof DEFS;
const DEF_NAMES = Object.keys(DEFS) as Def[];
const ENVELOPED_DEFS = DEF_NAMES.filter((def) => def !== "ErrorV1");

type Doc = Record<string, unknown>;
/** A one-thing-wrong edit of a valid document; the loose types are the point. */
type Break = (doc: Doc) => void;
const env = (doc: Doc) => doc.envelope as Doc;

describe("Canon's receipt schemas on hand-written documents", () => {
  it.each(DEF_NAMES)("a complete %s passes", (def) => {
    const { validate, example } = DEFS[def];
    expect(validate(example()), errorsOf(validate)).toBe(true);
  });

  it.each(ENVELOPED_DEFS)("a minimal %s (required fields only) passes", (def) => {
    const { validate, example } = DEFS[def];
    const doc = example() as unknown as Doc;
    const required = (validate.schema as { required: string[] }).required;
    for (const key of Object.keys(doc)) if (!required.includes(key)) delete doc[key];
    const e = env(doc);
    for (const key of ["graph_id", "node_id", "work_state_version", "parent_trace_id", "extensions"]) delete e[key];
    expect(validate(doc), errorsOf(validate)).toBe(true);
  });

  const everyDocBreaks: [string, Break][] = [
    ["an unknown top-level field", (d) => (d.unknown_field = "x")],
    ["an x- key outside extensions", (d) => (d["x-vendor"] = 1)],
    ["an extension key without x-", (d) => (d.extensions = { vendor: 1 })],
    ["an extension key in upper case", (d) => (d.extensions = { "x-Vendor": 1 })],
    ["a missing envelope", (d) => delete d.envelope],
    ["an envelope that is not an object", (d) => (d.envelope = "envelope")],
    ["an unknown envelope field", (d) => (env(d).lease_id = "l-1")],
    ["an envelope without provenance", (d) => (env(d).provenance = [])],
    ["an envelope missing trace_id", (d) => delete env(d).trace_id],
    [
      "another document's schema_id",
      (d) => (env(d).schema_id = env(d).schema_id === TOOL_RECEIPT_SCHEMA_ID ? MUTATION_RECEIPT_SCHEMA_ID : TOOL_RECEIPT_SCHEMA_ID),
    ],
    ["a schema_id outside the kernel namespace", (d) => (env(d).schema_id = "acme.ToolReceiptV1")],
    ["abi_version 2.0.0", (d) => (env(d).abi_version = "2.0.0")],
    ["a schema_version that is not semver", (d) => (env(d).schema_version = "1.0")],
    ["a negative state_version", (d) => (env(d).state_version = -1)],
    ["a fractional state_version", (d) => (env(d).state_version = 1.5)],
    ["a state_version above uint64", (d) => (env(d).state_version = 2 ** 65)],
    ["a created_at without a time", (d) => (env(d).created_at = "2026-10-01")],
    ["a producer kind outside the enum", (d) => ((env(d).producer as Doc).kind = "MODEL")],
    ["an unknown producer field", (d) => ((env(d).producer as Doc).vendor = "acme")],
    [
      "a provenance content_hash in upper case",
      (d) => (((env(d).provenance as Doc[])[0] as Doc).content_hash = `sha256:${"A".repeat(64)}`),
    ],
    ["a run_id starting with a dash", (d) => (env(d).run_id = "-run")],
    ["a trace_id with a space", (d) => (env(d).trace_id = "trace 1")],
  ];

  const ownBreaks: Record<Exclude<Def, "ErrorV1">, [string, Break][]> = {
    ToolReceiptV1: [
      ["a bad exit_class", (d) => (d.exit_class = "CRASHED")],
      ["a missing invocation_id", (d) => delete d.invocation_id],
      ["a content hash that is too short", (d) => (d.content_hashes = ["sha256:abc"])],
      ["a content hash with another algorithm", (d) => (d.content_hashes = [`md5:${"0".repeat(32)}`])],
      ["a fractional exit_code", (d) => (d.exit_code = 1.5)],
      ["an empty observed resource", (d) => (d.observed_reads = [""])],
      ["an error with Canon's API-only family NOT_FOUND", (d) => ((d.error as Doc).family = "NOT_FOUND")],
      ["an error code without ERR_", (d) => ((d.error as Doc).code = "TIMEOUT")],
      ["an error with an unknown field", (d) => ((d.error as Doc).stack = "at x")],
      ["an output artifact without a hash", (d) => delete ((d.outputs as Doc[])[0] as Doc).content_hash],
      ["operation_id longer than 16 KiB (Canon is stricter)", (d) => (d.operation_id = "x".repeat(TEXT_MAX_LENGTH + 1))],
      ["more than 1000 content hashes (Canon is stricter)", (d) => (d.content_hashes = Array.from({ length: 1001 }, () => HASH_A))],
    ],
    MutationReceiptV1: [
      ["a bad status", (d) => (d.status = "MERGED")],
      ["a bad structural_parse", (d) => (d.structural_parse = "OK")],
      ["a diff format other than unified_diff", (d) => ((d.canonical_change as Doc).format = "search_replace")],
      ["a bad diff_hash", (d) => ((d.canonical_change as Doc).diff_hash = `sha256:${"g".repeat(64)}`)],
      ["a bad base hash", (d) => ((d.canonical_change as Doc).base_hashes = { "src/a.ts": "sha256:" })],
      ["an unknown field in the diff", (d) => ((d.canonical_change as Doc).patch = "@@")],
      ["missing base_hashes", (d) => delete (d.canonical_change as Doc).base_hashes],
      ["an empty target", (d) => (d.target = "")],
      ["a null state_version_after", (d) => (d.state_version_after = null)],
    ],
    VerificationReceiptV1: [
      ["a bad verifier", (d) => (d.verifier = "VIBES")],
      ["a bad result", (d) => (d.result = "PASSED")],
      ["confidence above 1", (d) => (d.confidence = 1.01)],
      ["missing findings", (d) => delete d.findings],
      ["an evidence ref of an unknown kind", (d) => ((d.evidence_refs as Doc[])[0] = { kind: "RUMOUR", ref: "r-1" })],
      ["a criteria result with an unknown field", (d) => (d.criteria_results = [{ criterion_id: "c", result: "PASS", note: "x" }])],
      ["deterministic as a string", (d) => (d.deterministic = "true")],
    ],
    CompletionProposalV1: [
      ["a bad proposer_role", (d) => (d.proposer_role = "S4")],
      ["a bad claim", (d) => (d.claimed_criteria = [{ criterion_id: "c", claim: "DONE" }])],
      ["missing evidence_refs", (d) => delete d.evidence_refs],
      ["negative confidence", (d) => (d.confidence = -0.1)],
    ],
    CompletionDecisionV1: [
      ["a bad outcome", (d) => (d.outcome = "DONE")],
      ...COMPLETION_PREDICATES.map((name): [string, Break] => [
        `COMPLETE with ${name} false`,
        (d) => ((d.predicate_results as Doc)[name] = false),
      ]),
      ["COMPLETE with a criteria result FAIL", (d) => (d.criteria_results = [{ criterion_id: "c", result: "FAIL", receipt_refs: ["r"] }])],
      [
        "COMPLETE with a criteria result INCONCLUSIVE",
        (d) => (d.criteria_results = [{ criterion_id: "c", result: "INCONCLUSIVE", receipt_refs: ["r"] }]),
      ],
      ["producer kind MODEL_COMPONENT", (d) => ((env(d).producer as Doc).kind = "MODEL_COMPONENT")],
      ["producer kind DECISION_BACKEND", (d) => ((env(d).producer as Doc).kind = "DECISION_BACKEND")],
      ["producer kind HUMAN", (d) => ((env(d).producer as Doc).kind = "HUMAN")],
      ["decided_by MODEL", (d) => (d.decided_by = "MODEL")],
      ["decided_by missing", (d) => delete d.decided_by],
      ["a missing predicate", (d) => delete (d.predicate_results as Doc).completion_evidence_durable],
      ["an extra predicate", (d) => ((d.predicate_results as Doc).vibes_ok = true)],
      ["a predicate as a string", (d) => ((d.predicate_results as Doc).required_artifacts_exist = "true")],
      ["policy_version 0", (d) => ((d.policy as Doc).policy_version = 0)],
      ["a criteria result without receipts", (d) => (d.criteria_results = [{ criterion_id: "c", result: "PASS", receipt_refs: [] }])],
      ["proposal_id missing (it is required, though nullable)", (d) => delete d.proposal_id],
    ],
  };

  const cases = ENVELOPED_DEFS.flatMap((def) =>
    [...everyDocBreaks, ...ownBreaks[def as Exclude<Def, "ErrorV1">]].map(([name, breakIt]) => [def, name, breakIt] as const),
  );

  it.each(cases)("%s fails with %s", (def, _name, breakIt) => {
    const { validate, example } = DEFS[def];
    const doc = example() as unknown as Doc;
    breakIt(doc);
    expect(validate(doc)).toBe(false);
  });

  it("ErrorV1 fails with an unknown field, an API-only family, or a lower-case code", () => {
    for (const patch of [{ stack: "x" }, { family: "IDEMPOTENCY" }, { code: "ERR_lower" }, { retryable: "no" }]) {
      expect(validateAbiError({ ...abiError(), ...patch }), JSON.stringify(patch)).toBe(false);
    }
  });

  it("a decision that does not COMPLETE may have false predicates and failing criteria", () => {
    for (const outcome of ["PARTIAL", "CONTINUE", "ESCALATE", "FAIL"]) {
      const doc = completionDecision() as unknown as Doc;
      doc.outcome = outcome;
      for (const name of COMPLETION_PREDICATES) (doc.predicate_results as Doc)[name] = false;
      doc.criteria_results = [{ criterion_id: "c", result: "FAIL", receipt_refs: ["ver-0001"] }];
      expect(validateCompletionDecision(doc), `${outcome}: ${errorsOf(validateCompletionDecision)}`).toBe(true);
    }
  });

  it("a decision's producer may be the RUNTIME or a VERIFIER; a proposal's may be anyone", () => {
    for (const kind of ["RUNTIME", "VERIFIER"] as const) {
      const doc = completionDecision();
      doc.envelope.producer.kind = kind;
      expect(validateCompletionDecision(doc), errorsOf(validateCompletionDecision)).toBe(true);
    }
    for (const kind of ["MODEL_COMPONENT", "DECISION_BACKEND", "HUMAN"] as const) {
      const doc = completionProposal();
      doc.envelope.producer.kind = kind;
      expect(validateCompletionProposal(doc), errorsOf(validateCompletionProposal)).toBe(true);
    }
  });

  it("RECEIPT_CONTRACTS names each kind's schema id, validator and own id field", () => {
    const docs = {
      TOOL: toolReceipt(),
      MUTATION: mutationReceipt(),
      VERIFICATION: verificationReceipt(),
      COMPLETION_DECISION: completionDecision(),
    };
    expect(Object.keys(RECEIPT_CONTRACTS).sort()).toEqual([...RECEIPT_KINDS].sort());
    for (const kind of RECEIPT_KINDS) {
      const contract = RECEIPT_CONTRACTS[kind];
      const doc = docs[kind] as unknown as Doc;
      expect(env(doc).schema_id).toBe(contract.schemaId);
      expect(typeof doc[contract.idField]).toBe("string");
      expect(contract.validate(doc)).toBe(true);
      expect(receiptProblems(kind, doc, "/receipts/0")).toEqual([]);
      // Every other kind's validator rejects it: the schema_id const alone tells them apart.
      for (const other of RECEIPT_KINDS.filter((k) => k !== kind))
        expect(RECEIPT_CONTRACTS[other].validate(doc), `${kind} as ${other}`).toBe(false);
    }
  });

  it("receiptProblems reports prefixed paths and readable messages", () => {
    const doc = completionDecision() as unknown as Doc;
    doc.surprise = 1;
    (env(doc).producer as Doc).kind = "MODEL_COMPONENT";
    const problems = receiptProblems("COMPLETION_DECISION", doc, "/input/decision");
    expect(problems).toContainEqual({ path: "/input/decision", message: 'has unknown field "surprise"' });
    expect(problems).toContainEqual({ path: "/input/decision/envelope/producer/kind", message: "must be one of RUNTIME, VERIFIER" });
    expect(receiptProblems("TOOL", "not a document")).toEqual([{ path: "", message: "must be object" }]);
  });
});

// ------------------------------------------------------------------ against the Kernel ABI

/** `<Def>.json` or `<Def>.<case>.json`, as the ABI README names examples. */
const defOf = (file: string): string => file.split(".")[0] ?? file;
const isOurDef = (def: string): def is Def => Object.hasOwn(DEFS, def);
// Listed at collection time (it.each needs them then); empty when the folder is missing.
const exampleFiles = (kind: "valid" | "invalid"): string[] =>
  abiExists
    ? fs
        .readdirSync(path.join(abiRoot, "examples", kind))
        .filter((f) => f.endsWith(".json") && isOurDef(defOf(f)))
        .sort()
    : [];
const validExamples = exampleFiles("valid");
const invalidExamples = exampleFiles("invalid");
const abiExample = (def: Def): Doc | undefined => {
  const file = path.join(abiRoot, "examples", "valid", `${def}.json`);
  return fs.existsSync(file) ? (readJson(file) as Doc) : undefined;
};

// ---- a small, deterministic mutator

const prng = seededRandom;

type Path = (string | number)[];
type Container = Record<string, JsonValue> | JsonValue[];

/** Every node of the document, with its path (the root is []). */
function nodes(doc: JsonValue): { path: Path; value: JsonValue }[] {
  const out: { path: Path; value: JsonValue }[] = [];
  const walk = (value: JsonValue, at: Path) => {
    out.push({ path: at, value });
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...at, i]));
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
  };
  walk(doc, []);
  return out;
}

function parentOf(doc: JsonValue, at: Path): Container {
  let node = doc as Container;
  for (const step of at.slice(0, -1)) node = (node as Record<string | number, JsonValue>)[step] as Container;
  return node;
}

function setAt(doc: JsonValue, at: Path, value: JsonValue): void {
  (parentOf(doc, at) as Record<string | number, JsonValue>)[at[at.length - 1] as string | number] = value;
}

const ENUM_POOL: string[] = [
  "SUCCESS",
  "FAILURE",
  "PARTIAL",
  "TIMEOUT",
  "DENIED",
  "CANCELLED",
  "APPLIED",
  "REJECTED",
  "ROLLED_BACK",
  "FAILED",
  "PASS",
  "FAIL",
  "NOT_APPLICABLE",
  "INCONCLUSIVE",
  "ERROR",
  "PARSE",
  "UNIT_TEST",
  "HUMAN",
  "DIFF_REVIEW",
  "COMPLETE",
  "CONTINUE",
  "ESCALATE",
  "SATISFIED",
  "UNSATISFIED",
  "UNKNOWN",
  "S0",
  "S3",
  "SYSTEM",
  "RUNTIME",
  "VERIFIER",
  "MODEL_COMPONENT",
  "DECISION_BACKEND",
  "TOOL",
  "USER",
  "FILE",
  "MODEL",
  "PUBLIC",
  "SECRET",
  "UNTRUSTED",
  "INPUT",
  "VERIFY",
  "NOT_FOUND",
  "IDEMPOTENCY",
  "STATE",
  "TOOL_RECEIPT",
  "RUMOUR",
  "unified_diff",
  "search_replace",
  "AGENT_STATE",
  TOOL_RECEIPT_SCHEMA_ID,
  MUTATION_RECEIPT_SCHEMA_ID,
  VERIFICATION_RECEIPT_SCHEMA_ID,
  COMPLETION_DECISION_SCHEMA_ID,
  COMPLETION_PROPOSAL_SCHEMA_ID,
  "allternit.kernel.AgentStateV1",
  "allternit.kernel.V1",
];
const STRING_POOL: string[] = [
  "",
  " ",
  "x",
  "a b",
  "-x",
  "id-0001",
  "x".repeat(200),
  "x".repeat(201),
  "x".repeat(TEXT_MAX_LENGTH + 1),
  "ERR_X",
  "err_x",
  "fs:a",
  "1.0.0",
  "1.9.9",
  "2.0.0",
  "1.0",
  "1.0.0-rc.1",
  "2026-09-30T00:00:00Z",
  "2026-13-01T00:00:00Z",
  "2026-09-30",
  HASH_A,
  `sha256:${"A".repeat(64)}`,
  "sha256:abc",
  `sha1:${"a".repeat(40)}`,
  "true",
  "0",
];
const VALUE_POOL: JsonValue[] = [
  null,
  0,
  1,
  -1,
  0.5,
  1.5,
  2 ** 53,
  2 ** 64,
  2 ** 65,
  true,
  false,
  [],
  {},
  [null],
  [HASH_A],
  { "x-a": 1 },
  { a: 1 },
  "x",
  "",
  HASH_A,
];
const KEY_POOL = ["unknown_field", "x-vendor", "x-Vendor", "extensions", "kind", "claim", "result", "schema_id", "details", "src/a.ts"];
const ITEM_POOL: JsonValue[] = [
  { kind: "FILE", ref: "f-1" },
  { kind: "FILE", ref: "f-1", content_hash: `sha256:${"F".repeat(64)}` },
  { criterion_id: "c", result: "FAIL", receipt_refs: ["r-1"] },
  { criterion_id: "c", result: "PASS", receipt_refs: ["r-1"] },
  { criterion_id: "c", result: "PASS", receipt_refs: [] },
  { criterion_id: "c", claim: "SATISFIED" },
  { criterion_id: "c", result: "INCONCLUSIVE" },
  { artifact_id: "a-1", content_hash: HASH_A },
  { source_type: "MODEL", source_id: "m", trust_class: "UNTRUSTED" },
  { source_type: "MODEL", source_id: "", trust_class: "UNTRUSTED" },
  "fs:x",
  "",
  HASH_A,
  "ver-1",
  { anything: [1, 2] },
];

/** One deterministic edit of `doc` (in place). Returns a short description for failure messages. */
function mutate(doc: JsonValue, rand: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const all = nodes(doc);
  const nonRoot = all.filter((n) => n.path.length > 0);
  const objects = all.filter((n) => n.value !== null && typeof n.value === "object" && !Array.isArray(n.value));
  const arrays = all.filter((n) => Array.isArray(n.value));
  const strings = all.filter((n) => typeof n.value === "string");
  const booleans = all.filter((n) => typeof n.value === "boolean");
  const numbers = all.filter((n) => typeof n.value === "number");
  const where = (p: Path) => `/${p.join("/")}`;

  switch (Math.floor(rand() * 9)) {
    case 0: {
      // drop a field (required or not)
      const withKeys = objects.filter((n) => Object.keys(n.value as object).length > 0);
      if (withKeys.length === 0) return "noop";
      const target = pick(withKeys);
      const key = pick(Object.keys(target.value as object));
      delete (target.value as Record<string, JsonValue>)[key];
      return `drop ${where([...target.path, key])}`;
    }
    case 1: {
      // add a field, known-looking or not
      const target = pick(objects);
      const key = pick(KEY_POOL);
      (target.value as Record<string, JsonValue>)[key] = pick(VALUE_POOL);
      return `add ${where([...target.path, key])}`;
    }
    case 2: {
      // a value of the wrong type (or a right-typed but odd one)
      const target = pick(nonRoot);
      setAt(doc, target.path, clone(pick(VALUE_POOL)));
      return `retype ${where(target.path)}`;
    }
    case 3: {
      // an enum value, valid here or elsewhere
      if (strings.length === 0) return "noop";
      const target = pick(strings);
      setAt(doc, target.path, pick(ENUM_POOL));
      return `enum ${where(target.path)}`;
    }
    case 4: {
      // a string that breaks (or meets) an id, hash, timestamp, version or length rule
      if (strings.length === 0) return "noop";
      const target = pick(strings);
      setAt(doc, target.path, pick(STRING_POOL));
      return `string ${where(target.path)}`;
    }
    case 5: {
      // flip a boolean; on a decision, also move the outcome
      if (booleans.length > 0) {
        const target = pick(booleans);
        setAt(doc, target.path, !(target.value as boolean));
      }
      if (doc !== null && typeof doc === "object" && !Array.isArray(doc) && "outcome" in doc && rand() < 0.5) {
        doc.outcome = pick(["COMPLETE", "PARTIAL", "CONTINUE", "ESCALATE", "FAIL"]);
      }
      return "flip";
    }
    case 6: {
      // grow an array
      if (arrays.length === 0) return "noop";
      const target = pick(arrays);
      const items = target.value as JsonValue[];
      items.push(items.length > 0 && rand() < 0.4 ? clone(pick(items)) : clone(pick(ITEM_POOL)));
      return `push ${where(target.path)}`;
    }
    case 7: {
      // empty an array
      if (arrays.length === 0) return "noop";
      const target = pick(arrays);
      setAt(doc, target.path, []);
      return `empty ${where(target.path)}`;
    }
    default: {
      // a number at or past a bound
      if (numbers.length === 0) return "noop";
      const target = pick(numbers);
      setAt(doc, target.path, pick([-1, 0, 1, 2, 0.5, 1.01, 1.5, 2 ** 53, 2 ** 64, 2 ** 65, -(2 ** 31)]));
      return `number ${where(target.path)}`;
    }
  }
}

const MUTANTS_PER_DEF = 400;

describe.skipIf(!abiExists)(`Canon's receipt schemas against Kernel ABI 1.0.0 (${abiRoot})`, () => {
  let abi: Abi;
  beforeAll(() => {
    abi = loadAbi();
  });

  // Guards against an emptied or misplaced folder passing vacuously.
  it("the ABI ships valid and invalid examples for these documents", () => {
    expect(validExamples.length).toBeGreaterThanOrEqual(4);
    expect(invalidExamples.length).toBeGreaterThanOrEqual(4);
  });

  it.each(validExamples)("valid/%s passes Canon's schema (and the ABI's)", (file) => {
    const def = defOf(file) as Def;
    const doc = readJson(path.join(abiRoot, "examples", "valid", file));
    const abiValidate = abi.contract(def);
    expect(abiValidate(doc), errorsOf(abiValidate)).toBe(true);
    const { validate } = DEFS[def];
    expect(validate(doc), errorsOf(validate)).toBe(true);
  });

  it.each(invalidExamples)("invalid/%s fails Canon's schema (as it fails the ABI's)", (file) => {
    const def = defOf(file) as Def;
    const doc = readJson(path.join(abiRoot, "examples", "invalid", file));
    expect(abi.contract(def)(doc)).toBe(false);
    expect(DEFS[def].validate(doc)).toBe(false);
  });

  it.each(DEF_NAMES)("the hand-written %s passes the ABI too", (def) => {
    const abiValidate = abi.contract(def);
    expect(abiValidate(DEFS[def].example()), errorsOf(abiValidate)).toBe(true);
  });

  it.each(DEF_NAMES)("differential: no mutant of %s is accepted by Canon and rejected by the ABI", (def) => {
    const abiValidate = abi.contract(def);
    const { validate, example } = DEFS[def];
    const bases = [abiExample(def), example()].filter((d): d is Doc => d !== undefined) as JsonValue[];
    // A seed per def, so adding a def does not reshuffle the others' mutants.
    const rand = prng([...def].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261));
    const looser: string[] = [];
    let bothAccept = 0;
    let canonRejects = 0;
    let onlyAbiAccepts = 0;
    for (let i = 0; i < MUTANTS_PER_DEF; i++) {
      const doc = clone(bases[i % bases.length] as JsonValue);
      const edits = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => mutate(doc, rand));
      const canonOk = validate(doc);
      const abiOk = abiValidate(doc);
      if (canonOk && !abiOk) looser.push(`#${i} [${edits.join("; ")}]: ABI says ${JSON.stringify(abiValidate.errors?.slice(0, 3))}`);
      if (canonOk && abiOk) bothAccept++;
      if (!canonOk) canonRejects++;
      if (!canonOk && abiOk) onlyAbiAccepts++;
    }
    expect(looser, looser.slice(0, 5).join("\n")).toEqual([]);
    // Not vacuous: some mutants survive both, and many are rejected.
    expect(bothAccept, `both accept; Canon rejects ${canonRejects}, only the ABI accepts ${onlyAbiAccepts}`).toBeGreaterThan(10);
    expect(canonRejects).toBeGreaterThan(MUTANTS_PER_DEF / 4);
  });
});
