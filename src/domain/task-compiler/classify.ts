// Task type from the request's wording. Each type has cue phrases with weights: specific cues
// ("XSS", "bump", "backfill") outweigh generic verbs ("fix", "add"), and the first sentence
// counts double because that is where people say what they want. A tie between different
// types is not broken by guessing: the result is UNCLASSIFIED and the tied types become the
// options of the question.
import type { TaskType } from "../../contracts/task-ir.js";
import { isNegated } from "./constraints.js";
import { kindOfPath } from "./path-kinds.js";
import { forbids, refsIn } from "./scope.js";
import type { Clause, Span } from "./segment.js";

type Cue = [RegExp, number];

const CUES: Record<Exclude<TaskType, "UNCLASSIFIED">, Cue[]> = {
  BUG_FIX: [
    // The headings of a bug-report template.
    [
      /^(steps( to reproduce)?|actual( result| behaviou?r)?|result|observed( behaviou?r)?|what happens|what happened|current behaviou?r|reproduction|bug|crash)$/i,
      4,
    ],
    [/\b(fix(es|ed|ing)?|repair|resolve)\b/i, 2],
    [
      /\b(bugs?|broken|crash(es|ed|ing)?|regression|\w*exception|\w+error|stack ?trace|segfault|panics?|throws?|500s?|off[- ]by[- ]one|typo)\b/i,
      2,
    ],
    [
      /\b(ignores|skips|drops|instead of|times? out|does nothing|blank page|white screen|two times|twice|duplicates?|never (resets|expires|closes|[a-z]+s)|nothing happens|no effect|shows? (the )?wrong)\b/i,
      1,
    ],
    // A named artefact described doing something ("the date picker in X.tsx shows yesterday",
    // "running it twice creates duplicate rows"): a statement of behaviour with no ask reports a defect.
    // Verbs that are also plural nouns ("emails", "sends") are left out: without a tagger they misread.
    [
      /\b(?:shows|returns|prints|creates|displays|renders|includes|writes|produces|gives)\b(?![^.;]{0,40}\b(?:correctly|fine|as expected)\b)/i,
      1,
    ],
    // A stack frame or an error line quoted in the request: what a bug report carries.
    [/^(?:at\s+\S+\s*\(|[\w.$]*(?:Error|Exception):|Traceback\b|panic:)/, 2],
    [/\b(fails?|failing|failed|doesn'?t work|does not work|not working|wrong|incorrect(ly)?|invalid|hangs?)\b/i, 1],
  ],
  FEATURE: [
    // "build" only as the opening verb (LEAD_VERBS): "the build is broken" is not a feature.
    [/\b(add|implement|introduce|create|support|enable|allow|translat(e|ion)|locali[sz]e)\b/i, 2],
    [/\b(write|create|build) (a|an) (new )?(script|tool|function|command|endpoint|cli|service|job|plugin|hook)\b/i, 3],
    [/\b(new (endpoint|feature|page|command|option|flag|button|field|screen|api)|feature request|ability to)\b/i, 2],
    // A wish for a capability ("it'd be great if X supported Y", "users want to save …") asks for a feature.
    [
      /\b(it'?d be (great|nice|cool|useful)|would be (great|nice|useful)|(users|customers|people|we) (want|need|would like|'d like) to|we'?d love|i wish|support for|supported)\b/i,
      3,
    ],
  ],
  REFACTOR: [
    // Code-quality goals: what they improve is the structure of the code.
    [
      /\b(idiomatic|cyclomatic|complexity|(?:split|break)\b(?:[^.;]|\.(?=\S)){0,80}?\binto (?:smaller|separate|several|multiple|two|three))\b/i,
      3,
    ],
    [
      /\b(splitting|split up|break(ing)? up|dead code|unused (code|helpers?|functions?|classes|css|imports?)|callback-style|async\/await|single-use helper)\b/i,
      4,
    ],
    [
      /\b(refactor(ing)?|restructur(e|ing)|reorgani[sz](e|ing)|extract(ing)?|renam(e|ing)|deduplicat(e|ing)|dedupe|decoupl(e|ing)|modulari[sz](e|ing)|split\b[^.;]{0,40}?\binto|remove (the )?(unused|dead|obsolete|stale|deprecated)|consolidate|simplify|clean ?up|tidy)\b/i,
      4,
    ],
  ],
  TEST: [
    [
      /\b(zero|no|missing) (unit |integration )?tests\b|\bmore tests\b|\b(better|more|higher|increase[sd]?|improve[sd]?|low|poor) (test )?coverage\b/i,
      3,
    ],
    [
      /\b(write|add|create|improve|increase|extend|backfill)\s+(some\s+|more\s+|missing\s+|unit\s+|integration\s+|e2e\s+|end-to-end\s+|regression\s+|property\s+)*(tests?|test cases|specs?|coverage)\b/i,
      6,
    ],
    [/\b(test coverage|regression tests?|unit tests?|integration tests?|e2e tests?|snapshot tests?)\b/i, 2],
    // Flakiness is a property of tests: what is flaky is a test, whatever verb follows.
    [/\b(flaky|flakiness|flakes)\b/i, 2],
  ],
  DOCS: [
    [/(?<![\w/.-])\b(document(ation)?|docs?(?![\w/.-])|readme|docstrings?|jsdoc|changelog|tutorial|api reference|comments?)\b/i, 4],
    [/\b(guide|how-?to|runbook|faq)\b/i, 6],
    [/\b(write|update|improve|fix)\s+(the\s+)?(docs|documentation|readme|changelog)\b/i, 4],
  ],
  INVESTIGATE: [
    [
      /\b(investigate|figure out|find out|root[- ]cause|look into|dig into|diagnose|why (is|does|do|did|are)|what causes|understand why|track down)\b/i,
      5,
    ],
  ],
  REVIEW: [
    // "let me review" is the caller reviewing, not a review task.
    [
      /(?<!\b(let|letting) (me|us) )(?<!\bbefore (i|we) )(?<!\b(my|our|your) )(?<!\b(from|in|after|since|per|during) (the |this |that |last )?)\b(review|code review|look over|give (me )?feedback|critique|second pair of eyes|sanity[- ]check)\b/i,
      8,
    ],
    [/\b(what do you think|your (opinion|thoughts|take)|feedback)\b/i, 3],
  ],
  PERFORMANCE: [
    // A time budget ("should be under 2 seconds", "within 200 ms") is a performance target; minutes
    // are how long the task itself may take (a budget), not a speed.
    [/\b(?:under|below|within|less than|at most|faster than)\s+~?\d+(?:[.,]\d+)?\s*(?:ms|s|secs?|seconds?)\b/i, 3],
    [
      /\b(scalab\w*|(handle|support|serve) more (load|traffic|users|requests)|efficien(t|cy)|quicker|lighter|too heavy|page weight|more responsive|responsiveness|startup time|cold start|(js |javascript )?bundle( size)?|load time|takes? (ages|forever)|(?:takes?|taking) too long|as (?:fast|quick|snappy|responsive) as|(events|requests|rows|images|messages)\/s|ram|peaks? at|memory|oom|perform(s|ing)? (better|worse|poorly)|under (heavy )?load)\b/i,
      3,
    ],
    [
      /\b(performance|perf|latency|throughput|speed up|faster|slow(er|ness|ly)?|optimi[sz]e|p9[59]|memory (usage|leak|footprint)|cpu usage|n\+1|bottleneck)\b/i,
      4,
    ],
  ],
  SECURITY_FIX: [
    [
      /\b(vulnerabilit(y|ies)|cve-\d+|xss|csrf|ssrf|sql injection|injection|rce|security (fix|issue|hole|bug|flaw)|rotate (the )?(leaked |compromised |exposed )?[\w ]{0,20}?(keys?|credentials?|secrets?|tokens?|passwords?)|leaked|exploit|(pasted|committed|exposed|visible|printed|logged|logs?|leak(s|ed)?)\b[^.;]{0,40}?\b(secret|keys?|tokens?|credentials?|passwords?|card numbers?)|(secrets?|keys?|tokens?|credentials?|passwords?)\b[^.;]{0,40}?\b(is |are |was |were |got |gets )(printed|logged|leaked|exposed|visible|committed|pasted)|revoke|unsalted|plain ?text passwords?|hard-?coded (?:\w+ )?(?:secrets?|keys?|tokens?|credentials?|passwords?)|(?:secrets?|keys?|tokens?|credentials?|passwords?|webhook urls?)\b[^.;]{0,30}?\b(?:is |are )?(?:hard-?coded|in plain ?text)|rotate (?:it|them)|security hole|vulnerable|more secure|harden\w*|because of security|purge (?:[^.;]|\.(?=\w)){0,40}from (the )?(git )?history|sanitiz(e|ation)|escape (user )?input|insecure|open redirect|path traversal)\b/i,
      6,
    ],
    // Eleventh session: a threat described rather than named (blind parts 97zg-97zl wrote "anyone
    // on the same network can swap the binary", "approves a POD without the driver PIN", "lock
    // down", "bug bounty", "audit finding", "sandbox").
    [
      /\b(lock(?:ing)? down|bug bounty|pen ?test (?:finding|report)|audit finding|sandbox(?:ed|ing)?|anyone (?:on|with|who|can)\b[^.;]{0,40}?\b(?:can|could|is able to)\b|(?:can|could) still (?:see|read|open|access|download)|without (?:the |a |any )?(?:(?:driver |user )?pin|password|signature|verification|auth(?:entication|orization)?|permission check)|not verified|unsigned|never expires?|privilege escalation|unauthori[sz]ed|bypass(?:es|ed|ing)?)\b/i,
      5,
    ],
  ],
  DEPENDENCY_UPDATE: [
    [
      /\b(replace [\w.-]+(?: \([^)]*\))? with [\w.-]+(?= across| in| everywhere|$)|replace the (?:old |current |legacy )?[\w-]+(?: \([^)]*\))? with [\w@/.-]+(?= across| everywhere)|downgrade|pin [\w@/.-]+ to)\b/i,
      4,
    ],
    [/\b(bump|upgrade|dependabot|renovate|lockfile|package-lock|outdated (packages|dependencies))\b/i, 5],
    [/\b(dependenc(y|ies)|to (v|version )?\d+\.\d+)\b/i, 2],
  ],
  CONFIG_CHANGE: [
    // A dotfile such as ".env.example" starts with a non-word character, so "\b" cannot anchor it.
    [/(?<![\w/.-])\.env(?:\.[\w-]+)?(?![\w-])/i, 3],
    [/\b(default (it |them |this )?to|\.env(\.\w+)?|log[_ ]level|max connections|pool size)\b/i, 3],
    [
      /\b(config(uration)?|env(ironment)? var(iable)?s?|settings?|feature flag|toggle|turn (on|off)|\.env|\.ya?ml|\.toml|\.ini|\.conf|\.tfvars|\.tf|\.hcl|\.service|\.properties|[A-Z][A-Z0-9]*_[A-Z0-9_]+=\S|timeout (value|setting)|set (the )?\w+ to|(?:build|installer|install|release|deploy|ci) scripts?|ci config|github actions|gitlab ci|travis|circleci|workflow files?)\b/i,
      3,
    ],
  ],
  DATA_MIGRATION: [
    // "migrate the CI config" is not a data migration; the data or schema must be named.
    [
      /\b(migrat(e|es|ing) (the |all |our )?[\w ]{0,20}?(data|database|db|tables?|rows|records|columns?|schema|users|accounts|orders)\b|migrations?\b|backfill|schema change|data (migration|move|transfer)|move (the )?(?:\S+ ){0,2}(data|rows|records)|copy (the )?(?:\S+ ){0,2}(data|rows|records)|(delete|purge|remove|erase)\b[^.;]{0,80}?\bfrom (?:the )?(?:prod(?:uction)? |live )?(?:database|db)|alter table|(add|drop|rename|remove) (a |an |the )?(new |nullable |unused )?([`\w.]+ )?column|(delete|purge|archive|anonymi[sz]e) (all |the |old |stale )*[\w ]{0,30}?(records|rows|data))\b/i,
      5,
    ],
  ],
  DEPLOY: [
    // "broken since the last release" and "deploy-preview" are not deploys.
    [
      /(?<![\\/])\b((?:re-?)?deploy(s|ed|ing|ment)?(?![-\w/\\])(?!\s+(?:script|pipeline|job|config|workflow|docs|process|tooling|key)s?\b)(?!\s+(?:fails?|failed|failing|is failing|broke|breaks|is broken|errors?|crashe[sd]|hangs)\b)|release (v?\d|it|the|this|to|a new|version)|roll ?out|roll ?back|ship (it )?to|promote (the )?build|publish (the )?(package|release)|cut a release|hotfix to prod)\b/i,
      5,
    ],
  ],
  OBSERVE_ENVIRONMENT: [
    [
      /\b(check (the |whether |if |which |what |free )?(status|version|disk|health|logs?|usage|running|memory|cpu|load)|what version|which version|is \w+ running|is (the )?[\w-]+( [\w-]+)? (running|up|down|healthy)|show me (the )?(last|current|running|logs?|status|disk|which|how|what)|how much (disk|memory|space)|inspect|report (the )?(current|status)|tell me (whether|if|how many|how much|the current))\b/i,
      5,
    ],
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

/**
 * The request's main predicate: the verb it opens with and what that verb acts on. "Add a test
 * for the crash" asks for a test, "fix the typos in CONTRIBUTING.md" for docs, whatever other
 * words the sentence holds; the object decides before the verb does.
 */
/**
 * "look into X and fix it", "find out why X, and fix it": the deliverable is the fix, and the
 * investigation words are a step toward it (they cast no INVESTIGATE vote). A dot inside a path or
 * version ("drift.yml", "8.5") does not end the clause.
 */
const INVESTIGATE_THEN_FIX =
  /^(?:investigate|look into|dig into|debug|figure out|find out|work out|track down)\b(?:[^.;?!]|\.(?=\S)){0,160}?\band (?:then )?(?:fix|repair|resolve|patch)\b/i;

const PREDICATES: [RegExp, TaskType][] = [
  [
    /^(?:add|write|create) (?:a |an )?(?:new )?(?:db |database |schema )?migration\b|^(?:add|drop|remove|rename) (?:a |an |the )?(?:new |nullable |unused )?(?:[`\w.]+ )?column\b|^(?:add|drop|rename) (?:the )?(?:new )?columns\b|^(?:drop|truncate|wipe|empty) (?:the )?[\w-]+ table\b|^migrate (?!(?:the )?(?:ci|config|build|pipeline|workflow|callers|code|tests?)\b)|^(?:drop|truncate|purge|archive|anonymi[sz]e) (?:the |all |old |stale |soft-deleted |production )*[\w -]{0,30}?(?:table|rows|records|data|comments|users|events|logs)\b|^(?:move|copy) [^.;]{0,50}\bfrom\b[^.;]{0,40}\bto (?:s3|gcs|redis|postgres\w*|mysql|mongo\w*|a bucket|the new (?:table|database|db))/i,
    "DATA_MIGRATION",
  ],
  [
    /^(?:add|create) (?:an? )?(?:\w+ )?index\b|^(?:get|bring|keep|make) (?:it|them|\S+|the \w+(?: \w+)?) (?:(?:finish|run|load|respond|complete|return|start|render|build)\s+)?(?:under|below|flat|down to|within \d)\b/i,
    "PERFORMANCE",
  ],
  [
    /^(?:write|add|create|extend|backfill|expand|cover|get|raise|increase|improve|need|want|more)\b[^.;]{0,60}?\b(?:tests?|test cases|specs?|coverage|test suite)\b(?!\s+(?:is|are|takes?|runs?|suite (?:is|takes)))|^test (?:this|it|that|them)\b|^(?:fix|stabili[sz]e|deflake|de-flake|update|repair) (?:the |this |that |these |those )?(?:flaky |failing |broken |intermittent )*(?:[\w-]+ ){0,2}(?:tests?|specs?)\b(?!\s+(?:failures?|that|which|where|suite (?:is|takes)))/i,
    "TEST",
  ],
  [
    /^(?:write|add|update|create|draft|extend|document|fix (?:the )?typos?|rewrite|translate the docs)\b[^.;]{0,60}?\b(?:docs?|documentation|readme|docstrings?|jsdoc|changelog|runbook|guide|tutorial|faq|postmortem|adr|release notes|contributing|wiki|\w+\.mdx?)\b|^(?:fix|correct)\b[^;]{0,40}?\bin (?:the )?(?:\S+\.mdx?\b|readme\b)/i,
    "DOCS",
  ],
  [
    /^(?:(?:take a )?look (?:at|over) (?:(?:my|our|this|the) )?(?:PR|pull request|diff|changes|patch)|skim|go through|read through|review|audit|critique|look over|proofread)\b/i,
    "REVIEW",
  ],
  [/^(?:rotate|revoke|mask|redact|scrub)\b/i, "SECURITY_FIX"],
  [/^(?:fix|repair|resolve|correct|patch|debug|revert)\b/i, "BUG_FIX"],
  [
    /^make (?:the )?[\w -]{0,30}?\b(?:sortable|searchable|filterable|configurable|editable|clickable|resizable|draggable|exportable|collapsible|accessible)\b/i,
    "FEATURE",
  ],
  [/^(?:un-?skip|re-?enable) (?:the |this |that |these |those )?(?:it|them|tests?|specs?)\b/i, "TEST"],
  [
    /^(?:reduce|fix|eliminate|cut|get rid of) (?:the )?flak(?:iness|y tests?|y specs?)\b|^make (?:the )?\S*(?:tests?|specs?)\S* pass\b/i,
    "TEST",
  ],
  [INVESTIGATE_THEN_FIX, "BUG_FIX"],
  [/^restore (?:the )?(?:previous|old|original|expected|correct|former) (?:behaviou?r|output|format)\b/i, "BUG_FIX"],
  [
    /^merge (?:them|these|those|the (?:two |three |duplicate )?(?:\w+ )?(?:functions|methods|helpers|modules|files|classes|components|hooks|types)) into\b/i,
    "REFACTOR",
  ],
  [
    /^(?:silence|suppress) (?:the |that |this |those |these )?[\w -]{0,30}?warnings?\b|^make (?:it|them|this|that|[\w./-]+\.\w+) (?:stop|return|reject|accept|print|handle|respect|ignore|skip|fail|throw|retry|show|load)\b|^stop (?:crashing|returning|throwing|failing|hanging|timing out)\b/i,
    "BUG_FIX",
  ],
  [
    /^make (?:the |this |our |it )?[\w ./-]{0,40}?\b(?:feel )?(?:smaller|snappier|faster|quicker|lighter|shorter|leaner|more responsive|more efficient|less slow)\b/i,
    "PERFORMANCE",
  ],
  [
    /^make (?:the |this |our )?(?:[\w./-]+\.\w+|[\w ]{0,30}?\b(?:code|function|module|class|component|file|helpers?|parser|handler))\s+(?:more (?:readable|maintainable|modular)|readable|easier to (?:read|follow|maintain|test|understand))\b/i,
    "REFACTOR",
  ],
  [/^export (?:[\w-]+ ){0,3}(?:as|to) (?:an? )?(?:csv|json|pdf|xlsx|excel|parquet)\b/i, "FEATURE"],
  // "show X on the delivery screen": what a screen shows is a feature, not a report to the caller.
  [
    /^(?:show|display|render) [^.;]{0,60}\b(?:on|in|to) (?:the )?[\w' -]*\b(?:screens?|pages?|views?|dashboards?|ui|forms?|headers?|footers?|sidebars?|modals?)\b/i,
    "FEATURE",
  ],
  [
    /^(?:swap|replace) (?:out )?(?:our |the )?[\w .-]{0,30}?\b(?:for|with) (?:the |a |an )?(?:[\w.-]+ )?(?:library|package|lib|dependency)\b/i,
    "DEPENDENCY_UPDATE",
  ],
  [
    /^(?:add|implement|introduce|create|build|support|allow|import|paginate|translate|locali[sz]e|internationali[sz]e|hook up|wire up|integrate|fetch|enable users|write an? (?:\w+ )?(?:script|tool|function|command|job|service|cli))\b/i,
    "FEATURE",
  ],
  [
    /^(?:remove|drop|delete) (?:the )?unused (?:[`\w@/.-]+ )?(?:dependency|package|library)|^replace (?:that |the )?(?:library|package|dependency)\b/i,
    "DEPENDENCY_UPDATE",
  ],
  [
    /^(?:refactor|extract|rename|split(?:ting)?|simplify|deduplicate|dedupe|clean|tidy|restructure|reorgani[sz]e|decouple|inline|move|convert|rewrite|migrate (?:the )?callers|replace the switch|merge (?:the |those |these )?(?:two|three|duplicate)|(?:remove|delete|kill|nuke|drop) (?:the )?(?:unused|dead|old|deprecated|obsolete|stale|that|those)\b(?!(?:\s+[\w-]+){0,3}\s+(?:branch(?:es)?|logs?|buckets?|backups?|uploads?|rows|records|data|users|accounts|tags|images|containers|volumes|snapshots|artifacts|releases)\b))/i,
    "REFACTOR",
  ],
  [/^(?:document)\b/i, "DOCS"],
  [/^profile\b/i, "INVESTIGATE"],
  [/^reproduce\b[^.;]*\b(?:and|to) (?:explain|find|figure out|understand|see why)/i, "INVESTIGATE"],
  [
    /^(?:investigate|figure out|find out|find|look into|dig into|diagnose|identify|work out|explain|(?:take a )?look at|tell me (?:where|why|which|what|how|whether|if)|(?:you )?(?:can |could )?find (?:the )?(?:reason|cause)|see why)\b/i,
    "INVESTIGATE",
  ],
  [/^(?:optimi[sz]e|speed up|cut|reduce|halve|lower|shrink)\b/i, "PERFORMANCE"],
  [
    /^(?:bump|raise|increase|lower|decrease|set|change|update|put) (?:the )?[\w .-]{0,30}?\b(?:sizes?|limits?|timeouts?|count|retries|pool|ttl|concurrency|replicas|thresholds?|log level|intervals?|retention|region|values?|defaults?)\b|^(?:turn|switch) (?:the )?[\w -]{0,20}flag/i,
    "CONFIG_CHANGE",
  ],
  [/^(?:bump|upgrade|downgrade|pin|update \S+ to v?\d)\b/i, "DEPENDENCY_UPDATE"],
  // Adding a key or variable to a config file: where it goes says what it is.
  [
    /^add [^.;]{0,60}?\b(?:to|in) (?:the )?\S*(?:\.env(?:\.[\w-]+)?|\.ya?ml|\.toml|\.ini|\.conf|\.properties|\.tfvars)(?![\w-])/i,
    "CONFIG_CHANGE",
  ],
  // Setting a named value to a literal ("switch the default region from eu-west-1 to eu-central-1",
  // "change the retention from 7 to 30 days", "put the timeout back to 30") is configuration.
  [
    /^(?:change|switch|set|put|move|raise|lower) (?:the |our |that |this )?(?:default )?(?!version\b)[\w -]{1,40}? (?:in \S+ )?(?:back )?(?:from [\w.-]+ )?to (?:\d|[\w.-]*\d[\w.-]*|true|false|on|off|enabled|disabled)/i,
    "CONFIG_CHANGE",
  ],
  [/^(?:set (?!it up|up)|configure|enable|disable|turn (?:on|off))\b/i, "CONFIG_CHANGE"],
  [/^(?:migrate (?:the )?(?:data|rows|records|users|table)|backfill)\b/i, "DATA_MIGRATION"],
  [
    /^(?:(?:re-?)?deploy|release|roll (?:back|out)|ship|promote|publish|tag v?\d[\w.-]* (?:and|then) (?:publish|release|ship))\b(?!\s+(?:fails?|failed|failing|is|was|broke|breaks|errors?|crashe[sd]|hangs)\b)/i,
    "DEPLOY",
  ],
  [
    /^(?:check (?=\S)(?!it\b|this\b|that\b|please\b)|list|show(?! [^.;]*\b(?:on|in|to) (?:the )?[\w' -]*\b(?:screens?|pages?|views?|dashboards?|ui|forms?|headers?|footers?|sidebars?|modals?)\b)|report|count|tell me (?:how much|how many|the current)|(?:see|check|find out) (?:if|whether) [^.;]{0,60}\b(?:running|up|down|healthy|installed|deployed|enabled|finished|done))\b/i,
    "OBSERVE_ENVIRONMENT",
  ],
];
const LEAD_FILLER =
  /^(?:(?:hey|hi|hello|ok|okay|so|please|pls|plz|kindly|can you|could you|would you|will you|can u|could u|pls can you|please can you|can someone|could someone|could you please|can you please|would you mind|would you be so kind as to|just|go ahead and|let'?s|i need you to|i want you to|i'?d like you to|i'?d like to|we need to|i need to|we should|you should|need to|is needed to|we must|please to|also|and|then|first|quick one|urgent|if so|if yes|if that'?s the case)[\s,!:]+)*/i;
const PREDICATE_WEIGHT = 6;
/** The first entries of PREDICATES name the predicate's object; they weigh more. */
const OBJECT_PREDICATES = 6;
const OBJECT_PREDICATE_WEIGHT = 9;

/** A conventional-commit prefix ("fix:", "feat(cli):", "chore(deps):") states the type outright. */
const CONVENTIONAL: [RegExp, TaskType][] = [
  [/^fix(?:\([^)]*\))?!?:/i, "BUG_FIX"],
  [/^feat(?:\([^)]*\))?!?:/i, "FEATURE"],
  [/^refactor(?:\([^)]*\))?!?:/i, "REFACTOR"],
  [/^tests?(?:\([^)]*\))?!?:/i, "TEST"],
  [/^docs(?:\([^)]*\))?!?:/i, "DOCS"],
  [/^perf(?:\([^)]*\))?!?:/i, "PERFORMANCE"],
  [/^(?:chore|build)\(deps(?:-dev)?\)!?:/i, "DEPENDENCY_UPDATE"],
  [/^ci(?:\([^)]*\))?!?:/i, "CONFIG_CHANGE"],
  [/^security(?:\([^)]*\))?!?:/i, "SECURITY_FIX"],
];

/**
 * A question that asks for a finding (where, why, which line, what causes, is it used) is an
 * investigation, unless it asks about the running environment (what is installed, running, up).
 */
const FINDING_QUESTION =
  /^(?:(?:so|and|but|hmm|ok)\s+)?(?!what do you think)(?:(?:i (?:want|need|would like|'d like) to know|i wonder|i'?m curious)\s+)?(?:where|why|how (?:much|many|big|large|long|old|often|full|is|are|can|would)|which\b|are (?:all|any|there|the|our)\b|is there\b|should (?:we|i)\b|when (?:does|do|did|is|was)\b|who\b|what\b|does\b|do (?:we|you) (?:have|use|know)\b|did (?:the )?\S+|is (?:the |this |that )?[\w`'".()-]+(?: [\w`'".()-]+)? (?:still )?used|is (?:the )?[\w-]+(?: [\w-]+){0,3} (?:running|up|down|healthy)|(?:what|which) [\w ]{0,30}should (?:we|i) use|which (?:line|commit|change|file|function|component|endpoint|module|part|query|test|service)|what(?:'s| is)? (?:causing|calls|causes|triggers|wrong|calling|the reason)|what (?:changed|happened|broke)|how (?:does|do|did|come)|for what reason|is (?:it|this|the \w+) (?:safe|still used|used|possible|thread-?safe)|is [`'"]?[\w.()`'"-]+ still used|who (?:calls|uses|writes))\b/i;
const ENVIRONMENT_QUESTION =
  /\b(running|still runs?|runs? [\w .-]{0,20}?\bv?\d+\.\d+|installed|mounted|up|down|healthy|deployed|version|revision|disk|memory|cpu|uptime|free|left|lag|behind|enabled|right now|currently|current|at the moment)\b/i;
const FINDING_WEIGHT = 9;

/**
 * Words that place the request in time ("since Friday's deploy", "after the last release")
 * describe when something started, not what to do: their cues do not vote.
 */
const BACKGROUND =
  /\b(?:ever since|since|after|following|before|from)\b[^.;:]{0,40}?\b(?:deploy(?:ed|ment|ing|s)?|released?|releases|roll-?out|rolled out|upgraded?|updated?|migration|migrated)\b(?:\s+(?:v?\d[\w.]*|of [\w.-]+|the new [\w ]{0,20}?(?:driver|version|build)))?/gi;

export const withoutBackground = (text: string): string => text.replace(BACKGROUND, (m) => " ".repeat(m.length));

export interface Evidence {
  type: TaskType;
  weight: number;
  why: string;
}
/** Enough evidence to explain a decision; a 60 KiB request need not list every cue. */
const MAX_EVIDENCE = 64;

/** One sentence for x-canon.explanations: the chosen type's evidence and the runner-up's score. */
export function explainClassification(result: Classification): string {
  const ranked = (Object.entries(result.scores) as [TaskType, number][]).sort((a, b) => b[1] - a[1]);
  const chosen = result.type === "UNCLASSIFIED" ? result.candidates : [result.type];
  const reasons = result.evidence
    .filter((e) => chosen.includes(e.type))
    .slice(0, 4)
    .map((e) => (e.weight ? `+${e.weight} ${e.why}` : e.why));
  const scores = ranked
    .slice(0, 3)
    .map(([type, score]) => `${type} ${score}`)
    .join(", ");
  if (!ranked.length) return "no task type is supported by the text (no predicate, question, cue or label)";
  if (result.type === "UNCLASSIFIED") return `evidence ties between ${result.candidates.join(" and ")} (${scores}): ${reasons.join("; ")}`;
  return `${result.type} by weighed evidence (${scores}): ${reasons.join("; ")}`;
}

export interface Classification {
  type: TaskType;
  /** The strongest cue of the chosen type (or of the tie), for provenance. */
  span: Span | null;
  scores: Partial<Record<TaskType, number>>;
  /** The tied types when the result is UNCLASSIFIED because of a tie. */
  candidates: TaskType[];
  /** What each type's score came from (type, weight, why), for x-canon.explanations. */
  evidence: Evidence[];
}

const CUE_LIST = Object.entries(CUES) as [TaskType, Cue[]][];

export function classify(clauses: Clause[], labels: readonly string[]): Classification {
  const scores: Partial<Record<TaskType, number>> = {};
  const spans: Partial<Record<TaskType, Span & { weight: number }>> = {};
  const evidence: Evidence[] = [];
  const vote = (type: TaskType, weight: number, span: Span & { weight: number }, why: string) => {
    scores[type] = (scores[type] ?? 0) + weight;
    if (!spans[type] || spans[type]!.weight < span.weight) spans[type] = span;
    if (evidence.length < MAX_EVIDENCE) evidence.push({ type, weight, why });
  };
  const firstSentence = clauses[0]?.sentence ?? 0;
  for (const clause of clauses) {
    if (clause.section === "forbidden" || isNegated(clause.text)) continue;
    // A question's nouns are its topic, not an action: they count once.
    const factor = clause.sentence === firstSentence && !clause.text.endsWith("?") ? 2 : 1;
    const text = withoutBackground(clause.text);
    const fixing = INVESTIGATE_THEN_FIX.test(clause.text.replace(LEAD_FILLER, ""));
    for (const [type, cues] of CUE_LIST) {
      if (fixing && type === "INVESTIGATE") continue;
      for (const [pattern, weight] of cues) {
        const match = pattern.exec(text);
        if (!match) continue;
        const start = clause.start + match.index;
        vote(type, weight * factor, { start, end: start + match[0].length, weight: weight * factor }, `cue "${match[0]}"`);
      }
    }
  }
  votePathKind(clauses, vote);
  let predicateType: TaskType | null = null;
  let asked = false;
  const conventional = clauses[0] ? CONVENTIONAL.find(([pattern]) => pattern.test(clauses[0]!.text)) : undefined;
  if (conventional) {
    const match = conventional[0].exec(clauses[0]!.text)!;
    vote(
      conventional[1],
      2 * PREDICATE_WEIGHT,
      { start: clauses[0]!.start, end: clauses[0]!.start + match[0].length, weight: 2 * PREDICATE_WEIGHT },
      `commit prefix "${match[0]}"`,
    );
  }
  // The main predicate among the opening clauses, and a question that asks for a finding.
  // The imperative may follow a problem statement in the same sentence ("X takes 45 s, get it under 10 s").
  // A long issue body states its ask under a heading ("## Task", "## Ask"): that sentence comes first.
  const askClauses = clauses.filter((clause) => clause.asks);
  const openings = [...askClauses, ...clauses.slice(0, 4)].flatMap((clause) => [clause, ...afterCommas(clause)]);
  for (const clause of conventional ? [] : openings) {
    if (clause.section === "forbidden" || isNegated(clause.text)) continue;
    const stripped = clause.text.replace(LEAD_FILLER, "");
    const offset = clause.start + clause.text.length - stripped.length;
    // A heading is a template label ("## What happened"), a question only when it ends with "?".
    const question = asked || (clause.heading && !clause.text.endsWith("?")) ? null : FINDING_QUESTION.exec(stripped);
    if (question) {
      asked = true;
      const type =
        ENVIRONMENT_QUESTION.test(stripped) &&
        !/^(why|where|how (does|do|did|come|is)|for what reason|which [\w ]{0,30}should|should)\b|\bwhat(?:'s| is)? (?:causing|the (?:cause|reason))|\bwhat causes\b/i.test(
          stripped,
        )
          ? "OBSERVE_ENVIRONMENT"
          : "INVESTIGATE";
      vote(
        type,
        FINDING_WEIGHT,
        { start: offset, end: offset + question[0].length, weight: FINDING_WEIGHT },
        `question "${question[0]}" asks for a finding`,
      );
      // "…? if so, rotate it": an imperative after the question is asked for too.
      continue;
    }
    const predicate = mainPredicate(stripped);
    if (!predicate) continue;
    const match = predicate[0].exec(stripped)!;
    // A predicate that names its object ("write a SECURITY.md", "add tests") says more than a verb alone.
    const weight = PREDICATES.indexOf(predicate) < OBJECT_PREDICATES ? OBJECT_PREDICATE_WEIGHT : PREDICATE_WEIGHT;
    vote(predicate[1], weight, { start: offset, end: offset + match[0].length, weight }, `main predicate "${match[0]}"`);
    predicateType = predicate[1];
    break;
  }
  for (const label of labels) {
    const type = LABELS.find(([pattern]) => pattern.test(label.trim()))?.[1];
    if (type) {
      scores[type] = (scores[type] ?? 0) + 6;
      evidence.push({ type, weight: 6, why: `label "${label}"` });
    }
  }
  const ranked = (Object.entries(scores) as [TaskType, number][]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = ranked[0];
  if (!top) return { type: "UNCLASSIFIED", span: null, scores, candidates: [], evidence };
  const tied = ranked.filter(([, score]) => score === top[1]).map(([type]) => type);
  // The main predicate breaks a tie: what the request asks to do outranks what it mentions.
  if (tied.length > 1 && predicateType && tied.includes(predicateType)) {
    evidence.push({ type: predicateType, weight: 0, why: "wins the tie as the main predicate" });
    return { type: predicateType, span: spanOf(spans[predicateType]), scores, candidates: [], evidence };
  }
  if (tied.length > 1) return { type: "UNCLASSIFIED", span: spanOf(spans[top[0]]), scores, candidates: tied, evidence };
  return { type: top[0], span: spanOf(spans[top[0]]), scores, candidates: [], evidence };
}

/** How much the kind of the files a request changes weighs: more than a generic verb's cue, less than a predicate. */
const PATH_KIND_WEIGHT = 5;

/**
 * The files the request asks to change (paths outside forbidding clauses) vote for the kind of
 * work they imply when they all imply the same one: test files for TEST, docs for DOCS, config
 * files for CONFIG_CHANGE. Ordinary code, or a mix, says nothing.
 */
function votePathKind(
  clauses: Clause[],
  vote: (type: TaskType, weight: number, span: Span & { weight: number }, why: string) => void,
): void {
  let kind: TaskType | null | undefined;
  let first: (Span & { ref: string }) | null = null;
  for (const clause of clauses) {
    if (forbids(clause) || isNegated(clause.text)) continue;
    for (const found of refsIn(clause.text)) {
      if (!found.ref.startsWith("fs:")) continue;
      const pathKind = kindOfPath(found.ref.slice(3));
      if (kind !== undefined && pathKind !== kind) return;
      kind = pathKind;
      first ??= { start: clause.start + found.index, end: clause.start + found.index + found.length, ref: found.ref };
    }
  }
  if (!kind || !first) return;
  vote(
    kind,
    PATH_KIND_WEIGHT,
    { start: first.start, end: first.end, weight: PATH_KIND_WEIGHT },
    `the files it names are ${kind} files (${first.ref})`,
  );
}

/**
 * The predicate of an imperative. Among the predicates that name their object, the object named
 * first wins: "write a README section on running the test suite" is docs, not tests.
 */
function mainPredicate(text: string): [RegExp, TaskType] | undefined {
  let best: [RegExp, TaskType] | undefined;
  let bestEnd = Infinity;
  for (const predicate of PREDICATES.slice(0, OBJECT_PREDICATES)) {
    const match = predicate[0].exec(text);
    if (match && match.index + match[0].length < bestEnd) {
      best = predicate;
      bestEnd = match.index + match[0].length;
    }
  }
  return best ?? PREDICATES.slice(OBJECT_PREDICATES).find(([pattern]) => pattern.test(text));
}

/** The pieces of a clause after each ", " or "; ": where an imperative often follows a statement. */
function afterCommas(clause: Clause): Clause[] {
  const pieces: Clause[] = [];
  for (const match of clause.text.matchAll(
    /,\s+(?:and\s+|so\s+|then\s+)?|:\s+(?=which|where|why|what|how|who|when)|\s+and\s+(?=(?:please\s+)?(?:fix|add|make|get|update|write|remove|find|check|rotate|bump|set|deploy|migrate|refactor|tell|explain|report|show)\b)/gi,
  )) {
    const start = match.index + match[0].length;
    pieces.push({ ...clause, text: clause.text.slice(start), start: clause.start + start });
  }
  return pieces;
}

const spanOf = (span: (Span & { weight: number }) | undefined): Span | null => (span ? { start: span.start, end: span.end } : null);
