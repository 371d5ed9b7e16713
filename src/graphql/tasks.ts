// Tasks: requests compiled to TaskIRV1, their open questions, and the answers that close them.
import { ForbiddenError, InputTooLargeError, InvalidInputError, NotFoundError, TaskRevisionConflictError } from "../contracts/errors.js";
import {
  AMBIGUITY_RESOLUTIONS, INTERACTION_MODES, RISK_CLASSES, TASK_TYPES, type TaskIRV1,
} from "../contracts/task-ir.js";
import { AMBIGUITY_KINDS } from "../domain/task-compiler/ambiguity.js";
import {
  completionPolicyById, type AmbiguityRecord, type CompiledTask, type Escalation, type StructuredRequest, type TaskRequest,
} from "../domain/task-compiler/index.js";
import type { TaskRecord, TaskStore } from "../store/task-store.js";
import { requires } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { authorizedAnswerer } from "./writer.js";
import { TrustClass } from "./identity-types.js";
import { sharedEnum } from "./shared-enums.js";

export const TaskTypeEnum = builder.enumType("TaskType", { values: TASK_TYPES });
export const TaskStatusEnum = builder.enumType("TaskStatus", {
  values: {
    COMPILED: { description: "Every field is determined; a run may start from it." },
    NEEDS_CLARIFICATION: { description: "Open questions block runs until a person answers them (clarifyTask)." },
    UNCOMPILED: { description: "Made by startRun from a bare objective; it has no TaskIR." },
  },
});
const RiskClassEnum = builder.enumType("RiskClass", { values: RISK_CLASSES });
const InteractionModeEnum = builder.enumType("InteractionMode", { values: INTERACTION_MODES });
const ResolutionEnum = builder.enumType("AmbiguityResolution", { values: AMBIGUITY_RESOLUTIONS });
const AmbiguityKindEnum = builder.enumType("AmbiguityKind", { values: AMBIGUITY_KINDS.map((k) => k.toUpperCase()) as string[] });
const HardnessEnum = builder.enumType("ConstraintHardness", { values: ["HARD", "SOFT"] as const });
const OriginEnum = sharedEnum("CriterionOrigin", ["EXPLICIT", "INFERRED"] as const);

const SourceSpan = builder.objectRef<{ start: number; end: number; text: string }>("SourceSpan").implement({
  description: "Where in the request (UTF-16 offsets into the compiled text) something came from.",
  fields: (t) => ({ start: t.exposeInt("start"), end: t.exposeInt("end"), text: t.exposeString("text") }),
});

const Ambiguity = builder.objectRef<AmbiguityRecord>("Ambiguity").implement({
  description: "Something the compiler could not determine, and the question it asks instead of guessing.",
  fields: (t) => ({
    ambiguityId: t.exposeID("ambiguity_id"),
    kind: t.field({ type: AmbiguityKindEnum, resolve: (a) => a.kind.toUpperCase() }),
    question: t.exposeString("question"),
    text: t.exposeString("text", { description: "The words of the request it came from." }),
    span: t.field({ type: SourceSpan, nullable: true, resolve: (a) => a.span }),
    field: t.string({ nullable: true, description: "The TaskIR field it is about, if one.", resolve: (a) => a.field }),
    options: t.exposeStringList("options", { description: "When not empty, the answer must be one of these." }),
    defaultOption: t.string({ nullable: true, resolve: (a) => a.default_option }),
    defaultable: t.exposeBoolean("defaultable", { description: "Whether acceptDefault is allowed (low-risk tasks only)." }),
    resolution: t.field({ type: ResolutionEnum, resolve: (a) => a.resolution }),
    answer: t.string({ nullable: true, resolve: (a) => a.answer }),
    answeredBy: t.string({ nullable: true, resolve: (a) => a.answered_by }),
  }),
});

const EscalationQuestion = builder.objectRef<Escalation["questions"][number]>("EscalationQuestion").implement({
  fields: (t) => ({
    ambiguityId: t.exposeID("ambiguity_id"),
    question: t.exposeString("question"),
    options: t.exposeStringList("options"),
    defaultOption: t.string({ nullable: true, resolve: (q) => q.default_option }),
    defaultable: t.exposeBoolean("defaultable"),
  }),
});

const EscalationType = builder.objectRef<Escalation>("Escalation").implement({
  description: "Raised while any ambiguity is unresolved: the questions to put to a person.",
  fields: (t) => ({
    escalationId: t.exposeID("escalation_id"),
    reason: t.exposeString("reason", { description: "Always `clarification_needed`." }),
    questions: t.field({ type: [EscalationQuestion], resolve: (e) => e.questions }),
  }),
});

const Criterion = builder.objectRef<TaskIRV1["acceptance_criteria"][number]>("TaskAcceptanceCriterion").implement({
  fields: (t) => ({
    criterionId: t.exposeID("criterion_id"),
    text: t.exposeString("text"),
    origin: t.field({ type: OriginEnum, description: "EXPLICIT: the caller stated it. INFERRED: from the completion policy.", resolve: (c) => c.origin }),
    required: t.boolean({ resolve: (c) => c.required ?? true }),
  }),
});

const Constraint = builder.objectRef<TaskIRV1["constraints"][number]>("TaskConstraint").implement({
  fields: (t) => ({
    constraintId: t.exposeID("constraint_id"),
    text: t.exposeString("text"),
    hardness: t.field({ type: HardnessEnum, resolve: (c) => c.hardness }),
  }),
});

const CompletionPolicyType = builder.objectRef<TaskIRV1["completion_policy"]>("CompletionPolicyRef").implement({
  fields: (t) => ({
    policyId: t.exposeID("policy_id"),
    policyVersion: t.exposeInt("policy_version"),
    allowPartial: t.boolean({
      nullable: true,
      description: "Whether this policy accepts a PARTIAL completion; null when Canon does not ship the policy.",
      resolve: (p) => completionPolicyById(p.policy_id, p.policy_version)?.allow_partial ?? null,
    }),
  }),
});

/** The typed view of a TaskIR; shared by stored tasks and previews. */
interface Compiled {
  ir: TaskIRV1 | null;
  ambiguities: AmbiguityRecord[];
  escalation: Escalation | null;
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The same typed fields on Task and TaskPreview (null on an UNCOMPILED task). */
function compiledFields(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Compiled>) {
  const ir = (parent: Compiled) => parent.ir;
  return {
    taskType: t.field({ type: TaskTypeEnum, nullable: true, resolve: (p: Compiled) => ir(p)?.task_type ?? null }),
    objective: t.string({ nullable: true, resolve: (p: Compiled) => ir(p)?.objective ?? null }),
    riskClass: t.field({ type: RiskClassEnum, nullable: true, resolve: (p: Compiled) => ir(p)?.risk_class ?? null }),
    interactionMode: t.field({ type: InteractionModeEnum, nullable: true, resolve: (p: Compiled) => ir(p)?.interaction_mode ?? null }),
    privacyClass: t.field({ type: TrustClass, nullable: true, resolve: (p: Compiled) => ir(p)?.privacy_class ?? null }),
    acceptanceCriteria: t.field({ type: [Criterion], resolve: (p: Compiled) => ir(p)?.acceptance_criteria ?? [] }),
    constraints: t.field({ type: [Constraint], resolve: (p: Compiled) => ir(p)?.constraints ?? [] }),
    allowedScope: t.stringList({ description: "Typed resource refs, e.g. fs:src/app.ts, net:api.example.com.", resolve: (p: Compiled) => ir(p)?.allowed_scope ?? [] }),
    forbiddenScope: t.stringList({ resolve: (p: Compiled) => ir(p)?.forbidden_scope ?? [] }),
    latencyBudgetMs: t.int({ nullable: true, resolve: (p: Compiled) => ir(p)?.latency_budget_ms ?? null }),
    costBudget: t.field({ type: "JSONObject", nullable: true, description: "The ABI's ResourceBudget.", resolve: (p: Compiled) => ir(p)?.cost_budget ?? null }),
    freshnessRequirement: t.string({ nullable: true, resolve: (p: Compiled) => ir(p)?.freshness_requirement ?? null }),
    completionPolicy: t.field({ type: CompletionPolicyType, nullable: true, resolve: (p: Compiled) => ir(p)?.completion_policy ?? null }),
    ambiguities: t.field({ type: [Ambiguity], resolve: (p: Compiled) => p.ambiguities }),
    escalation: t.field({ type: EscalationType, nullable: true, resolve: (p: Compiled) => p.escalation }),
    ir: t.field({
      type: "JSONObject",
      nullable: true,
      description: "The TaskIRV1 document; `extensions` holds the source, the compiler, and the span and reason behind every field.",
      resolve: (p: Compiled) => p.ir,
    }),
  };
}

type Revision = Awaited<ReturnType<TaskStore["revisions"]>>[number];

const TaskRevision = builder.objectRef<Revision>("TaskRevision").implement({
  description: "One revision of a task: what it compiled to, and who answered the questions that made it.",
  fields: (t) => ({
    revision: t.exposeInt("revision"),
    status: t.field({ type: TaskStatusEnum, resolve: (r) => r.status as TaskRecord["status"] }),
    answeredBy: t.string({ nullable: true, resolve: (r) => r.answeredBy }),
    createdAt: t.field({ type: "DateTime", resolve: (r) => r.createdAt }),
    ir: t.field({ type: "JSONObject", resolve: (r) => r.ir }),
  }),
});

export const Task = builder.node(builder.objectRef<TaskRecord>("Task"), {
  description: "A request compiled to one typed TaskIRV1, with the questions it still has.",
  id: { resolve: (task) => task.id },
  loadOne: (id, ctx) => ctx.tasks.get(id),
  fields: (t) => ({
    taskId: t.exposeID("id", { description: "The task's own id, derived from the request (the global `id` is for `node`)." }),
    revision: t.exposeInt("revision", { description: "Incremented by every clarification; clarifyTask names the one it read." }),
    status: t.field({ type: TaskStatusEnum, resolve: (task) => task.status }),
    createdAt: t.field({ type: "DateTime", resolve: (task) => task.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (task) => task.updatedAt }),
    revisions: t.field({ type: [TaskRevision], description: "Every revision, oldest first.", resolve: (task, _args, ctx) => ctx.tasks.revisions(task.id) }),
    ...compiledFields(t),
  }),
});

const TaskPreview = builder.objectRef<CompiledTask>("TaskPreview").implement({
  description: "What compileTask would store, computed without writing anything.",
  fields: (t) => ({
    taskId: t.id({ resolve: (p) => p.ir.task_id }),
    status: t.field({ type: TaskStatusEnum, resolve: (p) => p.status }),
    ...compiledFields(t),
  }),
});

const TaskBudgetInput = builder.inputType("TaskBudgetInput", {
  fields: (t) => ({
    maxCostUnits: t.float(), maxTokens: t.int(), maxWallMs: t.int(), maxToolCalls: t.int(), maxAttempts: t.int(), maxSpawns: t.int(),
  }),
});

const TaskRequestInput = builder.inputType("TaskRequestInput", {
  description: "A structured request. Explicit fields win over what the text suggests; a contradiction becomes a question.",
  fields: (t) => ({
    title: t.string(),
    body: t.string(),
    labels: t.stringList(),
    paths: t.stringList({ description: "Paths (or typed refs) the task may change." }),
    taskType: t.field({ type: TaskTypeEnum }),
    riskClass: t.field({ type: RiskClassEnum }),
    interactionMode: t.field({ type: InteractionModeEnum }),
    privacyClass: t.field({ type: TrustClass }),
    budgets: t.field({ type: TaskBudgetInput }),
    latencyBudgetMs: t.int(),
    freshness: t.string(),
  }),
});

const CompileTaskInput = builder.inputType("CompileTaskInput", {
  description: "Exactly one of: free text, a structured request, or an existing TaskIRV1 document.",
  isOneOf: true,
  fields: (t) => ({
    text: t.string(),
    request: t.field({ type: TaskRequestInput }),
    taskIr: t.field({ type: "JSONObject", description: "A TaskIRV1 document to validate and normalize." }),
  }),
});

const TaskAnswerInput = builder.inputType("TaskAnswerInput", {
  fields: (t) => ({
    ambiguityId: t.id({ required: true }),
    answer: t.string({ description: "The answer; one of the question's options when it has any." }),
    acceptDefault: t.boolean({ description: "Accept the question's default instead (only when it is defaultable)." }),
  }),
});

const ClarifyTaskInput = builder.inputType("ClarifyTaskInput", {
  fields: (t) => ({
    taskId: t.id({ required: true }),
    expectedRevision: t.int({ required: true, description: "The revision the answers were decided on." }),
    answers: t.field({ type: [TaskAnswerInput], required: true }),
    answeredBy: t.string({
      required: false,
      description: "Who answered: the token's component id, recorded with each answer. May be left out; any other name is refused with ERR_FORBIDDEN.",
    }),
  }),
});

const CompileTaskSuccess = builder.objectRef<{ task: TaskRecord; replayed: boolean }>("CompileTaskSuccess").implement({
  fields: (t) => ({
    task: t.field({ type: Task, resolve: (r) => r.task }),
    replayed: t.exposeBoolean("replayed", { description: "True when the same request had already been compiled: that task is returned." }),
  }),
});

const ClarifyTaskSuccess = builder.objectRef<{ task: TaskRecord }>("ClarifyTaskSuccess").implement({
  fields: (t) => ({ task: t.field({ type: Task, resolve: (r) => r.task }) }),
});

type CompileInput = typeof CompileTaskInput.$inferInput;

/** GraphQL's nulls and omissions are the same request: drop them so the task id agrees. */
function toTaskRequest(input: CompileInput): TaskRequest {
  if (input.text != null) return { text: input.text };
  if (input.taskIr != null) return { taskIr: input.taskIr };
  const r = input.request ?? {};
  const b = r.budgets;
  const budgets = b
    ? defined({ max_cost_units: b.maxCostUnits, max_tokens: b.maxTokens, max_wall_ms: b.maxWallMs, max_tool_calls: b.maxToolCalls, max_attempts: b.maxAttempts, max_spawns: b.maxSpawns })
    : undefined;
  return { request: defined({ ...r, budgets }) as StructuredRequest };
}

const defined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v != null)) as T;

const COMPILE_ERRORS = [InvalidInputError, InputTooLargeError];

builder.queryFields((t) => ({
  task: t.field({
    ...requires("run:read"),
    type: Task,
    description: "One task by its task id.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true },
    resolve: async (_root, { id }, ctx) => ctx.tasks.require(String(id)),
  }),
  tasks: t.connection({
    ...requires("run:read"),
    type: Task,
    description: "Tasks, newest first.",
    args: { status: t.arg({ type: TaskStatusEnum }), taskType: t.arg({ type: TaskTypeEnum }) },
    resolve: async (_root, args, ctx) => {
      if (args.last != null || args.before != null) {
        throw new InvalidInputError("tasks pages forward only: use first/after", [{ path: "/last", message: "not supported" }]);
      }
      const first = args.first ?? 20;
      if (first < 0 || first > 100) throw new InvalidInputError("first must be between 0 and 100", [{ path: "/first", message: "out of range" }]);
      const page = await ctx.tasks.list({ status: args.status, taskType: args.taskType }, first, args.after);
      return {
        edges: page.tasks.map((task) => ({ cursor: task.id, node: task })),
        pageInfo: {
          hasNextPage: page.hasNextPage,
          hasPreviousPage: Boolean(args.after),
          startCursor: page.tasks[0]?.id ?? null,
          endCursor: page.tasks.at(-1)?.id ?? null,
        },
      };
    },
  }),
  compilePreview: t.field({
    ...requires("task:compile"),
    type: TaskPreview,
    description: "Compile a request without storing it: the TaskIR, its questions and escalation.",
    args: { input: t.arg({ type: CompileTaskInput, required: true }) },
    errors: { types: COMPILE_ERRORS, directResult: true, union: { name: "CompilePreviewResult" } },
    resolve: (_root, { input }, ctx) => ctx.tasks.preview(toTaskRequest(input)),
  }),
}));

builder.mutationFields((t) => ({
  compileTask: t.field({
    ...requires("task:compile"),
    type: CompileTaskSuccess,
    description: "Compile any request to one TaskIRV1 and store it. Open questions make it NEEDS_CLARIFICATION.",
    args: { input: t.arg({ type: CompileTaskInput, required: true }) },
    errors: { types: COMPILE_ERRORS, directResult: true, union: { name: "CompileTaskResult" } },
    resolve: (_root, { input }, ctx) => ctx.tasks.compile(toTaskRequest(input)),
  }),
  clarifyTask: t.field({
    ...requires("task:compile"),
    type: ClarifyTaskSuccess,
    description: "Answer a task's open questions (or accept defaults), recompile, and store the next revision.",
    args: { input: t.arg({ type: ClarifyTaskInput, required: true }) },
    errors: { types: [NotFoundError, TaskRevisionConflictError, InvalidInputError, InputTooLargeError, ForbiddenError], directResult: true, union: { name: "ClarifyTaskResult" } },
    resolve: async (_root, { input }, ctx) => ({
      task: await ctx.tasks.clarify(
        String(input.taskId),
        input.expectedRevision,
        input.answers.map((a) => ({ ambiguityId: String(a.ambiguityId), answer: a.answer, acceptDefault: a.acceptDefault })),
        authorizedAnswerer(ctx, input.answeredBy),
      ),
    }),
  }),
}));
