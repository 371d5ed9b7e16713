// The main predicate of a request: the verb it opens with and what that verb acts on, and the
// conventional-commit prefixes (docs/task-compiler.md, "Pipeline", step 2; split from classify.ts
// in the thirteenth session).
import type { TaskType } from "../../contracts/task-ir.js";
import { ENFORCED_CONTROL, NEW_OPTION, PEOPLE_AS_RECORDS } from "./type-cues.js";
import { gatedExec, gatedTest } from "./literal-gates.js";

/**
 * "look into X and fix it", "find out why X, and fix it": the deliverable is the fix, and the
 * investigation words are a step toward it (they cast no INVESTIGATE vote). A dot inside a path or
 * version ("drift.yml", "8.5") does not end the clause.
 */
export const INVESTIGATE_THEN_FIX =
  /^(?:investigate|look into|dig into|debug|figure out|find out|work out|track down)\b(?:[^.;?!]|\.(?=\S)){0,160}?\band (?:then )?(?:fix|repair|resolve|patch)\b/i;

/**
 * The request's main predicate: the verb it opens with and what that verb acts on. "Add a test
 * for the crash" asks for a test, "fix the typos in CONTRIBUTING.md" for docs, whatever other
 * words the sentence holds; the object decides before the verb does.
 */
export const PREDICATES: [RegExp, TaskType][] = [
  // A column added, dropped, renamed or altered ("change column duty_start from datetime to
  // datetimeoffset": its type) is a schema change, whatever the column holds. Twenty-second session:
  // so is a column by another name, a flag, boolean or field, added to a table or to records then
  // filled ("Add a climate_controlled boolean to units in unitbook and backfill it", fy-018; "Add a
  // levy_exempt flag to the customers table … and set it for the accounts", ga-053): the guide's
  // "new column"; 37 of the 38 development requests that add a column to a table or add one and
  // fill it are DATA_MIGRATION. A flag added to code alone is NEW_OPTION's feature. Cleaning up stored
  // data ("clean up the bad rows", "clean it up in prod") changes it: the predicate of a data change,
  // not of a refactor (thirteenth session).
  // Stored data fixed or corrected ("fix the data from yesterday's import", "correct the records
  // like we did after the spring import", "fix the policy data for …") is changed where it is
  // stored: the object is the data, not the code that wrote it (fifteenth session: 24 of 27 such
  // openings are DATA_MIGRATION). So is whatever is fixed, corrected or updated in production or in
  // the database ("Fix the seat counts in prod", "correct the contracted seat counts in the prod
  // billing DB", "update the unit rates in the db"): where it is changed says it is stored data, not
  // code, unless it is configuration (seventeenth session: 8 of the 9 such openings, six writers).
  [
    /^(?:fix|correct|repair|update) (?:(?!in\b|on\b|config\w*\b|settings?\b)[\w`'-]+ ){1,4}in (?:the )?(?:prod(?:uction)?|live|db|database)\b(?!\s+(?:config\w*|settings?|env\w*|layer|code|drivers?|clients?|modules?|adapters?|connections?)\b)/i,
    "DATA_MIGRATION",
  ],
  [
    /^clean(?:ing)? up (?:the |all |old |bad |stale |duplicate |[\w-]+ ){0,4}?(?:rows|records|data|entries|duplicates)\b|^clean (?:it|them|this|that) up (?:in|on) prod(?:uction)?\b|^(?:fix|correct|repair)(?: up)? (?:the |those |these |all |our )?(?:(?!duplicate\b)[\w-]+ ){0,3}?(?:data|rows|records)\b(?!\s+(?:export|import|pipeline|model|view|layer|loader|sync|feed|mapping)s?\b)/i,
    "DATA_MIGRATION",
  ],
  // Twenty-first session: people the system stores cleaned up, merged or corrected (type-cues.ts).
  [new RegExp(String.raw`^(?:${PEOPLE_AS_RECORDS})`, "i"), "DATA_MIGRATION"],
  [
    /^(?:add|write|create) (?:a |an )?(?:new )?(?:db |database |schema )?migration\b|^(?:add|drop|remove|rename|alter|change) (?:a |an |the )?(?:type of (?:the )?)?(?:new |nullable |unused )?(?:[`\w.]+ )?column\b|^add (?:a |an |the )?(?:new )?(?:nullable |optional )?`?[\w.-]+`? (?:boolean|bool|flag|field)\b(?=[^.;\n]{0,60}?\b(?:to (?:the )?`?[\w.-]+`? table\b|and (?:then )?(?:backfill|fill|populate|set) (?:it|them)\b))|^(?:add|drop|rename) (?:the )?(?:new )?columns\b|^(?:drop|truncate|wipe|empty) (?:the )?[\w-]+ table\b|^migrate (?!(?:the )?(?:ci|config|build|pipeline|workflow|callers|code|tests?)\b)|^(?:drop|truncate|purge|archive|anonymi[sz]e) (?:the |all |old |stale |soft-deleted |production )*[\w -]{0,30}?(?:table|rows|records|data|comments|users|events|logs)\b|^(?:move|copy) [^.;]{0,50}\bfrom\b[^.;]{0,40}\bto (?:s3|gcs|redis|postgres\w*|mysql|mongo\w*|a bucket|the new (?:table|database|db))/i,
    "DATA_MIGRATION",
  ],
  // A rename of a code symbol ("Rename CrewMember.Ssn to CrewMember.NationalId", "rename
  // `getUser()` to `fetchUser()`": a capital or a call in the name) names its object: the code's
  // structure. A lower-case dotted name is as often a table's column ("rename users.mail to
  // users.email"), the DATA_MIGRATION predicate's object (thirteenth session).
  [
    /^[Rr]ename (?:the )?(?:method |function |class |property |field |type |interface |component |hook )?`?(?=[\w.#:]*(?:[A-Z]|\(\)))[\w.#:]+(?:\(\))?`? to\b/,
    "REFACTOR",
  ],
  // A new option, flag or setting added to the code is a feature; its value set in a config file
  // is configuration ("add LOG_LEVEL to .env.example", the CONFIG_CHANGE predicate below) and a
  // flag added to docs/cli.md is docs (thirteenth session: 69 of 73 such asks were FEATURE).
  [new RegExp(String.raw`^${NEW_OPTION}`, "i"), "FEATURE"],
  [
    /^(?:add|create) (?:an? )?(?:\w+ )?index\b|^(?:get|bring|keep|make) (?:it|them|\S+|the \w+(?: \w+)?) (?:(?:finish|run|load|respond|complete|return|start|render|build)\s+)?(?:under|below|flat|down to|within \d)\b/i,
    "PERFORMANCE",
  ],
  // "make a test for the rule that …" asks for a test as "write a test" does (fifteenth session).
  [
    /^(?:write|add|create|extend|backfill|expand|cover|get|raise|increase|improve|need|want|more)\b[^.;]{0,60}?\b(?:tests?|test cases|specs?|coverage|test suite)\b(?!\s+(?:is|are|takes?|runs?|suite (?:is|takes)))|^make (?:a|an|some|more|new|one) (?:[\w-]+ ){0,2}?(?:tests?|test cases|specs?)\b|^test (?:this|it|that|them)\b|^(?:fix|stabili[sz]e|deflake|de-flake|update|repair) (?:the |this |that |these |those )?(?:flaky |failing |broken |intermittent )*(?:[\w-]+ ){0,2}(?:tests?|specs?)\b(?!\s+(?:failures?|that|which|where|suite (?:is|takes)))/i,
    "TEST",
  ],
  // The object decides: "fix the typos in CONTRIBUTING.md", "Fix docs/api/pricing.md: …" (a docs
  // file as the fix's object) are docs work, and so is whatever is written into a markdown file,
  // however long its description ("Draft the customer-facing incident report for CS-3401 (Acme
  // Logistics) in ir/reports/2026-12-acme-qakbot.md"; 52 of 52 such openings are DOCS; fourteenth
  // session). A dot inside a version or a name ("the text for 7.14 in …/7.14.md") does not end the
  // sentence (fifteenth session).
  [
    /^(?:write|add|update|create|draft|extend|document|fix (?:the )?typos?|rewrite|translate the docs)\b[^.;]{0,60}?\b(?:docs?|documentation|readme|docstrings?|jsdoc|changelog|runbook|guide|tutorial|faq|postmortem|adr|release notes|contributing|wiki|\w+\.mdx?)\b|^(?:fix|correct)\b[^;]{0,40}?\bin (?:the )?(?:\S+\.mdx?\b|readme\b)|^(?:fix|correct|proofread) (?:the )?[\w./\\-]+\.(?:mdx?|rst|adoc)\b|^(?:write|draft|add|create|update)\b(?:[^.;]|\.(?=\S)){0,140}?\b(?:in|into|to) (?:the )?[\w.~/\\:*-]+\.mdx?\b/i,
    "DOCS",
  ],
  // A package swapped for what the platform already has ("Replace Alamofire in rider-ios with plain
  // URLSession", "replace it with Node's built-in crypto.verify") names a dependency as its object
  // (5 of 5 such asks are DEPENDENCY_UPDATE; fourteenth session).
  [
    /^(?:replace|swap)\b[^.;]{0,50}?\b(?:with|for) (?:the |a )?(?:plain|built-?in|standard[- ]library|stdlib|[\w']+'s (?:built-?in|standard))\b/i,
    "DEPENDENCY_UPDATE",
  ],
  [
    /^(?:(?:take a )?look (?:at|over) (?:(?:my|our|this|the) )?(?:PR|pull request|diff|changes|patch)|skim|go through|read through|review|audit|critique|look over|proofread)\b/i,
    "REVIEW",
  ],
  [new RegExp(String.raw`^(?:rotate|revoke|mask|redact|scrub)\b|^${ENFORCED_CONTROL}`, "i"), "SECURITY_FIX"],
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
  // Adding a key, a step or a variable to a config file: where it goes says what it is ("add Node 22
  // to the test matrix in .github/workflows/ci.yml", "add SUPPORT_SLA_HOURS=4 to .env.production").
  // It is read before the generic "add" of a feature, which would otherwise always answer first
  // (seventeenth session: 18 of the 23 such openings in the development split are CONFIG_CHANGE).
  [
    /^add [^.;]{0,60}?\b(?:to|in) (?:the )?\S*(?:\.env(?:\.[\w-]+)?|\.ya?ml|\.toml|\.ini|\.conf|\.properties|\.tfvars)(?![\w-])/i,
    "CONFIG_CHANGE",
  ],
  [
    /^(?:add|implement|introduce|create|build|support|allow|import|paginate|translate|locali[sz]e|internationali[sz]e|hook up|wire up|integrate|fetch|enable users|write an? (?:\w+ )?(?:script|tool|function|command|job|service|cli))\b/i,
    "FEATURE",
  ],
  [
    /^(?:remove|drop|delete) (?:the )?unused (?:[`\w@/.-]+ )?(?:dependency|package|library)|^replace (?:that |the )?(?:library|package|dependency)\b/i,
    "DEPENDENCY_UPDATE",
  ],
  // "Rewrite history" rewrites commits, not code: a history rewrite is UNCLASSIFIED or, as a step of
  // purging a secret, SECURITY_FIX (the guide; 23 of 23 such requests, none REFACTOR; fourteenth
  // session).
  [
    /^(?:refactor|extract|rename|split(?:ting)?|simplify|deduplicate|dedupe|clean(?![^.;]{0,60}?\b(?:rows?|records?|data|entries|duplicates?|tables?|columns?|db|database|(?:in|on) prod(?:uction)?)\b)|tidy|restructure|reorgani[sz]e|decouple|inline|move|convert|rewrite(?!\s+(?:the |its |their |all )?(?:git |commit |branch )?history\b)|migrate (?:the )?callers|replace the switch|merge (?:the |those |these )?(?:two|three|duplicate)|(?:remove|delete|kill|nuke|drop) (?:the )?(?:unused|dead|old|deprecated|obsolete|stale|that|those)\b(?!(?:\s+[\w-]+){0,3}\s+(?:branch(?:es)?|logs?|buckets?|backups?|uploads?|rows|records|data|users|accounts|tags|images|containers|volumes|snapshots|artifacts|releases)\b))/i,
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
  // Tuning named values sets them ("tune the slurm priority weights", "tune the JVM settings"):
  // configuration, as raising or lowering them is; so is what a service runs with ("bump the gunicorn
  // workers", "bump the resources for the big jobs": 40 of 41 such asks are CONFIG_CHANGE; a
  // package's version is no such value) (fifteenth session).
  [
    /^(?:bump|raise|increase|lower|decrease|set|change|update|put|tune) (?:the )?[\w .-]{0,30}?(?<![./])\b(?:sizes?|limits?|timeouts?|count|retries|pool|ttl|concurrency|replicas|thresholds?|log level|intervals?|retention|region|values?|defaults?|weights?|settings|workers|resources|memory|cpu|heap|instances)\b(?!\s+(?:from|to) v?\d+\.\d+)|^(?:turn|switch) (?:the )?[\w -]{0,20}flag/i,
    "CONFIG_CHANGE",
  ],
  // "update" acts on a dependency when it names one: a version ("update lodash to 4.17.21"), a move
  // between versions ("update @azure/msal-node in services/dms-auth from 1.18.4 to 2.16.2": 13 of 13
  // such asks in development, seventeenth session) or a package noun ("update that gem Jonas
  // mentioned", "update the outdated packages").
  [
    /^(?:bump|upgrade|downgrade|pin|update \S+ to v?\d|update [^.;?]{0,80}?\bfrom v?\d+(?:\.\d+)+ to v?\d|update (?:the |that |this |these |those |our |all (?:the |our )?)?(?:[\w@/.'-]+ ){0,2}(?:gems?|packages?|librar(?:y|ies)|crates?|deps|dependenc(?:y|ies)|sdks?))\b/i,
    "DEPENDENCY_UPDATE",
  ],
  // Setting a named value to a literal ("switch the default region from eu-west-1 to eu-central-1",
  // "change the retention from 7 to 30 days", "put the timeout back to 30") is configuration.
  [
    /^(?:change|switch|set|put|move|raise|lower) (?:the |our |that |this )?(?:default )?(?!version\b)[\w -]{1,40}? (?:in \S+ )?(?:back )?(?:from [\w.-]+ )?to (?:\d|[\w.-]*\d[\w.-]*|true|false|on|off|enabled|disabled)/i,
    "CONFIG_CHANGE",
  ],
  [/^(?:set (?!it up|up)|configure|enable|disable|turn (?:on|off))\b/i, "CONFIG_CHANGE"],
  // Pointing a service at another host, bucket or relay changes the value it is configured with.
  [/^(?:re-?point|point) \S[^.;]{0,60}?\b(?:at|to) /i, "CONFIG_CHANGE"],
  [/^(?:migrate (?:the )?(?:data|rows|records|users|table)|backfill)\b/i, "DATA_MIGRATION"],
  [
    /^(?:(?:re-?)?deploy|release|roll (?:back|out)|ship|promote|publish|tag v?\d[\w.-]* (?:and|then) (?:publish|release|ship))\b(?!\s+(?:fails?|failed|failing|is|was|broke|breaks|errors?|crashe[sd]|hangs)\b)/i,
    "DEPLOY",
  ],
  // "show" reports to the caller only as "show me …" (not a plan or diff to approve first) or with
  // a reading of the system as its object ("show the last 200 lines of /var/log/gpsd"); "show a
  // 'Join waitlist' button", "show the tip as its own line" is what a product displays (thirteenth
  // session: 3 of the 62 such predicates were reports).
  [
    /^(?:check (?=\S)(?!it\b|this\b|that\b|please\b)|list|show(?= (?:me|us) (?!(?:the |a |an |your |its )?(?:plan|diff|proposal|changes|tests?|test plan|screenshot|code|patch|draft|mockup|pr)\b))|show(?= (?:the )?(?:last|current|running|logs?|status|disk|memory|cpu|lag|uptime|health)\b)|report|count|tell me (?:how much|how many|the current)|(?:see|check|find out) (?:if|whether) [^.;]{0,60}\b(?:running|up|down|healthy|installed|deployed|enabled|finished|done))\b/i,
    "OBSERVE_ENVIRONMENT",
  ],
];
// A relay label ("From Birgit (customs):", "from the retro:") says whose request follows, as a
// greeting does: the ask is after it (sixteenth session; 10 such openings in the development split).
export const LEAD_FILLER =
  /^(?:(?:from (?:the )?[\w'.-]+(?: [\w'.-]+){0,3}(?: \([^)]{1,40}\))?(?=:)|hey|hi|hello|ok|okay|so|please|pls|plz|kindly|can you|could you|would you|will you|can u|could u|pls can you|please can you|can someone|could someone|could you please|can you please|would you mind|would you be so kind as to|just|go ahead and|let'?s|i need you to|i want you to|i'?d like you to|i'?d like to|we need to|i need to|we should|you should|need to|is needed to|we must|please to|also|and|then|first|quick one|urgent|if so|if yes|if that'?s the case)[\s,!:]+)*/i;
// Sixteenth session: what a wish, a later piece of a sentence and a pronoun object ask for (used by
// classify.ts beside the main predicate).
/**
 * A wish for something ("we need anti-dumping duty in the calculator", "can we have the same alert
 * as the Leeds system has?") asks for what it names: a thing of no other kind is a new capability
 * (FEATURE 8 of the 22 such asks in the development split; the other 14 name their kind, "more
 * tests", "a guide in docs/…", "upgrade Django", and those words decide). "we need to" is a lead
 * filler, "can we have a look" a look asked for, "I need a hand with something" help that names no
 * work, and a wish for what worked before ("we need the
 * export working again", "… back") asks for a fix.
 */
export const WISH =
  /^(?:(?:we|i|they|users|staff|customers) (?:really |urgently |also |still )?(?:need|want|would like|'d like)|(?:please )?(?:can|could) (?:we|i|they|users|staff) (?:please |also )?have) (?!to\b|you\b|it\b|this\b|that\b|them\b|(?:some )?(?:help|assistance|something)\b|(?:a|an|another|one more|the) (?:look|go|check|peek|fix|decision|number|list|report|review|answer|call|chat|word|hand)\b)/i;

export const RESTORED = /\b(?:again|back|working|work|fixed|restored|sorted)\b/i;

/**
 * A piece after ", and" whose first words are followed by a verb of their own ("…, and import VAT
 * has no threshold since 2021") states a fact: its first word is the subject's, not an imperative.
 */
export const OWN_SUBJECT =
  /^[a-z]+ (?!(?:the|a|an|this|that|these|those|it|them|my|our|your|their|its|me|us|to|for|in|on|of|and|or|with|from|if|so|when|why|how|what|which|who|where|sure)\b)[\w-]+(?: [\w-]+)? (?:is|are|was|were|has|have|had|does|doesn't|isn't|aren't|wasn't|hasn't)\b/i;

/**
 * "The README is out of date. Fix it.", "Maria's settlement tests broken again. fix them": a fix
 * whose object is a pronoun fixes what the request opens with, and when that is a test or a docs
 * file the work is of that kind, as "fix the tests" and "fix the README" are (the guide's table:
 * TEST fixes tests, DOCS corrects docs). Sixteenth session: of the development split's requests
 * that open with tests and ask to fix, sort or update "it"/"them", 23 of 25 are TEST; opening with
 * docs, 15 of 17 are DOCS. The noun must be the opening's subject (within its first words, before
 * any verb): "crashes for a guide in Chamonix" names a person.
 */
/** A test predicate that repairs tests ("fix the failing specs", "stabilise the e2e tests", "make the tests pass"). */
export const TEST_REPAIR =
  /^(?:fix|correct|repair|sort|stabili[sz]e|de-?flake|reduce|eliminate|get rid of|make (?:the )?\S*(?:tests?|specs?)\S* pass|un-?skip|re-?enable)\b/i;
// A bare "Fix." after a complaint ("Portal's sluggish. Fix.", "builds are too slow. fix.") fixes it as "fix it" does.
export const PRONOUN_FIX = /^(?:fix|correct|repair|update|sort)(?: out)? (?:it|them|this|that|these|those)\b|^(?:fix|repair)[.!]*$/i;
export const OPENING_SUBJECT: [RegExp, TaskType][] = [
  [/^(?:(?:the|our|all|some|these|those|[\w-]+'s)\s+)?(?:[\w-]+\s+){0,2}?(?:tests?|specs?|test suite)(?![\w-])/i, "TEST"],
  [
    /^(?:(?:the|our|in|[\w-]+'s)\s+)?(?:[\w-]+\s+){0,2}?(?:readme(?:\.md)?|docs?|documentation|runbook|wiki|[\w./\\-]+\.mdx?)(?![\w-])(?!\s+(?:tests?|job|build)\b)/i,
    "DOCS",
  ],
  // "Crematorium booking calendar is sluggish again. Sort it.", "The planetarium seat map is too slow.
  // Sort it out.": an opening that complains of slowness makes the fix performance work, as the guide's
  // table reads speed (seventeenth session: 5 of the 7 such requests, five writers; the other two
  // open with tests, "our tests are too slow", and are TEST by the entry above).
  [
    /^[^.;]{0,60}?\b(?:is|are|'s|feels?|got|gets|has (?:got|become|felt)|have (?:got|become|felt)) (?:(?:really|very|so|a bit|too|still|getting|become) )*(?:sluggish|slow|laggy)\b/i,
    "PERFORMANCE",
  ],
];

export const PREDICATE_WEIGHT = 6;
/** The first entries of PREDICATES name the predicate's object; they weigh more. */
export const OBJECT_PREDICATES = 12;
export const OBJECT_PREDICATE_WEIGHT = 9;

/**
 * A conventional-commit prefix ("fix:", "feat(cli):", "chore(deps):") states the type outright. The
 * scope "deps" names the dependencies as the thing changed whatever type precedes it: bots write
 * "fix(deps):" for a runtime dependency and "chore(deps):" for a development one (fourteenth session).
 */
export const CONVENTIONAL: [RegExp, TaskType][] = [
  [/^\w+\(deps(?:-dev)?\)!?:/i, "DEPENDENCY_UPDATE"],
  [/^fix(?:\([^)]*\))?!?:/i, "BUG_FIX"],
  [/^feat(?:\([^)]*\))?!?:/i, "FEATURE"],
  [/^refactor(?:\([^)]*\))?!?:/i, "REFACTOR"],
  [/^tests?(?:\([^)]*\))?!?:/i, "TEST"],
  [/^docs(?:\([^)]*\))?!?:/i, "DOCS"],
  [/^perf(?:\([^)]*\))?!?:/i, "PERFORMANCE"],
  [/^ci(?:\([^)]*\))?!?:/i, "CONFIG_CHANGE"],
  [/^security(?:\([^)]*\))?!?:/i, "SECURITY_FIX"],
];

/**
 * The predicate of an imperative. Among the predicates that name their object, the object named
 * first wins: "write a README section on running the test suite" is docs, not tests.
 */
export function mainPredicate(text: string): [RegExp, TaskType] | undefined {
  let best: [RegExp, TaskType] | undefined;
  let bestEnd = Infinity;
  for (const predicate of PREDICATES.slice(0, OBJECT_PREDICATES)) {
    const match = gatedExec(predicate[0], text);
    if (match && match.index + match[0].length < bestEnd) {
      best = predicate;
      bestEnd = match.index + match[0].length;
    }
  }
  return best ?? PREDICATES.slice(OBJECT_PREDICATES).find(([pattern]) => gatedTest(pattern, text));
}
