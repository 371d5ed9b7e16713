// What each enum of the API means, value by value, in one table: the enums are built from the
// contracts' value lists (shared-enums.ts), and GraphiQL shows these texts beside them.
// test/graphql/schema-descriptions.test.ts fails when a type, field, argument or value has none.
export interface EnumDoc {
  description: string;
  values: Record<string, string>;
}

export const ENUM_DOCS: Record<string, EnumDoc> = {
  AmbiguityKind: {
    description: "What kind of thing the compiler could not determine.",
    values: {
      EMPTY_REQUEST: "The request says nothing to act on.",
      UNDETERMINED_TASK_TYPE: "No task type fits the request well enough to choose one.",
      MISSING_TARGET: "An action without anything to act on (which file, service or function).",
      UNRESOLVED_REFERENCE: "A reference ('it', 'that function', 'as before') with nothing in the request it points to.",
      UNMEASURABLE_GOAL: "A comparative or subjective goal ('faster', 'cleaner') with no number, baseline or named benchmark.",
      SCOPE_CONTRADICTION: "A path or resource both asked for and forbidden.",
      CONSTRAINT_CONTRADICTION: "The change asked for is impossible under a constraint stated in the same request.",
      BUDGET_CONTRADICTION: "Budgets that cannot all hold (e.g. a deadline shorter than the latency budget allows).",
      FIELD_CONTRADICTION: "An explicit field of a structured request disagrees with its text.",
      DECLARED: "The caller marked something as open on purpose.",
    },
  },
  AmbiguityResolution: {
    description: "Whether, and how, an ambiguity was settled.",
    values: {
      UNRESOLVED: "Still open: the task needs clarification.",
      DEFAULTED: "Settled by accepting the question's default (low- and medium-risk tasks only).",
      CLARIFIED: "Settled by an answer from a person (clarifyTask).",
      ESCALATED: "Put to a person who has not answered yet.",
    },
  },
  AuthorityProfile: {
    description: "How much the run's components may change, as a coarse profile over its grants.",
    values: {
      READ_ONLY: "May read, never change.",
      CODE_SAFE: "May change code in reviewable, reversible ways.",
      CODE_WRITE: "May change code freely within the task's scope.",
    },
  },
  CompletionStatus: {
    description: "A run's recorded completion; only a recorded completion decision moves it from NOT_COMPLETE.",
    values: {
      NOT_COMPLETE: "No completion decision recorded (or the latest said CONTINUE). Never inferred from silence.",
      COMPLETE: "A COMPLETE decision with PASS evidence for every required criterion was recorded.",
      PARTIAL: "A PARTIAL decision was recorded under a policy that allows it.",
      FAILED: "A FAIL decision was recorded.",
      ESCALATED: "An ESCALATE decision was recorded: a person has to decide.",
    },
  },
  ComponentKind: {
    description: "What kind of component a principal or producer is (ABI ComponentKind).",
    values: {
      RUNTIME: "The agent runtime driving the run.",
      MODEL_COMPONENT: "A model; its output needs MODEL provenance to become state.",
      DECISION_BACKEND: "A component that decides (routing, planning); treated like a model for provenance.",
      TOOL: "A tool wrapper that acts and records receipts.",
      VERIFIER: "A component that checks results and may record completion decisions.",
      POLICY_ENGINE: "A component that evaluates policies.",
      ADAPTER: "A bridge to another system.",
      PRIMITIVE: "A low-level building block of the kernel.",
      HUMAN: "A person.",
    },
  },
  ConstraintHardness: {
    description: "How binding a constraint is.",
    values: {
      HARD: "Must hold: breaking it fails the task ('don't touch', 'never').",
      SOFT: "A preference to honour when possible ('ideally', 'if you can').",
    },
  },
  CriterionOrigin: {
    description: "Where an acceptance criterion came from.",
    values: {
      EXPLICIT: "The caller stated it.",
      INFERRED: "It came from the task type's completion policy.",
    },
  },
  DiagnosticSeverity: {
    description: "How serious a diagnostic is.",
    values: { ERROR: "Something is wrong.", WARNING: "Something may be wrong.", INFO: "For information." },
  },
  ErrorFamily: {
    description: "The family of an error, as in the Kernel ABI's ErrorV1 where the ABI has it (docs/errors.md).",
    values: {
      INPUT: "The request itself is malformed or over a limit.",
      STATE: "The request does not fit the run's current state (a conflict, a precondition).",
      POLICY: "A rule of the product refuses the write (evidence, provenance, completion, locks).",
      SYSTEM: "Something failed on the server side.",
      IDEMPOTENCY: "An idempotency key was reused for a different request (API layer).",
      AUTH: "No valid token, or the token does not allow this (API layer).",
      NOT_FOUND: "The run, task or receipt does not exist (API layer).",
      RATE_LIMIT:
        "Too many writes for the token or the run, or too many reads at once; retry later (`retryAfterMs` when given; API layer).",
    },
  },
  EvidenceKind: {
    description: "What a piece of evidence points at (ABI EvidenceRef kind).",
    values: {
      TOOL_RECEIPT: "A tool receipt recorded in this run.",
      MUTATION_RECEIPT: "A mutation receipt recorded in this run.",
      VERIFICATION_RECEIPT: "A verification receipt recorded in this run.",
      ACTION_RECEIPT: "A receipt of an action taken.",
      POLICY_RECEIPT: "A receipt of a policy evaluation.",
      SPAWN_RECEIPT: "A receipt of a spawned sub-run.",
      DECISION_RESULT: "The result of a decision.",
      ATTENTION_RESOLUTION: "A resolution of an attention request.",
      NODE_OUTPUT: "The output of a graph node.",
      FILE: "A file, by path and content hash.",
      SYMBOL: "A code symbol.",
      TRACE: "A trace or log.",
      STATE: "A part of the state itself.",
      HUMAN: "A person's statement.",
    },
  },
  GraphNodePlace: {
    description: "Where a graph node goes in the run's graph cursor.",
    values: { FRONTIER: "Ready to run next.", COMPLETED: "Finished.", FAILED: "Failed." },
  },
  HypothesisStatus: {
    description: "Where a hypothesis stands. Only recorded evidence moves it to SUPPORTED or REFUTED.",
    values: {
      OPEN: "A guess, not yet settled.",
      SUPPORTED: "Recorded evidence supports it.",
      REFUTED: "Recorded evidence refutes it.",
      ABANDONED: "Dropped without a verdict.",
    },
  },
  HypothesisVerdict: {
    description: "The verdict resolveHypothesis records, on evidence.",
    values: { SUPPORTED: "The evidence supports the hypothesis.", REFUTED: "The evidence refutes the hypothesis." },
  },
  InteractionMode: {
    description: "How much the agent may do before a person looks.",
    values: {
      AUTONOMOUS: "Act and finish without asking.",
      APPROVAL_GATED: "Prepare the change, then wait for a person's go-ahead before applying or merging it.",
      RECOMMEND_ONLY: "Change nothing: report findings or a proposal.",
    },
  },
  ModelEventKind: {
    description: "What happened to a model serving the run. Recorded in the model event log, never in the state.",
    values: {
      LOADED: "A model was loaded.",
      EVICTED: "A model was evicted from memory.",
      LOST: "A model became unavailable without notice.",
      SWAPPED: "One model replaced another (`previousModelId`).",
    },
  },
  ReceiptKind: {
    description: "The kind of an append-only receipt document.",
    values: {
      TOOL: "A ToolReceiptV1: a tool call and its outcome.",
      MUTATION: "A MutationReceiptV1: a change made to a resource.",
      VERIFICATION: "A VerificationReceiptV1: a check and its result.",
      COMPLETION_DECISION: "A CompletionDecisionV1: the recorded decision on completion.",
    },
  },
  RiskClass: {
    description: "How much harm a wrong result could do.",
    values: {
      LOW: "Reading, reporting, tests or docs.",
      MEDIUM: "Ordinary code changes.",
      HIGH: "Authentication, data migrations, staging deploys: needs approval.",
      CRITICAL: "Production, money, leaked credentials, history rewrites: needs approval.",
      UNKNOWN: "Not determinable from the request (an unclassified task).",
    },
  },
  RunStatus: {
    description: "A run's lifecycle status, set only by recorded writes.",
    values: {
      ACTIVE: "Taking writes; no final completion decision recorded.",
      COMPLETED: "A COMPLETE decision was recorded.",
      PARTIALLY_COMPLETED: "A PARTIAL decision was recorded.",
      FAILED: "A FAIL decision was recorded.",
      ESCALATED: "An ESCALATE decision was recorded.",
      ARCHIVED: "Archived: it takes no more writes.",
    },
  },
  SensitivityClass: {
    description: "How sensitive a labelled resource is; readers below it see it redacted.",
    values: {
      PUBLIC: "Anyone may see it.",
      INTERNAL: "Readers with INTERNAL trust or above.",
      RESTRICTED: "Readers with RESTRICTED trust or above (personal data).",
      SECRET: "Readers with SECRET trust only (credentials).",
    },
  },
  SourceType: {
    description: "Where a piece of content came from (ABI provenance source type).",
    values: {
      USER: "A person asked for it or wrote it.",
      TOOL: "A tool produced it.",
      MODEL: "A model produced it.",
      FILE: "Read from a file.",
      RETRIEVAL: "Found by retrieval.",
      CACHE: "Served from a cache.",
      POLICY: "Derived from a policy.",
      SYSTEM: "Produced by the system itself.",
    },
  },
  SubgoalStatus: {
    description: "Where a subgoal stands. Subgoals never imply completion of the run.",
    values: { OPEN: "Not done yet.", DONE: "Done.", BLOCKED: "Cannot proceed for now.", DROPPED: "No longer pursued." },
  },
  TaskType: {
    description: "What kind of work a task is; it picks the completion policy.",
    values: {
      BUG_FIX: "Make broken behaviour correct.",
      FEATURE: "Add new behaviour.",
      REFACTOR: "Restructure code without changing behaviour.",
      TEST: "Write or extend tests.",
      DOCS: "Write or change documentation.",
      INVESTIGATE: "Find out where, why or which, and report; change nothing.",
      PERFORMANCE: "Make something measurably faster or lighter.",
      SECURITY_FIX: "Close a vulnerability or contain a leak.",
      DEPENDENCY_UPDATE: "Upgrade, add or remove dependencies.",
      CONFIG_CHANGE: "Change configuration.",
      DATA_MIGRATION: "Move or transform stored data.",
      DEPLOY: "Release, deploy or roll back.",
      REVIEW: "Review a change and recommend.",
      OBSERVE_ENVIRONMENT: "Look at a running environment (logs, metrics, status) and report.",
      UNCLASSIFIED: "No type could be determined; the task needs clarification.",
    },
  },
  TrustClass: {
    description: "How far a principal or a piece of content is trusted (UNTRUSTED < PUBLIC < INTERNAL < RESTRICTED < SECRET).",
    values: {
      UNTRUSTED: "Not trusted at all.",
      PUBLIC: "May see only what is public.",
      INTERNAL: "May see internal material.",
      RESTRICTED: "May see restricted material, such as personal data.",
      SECRET: "May see everything, secrets included.",
    },
  },
};
