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
  fields: (t) => ({
    runId: t.exposeID("run_id"),
    sessionId: t.exposeID("session_id"),
    taskId: t.exposeID("task_id"),
    stateVersion: t.exposeInt("state_version"),
  }),
});

const UserIntent = builder.objectRef<State["user_intent"]>("UserIntent").implement({
  fields: (t) => ({
    objective: t.exposeString("objective"),
    taskIrRef: t.id({ nullable: true, resolve: (intent) => intent.task_ir_ref ?? null }),
  }),
});

const Environment = builder.objectRef<State["environment"]>("Environment").implement({
  fields: (t) => ({
    workspaceRoot: t.exposeString("workspace_root"),
    repoId: t.string({ nullable: true, resolve: (env) => env.repo_id ?? null }),
    languages: t.stringList({ resolve: (env) => env.languages ?? [] }),
    fingerprint: t.string({ nullable: true, resolve: (env) => env.fingerprint ?? null }),
  }),
});

const ActivePack = builder.objectRef<State["active_packs"][number]>("ActivePack").implement({
  fields: (t) => ({ packId: t.exposeID("pack_id"), packVersion: t.exposeString("pack_version") }),
});

const GraphCursor = builder.objectRef<State["graph_cursor"]>("GraphCursor").implement({
  fields: (t) => ({
    graphId: t.exposeID("graph_id"),
    graphVersion: t.exposeInt("graph_version"),
    frontier: t.idList({ resolve: (cursor) => cursor.frontier ?? [] }),
    completedNodes: t.idList({ resolve: (cursor) => cursor.completed_nodes ?? [] }),
    failedNodes: t.idList({ resolve: (cursor) => cursor.failed_nodes ?? [] }),
  }),
});

const Evidence = builder.objectRef<EvidenceRef>("EvidenceRef").implement({
  description: "A recorded piece of evidence: a receipt, a file, a human resolution, ...",
  fields: (t) => ({
    kind: t.field({ type: sharedEnum("EvidenceKind", EVIDENCE_KINDS), resolve: (e) => e.kind as (typeof EVIDENCE_KINDS)[number] }),
    ref: t.exposeID("ref"),
    contentHash: t.string({ nullable: true, resolve: (e) => e.content_hash ?? null }),
    claim: t.string({ nullable: true, resolve: (e) => e.claim ?? null }),
  }),
});

const Hypothesis = builder.objectRef<NonNullable<State["hypotheses"]>[number]>("Hypothesis").implement({
  description: "A guess. It stays a hypothesis until recorded evidence supports or refutes it.",
  fields: (t) => ({
    hypothesisId: t.exposeID("hypothesis_id"),
    statement: t.exposeString("statement"),
    status: t.field({ type: sharedEnum("HypothesisStatus", ["OPEN", "SUPPORTED", "REFUTED", "ABANDONED"]), resolve: (h) => h.status }),
    evidenceRefs: t.field({ type: [Evidence], resolve: (h) => h.evidence_refs ?? [] }),
  }),
});

const Artifact = builder.objectRef<NonNullable<State["generated_artifacts"]>[number]>("ArtifactRef").implement({
  fields: (t) => ({
    artifactId: t.exposeID("artifact_id"),
    contentHash: t.exposeString("content_hash"),
    mimeType: t.string({ nullable: true, resolve: (a) => a.mime_type ?? null }),
    uri: t.string({ nullable: true, resolve: (a) => a.uri ?? null }),
  }),
});

const Permissions = builder.objectRef<State["permissions"]>("Permissions").implement({
  fields: (t) => ({
    grantIds: t.exposeIDList("grant_ids"),
    authorityProfile: t.field({
      type: sharedEnum("AuthorityProfile", ["READ_ONLY", "CODE_SAFE", "CODE_WRITE"]),
      nullable: true,
      resolve: (p) => (p.authority_profile ? profileName(p.authority_profile) : null),
    }),
  }),
});

const Budgets = builder.objectRef<State["budgets"]>("ResourceBudget").implement({
  fields: (t) => ({
    maxCostUnits: t.float({ nullable: true, resolve: (b) => b.max_cost_units ?? null }),
    maxTokens: t.int({ nullable: true, resolve: (b) => b.max_tokens ?? null }),
    maxWallMs: t.int({ nullable: true, resolve: (b) => b.max_wall_ms ?? null }),
    maxToolCalls: t.int({ nullable: true, resolve: (b) => b.max_tool_calls ?? null }),
    maxAttempts: t.int({ nullable: true, resolve: (b) => b.max_attempts ?? null }),
    maxSpawns: t.int({ nullable: true, resolve: (b) => b.max_spawns ?? null }),
  }),
});

const Coverage = builder.objectRef<State["completion"]["coverage"][number]>("CriterionCoverage").implement({
  fields: (t) => ({
    criterionId: t.exposeID("criterion_id"),
    satisfied: t.exposeBoolean("satisfied"),
    evidenceRefs: t.field({ type: [Evidence], resolve: (c) => c.evidence_refs ?? [] }),
  }),
});

const Completion = builder.objectRef<State["completion"]>("Completion").implement({
  description: "Recorded completion. A run is complete only when a completion decision is recorded here.",
  fields: (t) => ({
    coverage: t.field({ type: [Coverage], resolve: (c) => c.coverage }),
    latestDecisionRef: t.id({ nullable: true, resolve: (c) => c.latest_decision_ref ?? null }),
  }),
});

const InstructionPredicate = builder.objectRef<State["instruction_predicates"][number]>("InstructionPredicate").implement({
  fields: (t) => ({
    predicateId: t.exposeID("predicate_id"),
    instructionRef: t.exposeID("instruction_ref"),
    condition: t.exposeString("condition"),
    pinned: t.boolean({ resolve: (p) => p.pinned ?? false }),
  }),
});

const SensitivityLabel = builder.objectRef<State["sensitivity_labels"][number]>("SensitivityLabel").implement({
  fields: (t) => ({
    resource: t.exposeString("resource"),
    class: t.field({ type: sharedEnum("SensitivityClass", SENSITIVITY_CLASSES), resolve: (l) => l.class }),
  }),
});

const RetrievalSnapshot = builder.objectRef<State["retrieval_snapshot_refs"][number]>("RetrievalSnapshotRef").implement({
  fields: (t) => ({ snapshotId: t.exposeID("snapshot_id"), fingerprint: t.exposeString("fingerprint") }),
});

const Criterion = builder.objectRef<AcceptanceCriterion>("AcceptanceCriterion").implement({
  fields: (t) => ({
    criterionId: t.exposeID("criterion_id"),
    description: t.exposeString("description"),
    origin: t.field({ type: sharedEnum("CriterionOrigin", ["EXPLICIT", "INFERRED"]), resolve: (c) => c.origin }),
    required: t.exposeBoolean("required"),
  }),
});

const Candidate = builder.objectRef<CandidateTarget>("CandidateTarget").implement({
  fields: (t) => ({
    target: t.exposeString("target"),
    reason: t.string({ nullable: true, resolve: (c) => c.reason ?? null }),
    score: t.float({ nullable: true, resolve: (c) => c.score ?? null }),
  }),
});

const DiagnosticType = builder.objectRef<Diagnostic>("Diagnostic").implement({
  fields: (t) => ({
    diagnosticId: t.exposeID("diagnostic_id"),
    severity: t.field({ type: sharedEnum("DiagnosticSeverity", ["ERROR", "WARNING", "INFO"]), resolve: (d) => d.severity }),
    message: t.exposeString("message"),
    resource: t.string({ nullable: true, resolve: (d) => d.resource ?? null }),
    sourceType: t.exposeString("source_type"),
    recordedAtVersion: t.exposeInt("recorded_at_version"),
  }),
});

const Failure = builder.objectRef<UnresolvedFailure>("UnresolvedFailure").implement({
  fields: (t) => ({
    failureId: t.exposeID("failure_id"),
    summary: t.exposeString("summary"),
    blocking: t.exposeBoolean("blocking", { description: "A blocking failure prevents a COMPLETE decision." }),
    nodeId: t.id({ nullable: true, resolve: (f) => f.node_id ?? null }),
    recordedAtVersion: t.exposeInt("recorded_at_version"),
  }),
});

const Resolved = builder.objectRef<ResolvedFailure>("ResolvedFailure").implement({
  fields: (t) => ({
    failureId: t.exposeID("failure_id"),
    summary: t.exposeString("summary"),
    blocking: t.exposeBoolean("blocking"),
    resolution: t.exposeString("resolution"),
    resolvedBy: t.exposeID("resolved_by"),
    recordedAtVersion: t.exposeInt("recorded_at_version"),
    resolvedAtVersion: t.exposeInt("resolved_at_version"),
  }),
});

const SubgoalType = builder.objectRef<Subgoal>("Subgoal").implement({
  fields: (t) => ({
    subgoalId: t.exposeID("subgoal_id"),
    description: t.exposeString("description"),
    status: t.field({ type: sharedEnum("SubgoalStatus", SUBGOAL_STATUSES), resolve: (s) => s.status }),
    parentId: t.id({ nullable: true, resolve: (s) => s.parent_id ?? null }),
  }),
});

const LockType = builder.objectRef<Lock>("Lock").implement({
  description: "A lock a component holds (kept in extensions[\"x-locks\"]). Expiry is judged at commit time.",
  fields: (t) => ({
    resource: t.exposeString("resource"),
    holder: t.exposeID("holder", { description: "component_id of the holder." }),
    acquiredAt: t.exposeString("acquired_at"),
    expiresAt: t.exposeString("expires_at"),
    stateVersionAcquired: t.exposeInt("state_version_acquired"),
  }),
});

const Proposal = builder.objectRef<CompletionProposal>("CompletionProposal").implement({
  description: "A claim that the run is done. It completes nothing; only a completion decision does.",
  fields: (t) => ({
    proposalId: t.exposeID("proposal_id"),
    proposedBy: t.exposeID("proposed_by"),
    proposedAtVersion: t.exposeInt("proposed_at_version"),
    claimedCriteria: t.field({ type: "JSON", resolve: (p) => p.claimed_criteria }),
  }),
});

const typed = <T>(value: unknown[] | undefined) => (value ?? []) as T[];

export const AgentState = builder.objectRef<State>("AgentState").implement({
  description: "The run's canonical state (Kernel ABI AgentStateV1), as typed fields.",
  fields: (t) => ({
    schemaId: t.exposeString("schema_id"),
    schemaVersion: t.exposeString("schema_version"),
    identity: t.field({ type: Identity, resolve: (s) => s.identity }),
    userIntent: t.field({ type: UserIntent, resolve: (s) => s.user_intent }),
    acceptance: t.field({ type: [Criterion], resolve: (s) => typed<AcceptanceCriterion>(s.acceptance) }),
    constraints: t.exposeIDList("constraints"),
    environment: t.field({ type: Environment, resolve: (s) => s.environment }),
    repository: t.field({ type: "JSONObject", nullable: true, resolve: (s) => s.repository ?? null }),
    activePacks: t.field({ type: [ActivePack], resolve: (s) => s.active_packs }),
    plan: t.field({ type: "JSONObject", resolve: (s) => s.plan }),
    graphCursor: t.field({ type: GraphCursor, resolve: (s) => s.graph_cursor }),
    hypotheses: t.field({
      type: [Hypothesis],
      description: "Guesses, with their status. Never facts: see `evidence` for what is known.",
      resolve: (s) => s.hypotheses ?? [],
    }),
    evidence: t.field({ type: [Evidence], description: "Recorded evidence: what the run knows, as opposed to hypotheses.", resolve: (s) => s.evidence }),
    candidateTargets: t.field({ type: [Candidate], resolve: (s) => typed<CandidateTarget>(s.candidate_targets) }),
    selectedTargets: t.stringList({ resolve: (s) => s.selected_targets ?? [] }),
    contextIndex: t.idList({ resolve: (s) => s.context_index ?? [] }),
    relevantContext: t.idList({ resolve: (s) => s.relevant_context ?? [] }),
    generatedArtifacts: t.field({ type: [Artifact], resolve: (s) => s.generated_artifacts ?? [] }),
    mutations: t.idList({ resolve: (s) => s.mutations ?? [] }),
    commandHistory: t.idList({ resolve: (s) => s.command_history ?? [] }),
    diagnostics: t.field({ type: [DiagnosticType], resolve: (s) => typed<Diagnostic>(s.diagnostics) }),
    verification: t.idList({ resolve: (s) => s.verification ?? [] }),
    unresolvedFailures: t.field({ type: [Failure], resolve: (s) => typed<UnresolvedFailure>(s.unresolved_failures) }),
    resolvedFailures: t.field({ type: [Resolved], resolve: (s) => extensionOf<ResolvedFailure[]>(s, EXT.resolvedFailures, []) }),
    permissions: t.field({ type: Permissions, resolve: (s) => s.permissions }),
    budgets: t.field({ type: Budgets, resolve: (s) => s.budgets }),
    subgoals: t.field({ type: [SubgoalType], resolve: (s) => typed<Subgoal>(s.subgoals) }),
    locks: t.field({ type: [LockType], description: "Locks held, as of this version.", resolve: (s) => locksOf(s) }),
    completion: t.field({ type: Completion, resolve: (s) => s.completion }),
    completionStatus: t.field({
      type: CompletionView,
      description: "NOT_COMPLETE until a completion decision is recorded; never inferred.",
      resolve: (s) => s,
    }),
    completionProposals: t.field({
      type: [Proposal],
      resolve: (s) => extensionOf<CompletionProposal[]>(s, EXT.completionProposals, []),
    }),
    instructionPredicates: t.field({ type: [InstructionPredicate], resolve: (s) => s.instruction_predicates }),
    sensitivityLabels: t.field({ type: [SensitivityLabel], resolve: (s) => s.sensitivity_labels }),
    retrievalSnapshotRefs: t.field({ type: [RetrievalSnapshot], resolve: (s) => s.retrieval_snapshot_refs }),
    userVisibleStatus: t.string({
      nullable: true,
      description: "Display projection only; never authoritative lifecycle.",
      resolve: (s) => s.user_visible_status ?? null,
    }),
    extensions: t.field({ type: "JSONObject", nullable: true, resolve: (s) => s.extensions ?? null }),
  }),
});
