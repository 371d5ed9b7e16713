// Tasks: requests compiled to TaskIRV1, their open questions, and the answers that close them.
import { ForbiddenError, InputTooLargeError, InvalidInputError, NotFoundError, TaskRevisionConflictError } from "../contracts/errors.js";
import { AMBIGUITY_RESOLUTIONS, INTERACTION_MODES, RISK_CLASSES, TASK_TYPES, type TaskIRV1 } from "../contracts/task-ir.js";
import { AMBIGUITY_KINDS } from "../domain/task-compiler/ambiguity.js";
import {
  completionPolicyById,
  type AmbiguityRecord,
  type CompiledTask,
  type Escalation,
  type StructuredRequest,
  type TaskRequest,
} from "../domain/task-compiler/index.js";
import type { TaskRecord, TaskStore } from "../store/task-store.js";
import { requires } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { authorizedAnswerer } from "./writer.js";
import { TrustClass } from "./identity-types.js";
import { sharedEnum } from "./shared-enums.js";

export const TaskTypeEnum = sharedEnum("TaskType", TASK_TYPES);
export const TaskStatusEnum = builder.enumType("TaskStatus", {
  description: "Whether a task is ready to start runs.",
  values: {
    COMPILED: { description: "Every field is determined; a run may start from it." },
    NEEDS_CLARIFICATION: { description: "Open questions block runs until a person answers them (clarifyTask)." },
    UNCOMPILED: { description: "Made by startRun from a bare objective; it has no TaskIR." },
  },
});
const RiskClassEnum = sharedEnum("RiskClass", RISK_CLASSES);
const InteractionModeEnum = sharedEnum("InteractionMode", INTERACTION_MODES);
const ResolutionEnum = sharedEnum("AmbiguityResolution", AMBIGUITY_RESOLUTIONS);
const AmbiguityKindEnum = sharedEnum(
  "AmbiguityKind",
  AMBIGUITY_KINDS.map((k) => k.toUpperCase()),
);
const HardnessEnum = sharedEnum("ConstraintHardness", ["HARD", "SOFT"] as const);
const OriginEnum = sharedEnum("CriterionOrigin", ["EXPLICIT", "INFERRED"] as const);

const SourceSpan = builder.objectRef<{ start: number; end: number; text: string }>("SourceSpan").implement({
  description: "Where in the request (UTF-16 offsets into the compiled text) something came from.",
  fields: (t) => ({
    start: t.exposeInt("start", { description: "Offset of the span's first character." }),
    end: t.exposeInt("end", { description: "Offset just past the span's last character." }),
    text: t.exposeString("text", { description: "The span's text." }),
  }),
});

const Ambiguity = builder.objectRef<AmbiguityRecord>("Ambiguity").implement({
  description: "Something the compiler could not determine, and the question it asks instead of guessing.",
  fields: (t) => ({
    ambiguityId: t.exposeID("ambiguity_id", { description: "The question's id, named when answering it." }),
    kind: t.field({
      description: "What kind of thing could not be determined.",
      type: AmbiguityKindEnum,
      resolve: (a) => a.kind.toUpperCase(),
    }),
    question: t.exposeString("question", { description: "The question put to a person." }),
    text: t.exposeString("text", { description: "The words of the request it came from." }),
    span: t.field({ description: "Where in the request the ambiguity is.", type: SourceSpan, nullable: true, resolve: (a) => a.span }),
    field: t.string({ nullable: true, description: "The TaskIR field it is about, if one.", resolve: (a) => a.field }),
    options: t.exposeStringList("options", { description: "When not empty, the answer must be one of these." }),
    defaultOption: t.string({
      description: "The answer acceptDefault would record, if any.",
      nullable: true,
      resolve: (a) => a.default_option,
    }),
    defaultable: t.exposeBoolean("defaultable", { description: "Whether acceptDefault is allowed (low-risk tasks only)." }),
    resolution: t.field({ description: "Whether and how it was settled.", type: ResolutionEnum, resolve: (a) => a.resolution }),
    answer: t.string({ description: "The answer recorded, once there is one.", nullable: true, resolve: (a) => a.answer }),
    answeredBy: t.string({ description: "Who answered (the answering token's component).", nullable: true, resolve: (a) => a.answered_by }),
  }),
});

const EscalationQuestion = builder.objectRef<Escalation["questions"][number]>("EscalationQuestion").implement({
  description: "One question put to a person.",
  fields: (t) => ({
    ambiguityId: t.exposeID("ambiguity_id", { description: "The ambiguity the question is about." }),
    question: t.exposeString("question", { description: "The question." }),
    options: t.exposeStringList("options", { description: "When not empty, the answer must be one of these." }),
    defaultOption: t.string({ description: "The default answer, if any.", nullable: true, resolve: (q) => q.default_option }),
    defaultable: t.exposeBoolean("defaultable", { description: "Whether acceptDefault is allowed." }),
  }),
});

const EscalationType = builder.objectRef<Escalation>("Escalation").implement({
  description: "Raised while any ambiguity is unresolved: the questions to put to a person.",
  fields: (t) => ({
    escalationId: t.exposeID("escalation_id", { description: "The escalation's id." }),
    reason: t.exposeString("reason", { description: "Always `clarification_needed`." }),
    questions: t.field({ description: "The questions to answer.", type: [EscalationQuestion], resolve: (e) => e.questions }),
  }),
});

const Criterion = builder.objectRef<TaskIRV1["acceptance_criteria"][number]>("TaskAcceptanceCriterion").implement({
  description: "A criterion of the task: stated by the caller or inferred from its completion policy.",
  fields: (t) => ({
    criterionId: t.exposeID("criterion_id", { description: "The criterion's id." }),
    text: t.exposeString("text", { description: "What must be true." }),
    origin: t.field({
      type: OriginEnum,
      description: "EXPLICIT: the caller stated it. INFERRED: from the completion policy.",
      resolve: (c) => c.origin,
    }),
    required: t.boolean({ description: "Whether COMPLETE needs it to PASS.", resolve: (c) => c.required ?? true }),
  }),
});

const Constraint = builder.objectRef<TaskIRV1["constraints"][number]>("TaskConstraint").implement({
  description: "A constraint of the task, as written in the request.",
  fields: (t) => ({
    constraintId: t.exposeID("constraint_id", { description: "The constraint's id." }),
    text: t.exposeString("text", { description: "The constraint as written." }),
    hardness: t.field({ description: "HARD must hold; SOFT is a preference.", type: HardnessEnum, resolve: (c) => c.hardness }),
  }),
});

const CompletionPolicyType = builder.objectRef<TaskIRV1["completion_policy"]>("CompletionPolicyRef").implement({
  description: "The completion policy that decides what evidence completing the task needs.",
  fields: (t) => ({
    policyId: t.exposeID("policy_id", { description: "The policy's id." }),
    policyVersion: t.exposeInt("policy_version", { description: "The policy's version." }),
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
    taskType: t.field({
      description: "What kind of work it is.",
      type: TaskTypeEnum,
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.task_type ?? null,
    }),
    objective: t.string({
      description: "What the task is to achieve.",
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.objective ?? null,
    }),
    riskClass: t.field({
      description: "How much harm a wrong result could do.",
      type: RiskClassEnum,
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.risk_class ?? null,
    }),
    interactionMode: t.field({
      description: "How much may be done before a person looks.",
      type: InteractionModeEnum,
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.interaction_mode ?? null,
    }),
    privacyClass: t.field({
      description: "How sensitive the task's data is.",
      type: TrustClass,
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.privacy_class ?? null,
    }),
    acceptanceCriteria: t.field({
      description: "What the result must meet.",
      type: [Criterion],
      resolve: (p: Compiled) => ir(p)?.acceptance_criteria ?? [],
    }),
    constraints: t.field({
      description: "HARD and SOFT constraints from the request.",
      type: [Constraint],
      resolve: (p: Compiled) => ir(p)?.constraints ?? [],
    }),
    allowedScope: t.stringList({
      description: "Typed resource refs, e.g. fs:src/app.ts, net:api.example.com.",
      resolve: (p: Compiled) => ir(p)?.allowed_scope ?? [],
    }),
    forbiddenScope: t.stringList({
      description: "Typed resource refs the task must not touch.",
      resolve: (p: Compiled) => ir(p)?.forbidden_scope ?? [],
    }),
    latencyBudgetMs: t.int({
      description: "How long the task may take, in milliseconds.",
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.latency_budget_ms ?? null,
    }),
    costBudget: t.field({
      type: "JSONObject",
      nullable: true,
      description: "The ABI's ResourceBudget.",
      resolve: (p: Compiled) => ir(p)?.cost_budget ?? null,
    }),
    freshnessRequirement: t.string({
      description: "How fresh the information acted on must be.",
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.freshness_requirement ?? null,
    }),
    completionPolicy: t.field({
      description: "The policy that decides what completing needs.",
      type: CompletionPolicyType,
      nullable: true,
      resolve: (p: Compiled) => ir(p)?.completion_policy ?? null,
    }),
    ambiguities: t.field({
      description: "What the compiler could not determine, each with its question.",
      type: [Ambiguity],
      resolve: (p: Compiled) => p.ambiguities,
    }),
    escalation: t.field({
      description: "The questions for a person while any ambiguity is open.",
      type: EscalationType,
      nullable: true,
      resolve: (p: Compiled) => p.escalation,
    }),
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
    revision: t.exposeInt("revision", { description: "The revision number, from 0." }),
    status: t.field({
      description: "The task's status at this revision.",
      type: TaskStatusEnum,
      resolve: (r) => r.status as TaskRecord["status"],
    }),
    answeredBy: t.string({
      description: "Who answered the questions that made this revision.",
      nullable: true,
      resolve: (r) => r.answeredBy,
    }),
    createdAt: t.field({ description: "When the revision was made.", type: "DateTime", resolve: (r) => r.createdAt }),
    ir: t.field({ description: "The TaskIRV1 document of this revision.", type: "JSONObject", resolve: (r) => r.ir }),
  }),
});

export const Task = builder.node(builder.objectRef<TaskRecord>("Task"), {
  description: "A request compiled to one typed TaskIRV1, with the questions it still has.",
  id: { resolve: (task) => task.id },
  loadOne: (id, ctx) => ctx.tasks.get(id),
  fields: (t) => ({
    taskId: t.exposeID("id", { description: "The task's own id, derived from the request (the global `id` is for `node`)." }),
    revision: t.exposeInt("revision", { description: "Incremented by every clarification; clarifyTask names the one it read." }),
    status: t.field({ description: "COMPILED, NEEDS_CLARIFICATION or UNCOMPILED.", type: TaskStatusEnum, resolve: (task) => task.status }),
    createdAt: t.field({ description: "When the task was first compiled.", type: "DateTime", resolve: (task) => task.createdAt }),
    updatedAt: t.field({ description: "When the task last changed.", type: "DateTime", resolve: (task) => task.updatedAt }),
    revisions: t.field({
      type: [TaskRevision],
      description: "Every revision, oldest first.",
      resolve: (task, _args, ctx) => ctx.tasks.revisions(task.id),
    }),
    ...compiledFields(t),
  }),
});

const TaskPreview = builder.objectRef<CompiledTask>("TaskPreview").implement({
  description: "What compileTask would store, computed without writing anything.",
  fields: (t) => ({
    taskId: t.id({ description: "The id the task would have (derived from the request).", resolve: (p) => p.ir.task_id }),
    status: t.field({ description: "What the stored task's status would be.", type: TaskStatusEnum, resolve: (p) => p.status }),
    ...compiledFields(t),
  }),
});

const TaskBudgetInput = builder.inputType("TaskBudgetInput", {
  description: "Limits on what work on the task may spend.",
  fields: (t) => ({
    maxCostUnits: t.float({ description: "Most cost units." }),
    maxTokens: t.int({ description: "Most model tokens." }),
    maxWallMs: t.int({ description: "Most wall-clock time, in milliseconds." }),
    maxToolCalls: t.int({ description: "Most tool calls." }),
    maxAttempts: t.int({ description: "Most attempts." }),
    maxSpawns: t.int({ description: "Most sub-runs spawned." }),
  }),
});

const TaskRequestInput = builder.inputType("TaskRequestInput", {
  description: "A structured request. Explicit fields win over what the text suggests; a contradiction becomes a question.",
  fields: (t) => ({
    title: t.string({ description: "The request's title." }),
    body: t.string({ description: "The request's text." }),
    labels: t.stringList({ description: "Labels, as an issue tracker has them (e.g. bug, docs)." }),
    paths: t.stringList({ description: "Paths (or typed refs) the task may change." }),
    taskType: t.field({ description: "What kind of work it is.", type: TaskTypeEnum }),
    riskClass: t.field({ description: "How much harm a wrong result could do.", type: RiskClassEnum }),
    interactionMode: t.field({ description: "How much may be done before a person looks.", type: InteractionModeEnum }),
    privacyClass: t.field({ description: "How sensitive the task's data is.", type: TrustClass }),
    budgets: t.field({ description: "Limits on what work on the task may spend.", type: TaskBudgetInput }),
    latencyBudgetMs: t.int({ description: "How long the task may take, in milliseconds." }),
    freshness: t.string({ description: "How fresh the information acted on must be." }),
  }),
});

const CompileTaskInput = builder.inputType("CompileTaskInput", {
  description: "Exactly one of: free text, a structured request, or an existing TaskIRV1 document.",
  isOneOf: true,
  fields: (t) => ({
    text: t.string({ description: "Free text, as the caller wrote it." }),
    request: t.field({ description: "A structured request (title, body, labels, paths and explicit fields).", type: TaskRequestInput }),
    taskIr: t.field({ type: "JSONObject", description: "A TaskIRV1 document to validate and normalize." }),
  }),
});

const TaskAnswerInput = builder.inputType("TaskAnswerInput", {
  description: "The answer to one open question.",
  fields: (t) => ({
    ambiguityId: t.id({ description: "The question answered.", required: true }),
    answer: t.string({ description: "The answer; one of the question's options when it has any." }),
    acceptDefault: t.boolean({ description: "Accept the question's default instead (only when it is defaultable)." }),
  }),
});

const ClarifyTaskInput = builder.inputType("ClarifyTaskInput", {
  description: "Answers to a task's open questions, compare-and-swap on the revision read.",
  fields: (t) => ({
    taskId: t.id({ description: "The task whose questions are answered.", required: true }),
    expectedRevision: t.int({ required: true, description: "The revision the answers were decided on." }),
    answers: t.field({ description: "One answer per open question being settled.", type: [TaskAnswerInput], required: true }),
    answeredBy: t.string({
      required: false,
      description:
        "Who answered: the token's component id, recorded with each answer. May be left out; any other name is refused with ERR_FORBIDDEN.",
    }),
  }),
});

const CompileTaskSuccess = builder.objectRef<{ task: TaskRecord; replayed: boolean }>("CompileTaskSuccess").implement({
  description: "The stored task, compiled.",
  fields: (t) => ({
    task: t.field({ description: "The stored task.", type: Task, resolve: (r) => r.task }),
    replayed: t.exposeBoolean("replayed", { description: "True when the same request had already been compiled: that task is returned." }),
  }),
});

const ClarifyTaskSuccess = builder.objectRef<{ task: TaskRecord }>("ClarifyTaskSuccess").implement({
  description: "The task after the answers were recorded and it was compiled again.",
  fields: (t) => ({ task: t.field({ description: "The task, compiled again with the answers.", type: Task, resolve: (r) => r.task }) }),
});

type CompileInput = typeof CompileTaskInput.$inferInput;

/** GraphQL's nulls and omissions are the same request: drop them so the task id agrees. */
function toTaskRequest(input: CompileInput): TaskRequest {
  if (input.text != null) return { text: input.text };
  if (input.taskIr != null) return { taskIr: input.taskIr };
  const r = input.request ?? {};
  const b = r.budgets;
  const budgets = b
    ? defined({
        max_cost_units: b.maxCostUnits,
        max_tokens: b.maxTokens,
        max_wall_ms: b.maxWallMs,
        max_tool_calls: b.maxToolCalls,
        max_attempts: b.maxAttempts,
        max_spawns: b.maxSpawns,
      })
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
    args: { id: t.arg.id({ description: "The task's id.", required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { description: "What task(id) answers: the task, or NotFoundError." } },
    resolve: async (_root, { id }, ctx) => ctx.tasks.require(String(id)),
  }),
  tasks: t.connection(
    {
      ...requires("run:read"),
      type: Task,
      description: "Tasks, newest first.",
      args: {
        status: t.arg({ description: "Only tasks with this status.", type: TaskStatusEnum }),
        taskType: t.arg({ description: "Only tasks of this type.", type: TaskTypeEnum }),
      },
      resolve: async (_root, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw new InvalidInputError("tasks pages forward only: use first/after", [{ path: "/last", message: "not supported" }]);
        }
        const first = args.first ?? 20;
        if (first < 0 || first > 100)
          throw new InvalidInputError("first must be between 0 and 100", [{ path: "/first", message: "out of range" }]);
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
    },
    { description: "A page of tasks, newest first." },
    { description: "One task of the page, with its cursor." },
  ),
  compilePreview: t.field({
    ...requires("task:compile"),
    type: TaskPreview,
    description: "Compile a request without storing it: the TaskIR, its questions and escalation.",
    args: {
      input: t.arg({ description: "The request: text, a structured request, or a TaskIR.", type: CompileTaskInput, required: true }),
    },
    errors: {
      types: COMPILE_ERRORS,
      directResult: true,
      union: {
        name: "CompilePreviewResult",
        description:
          "What compilePreview answers: the preview, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    resolve: (_root, { input }, ctx) => ctx.tasks.preview(toTaskRequest(input)),
  }),
}));

builder.mutationFields((t) => ({
  compileTask: t.field({
    ...requires("task:compile"),
    type: CompileTaskSuccess,
    description: "Compile any request to one TaskIRV1 and store it. Open questions make it NEEDS_CLARIFICATION.",
    args: {
      input: t.arg({ description: "The request: text, a structured request, or a TaskIR.", type: CompileTaskInput, required: true }),
    },
    errors: {
      types: COMPILE_ERRORS,
      directResult: true,
      union: {
        name: "CompileTaskResult",
        description:
          "What compileTask answers: CompileTaskSuccess, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    resolve: (_root, { input }, ctx) => ctx.tasks.compile(toTaskRequest(input)),
  }),
  clarifyTask: t.field({
    ...requires("task:compile"),
    type: ClarifyTaskSuccess,
    description: "Answer a task's open questions (or accept defaults), recompile, and store the next revision.",
    args: { input: t.arg({ description: "The answers, and the revision they were decided on.", type: ClarifyTaskInput, required: true }) },
    errors: {
      types: [NotFoundError, TaskRevisionConflictError, InvalidInputError, InputTooLargeError, ForbiddenError],
      directResult: true,
      union: {
        name: "ClarifyTaskResult",
        description:
          "What clarifyTask answers: ClarifyTaskSuccess, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
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
