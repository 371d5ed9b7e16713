// Task type from the request's wording. Each type has cue phrases with weights: specific cues
// ("XSS", "bump", "backfill") outweigh generic verbs ("fix", "add"), and the first sentence
// counts double because that is where people say what they want. A tie between different
// types is not broken by guessing: the result is UNCLASSIFIED and the tied types become the
// options of the question.
import type { TaskType } from "../../contracts/task-ir.js";
import { isNegated } from "./constraints.js";
import type { Clause, Span } from "./segment.js";

type Cue = [RegExp, number];

const CUES: Record<Exclude<TaskType, "UNCLASSIFIED">, Cue[]> = {
  BUG_FIX: [
    [/\b(fix(es|ed|ing)?|repair|resolve)\b/i, 2],
    [/\b(bugs?|broken|crash(es|ed|ing)?|regression|\w*exception|\w+error|stack ?trace|segfault|panics?|throws?|500s?|off[- ]by[- ]one|typo)\b/i, 2],
    [/\b(fails?|failing|failed|doesn'?t work|does not work|not working|wrong|incorrect(ly)?|invalid|hangs?|flaky)\b/i, 1],
  ],
  FEATURE: [
    // "build" only as the opening verb (LEAD_VERBS): "the build is broken" is not a feature.
    [/\b(add|implement|introduce|create|support|enable|allow|translat(e|ion)|locali[sz]e)\b/i, 2],
    [/\b(write|create|build) (a|an) (new )?(script|tool|function|command|endpoint|cli|service|job|plugin|hook)\b/i, 3],
    [/\b(new (endpoint|feature|page|command|option|flag|button|field|screen|api)|feature request|ability to)\b/i, 2],
  ],
  REFACTOR: [
    [/\b(refactor(ing)?|restructure|reorgani[sz]e|extract|rename|deduplicate|dedupe|decouple|modulari[sz]e|split\b[^.;]{0,40}?\binto|remove (the )?(unused|dead|obsolete|stale|deprecated)|consolidate|simplify|clean ?up|tidy)\b/i, 4],
  ],
  TEST: [
    [/\b(write|add|create|improve|increase|extend|backfill)\s+(some\s+|more\s+|missing\s+|unit\s+|integration\s+|e2e\s+|end-to-end\s+|regression\s+|property\s+)*(tests?|test cases|specs?|coverage)\b/i, 6],
    [/\b(test coverage|regression tests?|unit tests?|integration tests?|e2e tests?|snapshot tests?)\b/i, 2],
  ],
  DOCS: [
    [/\b(document(ation)?|docs?|readme|docstrings?|jsdoc|changelog|tutorial|api reference|comments?)\b/i, 4],
    [/\b(guide|how-?to|runbook|faq)\b/i, 6],
    [/\b(write|update|improve|fix)\s+(the\s+)?(docs|documentation|readme|changelog)\b/i, 4],
  ],
  INVESTIGATE: [
    [/\b(investigate|figure out|find out|root[- ]cause|look into|dig into|diagnose|why (is|does|do|did|are)|what causes|understand why|track down)\b/i, 5],
  ],
  REVIEW: [
    // "let me review" is the caller reviewing, not a review task.
    [/(?<!\b(let|letting) (me|us) )(?<!\bbefore (i|we) )\b(review|code review|look over|give (me )?feedback|critique|second pair of eyes|sanity[- ]check)\b/i, 8],
    [/\b(what do you think|your (opinion|thoughts|take))\b/i, 3],
  ],
  PERFORMANCE: [
    [/\b(performance|perf|latency|throughput|speed up|faster|slow(er|ness|ly)?|optimi[sz]e|p9[59]|memory (usage|leak|footprint)|cpu usage|n\+1|bottleneck)\b/i, 4],
  ],
  SECURITY_FIX: [
    [/\b(vulnerabilit(y|ies)|cve-\d+|xss|csrf|ssrf|sql injection|injection|rce|security (fix|issue|hole|bug|flaw)|rotate (the )?(leaked |compromised |exposed )?[\w ]{0,20}?(keys?|credentials?|secrets?|tokens?|passwords?)|leaked|exploit|sanitiz(e|ation)|escape (user )?input|insecure|open redirect|path traversal)\b/i, 6],
  ],
  DEPENDENCY_UPDATE: [
    [/\b(bump|upgrade|dependabot|renovate|lockfile|package-lock|outdated (packages|dependencies))\b/i, 5],
    [/\b(dependenc(y|ies)|to (v|version )?\d+\.\d+)\b/i, 2],
  ],
  CONFIG_CHANGE: [
    [/\b(default (it |them |this )?to|\.env(\.\w+)?|log[_ ]level|max connections|pool size)\b/i, 3],
    [/\b(config(uration)?|env(ironment)? var(iable)?s?|settings?|feature flag|toggle|turn (on|off)|\.env|\.ya?ml|\.toml|\.ini|\.conf|timeout (value|setting)|set (the )?\w+ to|ci config|github actions|gitlab ci|travis|circleci|workflow files?)\b/i, 3],
  ],
  DATA_MIGRATION: [
    // "migrate the CI config" is not a data migration; the data or schema must be named.
    [/\b(migrat(e|es|ing) (the |all |our )?[\w ]{0,20}?(data|database|db|tables?|rows|records|columns?|schema|users|accounts|orders)\b|migrations?\b|backfill|schema change|data (migration|move|transfer)|move (the )?(data|rows|records)|copy (the )?(data|rows|records)|alter table|add (a )?column|drop (a |the )?column|(delete|purge|archive|anonymi[sz]e) (all |the |old |stale )*[\w ]{0,30}?(records|rows|data))\b/i, 5],
  ],
  DEPLOY: [
    // "broken since the last release" and "deploy-preview" are not deploys.
    [/\b(deploy(s|ed|ing|ment)?(?![-\w/])|release (v?\d|it|the|this|to|a new|version)|roll ?out|roll ?back|ship (it )?to|promote (the )?build|publish (the )?(package|release)|cut a release|hotfix to prod)\b/i, 5],
  ],
  OBSERVE_ENVIRONMENT: [
    [/\b(check (the |whether |if |which |what )?(status|version|disk|health|logs?|usage|running)|what version|which version|is \w+ running|list (all|the|every) \w+|is (the )?[\w-]+( [\w-]+)? (running|up|down|healthy)|show me|how much (disk|memory|space)|inspect|report (the )?(current|status)|tell me (which|whether|if|how many|how much|the current))\b/i, 5],
    [/\b(disk (space|usage)|uptime|health ?check|running (processes|containers|services)|installed)\b/i, 2],
  ],
};

/** Issue labels callers use, mapped to types; a label is as strong as a specific cue. */
const LABELS: [RegExp, TaskType][] = [
  [/^(bug|defect|regression)$/i, "BUG_FIX"],
  [/^(feature|enhancement|feature request)$/i, "FEATURE"],
  [/^refactor(ing)?$/i, "REFACTOR"],
  [/^tests?$/i, "TEST"],
  [/^(docs?|documentation)$/i, "DOCS"],
  [/^(investigation|investigate|question)$/i, "INVESTIGATE"],
  [/^review$/i, "REVIEW"],
  [/^(performance|perf)$/i, "PERFORMANCE"],
  [/^security$/i, "SECURITY_FIX"],
  [/^(dependencies|dependency|deps)$/i, "DEPENDENCY_UPDATE"],
  [/^(config|configuration)$/i, "CONFIG_CHANGE"],
  [/^(migration|data)$/i, "DATA_MIGRATION"],
  [/^(deploy|release|deployment)$/i, "DEPLOY"],
  [/^(ops|observability)$/i, "OBSERVE_ENVIRONMENT"],
];

/** The verb a request opens with says most about what is asked. */
const LEAD_VERBS: [RegExp, TaskType][] = [
  [/^(fix|repair|resolve)\b/i, "BUG_FIX"],
  [/^(add|implement|introduce|create|build|support|write a (script|tool|function|command))\b/i, "FEATURE"],
  [/^(refactor|extract|rename|split|simplify|deduplicate|dedupe|clean)\b/i, "REFACTOR"],
  [/^(document)\b/i, "DOCS"],
  [/^(investigate|figure|find|look into|dig|diagnose)\b/i, "INVESTIGATE"],
  [/^(review|audit|critique)\b/i, "REVIEW"],
  [/^(optimi[sz]e|speed)\b/i, "PERFORMANCE"],
  [/^(bump|upgrade)\b/i, "DEPENDENCY_UPDATE"],
  [/^(set|configure|enable|disable|turn)\b/i, "CONFIG_CHANGE"],
  [/^(migrate|backfill)\b/i, "DATA_MIGRATION"],
  [/^(deploy|release|roll|ship)\b/i, "DEPLOY"],
  [/^(check|list|show|report|count)\b/i, "OBSERVE_ENVIRONMENT"],
];
const LEAD_FILLER = /^(?:(?:hey|hi|hello|ok|okay|so|please|pls|can you|could you|would you|kindly|just|go ahead and|can someone|let'?s)[\s,!]+)*/i;
const LEAD_WEIGHT = 3;

export interface Classification {
  type: TaskType;
  /** The strongest cue of the chosen type (or of the tie), for provenance. */
  span: Span | null;
  scores: Partial<Record<TaskType, number>>;
  /** The tied types when the result is UNCLASSIFIED because of a tie. */
  candidates: TaskType[];
}

export function classify(clauses: Clause[], labels: readonly string[]): Classification {
  const scores: Partial<Record<TaskType, number>> = {};
  const spans: Partial<Record<TaskType, Span & { weight: number }>> = {};
  const firstSentence = clauses[0]?.sentence ?? 0;
  for (const clause of clauses) {
    if (clause.section === "forbidden" || isNegated(clause.text)) continue;
    const factor = clause.sentence === firstSentence ? 2 : 1;
    for (const [type, cues] of Object.entries(CUES) as [TaskType, Cue[]][]) {
      for (const [pattern, weight] of cues) {
        const match = pattern.exec(clause.text);
        if (!match) continue;
        scores[type] = (scores[type] ?? 0) + weight * factor;
        const span = { start: clause.start + match.index, end: clause.start + match.index + match[0].length, weight: weight * factor };
        if (!spans[type] || spans[type]!.weight < span.weight) spans[type] = span;
      }
    }
  }
  // The first imperative among the opening clauses ("The form accepts 'a@b'. Please fix it").
  for (const clause of clauses.slice(0, 4)) {
    if (clause.section === "forbidden" || isNegated(clause.text)) continue;
    const type = LEAD_VERBS.find(([pattern]) => pattern.test(clause.text.replace(LEAD_FILLER, "")))?.[1];
    if (!type) continue;
    scores[type] = (scores[type] ?? 0) + LEAD_WEIGHT;
    break;
  }
  for (const label of labels) {
    const type = LABELS.find(([pattern]) => pattern.test(label.trim()))?.[1];
    if (type) scores[type] = (scores[type] ?? 0) + 6;
  }
  const ranked = (Object.entries(scores) as [TaskType, number][]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = ranked[0];
  if (!top) return { type: "UNCLASSIFIED", span: null, scores, candidates: [] };
  const tied = ranked.filter(([, score]) => score === top[1]).map(([type]) => type);
  if (tied.length > 1) return { type: "UNCLASSIFIED", span: spanOf(spans[top[0]]), scores, candidates: tied };
  return { type: top[0], span: spanOf(spans[top[0]]), scores, candidates: [] };
}

const spanOf = (span: (Span & { weight: number }) | undefined): Span | null => (span ? { start: span.start, end: span.end } : null);
