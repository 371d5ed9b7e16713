// AgentStateV1: the run's canonical document, as Kernel ABI 1.0.0 defines it. Its types are
// derived from the JSON Schema in agent-state.schema.ts (json-schema-to-ts), the one place the
// shape is written; the names below are aliases into it, so code reads `Lock`, not a path.
// The ABI leaves some parts open (`{type: object}`: acceptance items, diagnostics, failures,
// subgoals, candidate targets); Canon's operations always write them in the schema's closed shapes.
// What the ABI has no field for (locks, resolved failures, the completion outcome, completion
// proposals) lives under `extensions`, with the `x-` keys named here.
import type { FromSchema } from "json-schema-to-ts";
import type { agentStateSchema } from "./agent-state.schema.js";
import type { COMPLETION_OUTCOMES, HYPOTHESIS_STATUSES, SENSITIVITY_CLASSES } from "./agent-state.schema.js";
import type { CONTENT_HASH_PATTERN, ContentHash } from "./common.js";

export {
  AGENT_STATE_SCHEMA_ID,
  AGENT_STATE_SCHEMA_VERSION,
  COMPLETION_OUTCOMES,
  HYPOTHESIS_STATUSES,
  SENSITIVITY_CLASSES,
  SUBGOAL_STATUSES,
} from "./agent-state.schema.js";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** How the schema reads as types: a `default` does not make a property required; hashes keep their `sha256:` type. */
type Derivation = {
  keepDefaultedPropertiesOptional: true;
  deserialize: [{ pattern: { type: "string"; pattern: typeof CONTENT_HASH_PATTERN }; output: ContentHash }];
};

export type AgentStateV1 = FromSchema<typeof agentStateSchema, Derivation>;

type Item<T> = NonNullable<T> extends readonly (infer I)[] ? I : never;
type StateExtensions = NonNullable<AgentStateV1["extensions"]>;

export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];
export type SensitivityClass = (typeof SENSITIVITY_CLASSES)[number];
export type CompletionOutcome = (typeof COMPLETION_OUTCOMES)[number];

export type EvidenceRef = Item<AgentStateV1["evidence"]>;
export type Hypothesis = Item<AgentStateV1["hypotheses"]>;
export type AcceptanceCriterion = Item<AgentStateV1["acceptance"]>;
export type CandidateTarget = Item<AgentStateV1["candidate_targets"]>;
export type Diagnostic = Item<AgentStateV1["diagnostics"]>;
export type UnresolvedFailure = Item<AgentStateV1["unresolved_failures"]>;
export type Subgoal = Item<AgentStateV1["subgoals"]>;
export type ResourceBudget = AgentStateV1["budgets"];

export type Lock = Item<StateExtensions["x-locks"]>;
export type ResolvedFailure = Item<StateExtensions["x-resolved-failures"]>;
export type CompletionRecord = NonNullable<StateExtensions["x-completion"]>;
/** A claim that the run is done, kept for the deciding component; it completes nothing. */
export type CompletionProposal = Item<StateExtensions["x-completion-proposals"]>;
/** The completion policy a run was started under (from its compiled task), if any. */
export type CompletionPolicyRecord = NonNullable<StateExtensions["x-completion-policy"]>;

/** The `x-` keys Canon keeps in `extensions`. */
export const EXT = {
  locks: "x-locks",
  resolvedFailures: "x-resolved-failures",
  completion: "x-completion",
  completionProposals: "x-completion-proposals",
  completionPolicy: "x-completion-policy",
} as const satisfies Record<string, keyof StateExtensions>;
