// Sensitivity-aware projection of a state: what a viewer of a given trust class may see. Pure;
// every read path of the GraphQL API goes through it (src/graphql/state-view.ts).
//
// A resource is withheld from a viewer when a sensitivity label above the viewer's trust names
// it, exactly or by glob (`fs:src/db/**`). Entries that name such a resource keep their place
// and shape (so the document still validates against AgentStateV1), but the resource becomes
// `redacted:<CLASS>` and their free text the fixed REDACTED_TEXT. Covered:
//   selected_targets[]; candidate_targets[].target and .reason; diagnostics[].resource and
//   .message; extensions["x-locks"][].resource; sensitivity_labels[].resource (the class stays:
//   the viewer learns that something of that class exists, not what); generated_artifacts[].uri.
// Not covered (documented in docs/rules.md): free text elsewhere in the state (plan,
// hypotheses, evidence, failures, status line) and `repository`.
//
// Documents read beside the state (receipts, completion decisions, model events) and ledger
// operations are redacted whole: see redactDocument and redactOperations. There a string
// "names" a resource when it is the resource (exactly or by glob, with or without its `fs:`
// scheme) or mentions one as a word of free text ("bad password in .env").
import type { AgentStateV1, JsonObject } from "../contracts/agent-state.js";
import type { TrustClass } from "../contracts/common.js";
import { globToRegExp } from "./globs.js";
import { trustRank } from "./principal.js";

export const REDACTED_TEXT = "[redacted]";
export const redactedRef = (cls: string) => `redacted:${cls}`;

export interface Redaction {
  state: AgentStateV1;
  /** How many entries were withheld (0: the state is returned as it was). */
  withheld: number;
}

type Label = AgentStateV1["sensitivity_labels"][number];

/**
 * For the labels above the viewer: the highest class among those naming `resource`, or null.
 * Null as a whole when no label is above the viewer (nothing to withhold).
 */
export function sensitivityMatcher(labels: readonly Label[], viewer: TrustClass): ((resource: unknown) => Label["class"] | null) | null {
  const rank = trustRank(viewer);
  const above = labels
    .filter((label) => trustRank(label.class) > rank)
    .map((label) => ({ label, pattern: /[*?]/.test(label.resource) ? globToRegExp(label.resource) : null }));
  if (!above.length) return null;
  return (resource) => {
    if (typeof resource !== "string") return null;
    let found: Label["class"] | null = null;
    for (const { label, pattern } of above) {
      if (label.resource === resource || pattern?.test(resource)) {
        if (!found || trustRank(label.class) > trustRank(found)) found = label.class;
      }
    }
    return found;
  };
}

/** Words of free text that could be a resource or a path: split at spaces, quotes, brackets and commas. */
const wordsOf = (text: string): string[] => text.split(/[\s"'`()[\]{}<>,;]+/).filter((w) => w.length > 0);

/**
 * Like sensitivityMatcher, for any string a document may hold: the highest class among the
 * withheld resources it is, or mentions (a word of it is one, exactly or by glob, with or
 * without the resource's scheme). Null as a whole when nothing is withheld from the viewer.
 */
export function mentionMatcher(
  labels: readonly Label[],
  viewer: TrustClass,
): ((text: string) => { cls: Label["class"]; whole: boolean } | null) | null {
  const withScheme = sensitivityMatcher(labels, viewer);
  if (!withScheme) return null;
  const bare = sensitivityMatcher(
    labels.map((label) => ({ ...label, resource: label.resource.replace(/^[a-z]+:/, "") })),
    viewer,
  )!;
  const classOf = (word: string) => withScheme(word) ?? bare(word);
  return (text) => {
    const whole = classOf(text);
    if (whole) return { cls: whole, whole: true };
    let found: Label["class"] | null = null;
    for (const word of wordsOf(text)) {
      const cls = classOf(word) ?? classOf(word.replace(/[.:!?]+$/, ""));
      if (cls && (!found || trustRank(cls) > trustRank(found))) found = cls;
    }
    return found ? { cls: found, whole: false } : null;
  };
}

/**
 * A document read beside the state (a receipt, a completion decision, a model event): every
 * string or object key that names a resource withheld from the viewer becomes
 * `redacted:<CLASS>` when it is the resource and REDACTED_TEXT when it mentions one. The rest
 * (ids, enums, hashes, structure) stays, so an ABI document keeps its shape.
 */
export function redactDocument<T>(document: T, labels: readonly Label[], viewer: TrustClass): T {
  const mentions = mentionMatcher(labels, viewer);
  if (!mentions) return document;
  const replace = (text: string): string => {
    const found = mentions(text);
    return !found ? text : found.whole ? redactedRef(found.cls) : REDACTED_TEXT;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return replace(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      const entries = Object.entries(value).map(([key, child], index) => {
        const redactedKey = replace(key);
        // Two withheld keys of one class must not collide.
        return [redactedKey === key ? key : `${redactedKey}#${index}`, walk(child)] as const;
      });
      return Object.fromEntries(entries);
    }
    return value;
  };
  return walk(document) as T;
}

/**
 * A ledger entry's operations (`[{ op, args }]`): in an operation whose arguments name a
 * withheld resource, that resource becomes `redacted:<CLASS>` and every other string argument
 * REDACTED_TEXT (it may describe the resource, as a candidate's reason does), so operations
 * cannot tell what the state projection withholds.
 */
export function redactOperations(operations: unknown, labels: readonly Label[], viewer: TrustClass): unknown {
  const mentions = mentionMatcher(labels, viewer);
  if (!mentions || !Array.isArray(operations)) return operations;
  return operations.map((call) => {
    const strings: string[] = [];
    const collect = (v: unknown) => {
      if (typeof v === "string") strings.push(v);
      else if (v && typeof v === "object") Object.values(v).forEach(collect);
    };
    collect((call as { args?: unknown })?.args);
    if (!strings.some((v) => mentions(v))) return call;
    const walk = (v: unknown): unknown => {
      if (typeof v === "string") {
        const found = mentions(v);
        return found?.whole ? redactedRef(found.cls) : REDACTED_TEXT;
      }
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === "object") {
        return Object.fromEntries(Object.entries(v).map(([k, x], i) => [mentions(k) ? `${walk(k) as string}#${i}` : k, walk(x)]));
      }
      return v;
    };
    const { op, args } = call as { op: unknown; args: unknown };
    return { op, args: walk(args) };
  });
}

export function redactState(state: AgentStateV1, viewer: TrustClass): Redaction {
  const classOf = sensitivityMatcher(state.sensitivity_labels ?? [], viewer);
  if (!classOf) return { state, withheld: 0 };
  let withheld = 0;
  const next: AgentStateV1 = structuredClone(state);

  if (next.selected_targets) {
    next.selected_targets = next.selected_targets.map((target) => {
      const cls = classOf(target);
      if (!cls) return target;
      withheld++;
      return redactedRef(cls);
    });
  }
  const redactEntries = (entries: JsonObject[] | undefined, resourceKey: string, textKeys: string[]) => {
    for (const entry of entries ?? []) {
      const cls = classOf(entry[resourceKey]);
      if (!cls) continue;
      withheld++;
      entry[resourceKey] = redactedRef(cls);
      for (const key of textKeys) if (typeof entry[key] === "string") entry[key] = REDACTED_TEXT;
    }
  };
  redactEntries(next.candidate_targets, "target", ["reason"]);
  redactEntries(next.diagnostics, "resource", ["message"]);
  const extensions = next.extensions as Record<string, unknown> | undefined;
  redactEntries(extensions?.["x-locks"] as JsonObject[] | undefined, "resource", []);
  for (const artifact of next.generated_artifacts ?? []) {
    if (artifact.uri && classOf(artifact.uri)) {
      withheld++;
      artifact.uri = null;
    }
  }
  next.sensitivity_labels = next.sensitivity_labels.map((label) => {
    if (trustRank(label.class) <= trustRank(viewer)) return label;
    withheld++;
    return { resource: redactedRef(label.class), class: label.class };
  });

  next.extensions = { ...(next.extensions ?? {}), "x-redactions": { withheld, viewer_trust: viewer } };
  return { state: next, withheld };
}
