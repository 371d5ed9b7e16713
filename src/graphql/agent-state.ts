// AgentStateV1 as typed GraphQL objects (camelCase), so clients select exactly the parts of
// the state they need. Open objects of the contract (plan, acceptance items, ...) are JSON.
// Hypotheses and evidence are separate fields on purpose: a guess is never shown as a fact.
import type { AgentStateV1, EvidenceRef } from "../contracts/agent-state.js";
import { builder } from "./builder.js";

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
    kind: t.exposeString("kind"),
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
    status: t.exposeString("status"),
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
    authorityProfile: t.string({ nullable: true, resolve: (p) => p.authority_profile ?? null }),
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
  fields: (t) => ({ resource: t.exposeString("resource"), class: t.exposeString("class") }),
});

const RetrievalSnapshot = builder.objectRef<State["retrieval_snapshot_refs"][number]>("RetrievalSnapshotRef").implement({
  fields: (t) => ({ snapshotId: t.exposeID("snapshot_id"), fingerprint: t.exposeString("fingerprint") }),
});

const objects = (value: unknown[] | undefined) => (value ?? []) as object[];

export const AgentState = builder.objectRef<State>("AgentState").implement({
  description: "The run's canonical state (Kernel ABI AgentStateV1), as typed fields.",
  fields: (t) => ({
    schemaId: t.exposeString("schema_id"),
    schemaVersion: t.exposeString("schema_version"),
    identity: t.field({ type: Identity, resolve: (s) => s.identity }),
    userIntent: t.field({ type: UserIntent, resolve: (s) => s.user_intent }),
    acceptance: t.field({ type: ["JSONObject"], resolve: (s) => s.acceptance }),
    constraints: t.exposeIDList("constraints"),
    environment: t.field({ type: Environment, resolve: (s) => s.environment }),
    repository: t.field({ type: "JSONObject", nullable: true, resolve: (s) => s.repository ?? null }),
    activePacks: t.field({ type: [ActivePack], resolve: (s) => s.active_packs }),
    plan: t.field({ type: "JSONObject", resolve: (s) => s.plan }),
    graphCursor: t.field({ type: GraphCursor, resolve: (s) => s.graph_cursor }),
    hypotheses: t.field({ type: [Hypothesis], resolve: (s) => s.hypotheses ?? [] }),
    evidence: t.field({ type: [Evidence], description: "Recorded evidence: what the run knows, as opposed to hypotheses.", resolve: (s) => s.evidence }),
    candidateTargets: t.field({ type: ["JSONObject"], resolve: (s) => objects(s.candidate_targets) }),
    selectedTargets: t.stringList({ resolve: (s) => s.selected_targets ?? [] }),
    contextIndex: t.idList({ resolve: (s) => s.context_index ?? [] }),
    relevantContext: t.idList({ resolve: (s) => s.relevant_context ?? [] }),
    generatedArtifacts: t.field({ type: [Artifact], resolve: (s) => s.generated_artifacts ?? [] }),
    mutations: t.idList({ resolve: (s) => s.mutations ?? [] }),
    commandHistory: t.idList({ resolve: (s) => s.command_history ?? [] }),
    diagnostics: t.field({ type: ["JSONObject"], resolve: (s) => objects(s.diagnostics) }),
    verification: t.idList({ resolve: (s) => s.verification ?? [] }),
    unresolvedFailures: t.field({ type: ["JSONObject"], resolve: (s) => objects(s.unresolved_failures) }),
    permissions: t.field({ type: Permissions, resolve: (s) => s.permissions }),
    budgets: t.field({ type: Budgets, resolve: (s) => s.budgets }),
    subgoals: t.field({ type: ["JSONObject"], resolve: (s) => objects(s.subgoals) }),
    completion: t.field({ type: Completion, resolve: (s) => s.completion }),
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
