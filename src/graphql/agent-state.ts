// AgentStateV1 as typed GraphQL objects (camelCase), so clients select exactly the parts of
// the state they need. Open objects of the contract (plan, acceptance items, ...) are JSON.
// Hypotheses and evidence are separate fields on purpose: a guess is never shown as a fact.
import {
  EXT,
  SENSITIVITY_CLASSES,
  SUBGOAL_STATUSES,
  type AcceptanceCriterion,
  type AgentStateV1,
  type CandidateTarget,
  type CompletionProposal,
  type Diagnostic,
  type EvidenceRef,
  type Lock,
  type ResolvedFailure,
  type Subgoal,
  type UnresolvedFailure,
} from "../contracts/agent-state.js";
import { profileName } from "../domain/operations/permissions.js";
import { EVIDENCE_KINDS } from "../contracts/receipts.js";
import { locksOf } from "../domain/operations/locks.js";
import { extensionOf } from "../domain/rules/state-parts.js";
import { builder } from "./builder.js";
import { CompletionView } from "./completion.js";
import { sharedEnum } from "./shared-enums.js";

type State = AgentStateV1;

const Identity = builder.objectRef<State["identity"]>("StateIdentity").implement({
  description: "Which run and version a state is.",
  fields: (t) => ({
    runId: t.exposeID("run_id", { description: "The run." }),
    sessionId: t.exposeID("session_id", { description: "The run's session." }),
    taskId: t.exposeID("task_id", { description: "The run's task." }),
    stateVersion: t.exposeInt("state_version", { description: "The state's version." }),
  }),
});

const UserIntent = builder.objectRef<State["user_intent"]>("UserIntent").implement({
  description: "What the caller wants, in their words.",
  fields: (t) => ({
    objective: t.exposeString("objective", { description: "What the caller wants done." }),
    taskIrRef: t.id({
      description: "The task whose TaskIR the run works from.",
      nullable: true,
      resolve: (intent) => intent.task_ir_ref ?? null,
    }),
  }),
});

const Environment = builder.objectRef<State["environment"]>("Environment").implement({
  description: "Where the run works: workspace, repository and languages.",
  fields: (t) => ({
    workspaceRoot: t.exposeString("workspace_root", { description: "The workspace's root directory." }),
    repoId: t.string({ description: "The repository's id, if any.", nullable: true, resolve: (env) => env.repo_id ?? null }),
    languages: t.stringList({ description: "Languages of the workspace.", resolve: (env) => env.languages ?? [] }),
    fingerprint: t.string({
      description: "A hash of the environment, to tell whether it changed.",
      nullable: true,
      resolve: (env) => env.fingerprint ?? null,
    }),
  }),
});

const ActivePack = builder.objectRef<State["active_packs"][number]>("ActivePack").implement({
  description: "A capability pack active in the run.",
  fields: (t) => ({
    packId: t.exposeID("pack_id", { description: "The pack's id." }),
    packVersion: t.exposeString("pack_version", { description: "The pack's version." }),
  }),
});

const GraphCursor = builder.objectRef<State["graph_cursor"]>("GraphCursor").implement({
  description: "The run's position in its plan graph.",
  fields: (t) => ({
    graphId: t.exposeID("graph_id", { description: "The plan graph's id." }),
    graphVersion: t.exposeInt("graph_version", { description: "The plan graph's version." }),
    frontier: t.idList({ description: "Nodes ready to run next.", resolve: (cursor) => cursor.frontier ?? [] }),
    completedNodes: t.idList({ description: "Nodes finished.", resolve: (cursor) => cursor.completed_nodes ?? [] }),
    failedNodes: t.idList({ description: "Nodes that failed.", resolve: (cursor) => cursor.failed_nodes ?? [] }),
  }),
});

const Evidence = builder.objectRef<EvidenceRef>("EvidenceRef").implement({
  description: "A recorded piece of evidence: a receipt, a file, a human resolution, ...",
  fields: (t) => ({
    kind: t.field({
      description: "What it points at.",
      type: sharedEnum("EvidenceKind", EVIDENCE_KINDS),
      resolve: (e) => e.kind as (typeof EVIDENCE_KINDS)[number],
    }),
    ref: t.exposeID("ref", { description: "The id of what it points at (a receipt id, a path, ...)." }),
    contentHash: t.string({
      description: "sha256 of what it points at, when known.",
      nullable: true,
      resolve: (e) => e.content_hash ?? null,
    }),
    claim: t.string({ description: "What the evidence is said to show.", nullable: true, resolve: (e) => e.claim ?? null }),
  }),
});

const Hypothesis = builder.objectRef<NonNullable<State["hypotheses"]>[number]>("Hypothesis").implement({
  description: "A guess. It stays a hypothesis until recorded evidence supports or refutes it.",
  fields: (t) => ({
    hypothesisId: t.exposeID("hypothesis_id", { description: "The hypothesis's id." }),
    statement: t.exposeString("statement", { description: "What is guessed." }),
    status: t.field({
      description: "OPEN until recorded evidence supports or refutes it.",
      type: sharedEnum("HypothesisStatus", ["OPEN", "SUPPORTED", "REFUTED", "ABANDONED"]),
      resolve: (h) => h.status,
    }),
    evidenceRefs: t.field({
      description: "The recorded evidence behind its status.",
      type: [Evidence],
      resolve: (h) => h.evidence_refs ?? [],
    }),
  }),
});

const Artifact = builder.objectRef<NonNullable<State["generated_artifacts"]>[number]>("ArtifactRef").implement({
  description: "An artifact the run generated, by content hash.",
  fields: (t) => ({
    artifactId: t.exposeID("artifact_id", { description: "The artifact's id." }),
    contentHash: t.exposeString("content_hash", { description: "sha256 of the artifact's content." }),
    mimeType: t.string({ description: "The artifact's media type, if known.", nullable: true, resolve: (a) => a.mime_type ?? null }),
    uri: t.string({ description: "Where the artifact is, if it is stored somewhere.", nullable: true, resolve: (a) => a.uri ?? null }),
  }),
});

const Permissions = builder.objectRef<State["permissions"]>("Permissions").implement({
  description: "What the run's components are allowed to do.",
  fields: (t) => ({
    grantIds: t.exposeIDList("grant_ids", { description: "Ids of the permission grants in force." }),
    authorityProfile: t.field({
      description: "The coarse profile the grants amount to.",
      type: sharedEnum("AuthorityProfile", ["READ_ONLY", "CODE_SAFE", "CODE_WRITE"]),
      nullable: true,
      resolve: (p) => (p.authority_profile ? profileName(p.authority_profile) : null),
    }),
  }),
});

const Budgets = builder.objectRef<State["budgets"]>("ResourceBudget").implement({
  description: "Limits on what the run may spend (ABI ResourceBudget); null means unlimited.",
  fields: (t) => ({
    maxCostUnits: t.float({ description: "Most cost units.", nullable: true, resolve: (b) => b.max_cost_units ?? null }),
    maxTokens: t.int({ description: "Most model tokens.", nullable: true, resolve: (b) => b.max_tokens ?? null }),
    maxWallMs: t.int({ description: "Most wall-clock time, in milliseconds.", nullable: true, resolve: (b) => b.max_wall_ms ?? null }),
    maxToolCalls: t.int({ description: "Most tool calls.", nullable: true, resolve: (b) => b.max_tool_calls ?? null }),
    maxAttempts: t.int({ description: "Most attempts.", nullable: true, resolve: (b) => b.max_attempts ?? null }),
    maxSpawns: t.int({ description: "Most sub-runs spawned.", nullable: true, resolve: (b) => b.max_spawns ?? null }),
  }),
});

const Coverage = builder.objectRef<State["completion"]["coverage"][number]>("CriterionCoverage").implement({
  description: "Whether an acceptance criterion is covered by recorded evidence.",
  fields: (t) => ({
    criterionId: t.exposeID("criterion_id", { description: "The criterion." }),
    satisfied: t.exposeBoolean("satisfied", { description: "Whether the evidence shows it is met." }),
    evidenceRefs: t.field({ description: "The evidence that covers it.", type: [Evidence], resolve: (c) => c.evidence_refs ?? [] }),
  }),
});

const Completion = builder.objectRef<State["completion"]>("Completion").implement({
  description: "Recorded completion. A run is complete only when a completion decision is recorded here.",
  fields: (t) => ({
    coverage: t.field({
      description: "Per acceptance criterion: covered by evidence or not.",
      type: [Coverage],
      resolve: (c) => c.coverage,
    }),
    latestDecisionRef: t.id({
      description: "Id of the latest completion decision receipt, if one was recorded.",
      nullable: true,
      resolve: (c) => c.latest_decision_ref ?? null,
    }),
  }),
});

const InstructionPredicate = builder.objectRef<State["instruction_predicates"][number]>("InstructionPredicate").implement({
  description: "A condition under which an instruction applies.",
  fields: (t) => ({
    predicateId: t.exposeID("predicate_id", { description: "The predicate's id." }),
    instructionRef: t.exposeID("instruction_ref", { description: "The instruction it guards." }),
    condition: t.exposeString("condition", { description: "When the instruction applies." }),
    pinned: t.boolean({ description: "A pinned predicate survives context compression.", resolve: (p) => p.pinned ?? false }),
  }),
});

const SensitivityLabel = builder.objectRef<State["sensitivity_labels"][number]>("SensitivityLabel").implement({
  description: "A sensitivity class on a resource (exact ref or glob); readers below it see it redacted.",
  fields: (t) => ({
    resource: t.exposeString("resource", { description: "The resource: an exact ref or a glob such as fs:src/secrets/**." }),
    class: t.field({
      description: "How sensitive the resource is.",
      type: sharedEnum("SensitivityClass", SENSITIVITY_CLASSES),
      resolve: (l) => l.class,
    }),
  }),
});

const RetrievalSnapshot = builder.objectRef<State["retrieval_snapshot_refs"][number]>("RetrievalSnapshotRef").implement({
  description: "A snapshot of retrieved context the run relied on.",
  fields: (t) => ({
    snapshotId: t.exposeID("snapshot_id", { description: "The snapshot's id." }),
    fingerprint: t.exposeString("fingerprint", { description: "A hash of what was retrieved." }),
  }),
});

const Criterion = builder.objectRef<AcceptanceCriterion>("AcceptanceCriterion").implement({
  description: "A criterion the run's result must meet; a COMPLETE decision needs PASS evidence for every required one.",
  fields: (t) => ({
    criterionId: t.exposeID("criterion_id", { description: "The criterion's id, cited by completion decisions." }),
    description: t.exposeString("description", { description: "What must be true." }),
    origin: t.field({
      description: "Whether the caller stated it or the completion policy added it.",
      type: sharedEnum("CriterionOrigin", ["EXPLICIT", "INFERRED"]),
      resolve: (c) => c.origin,
    }),
    required: t.exposeBoolean("required", { description: "A required criterion must PASS in a COMPLETE decision." }),
  }),
});

const Candidate = builder.objectRef<CandidateTarget>("CandidateTarget").implement({
  description: "A place the run considers acting on, with why and how likely.",
  fields: (t) => ({
    target: t.exposeString("target", { description: "The place: a typed resource ref such as fs:src/app.ts." }),
    reason: t.string({ description: "Why it is a candidate.", nullable: true, resolve: (c) => c.reason ?? null }),
    score: t.float({ description: "How likely it is the right place, from 0 to 1.", nullable: true, resolve: (c) => c.score ?? null }),
  }),
});

const DiagnosticType = builder.objectRef<Diagnostic>("Diagnostic").implement({
  description: "A diagnostic the run recorded (compiler error, lint warning, ...).",
  fields: (t) => ({
    diagnosticId: t.exposeID("diagnostic_id", { description: "The diagnostic's id." }),
    severity: t.field({
      description: "How serious it is.",
      type: sharedEnum("DiagnosticSeverity", ["ERROR", "WARNING", "INFO"]),
      resolve: (d) => d.severity,
    }),
    message: t.exposeString("message", { description: "What it says." }),
    resource: t.string({ description: "The resource it is about, if any.", nullable: true, resolve: (d) => d.resource ?? null }),
    sourceType: t.exposeString("source_type", { description: "What produced it." }),
    recordedAtVersion: t.exposeInt("recorded_at_version", { description: "The state version it was recorded at." }),
  }),
});

const Failure = builder.objectRef<UnresolvedFailure>("UnresolvedFailure").implement({
  description: "A failure the run recorded and has not resolved.",
  fields: (t) => ({
    failureId: t.exposeID("failure_id", { description: "The failure's id." }),
    summary: t.exposeString("summary", { description: "What failed." }),
    blocking: t.exposeBoolean("blocking", { description: "A blocking failure prevents a COMPLETE decision." }),
    nodeId: t.id({ description: "The graph node that failed, if any.", nullable: true, resolve: (f) => f.node_id ?? null }),
    recordedAtVersion: t.exposeInt("recorded_at_version", { description: "The state version it was recorded at." }),
  }),
});

const Resolved = builder.objectRef<ResolvedFailure>("ResolvedFailure").implement({
  description: "A failure that was resolved, and how.",
  fields: (t) => ({
    failureId: t.exposeID("failure_id", { description: "The failure's id." }),
    summary: t.exposeString("summary", { description: "What failed." }),
    blocking: t.exposeBoolean("blocking", { description: "Whether it blocked completion while open." }),
    resolution: t.exposeString("resolution", { description: "How it was resolved." }),
    resolvedBy: t.exposeID("resolved_by", { description: "component_id of who resolved it." }),
    recordedAtVersion: t.exposeInt("recorded_at_version", { description: "The version it was recorded at." }),
    resolvedAtVersion: t.exposeInt("resolved_at_version", { description: "The version it was resolved at." }),
  }),
});

const SubgoalType = builder.objectRef<Subgoal>("Subgoal").implement({
  description: "A step the run set itself. Subgoals never imply completion.",
  fields: (t) => ({
    subgoalId: t.exposeID("subgoal_id", { description: "The subgoal's id." }),
    description: t.exposeString("description", { description: "What the subgoal is." }),
    status: t.field({ description: "Where it stands.", type: sharedEnum("SubgoalStatus", SUBGOAL_STATUSES), resolve: (s) => s.status }),
    parentId: t.id({ description: "The subgoal it belongs to, if any.", nullable: true, resolve: (s) => s.parent_id ?? null }),
  }),
});

const LockType = builder.objectRef<Lock>("Lock").implement({
  description: 'A lock a component holds (kept in extensions["x-locks"]). Expiry is judged at commit time.',
  fields: (t) => ({
    resource: t.exposeString("resource", { description: "The locked resource (a ref or a glob)." }),
    holder: t.exposeID("holder", { description: "component_id of the holder." }),
    acquiredAt: t.exposeString("acquired_at", { description: "When the lock was taken." }),
    expiresAt: t.exposeString("expires_at", { description: "When it expires unless renewed." }),
    stateVersionAcquired: t.exposeInt("state_version_acquired", { description: "The state version it was taken at." }),
  }),
});

const Proposal = builder.objectRef<CompletionProposal>("CompletionProposal").implement({
  description: "A claim that the run is done. It completes nothing; only a completion decision does.",
  fields: (t) => ({
    proposalId: t.exposeID("proposal_id", { description: "The proposal's id." }),
    proposedBy: t.exposeID("proposed_by", { description: "component_id of the proposer." }),
    proposedAtVersion: t.exposeInt("proposed_at_version", { description: "The state version the proposal was made on." }),
    claimedCriteria: t.field({
      description: "The criteria the proposer claims are met, with its evidence.",
      type: "JSON",
      resolve: (p) => p.claimed_criteria,
    }),
  }),
});

const typed = <T>(value: unknown[] | undefined) => (value ?? []) as T[];

export const AgentState = builder.objectRef<State>("AgentState").implement({
  description: "The run's canonical state (Kernel ABI AgentStateV1), as typed fields.",
  fields: (t) => ({
    schemaId: t.exposeString("schema_id", { description: "Always allternit.kernel.AgentStateV1." }),
    schemaVersion: t.exposeString("schema_version", { description: "The ABI version of the document, 1.0.0." }),
    identity: t.field({ description: "Which run, session, task and version this state is.", type: Identity, resolve: (s) => s.identity }),
    userIntent: t.field({ description: "What the caller wants.", type: UserIntent, resolve: (s) => s.user_intent }),
    acceptance: t.field({
      description: "Acceptance criteria the result must meet.",
      type: [Criterion],
      resolve: (s) => typed<AcceptanceCriterion>(s.acceptance),
    }),
    constraints: t.exposeIDList("constraints", { description: "Constraint ids the run must respect." }),
    environment: t.field({ description: "Where the run works.", type: Environment, resolve: (s) => s.environment }),
    repository: t.field({
      description: "The repository's state as last recorded (branch, commit, dirty files).",
      type: "JSONObject",
      nullable: true,
      resolve: (s) => s.repository ?? null,
    }),
    activePacks: t.field({ description: "Capability packs active in the run.", type: [ActivePack], resolve: (s) => s.active_packs }),
    plan: t.field({ description: "The run's plan, as the planner wrote it.", type: "JSONObject", resolve: (s) => s.plan }),
    graphCursor: t.field({ description: "The run's position in its plan graph.", type: GraphCursor, resolve: (s) => s.graph_cursor }),
    hypotheses: t.field({
      type: [Hypothesis],
      description: "Guesses, with their status. Never facts: see `evidence` for what is known.",
      resolve: (s) => s.hypotheses ?? [],
    }),
    evidence: t.field({
      type: [Evidence],
      description: "Recorded evidence: what the run knows, as opposed to hypotheses.",
      resolve: (s) => s.evidence,
    }),
    candidateTargets: t.field({
      description: "Places the run considers acting on.",
      type: [Candidate],
      resolve: (s) => typed<CandidateTarget>(s.candidate_targets),
    }),
    selectedTargets: t.stringList({ description: "The targets chosen to act on.", resolve: (s) => s.selected_targets ?? [] }),
    contextIndex: t.idList({ description: "Ids of every context item the run indexed.", resolve: (s) => s.context_index ?? [] }),
    relevantContext: t.idList({
      description: "The context ids selected as relevant now; each is in contextIndex.",
      resolve: (s) => s.relevant_context ?? [],
    }),
    generatedArtifacts: t.field({
      description: "Artifacts the run produced.",
      type: [Artifact],
      resolve: (s) => s.generated_artifacts ?? [],
    }),
    mutations: t.idList({ description: "Ids of mutation receipts, in the order they were recorded.", resolve: (s) => s.mutations ?? [] }),
    commandHistory: t.idList({
      description: "Ids of tool receipts, in the order they were recorded.",
      resolve: (s) => s.command_history ?? [],
    }),
    diagnostics: t.field({
      description: "Diagnostics the run recorded.",
      type: [DiagnosticType],
      resolve: (s) => typed<Diagnostic>(s.diagnostics),
    }),
    verification: t.idList({
      description: "Ids of verification receipts, in the order they were recorded.",
      resolve: (s) => s.verification ?? [],
    }),
    unresolvedFailures: t.field({
      description: "Failures not yet resolved; a blocking one prevents COMPLETE.",
      type: [Failure],
      resolve: (s) => typed<UnresolvedFailure>(s.unresolved_failures),
    }),
    resolvedFailures: t.field({
      description: "Failures that were resolved, with how.",
      type: [Resolved],
      resolve: (s) => extensionOf<ResolvedFailure[]>(s, EXT.resolvedFailures, []),
    }),
    permissions: t.field({ description: "What the run's components may do.", type: Permissions, resolve: (s) => s.permissions }),
    budgets: t.field({ description: "Limits on what the run may spend.", type: Budgets, resolve: (s) => s.budgets }),
    subgoals: t.field({ description: "Steps the run set itself.", type: [SubgoalType], resolve: (s) => typed<Subgoal>(s.subgoals) }),
    locks: t.field({ type: [LockType], description: "Locks held, as of this version.", resolve: (s) => locksOf(s) }),
    completion: t.field({
      description: "Coverage of the acceptance criteria and the latest completion decision.",
      type: Completion,
      resolve: (s) => s.completion,
    }),
    completionStatus: t.field({
      type: CompletionView,
      description: "NOT_COMPLETE until a completion decision is recorded; never inferred.",
      resolve: (s) => s,
    }),
    completionProposals: t.field({
      description: "Claims that the run is done; they complete nothing.",
      type: [Proposal],
      resolve: (s) => extensionOf<CompletionProposal[]>(s, EXT.completionProposals, []),
    }),
    instructionPredicates: t.field({
      description: "Conditions under which instructions apply.",
      type: [InstructionPredicate],
      resolve: (s) => s.instruction_predicates,
    }),
    sensitivityLabels: t.field({
      description: "Sensitivity classes on resources; they decide what each reader sees.",
      type: [SensitivityLabel],
      resolve: (s) => s.sensitivity_labels,
    }),
    retrievalSnapshotRefs: t.field({
      description: "Snapshots of retrieved context the run relied on.",
      type: [RetrievalSnapshot],
      resolve: (s) => s.retrieval_snapshot_refs,
    }),
    userVisibleStatus: t.string({
      nullable: true,
      description: "Display projection only; never authoritative lifecycle.",
      resolve: (s) => s.user_visible_status ?? null,
    }),
    extensions: t.field({
      description: "Everything the ABI has no field for, under x- keys (Canon's: locks, resolved failures, completion).",
      type: "JSONObject",
      nullable: true,
      resolve: (s) => s.extensions ?? null,
    }),
  }),
});
