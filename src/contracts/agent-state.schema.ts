// The AgentState shape, written once. This JSON Schema (draft 2020-12) is what Canon validates
// every state against (validation.ts); the TypeScript types are derived from it
// (agent-state.ts, with json-schema-to-ts) and so are the GraphQL object types (graphql/
// agent-state.ts). To add a field, add it here with a `description`: see docs/state.md.
// It mirrors AgentStateV1 of Kernel ABI 1.0.0 field for field; test/contracts/
// kernel-abi-conformance.test.ts checks that what this schema accepts, the ABI accepts too.
// `title` names a closed object's (or an enum's) GraphQL type; `description` documents it.
import { CONTENT_HASH_PATTERN, TRUST_CLASSES, extensionMapSchema, schemaFragments } from "./common.js";
import { EVIDENCE_KINDS } from "./receipts.js";

export const AGENT_STATE_SCHEMA_ID = "allternit.kernel.AgentStateV1";
export const AGENT_STATE_SCHEMA_VERSION = "1.0.0";

export const HYPOTHESIS_STATUSES = ["OPEN", "SUPPORTED", "REFUTED", "ABANDONED"] as const;
export const SENSITIVITY_CLASSES = ["PUBLIC", "INTERNAL", "RESTRICTED", "SECRET"] as const;
export const SUBGOAL_STATUSES = ["OPEN", "DONE", "BLOCKED", "DROPPED"] as const;
export const COMPLETION_OUTCOMES = ["COMPLETE", "PARTIAL", "CONTINUE", "ESCALATE", "FAIL"] as const;
export const CRITERION_ORIGINS = ["EXPLICIT", "INFERRED"] as const;
export const DIAGNOSTIC_SEVERITIES = ["ERROR", "WARNING", "INFO"] as const;
export const AUTHORITY_PROFILES = ["read-only", "code-safe", "code-write"] as const;

const { id, nullable } = schemaFragments;

/** A closed object: exactly these properties, the required ones named from among them. */
const closed = <const P extends Record<string, object>, const R extends readonly (keyof P & string)[]>(
  names: { title: string; description: string },
  required: R,
  properties: P,
) => ({ ...names, type: "object", required, properties, additionalProperties: false }) as const;
/** A property's documentation beside its shape. */
const about = <const S extends object>(description: string, schema: S) => ({ ...schema, description }) as const;
/** The same for a property holding a closed object directly: `allOf` keeps the object's own description apart. */
const embed = <const S extends object>(description: string, schema: S) => ({ allOf: [schema], description }) as const;
const listOf = <const S extends object>(items: S) => ({ type: "array", items }) as const;

const hash = { type: "string", pattern: CONTENT_HASH_PATTERN } as const;
// uint64, like the ABI's StateVersion. Its maximum is written as 18446744073709551615, which JSON
// parsers read as the double 2^64; this is the same number, so both validators draw the line alike.
const stateVersion = { type: "integer", minimum: 0, maximum: 2 ** 64 } as const;
const ids = listOf(id);
const text = { type: "string" } as const;
const bool = { type: "boolean" } as const;
const version = { type: "integer", minimum: 0 } as const;
const nonNegativeInt = nullable({ type: "integer", minimum: 0 });
const timestamp = { type: "string", format: "date-time" } as const;
const enumOf = <const V extends readonly string[]>(title: string, values: V) => ({ title, enum: values }) as const;

const evidenceRef = closed(
  { title: "EvidenceRef", description: "A recorded piece of evidence: a receipt, a file, a human resolution, ..." },
  ["kind", "ref"],
  {
    kind: about("What it points at.", enumOf("EvidenceKind", EVIDENCE_KINDS)),
    ref: about("The id of what it points at (a receipt id, a path, ...).", id),
    content_hash: about("sha256 of what it points at, when known.", nullable(hash)),
    claim: about("What the evidence is said to show.", nullable(text)),
    extensions: extensionMapSchema,
  },
);

// The ABI leaves these items open ({type: object}); Canon writes them only through its
// operations, in these closed shapes (stricter than the ABI, never looser).
const acceptanceCriterion = closed(
  {
    title: "AcceptanceCriterion",
    description: "A criterion the run's result must meet; a COMPLETE decision needs PASS evidence for every required one.",
  },
  ["criterion_id", "description", "origin", "required"],
  {
    criterion_id: about("The criterion's id, cited by completion decisions.", id),
    description: about("What must be true.", text),
    origin: about("Whether the caller stated it or the completion policy added it.", enumOf("CriterionOrigin", CRITERION_ORIGINS)),
    required: about("A required criterion must PASS in a COMPLETE decision.", bool),
  },
);
const candidateTarget = closed(
  { title: "CandidateTarget", description: "A place the run considers acting on, with why and how likely." },
  ["target", "reason", "score"],
  {
    target: about("The place: a typed resource ref such as fs:src/app.ts.", { type: "string", minLength: 1 }),
    reason: about("Why it is a candidate.", nullable(text)),
    score: about("How likely it is the right place, from 0 to 1.", nullable({ type: "number", minimum: 0, maximum: 1 })),
  },
);
const diagnostic = closed(
  { title: "Diagnostic", description: "A diagnostic the run recorded (compiler error, lint warning, ...)." },
  ["diagnostic_id", "severity", "message", "resource", "source_type", "recorded_at_version"],
  {
    diagnostic_id: about("The diagnostic's id.", id),
    severity: about("How serious it is.", enumOf("DiagnosticSeverity", DIAGNOSTIC_SEVERITIES)),
    message: about("What it says.", text),
    resource: about("The resource it is about, if any.", nullable(text)),
    source_type: about("What produced it.", text),
    recorded_at_version: about("The state version it was recorded at.", version),
  },
);
const failureProperties = {
  failure_id: about("The failure's id.", id),
  summary: about("What failed.", text),
  blocking: about("A blocking failure prevents a COMPLETE decision.", bool),
  node_id: about("The graph node that failed, if any.", nullable(id)),
  recorded_at_version: about("The state version it was recorded at.", version),
} as const;
const failureRequired = ["failure_id", "summary", "blocking", "node_id", "recorded_at_version"] as const;
const failure = closed(
  { title: "UnresolvedFailure", description: "A failure the run recorded and has not resolved." },
  failureRequired,
  failureProperties,
);
const subgoal = closed(
  { title: "Subgoal", description: "A step the run set itself. Subgoals never imply completion." },
  ["subgoal_id", "description", "status", "parent_id"],
  {
    subgoal_id: about("The subgoal's id.", id),
    description: about("What the subgoal is.", text),
    status: about("Where it stands.", enumOf("SubgoalStatus", SUBGOAL_STATUSES)),
    parent_id: about("The subgoal it belongs to, if any.", nullable(id)),
  },
);

// Canon's own x- keys keep their shapes; any other x- key stays free-form, as the ABI allows.
const lock = closed(
  { title: "Lock", description: 'A lock a component holds (kept in extensions["x-locks"]). Expiry is judged at commit time.' },
  ["resource", "holder", "acquired_at", "expires_at", "state_version_acquired"],
  {
    resource: about("The locked resource (a ref or a glob).", { type: "string", minLength: 1 }),
    holder: about("component_id of the holder.", id),
    acquired_at: about("When the lock was taken.", timestamp),
    expires_at: about("When it expires unless renewed.", timestamp),
    state_version_acquired: about("The state version it was taken at.", version),
  },
);
const resolvedFailure = closed(
  { title: "ResolvedFailure", description: "A failure that was resolved, and how." },
  [...failureRequired, "resolution", "resolved_by", "resolved_at_version"],
  {
    ...failureProperties,
    blocking: about("Whether it blocked completion while open.", bool),
    recorded_at_version: about("The version it was recorded at.", version),
    resolution: about("How it was resolved.", text),
    resolved_by: about("component_id of who resolved it.", id),
    resolved_at_version: about("The version it was resolved at.", version),
  },
);
const completionRecord = closed(
  { title: "CompletionRecord", description: "The latest recorded completion decision, in short." },
  ["decision_id", "outcome", "decided_at_version"],
  {
    decision_id: about("The decision's receipt id.", id),
    outcome: about("What the decision said.", enumOf("CompletionOutcome", COMPLETION_OUTCOMES)),
    decided_at_version: about("The state version the decision was made on.", version),
  },
);
const completionProposal = closed(
  { title: "CompletionProposal", description: "A claim that the run is done. It completes nothing; only a completion decision does." },
  ["proposal_id", "proposed_by", "proposed_at_version", "claimed_criteria"],
  {
    proposal_id: about("The proposal's id.", id),
    proposed_by: about("component_id of the proposer.", id),
    proposed_at_version: about("The state version the proposal was made on.", version),
    claimed_criteria: about(
      "The criteria the proposer claims are met, with its evidence.",
      listOf(
        closed({ title: "ClaimedCriterion", description: "A criterion a proposer claims is met." }, ["criterion_id", "claim"], {
          criterion_id: about("The criterion.", text),
          claim: about("What the proposer says shows it.", text),
        }),
      ),
    ),
  },
);
const redactions = closed({ title: "Redactions", description: "How much a reader was not shown." }, ["withheld", "viewer_trust"], {
  withheld: about("How many parts were withheld.", { type: "integer", minimum: 1 }),
  viewer_trust: about("The reader's trust class.", enumOf("TrustClass", TRUST_CLASSES)),
});
const completionPolicy = closed(
  { title: "CompletionPolicyRecord", description: "The completion policy a run was started under (from its compiled task)." },
  ["policy_id", "policy_version", "allow_partial"],
  {
    policy_id: about("The policy's id.", id),
    policy_version: about("The policy's version.", { type: "integer", minimum: 1 }),
    allow_partial: about("Whether the policy allows a PARTIAL decision.", bool),
  },
);

const stateExtensions = {
  ...extensionMapSchema,
  description: "Everything the ABI has no field for, under x- keys (Canon's: locks, resolved failures, completion).",
  properties: {
    "x-locks": about("Locks held, as of this version.", listOf(lock)),
    "x-resolved-failures": about("Failures that were resolved, with how.", listOf(resolvedFailure)),
    "x-completion": embed("The latest completion decision, if one was recorded.", completionRecord),
    "x-completion-proposals": about("Claims that the run is done; they complete nothing.", listOf(completionProposal)),
    // Written by redaction only (src/domain/redaction.ts), never stored.
    "x-redactions": embed("How much a reader was not shown (redacted views only).", redactions),
    "x-completion-policy": embed("The completion policy the run was started under, if any.", completionPolicy),
  },
} as const;

const identity = closed(
  { title: "StateIdentity", description: "Which run and version a state is." },
  ["run_id", "session_id", "task_id", "state_version"],
  {
    run_id: about("The run.", id),
    session_id: about("The run's session.", id),
    task_id: about("The run's task.", id),
    state_version: about("The state's version.", stateVersion),
  },
);
const workRef = closed(
  { title: "WorkRef", description: "Where the run's work is kept, when not in this state." },
  ["store", "run_id", "state_version"],
  {
    store: about("Which store keeps it.", enumOf("WorkStore", ["AGENT_STATE", "WORK_LEDGER"])),
    run_id: about("The run it belongs to.", id),
    state_version: about("The version it refers to.", stateVersion),
    extensions: extensionMapSchema,
  },
);
const userIntent = closed({ title: "UserIntent", description: "What the caller wants, in their words." }, ["objective"], {
  objective: about("What the caller wants done.", text),
  task_ir_ref: about("The task whose TaskIR the run works from.", nullable(id)),
});
const environment = closed(
  { title: "Environment", description: "Where the run works: workspace, repository and languages." },
  ["workspace_root"],
  {
    workspace_root: about("The workspace's root directory.", text),
    repo_id: about("The repository's id, if any.", nullable(text)),
    languages: about("Languages of the workspace.", listOf(text)),
    fingerprint: about("A hash of the environment, to tell whether it changed.", nullable(hash)),
  },
);
const activePack = closed({ title: "ActivePack", description: "A capability pack active in the run." }, ["pack_id", "pack_version"], {
  pack_id: about("The pack's id.", id),
  pack_version: about("The pack's version.", { type: "string", pattern: "^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.]+)?$" }),
});
const graphCursor = closed({ title: "GraphCursor", description: "The run's position in its plan graph." }, ["graph_id", "graph_version"], {
  graph_id: about("The plan graph's id.", id),
  graph_version: about("The plan graph's version.", version),
  frontier: about("Nodes ready to run next.", ids),
  completed_nodes: about("Nodes finished.", ids),
  failed_nodes: about("Nodes that failed.", ids),
});
const hypothesis = closed(
  { title: "Hypothesis", description: "A guess. It stays a hypothesis until recorded evidence supports or refutes it." },
  ["hypothesis_id", "statement", "status"],
  {
    hypothesis_id: about("The hypothesis's id.", id),
    statement: about("What is guessed.", text),
    status: about("OPEN until recorded evidence supports or refutes it.", enumOf("HypothesisStatus", HYPOTHESIS_STATUSES)),
    evidence_refs: about("The recorded evidence behind its status.", listOf(evidenceRef)),
  },
);
const artifact = closed(
  { title: "ArtifactRef", description: "An artifact the run generated, by content hash." },
  ["artifact_id", "content_hash"],
  {
    artifact_id: about("The artifact's id.", id),
    content_hash: about("sha256 of the artifact's content.", hash),
    mime_type: about("The artifact's media type, if known.", nullable(text)),
    uri: about("Where the artifact is, if it is stored somewhere.", nullable(text)),
    extensions: extensionMapSchema,
  },
);
const permissions = closed({ title: "Permissions", description: "What the run's components are allowed to do." }, ["grant_ids"], {
  grant_ids: about("Ids of the permission grants in force.", ids),
  authority_profile: about("The coarse profile the grants amount to.", nullable(enumOf("AuthorityProfile", AUTHORITY_PROFILES))),
});
const budgets = closed(
  { title: "ResourceBudget", description: "Limits on what the run may spend (ABI ResourceBudget); null means unlimited." },
  [],
  {
    max_cost_units: about("Most cost units.", nullable({ type: "number", minimum: 0 })),
    max_tokens: about("Most model tokens.", nonNegativeInt),
    max_wall_ms: about("Most wall-clock time, in milliseconds.", nonNegativeInt),
    max_tool_calls: about("Most tool calls.", nonNegativeInt),
    max_attempts: about("Most attempts.", nonNegativeInt),
    max_spawns: about("Most sub-runs spawned.", nonNegativeInt),
    extensions: extensionMapSchema,
  },
);
const coverage = closed(
  { title: "CriterionCoverage", description: "Whether an acceptance criterion is covered by recorded evidence." },
  ["criterion_id", "satisfied"],
  {
    criterion_id: about("The criterion.", id),
    satisfied: about("Whether the evidence shows it is met.", bool),
    evidence_refs: about("The evidence that covers it.", listOf(evidenceRef)),
  },
);
const completion = closed(
  { title: "Completion", description: "Recorded completion. A run is complete only when a completion decision is recorded here." },
  ["coverage"],
  {
    coverage: about("Per acceptance criterion: covered by evidence or not.", listOf(coverage)),
    latest_decision_ref: about("Id of the latest completion decision receipt, if one was recorded.", nullable(id)),
  },
);
const instructionPredicate = closed(
  { title: "InstructionPredicate", description: "A condition under which an instruction applies." },
  ["predicate_id", "instruction_ref", "condition"],
  {
    predicate_id: about("The predicate's id.", id),
    instruction_ref: about("The instruction it guards.", id),
    condition: about("When the instruction applies.", text),
    pinned: about("A pinned predicate survives context compression.", { ...bool, default: false }),
  },
);
const sensitivityLabel = closed(
  { title: "SensitivityLabel", description: "A sensitivity class on a resource (exact ref or glob); readers below it see it redacted." },
  ["resource", "class"],
  {
    resource: about("The resource: an exact ref or a glob such as fs:src/secrets/**.", { type: "string", minLength: 1 }),
    class: about("How sensitive the resource is.", enumOf("SensitivityClass", SENSITIVITY_CLASSES)),
  },
);
const retrievalSnapshot = closed(
  { title: "RetrievalSnapshotRef", description: "A snapshot of retrieved context the run relied on." },
  ["snapshot_id", "fingerprint"],
  {
    snapshot_id: about("The snapshot's id.", id),
    fingerprint: about("A hash of what was retrieved.", hash),
  },
);

export const agentStateSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://canon.dev/schemas/agent-state.v1.json",
  ...closed(
    { title: "AgentState", description: "The run's canonical state (Kernel ABI AgentStateV1), as typed fields." },
    [
      "schema_id",
      "schema_version",
      "identity",
      "user_intent",
      "acceptance",
      "constraints",
      "environment",
      "active_packs",
      "plan",
      "graph_cursor",
      "evidence",
      "permissions",
      "budgets",
      "completion",
      "instruction_predicates",
      "sensitivity_labels",
      "retrieval_snapshot_refs",
    ],
    {
      schema_id: about("Always allternit.kernel.AgentStateV1.", { const: AGENT_STATE_SCHEMA_ID }),
      schema_version: about("The ABI version of the document, 1.0.0.", { type: "string", pattern: "^1\\.\\d+\\.\\d+$" }),
      identity: embed("Which run, session, task and version this state is.", identity),
      work_ref: about("Where the run's work is kept, when not in this state.", nullable(workRef)),
      user_intent: embed("What the caller wants.", userIntent),
      acceptance: about("Acceptance criteria the result must meet.", listOf(acceptanceCriterion)),
      constraints: about("Constraint ids the run must respect.", ids),
      environment: embed("Where the run works.", environment),
      repository: about("The repository's state as last recorded (branch, commit, dirty files).", nullable({ type: "object" })),
      active_packs: about("Capability packs active in the run.", listOf(activePack)),
      plan: about("The run's plan, as the planner wrote it.", { type: "object" }),
      graph_cursor: embed("The run's position in its plan graph.", graphCursor),
      hypotheses: about("Guesses, with their status. Never facts: see `evidence` for what is known.", listOf(hypothesis)),
      candidate_targets: about("Places the run considers acting on.", listOf(candidateTarget)),
      selected_targets: about("The targets chosen to act on.", listOf({ type: "string", minLength: 1 })),
      context_index: about("Ids of every context item the run indexed.", ids),
      relevant_context: about("The context ids selected as relevant now; each is in contextIndex.", ids),
      generated_artifacts: about("Artifacts the run produced.", listOf(artifact)),
      mutations: about("Ids of mutation receipts, in the order they were recorded.", ids),
      command_history: about("Ids of tool receipts, in the order they were recorded.", ids),
      diagnostics: about("Diagnostics the run recorded.", listOf(diagnostic)),
      verification: about("Ids of verification receipts, in the order they were recorded.", ids),
      unresolved_failures: about("Failures not yet resolved; a blocking one prevents COMPLETE.", listOf(failure)),
      evidence: about("Recorded evidence: what the run knows, as opposed to hypotheses.", listOf(evidenceRef)),
      permissions: embed("What the run's components may do.", permissions),
      budgets: embed("Limits on what the run may spend.", budgets),
      model_state: about("The model's own working state, opaque to Canon.", { type: "object" }),
      subgoals: about("Steps the run set itself.", listOf(subgoal)),
      completion: embed("Coverage of the acceptance criteria and the latest completion decision.", completion),
      instruction_predicates: about("Conditions under which instructions apply.", listOf(instructionPredicate)),
      sensitivity_labels: about("Sensitivity classes on resources; they decide what each reader sees.", listOf(sensitivityLabel)),
      retrieval_snapshot_refs: about("Snapshots of retrieved context the run relied on.", listOf(retrievalSnapshot)),
      user_visible_status: about("Display projection only; never authoritative lifecycle.", nullable(text)),
      extensions: stateExtensions,
    },
  ),
} as const;
