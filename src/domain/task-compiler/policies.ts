// Completion policies as data, one per task type. BUG_FIX is the ABI's
// completion_policy.bug_fix.v1.json criterion for criterion (the conformance test compares
// them); the others are Canon's, built from the ABI's built-in criteria plus a few of Canon's
// own, registered below as CompletionCriterionV1 entries.
import { COMPLETION_PREDICATES } from "../../contracts/receipts.js";
import type { CompletionPolicyV1, TaskType } from "../../contracts/task-ir.js";

export interface CompletionCriterionV1 {
  schema_id: "allternit.kernel.CompletionCriterionV1";
  schema_version: string;
  criterion_id: string;
  criterion_version: number;
  verifier_kind: string;
  verifier_semantics: string;
  evidence_kinds: string[];
  built_in: boolean;
  deprecated?: boolean;
  blocking_default?: boolean;
}

const criterion = (criterion_id: string, verifier_kind: string, verifier_semantics: string, builtIn: boolean): CompletionCriterionV1 => ({
  schema_id: "allternit.kernel.CompletionCriterionV1",
  schema_version: "1.0.0",
  criterion_id,
  criterion_version: 1,
  verifier_kind,
  verifier_semantics,
  evidence_kinds: ["verification_receipt"],
  built_in: builtIn,
  deprecated: false,
  blocking_default: true,
});

/** The ABI's built-in criteria (completion_criteria.builtin.v1.json) and Canon's additions. */
export const COMPLETION_CRITERIA: readonly CompletionCriterionV1[] = [
  criterion(
    "target_tests_pass",
    "unit_test",
    "The test(s) reproducing the reported bug fail before the change and pass after it, run by the deterministic verifier.",
    true,
  ),
  criterion(
    "affected_tests_pass",
    "unit_test",
    "Every test selected by ver.select_affected_tests/dec.select_affected_tests passes on the post-change tree.",
    true,
  ),
  criterion(
    "no_new_regressions",
    "regression",
    "No test that passed on the base commit fails after the change (base vs head comparison over the affected set).",
    true,
  ),
  criterion("diff_review_accept", "diff_review", "Diff review returns PASS; INCONCLUSIVE or ERROR is not PASS.", true),
  {
    ...criterion(
      "requirements_satisfied",
      "requirement",
      "Each required acceptance criterion has PASS evidence (100% coverage of required criteria, L1448-1453).",
      true,
    ),
    evidence_kinds: ["verification_receipt", "evidence_ref"],
  },
  criterion("build_passes", "build", "The project builds and type-checks on the post-change tree.", false),
  criterion("docs_render", "format", "The changed documentation renders and its links and code samples are valid.", false),
  criterion(
    "benchmark_improves",
    "semantic_rule",
    "The agreed benchmark, run the same way before and after, meets the stated target.",
    false,
  ),
  criterion(
    "security_check_pass",
    "security",
    "The security check for the reported weakness passes after the change and failed before it.",
    false,
  ),
  criterion(
    "data_verified",
    "semantic_rule",
    "Row counts and checksums of the migrated data match the source, and the migration can be rolled back.",
    false,
  ),
  criterion(
    "deploy_verified",
    "integration_test",
    "The deployed version serves, its health checks pass, and the rollback path is recorded.",
    false,
  ),
  {
    ...criterion("report_delivered", "human", "A written answer to the request, with the evidence it rests on, is recorded.", false),
    evidence_kinds: ["evidence_ref"],
  },
  { ...criterion("human_accept", "human", "A person accepts the result.", false), evidence_kinds: ["evidence_ref"] },
];

const policy = (taskType: TaskType, require: string[], allowPartial: boolean): CompletionPolicyV1 => ({
  schema_id: "allternit.kernel.CompletionPolicyV1",
  schema_version: "1.0.0",
  policy_id: `completion.${taskType.toLowerCase()}`,
  policy_version: 1,
  task_type: taskType,
  require: require.map((criterion_id) => ({ criterion_id, criterion_version: 1, blocking: true })),
  allow_partial: allowPartial,
  l2882_predicate: COMPLETION_PREDICATES,
});

const CHANGE = ["affected_tests_pass", "no_new_regressions", "diff_review_accept"];

export const COMPLETION_POLICIES: Readonly<Record<TaskType, CompletionPolicyV1>> = {
  BUG_FIX: policy("BUG_FIX", ["target_tests_pass", ...CHANGE, "requirements_satisfied"], false),
  FEATURE: policy("FEATURE", [...CHANGE, "requirements_satisfied"], false),
  REFACTOR: policy("REFACTOR", CHANGE, false),
  TEST: policy("TEST", ["affected_tests_pass", "requirements_satisfied"], true),
  DOCS: policy("DOCS", ["docs_render", "requirements_satisfied"], true),
  INVESTIGATE: policy("INVESTIGATE", ["report_delivered", "requirements_satisfied"], true),
  REVIEW: policy("REVIEW", ["report_delivered"], true),
  PERFORMANCE: policy("PERFORMANCE", ["benchmark_improves", ...CHANGE, "requirements_satisfied"], false),
  SECURITY_FIX: policy("SECURITY_FIX", ["security_check_pass", "target_tests_pass", ...CHANGE, "requirements_satisfied"], false),
  DEPENDENCY_UPDATE: policy("DEPENDENCY_UPDATE", ["build_passes", "affected_tests_pass", "no_new_regressions"], false),
  CONFIG_CHANGE: policy("CONFIG_CHANGE", ["build_passes", "affected_tests_pass", "diff_review_accept"], false),
  DATA_MIGRATION: policy("DATA_MIGRATION", ["data_verified", "no_new_regressions", "diff_review_accept", "requirements_satisfied"], false),
  DEPLOY: policy("DEPLOY", ["deploy_verified", "requirements_satisfied"], false),
  OBSERVE_ENVIRONMENT: policy("OBSERVE_ENVIRONMENT", ["report_delivered"], true),
  UNCLASSIFIED: policy("UNCLASSIFIED", ["human_accept", "requirements_satisfied"], false),
};

/** The completion policy a task of this type is judged by (e.g. whether PARTIAL is allowed). */
export function completionPolicyFor(taskType: TaskType): CompletionPolicyV1 {
  return COMPLETION_POLICIES[taskType];
}

/** The policy a TaskIR's `completion_policy` ref names, if Canon ships it. */
export function completionPolicyById(policyId: string, version: number): CompletionPolicyV1 | null {
  return Object.values(COMPLETION_POLICIES).find((p) => p.policy_id === policyId && p.policy_version === version) ?? null;
}

export const criterionById = (id: string): CompletionCriterionV1 | undefined => COMPLETION_CRITERIA.find((c) => c.criterion_id === id);

const POLICY_CRITERION_PREFIX = "ac.policy.";

/** The acceptance criterion a policy's required criterion becomes in a TaskIR, and so in a run. */
export const acceptanceIdOf = (criterionId: string): string => `${POLICY_CRITERION_PREFIX}${criterionId.replace(/_/g, "-")}`;

/**
 * The registry criterion an acceptance criterion stands for (`ac.policy.target-tests-pass`, or
 * `target_tests_pass` itself), which names the evidence it needs; undefined for the caller's own.
 */
export function registryCriterionOf(acceptanceId: string): CompletionCriterionV1 | undefined {
  const id = acceptanceId.startsWith(POLICY_CRITERION_PREFIX)
    ? acceptanceId.slice(POLICY_CRITERION_PREFIX.length).replace(/-/g, "_")
    : acceptanceId;
  return criterionById(id);
}
