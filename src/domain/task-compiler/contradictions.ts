// The contradiction detector (docs/task-compiler.md, "Detectors"): a HARD rule or a forbidden
// scope the request states that makes its own ask impossible. Each older check reads one rule
// shape against one kind of task; rule-conflicts.ts reads a rule's verb and object against the
// ask's. Split from ambiguity.ts, which runs it beside the referent and measurability detectors.
import type { TaskType } from "../../contracts/task-ir.js";
import type { AmbiguityDraft, DetectionInput } from "./ambiguity.js";
import { hardnessOf, isNegated, maskQuoted } from "./clause-hardness.js";
import { ruleConflict } from "./rule-conflicts.js";
import { covers, fsRefsIn, refsIn } from "./resource-refs.js";
import { escapeRegExp } from "../regexp-escape.js";
import { FILLER, spanOf, type Clause } from "./segment.js";

const CHANGE_TYPES: TaskType[] = [
  "BUG_FIX",
  "FEATURE",
  "REFACTOR",
  "PERFORMANCE",
  "SECURITY_FIX",
  "DEPENDENCY_UPDATE",
  "CONFIG_CHANGE",
  "DATA_MIGRATION",
  "DEPLOY",
];
// Contradiction: each rule names what it forbids; a request that must do that thing cannot be
// done under the rule. A rule scoped to somewhere else ("under src/payments/", "to production")
// only contradicts a request that acts there.
// Fourteenth session: so does a file pattern or name after "any file" ("Don't touch any file matching
// timeoff/**/migrations/*.py", "any file named …").
const SCOPED =
  /^\s*(?:\w+\s+)?(?:under|in|inside|outside|within|to|from|of|on|at|other than|except|beyond|besides|else|apart from|there|matching|that match(?:es)?|named|called|ending in|whose)\b(?!\s+(?:the\s+|any\s+)?(?:code|codebase|repo|repository|anything|source)\b)/i;
// "don't change any test file / public signatures / ad slot markup" keeps one kind of thing, not
// all code: "any" stands alone or before code, files or changes (twelfth session).
const NO_CHANGES =
  /\b(?:don'?t|do not|never|without|no one may|nobody may)\s+(?:make|making|change|changing|modify|modifying|touch|touching|edit|editing|apply|applying)\s+(?:anything|any (?:code|files?|changes)\b|any(?=\s*(?:[,.;:!)]|$))|the code(?:base)?|a single (?:line|file))(?:\b|(?<=any))|\bno (?:code )?changes\b|\b(?:allowed only to|only allowed to|may only|can only|are only allowed to) (?:read|look|inspect)\b/i;
const NO_TESTS =
  /\b(?:don'?t|do not|never|without)\s+(?:touch|touching|change|changing|modify|modifying|edit|editing|add|adding|write|writing)\s+(?:any |the )?tests?\b|\btests? (?:are|is) (?:off[- ]limits|frozen|read[- ]only)\b|\b(?:don'?t|do not) want (?:any )?(?:new |more |extra )?tests\b|\bno (?:new |more |extra )tests\b/i;
const NO_DEPS =
  /\b(?:no new (?:dependencies|deps|packages|libraries)|(?:don'?t|do not|never|without)\s+(?:add|adding|install|installing|introduc(?:e|ing)|pull(?:ing)? in|chang(?:e|ing))\s+(?:any |new )*(?:dependencies|deps|packages|libraries)|\b(?:don'?t|do not|never)\s+(?:upgrade|bump|update)\s+(?:any )?(?:dependencies|deps|packages)|no dependency (?:changes|updates|upgrades)|(?:dependencies|deps|packages) (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|will not) (?:change|be (?:changed|added|removed|updated|upgraded|touched))|(?:dependencies|deps) (?:are|is) frozen|(?:don'?t|do not|never)\s+change\s+(?:any\s+)?(?:package\s+|dependency\s+)?versions)\b/i;
// A vulnerability reported against a package's version ("requests 2.25.1 (CVE-2023-32681") is
// patched by changing that version: a security fix of it is a dependency change (twelfth session).
const VULNERABLE_VERSION = /\b[a-z][\w.-]*\s+v?\d+\.\d+(?:\.\d+)?\b[^.;]{0,20}?\bCVE-\d{4}-\d+/i;
// "No new dependencies" forbids adding one: bumping a dependency already in use, or one the text
// says is already there ("date-fns is already in package.json"), adds none (tenth session).
const NEW_DEPS_ONLY =
  /\bno new (?:dependencies|deps|packages|libraries)|\b(?:add|adding|install|installing|introduc(?:e|ing)|pull(?:ing)? in)\s+(?:any |new )*(?:dependencies|deps|packages|libraries)/i;
const UPDATES_FORBIDDEN = /\b(?:updat|upgrad|bump|chang)\w*\s+(?:any\s+|the\s+|existing\s+)*(?:dependencies|deps|packages|versions)\b/i;
const ALREADY_A_DEPENDENCY =
  /\b(?:is|are) already (?:a |an )?(?:(?:dev )?dependenc(?:y|ies)|installed|in (?:use|package\.json|requirements[\w-]*\.txt|pyproject\.toml|go\.mod|cargo\.toml|the lockfile))\b|\balready (?:depend on|use|have) (?:it|them|\S+)\b/i;
const ADDS_DEP =
  /\b(?:add|install)\s+`?[a-z@][\w@/.-]*`?\s+to\s+(?:the\s+)?\S*(?:requirements[\w-]*\.txt|package\.json|pyproject\.toml|Cargo\.toml|go\.mod|Gemfile|pom\.xml|build\.gradle|composer\.json|\.csproj)\b|\b(?:add|install|use|using|pull in|introduce)\s+(?:the\s+)?(?!standard\b|stdlib\b|built-?in\b|existing\b)[\w@/.-]+\s+(?:package|library|dependency|module from npm)\b|\b(?:npm|yarn|pnpm) (?:install|add) \S+|\bpip install \S+|\b(?:with|via)\s+(?:the\s+)?(?!standard\b|stdlib\b|built-?in\b|existing\b|same\b)[\w@/.-]+\s+(?:package|library)\b\s*\(?\s*not (?:yet )?installed\b/i;
const SWAPS_PACKAGE = /\b(?:replace|swap|switch|migrate)\s+(?:from\s+)?[\w@/.-]+(?:\.js)?\s+(?:with|for|to)\s+[\w@/.-]+/i;
// "don't touch prod today" forbids a deploy there. Nineteenth session: so does the noun form, "No
// production changes today, the bill run is on" against a production rollback (fj-186); a name
// that goes on after the environment ("don't touch the prod-us rollout") is another target, not
// the environment (fl-089: a UK canary promoted).
const NO_ENV_TOUCH =
  /\b(?:don'?t|do not|never|must not)\s+(?:touch|change|modify|deploy to|release to)\s+(?:the\s+)?(prod|production|staging|live)\b(?![-/.]\w)|\bno\s+(prod|production|staging|live)\s+changes\b/i;
// "The database must stay on 14" pins a version an upgrade would change.
const PINNED_VERSION = /\b(?:must|should|has to|needs to|will) (?:stay|remain) (?:on|at|pinned to) v?(\d+(?:\.\d+)*)\b/i;
// "numpy stays pinned below 2": an upgrade of that package to 2 or later leaves the range (twelfth
// session). The package is the word before the verb; the ask must name it.
const PINNED_BELOW =
  /\b([a-z][\w.-]*)\s+(?:stays?|remains?|must stay|must remain|should stay|is|are|has to stay)\s+(?:pinned\s+)?(?:below|under|<)\s*v?(\d+(?:\.\d+)*)\b/i;
const versionAtLeast = (version: string, bound: string): boolean => {
  const a = version.split(".").map(Number);
  const b = bound.split(".").map(Number);
  for (let i = 0; i < b.length; i++) if ((a[i] ?? 0) !== b[i]) return (a[i] ?? 0) > b[i]!;
  return true;
};
// "<thing> is frozen / read-only / locked": a request that changes that thing cannot be done.
const FROZEN_OBJECT = /^(?:the\s+)?(.{2,40}?)\s+(?:is|are|stays?|remains?)\s+(?:frozen|locked|read[- ]only|off[- ]limits)\b/i;
// The object runs to the end of the sentence; a dot inside a version or path ("8.5", "build.gradle") does not end it.
const CHANGE_VERB =
  /\b(?:add|change|update|edit|modify|rename|remove|delete|rewrite|translate|bump|upgrade|replace|extend|alter)\b((?:[^.;]|\.(?=\S))*)/i;
const NO_DEPLOY =
  /\b(?:(?:don'?t|do not|never|without)\s+(?:deploy|deploying|release|releasing|ship|shipping|roll(?:ing)? out)|no (?:(prod|production|staging|live) )?(?:deploys|deployments|releases))\b/i;
// Twenty-fifth session (branch `esc25`): the places a deploy rule names, each a whole name with
// its region or suffix ("Do not deploy to prod-us" names prod-us, not prod: ey-074 promotes to
// prod-eu; "Do not deploy in prod-eu or prod-us, only apac for now" on a deploy to gke-prod-apac,
// fx-087), a list of alternatives included.
const DEPLOY_PLACES =
  /^[^.;]{0,12}?\b(?:to|in|on|onto|into)\s+(?:the\s+)?(\w+(?:-\w+)*(?:(?:\s*,\s*|\s+(?:or|nor)\s+)(?:the\s+)?\w+(?:-\w+)*)*)/i;
// Split where DEPLOY_PLACES joined two names; each name is trimmed after (no quantifier here: a
// split tries the expression at every character).
const PLACE_SEPARATOR = /,|\s(?:or|nor)\s/i;
// "production" and "prod" are one environment's two names.
const oneEnvironmentName = (text: string): string => text.toLowerCase().replace(/\bproduction\b/g, "prod");
/**
 * Whether an ask names the place a deploy rule names: the whole name, or the name as one part of
 * a longer one ("prod" in "gke-prod-apac": a host's parts are words, as "db-prod-us is prod"
 * below), never a prefix of another name ("prod-us" is not in "prod-eu", "us" not in "status").
 */
function namesPlace(ask: string, place: string): boolean {
  // A name is word characters and hyphens only (DEPLOY_PLACES), so it needs no escaping.
  const name = oneEnvironmentName(place.trim()).replace(/^the\s+/, "");
  return new RegExp(String.raw`(?<!\w)${name}(?!\w)`).test(oneEnvironmentName(ask));
}
// Seventeenth session: "Schema changes are not allowed this sprint / outside the quarterly release"
// forbids them now, as "we are not allowed to change the schema" does (ep-072, fa-031).
const NO_SCHEMA =
  /\bno (?:db |database )?schema changes\b|\bschema changes (?:are|is) (?:not (?:allowed|permitted)|forbidden|banned)\b|\bschema (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|will not|won'?t) (?:change|be (?:changed|touched|modified|altered))\b|\bschema (?:stays|remains|is) (?:frozen|locked|unchanged)\b|\bschema is frozen\b|\b(?:don'?t|do not|never|without|not allowed to|may not|must not|cannot|can'?t)\s+(?:chang|touch|alter|modify)(?:e|ing)?\s+the (?:database |db )?schema\b|\bwithout (?:touching|changing|modifying) the (?:database|db)\b|\b(?:don'?t|do not|never)\s+(?:touch|change|modify)\s+the (?:database|db)\b/i;
// Columns, indexes and tables are the schema: adding an index or dropping a table changes it
// ("by adding an index on events(created_at)" as much as "add an index").
const SCHEMA_CHANGE =
  /\b(?:add(?:ing)?|drop(?:ping)?|renam(?:e|ing)|remov(?:e|ing)|creat(?:e|ing))\b[^.;]{0,40}?\b(?:column|index|table)\b|\b(?:in|into|to) a new\b[^.;]{0,40}?\b(?:column|table)\b|\bmigration\b|\balter table\b|\brenames? [\w.]+ to [\w.]+/i;
const NO_NETWORK =
  /\bno (?:network|internet)(?: access)?\b|\b(?:don'?t|do not|never|without)\s+(?:call|calling|access|accessing|use|using)\s+(?:the )?(?:network|internet)\b|\boffline only\b/i;
const NO_NEW_FILES =
  /\b(?:don'?t|do not|never|without)\s+(?:create|creating|add|adding)\s+(?:any\s+)?new (?:(test|doc|config|migration|source)s? )?files\b|\bno new (?:(test|doc|config|migration|source)s? )?files\b/i;
// Seventeenth session: new files barred from the folder tests live in ("Don't add any new files
// under test/", "no new files under tests/") are new test files barred: a test task that names no
// existing file to extend must add one there (14 writers label "no new test files" against tests
// asked with no existing file ambiguous; fa-036, cc-139, do-141 say it of the folder).
const TEST_FOLDER = /^\s*(?:under|in|inside|within)\s+`?(?:[\w.-]+\/)*(?:tests?|specs?|__tests__)\/?`?(?![\w/.-])/i;
// What a request adds when a rule forbids new files of one kind ("no new test files" vs "add snapshot tests").
const ADDS_OF_KIND: Record<string, RegExp> = {
  test: /\b(?:add|write|create)\b[^.;]{0,40}?\b(?:tests?|specs?)\b/i,
  doc: /\b(?:add|write|create)\b[^.;]{0,40}?\b(?:docs?|guide|page|readme)\b/i,
  config: /\b(?:add|write|create)\b[^.;]{0,40}?\bconfig\b/i,
  migration: /\b(?:add|write|create)\b[^.;]{0,40}?\bmigration\b/i,
  source: /\b(?:add|write|create)\b[^.;]{0,40}?\b(?:module|file|class)\b/i,
};
// "Add a regression test … to tests/test_reservations.py": into a file that exists, not a new one.
const INTO_EXISTING = /\b(?:to|in|into)\s+(?:the\s+)?(?:existing\s+)?`?[\w./\\-]+\.[a-z]{1,5}\b`?(?![^.;]*\bnew file\b)/i;
const NEW_FILE =
  /\b(?:new (?:guide|file|page|module|doc|document)|create (?:a |an )?(?:new )?(?:file|module|page|guide))\b|\bwrite (?:a |an )?new\b/i;
const NO_LOCKFILE =
  /\b(?:lock ?file|package-lock(?:\.json)?|yarn\.lock|poetry\.lock|pnpm-lock\.yaml|cargo\.lock)\b[^.;]{0,20}?\b(?:must not|mustn'?t|may not|cannot|can'?t|should not) change\b|\b(?:don'?t|do not|never)\s+(?:touch|change|modify|update)\s+(?:the )?(?:lock ?file|package-lock(?:\.json)?|yarn\.lock)\b/i;
// "public names in labtools.ingest must not change": the public names of a module are its API.
const NO_API_CHANGE =
  /\bpublic (?:api|interface|signature|name|symbol|function|method)s? (?:in [\w.]+ )?(?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|must stay|must remain)|\b(?:don'?t|do not|never) change the public (?:api|interface)|\bno (?:public )?api changes\b|\bpublic (?:api|interface)s? (?:is|are|stays?|remains?) (?:frozen|locked|unchanged)\b|\bapi (?:is|are) (?:frozen|locked)\b/i;
// Renaming or removing a named symbol (`Tracker.emit()`) changes an API as surely as saying "public".
// So does renaming something to a new identifier ("Rename it to read_run everywhere").
const CHANGES_API =
  /\b(?:rename|remove|delete|change)\b[^.;]{0,30}?(?:\bpublic\b|`[^`]+`|\b\w+(?:\.\w+)*\(\))|\brename\b[^.;]{0,30}?\bto\s+`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/i;
// "no DROP statements against prod databases" names the deletion as a kind of statement.
const NO_DELETE =
  /\b(?:(?:never|don'?t|do not|must not|mustn'?t)\s+(?:delete|remove|drop|purge|truncate)|no\s+(?:delete|drop|purge|truncate)(?:\s+(?:statements|commands|queries|operations))?|keep (?:all|every))\b([^.;]*)/i;
// "Request logs must never be deleted": the rule names what it keeps before the verb.
const PASSIVE_NO_DELETE =
  /^(.*?)\b(?:(?:must|should|may|can|will|is to|are to)\s*(?:not|never|n'?t)\s+(?:ever\s+)?be|(?:is|are)\s+never)\s+(?:deleted|removed|dropped|purged|truncated|erased|wiped)\b/i;
// "Nothing in results_archive is ever deleted": a negative subject keeps what follows it.
const NOTHING_DELETED =
  /^(?:nothing|none|no (?:row|record|file|entry|data)s?)\s+(?:in|of|from)\s+(.*?)\s+(?:is|are|gets?|may|can|will|should|must)\s+(?:ever\s+)?(?:be\s+)?(?:deleted|removed|dropped|purged|truncated|erased|wiped)\b/i;
// An environment named as frozen ("production is frozen until the season ends") takes no deploy.
const ENVIRONMENT = /^(?:prod|production|staging|live)$/i;
// A bare package name in code after "add"/"install" ("Add `zod` and validate …") adds a dependency.
const ADDS_NAMED_PACKAGE =
  /^(?:add|install)\s+`[a-z@][\w@/.-]*`(?=\s+and\b|\s*[,.;]|\s*$|\s+(?:as a (?:dep|dependency)|to (?:the )?(?:deps|dependencies|package\.json)|to (?:the )?[\w-]+ (?:service|app|project|repo|package|module)\b))/i;
const DELETES = /\b(?:delete|remove|drop|purge|truncate|wipe|erase|clean(?:s|ing)? out)\b((?:[^.;]|\.(?=\S))*)/i;
// A rule limited to a window of time or to a subset of things ("Do not deploy between 16:00 and
// 18:00 UTC", "… on the last business day of the month", "Never drop a partition whose export has
// not been verified", "Do not delete anything for an account with an open AML case") says when or
// which, not whether: the deploy or the deletion it governs can still be done (eleventh session).
// A period that holds now ("until January", "during the freeze", "this quarter") is not a window.
// Fourteenth session: nor is an operation the work waits for ("Do not deploy before the Q4 941 batch
// has finished"): a run that ends orders the work after it, where a freeze that holds forbids it.
const WINDOW =
  /\b(?:(?:before|until|after)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}(?:batch|job|run|sale|cutoff|cut-off|backup|import|export|sync|settlement|payroll|close)\s+(?:has\s+|have\s+|is\s+)?(?:finished|completed|ended|closed|done|run)|between\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|h)?\s+and\s+\d{1,2}(?::\d\d)?|(?:before|after)\s+\d{1,2}:\d\d|on (?:the )?(?:last|first)\s+(?:business |working )?day|on (?:a )?(?:fridays?|mondays?|weekends?|saturdays?|sundays?|public holidays?)|(?:outside|during) (?:of )?(?:[A-Z]{2,4} |[\w-]+ time )?(?:business|office|working|peak) hours|during (?:the )?(?:settlement|invoice|payroll|peak|batch|backup|billing) (?:window|run))\b/i;
const SUBSET =
  /\b(?:whose|unless|except|that (?:has|have|is|are)|which (?:has|have|is|are)|with an? (?:open|active|pending|running|unverified))\b/i;
// Twelfth session: a question for the agent's view ("Along which seams would you cut it?") and
// "Advice only" ask for advice as surely as "how would you".
const ADVICE =
  /\b(?:suggest|recommend|propose|advise|how would you|what would you|should we|just (?:tell|report|explain|list|describe)|report back|plan|(?:which|where|what)\b[^.;?]{0,40}?\bwould you|advice only|only advi[cs]e)\b/i;
const IDENTIFIER_WORD = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/gi;
// A clause that opens by asking for a change.
const CHANGE_ASKED =
  /^(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:refactor|fix|add|split|rename|move|update|change|remove|delete|extract|rewrite|implement|migrate|upgrade|bump|deploy|convert|replace|merge|consolidate|dedupe|restructure)\b/i;
const STOP = new Set([
  "anything",
  "everything",
  "something",
  "nothing",
  "from",
  "the",
  "any",
  "all",
  "with",
  "that",
  "this",
  "older",
  "than",
  "into",
  "under",
  "against",
]);
// A plural loses "es" only after a sibilant ("boxes", "batches"), else "s": "tables" is "table", as
// the singular in the ask reads (twelfth session; "tabl" matched nothing).
const nouns = (text: string): Set<string> =>
  new Set(
    (text.toLowerCase().match(/[a-z][a-z_-]{3,}/g) ?? [])
      .filter((w) => !STOP.has(w))
      .map((w) => w.replace(/(?<=(?:s|x|z|ch|sh))es$|(?<!s)s$/, "")),
  );

/**
 * A freeze that does not reach the ask (tenth session): it names a path the ask's paths are not
 * under ("never modify legacy-exporter/package-lock.json" against exporter/package.json), it
 * excepts what the ask adds ("new functions are fine"), or it is about what is public or exported
 * while the ask changes something private.
 */
function frozenElsewhere(rule: string, asking: readonly Clause[]): boolean {
  // A file's folder counts as what the rule names: a lockfile protects its package's manifest.
  const ruleRefs = fsRefsIn(rule).map((ref) =>
    ref.endsWith("/**") || !ref.includes("/") ? ref : `${ref.slice(0, ref.lastIndexOf("/"))}/**`,
  );
  const askRefs = asking.flatMap((c) => fsRefsIn(c.text));
  // A bare file name ("fines.ts") names the file wherever it lies.
  const same = (ref: string, path: string) =>
    covers(ref, path) || covers(path, ref) || (!ref.includes("/") && path.split("/").at(-1) === ref.slice(3));
  if (ruleRefs.length && askRefs.length && !askRefs.some((path) => ruleRefs.some((ref) => same(ref, path)))) return true;
  const allowed = /\bnew ([a-z]+?)e?s? (?:are|is) (?:fine|ok|okay|allowed|welcome)\b/i.exec(rule)?.[1];
  if (
    allowed &&
    asking.some((c) =>
      new RegExp(String.raw`\b(?:add|create|write|introduce)\b[^.;]{0,30}\bnew\b[^.;]{0,20}\b${allowed}`, "i").test(c.text),
    )
  )
    return true;
  return privateOnly(rule, asking);
}

/** A rule about what is public or exported, against an ask that changes something private. */
const privateOnly = (rule: string, asking: readonly Clause[]): boolean =>
  /\b(?:public|exported)\b/i.test(rule) && asking.some((c) => /\bprivate\b|\binternal helper\b|\bnot exported\b/i.test(c.text));

export function constraintContradictions(input: DetectionInput): AmbiguityDraft[] {
  // Only a HARD rule contradicts the ask; most requests state none (what the loop reads of the
  // request before it is pure, so nothing is lost by not reading it).
  if (!input.constraints.some((constraint) => constraint.hardness === "HARD")) return [];
  const found: AmbiguityDraft[] = [];
  // What the request asks to do: clauses that are not rules, with quoted text masked.
  const asking = input.clauses.filter((clause) => !isNegated(clause.text) && hardnessOf(clause) === null);
  const acting = asking.map((clause) => maskQuoted(clause.text));
  // "Just describe the approach, no code changes until the AGM": the ask before the rule's comma counts.
  const advice =
    acting.some((text) => ADVICE.test(text)) ||
    input.clauses.some((clause) => hardnessOf(clause) !== null && ADVICE.test(maskQuoted(clause.text).split(/[,;]/)[0]!));
  // Twelfth session: a change asked before the rule, with advice only offered after it ("Refactor them
  // so they share one wrapper. No code changes this week though - just tell me how you'd do it"), is
  // change work the rule forbids; the advice is the caller's fallback, and the contradiction is asked.
  // Where nothing was asked before the rule, advice anywhere in it ("The validator is in
  // signup/validators.ts. Don't change anything yet, just tell me how you'd fix it") is the ask.
  const adviceOnly = (rule: Clause): boolean => {
    const at = input.clauses.indexOf(rule);
    const before = asking.filter((clause) => input.clauses.indexOf(clause) < at).map((clause) => maskQuoted(clause.text));
    if (ADVICE.test(maskQuoted(rule.text).split(/[,;]/)[0]!) || before.some((text) => ADVICE.test(text))) return true;
    if (before.some((text) => CHANGE_ASKED.test(text.replace(FILLER, "")))) return false;
    return advice || ADVICE.test(maskQuoted(rule.text));
  };
  // The same clauses with names in code quotes read as names ("from \`results_archive\`", "the
  // \`ical-generator\` package"): what a rule keeps or forbids is often named that way.
  const naming = asking.map((clause) => maskQuoted(clause.text.replace(/`([^`]*)`/g, "$1")));
  const addsNamedPackage = asking.some((clause) => ADDS_NAMED_PACKAGE.test(clause.text.replace(FILLER, "")));
  // Read only when a rule or the task type asks, and then once.
  let addsDep: boolean | undefined;
  // In a dependency update, "Replace moment with date-fns" takes a package on (eleventh session).
  const swapsPackage = () => input.taskType === "DEPENDENCY_UPDATE" && naming.some((c) => SWAPS_PACKAGE.test(c));
  const addsDependency = () => (addsDep ??= addsNamedPackage || naming.some((c) => ADDS_DEP.test(c)) || swapsPackage());
  for (const constraint of input.constraints) {
    if (constraint.hardness !== "HARD") continue;
    const text = maskQuoted(constraint.clause.text);
    // Asked by two checks, answered once.
    let elsewhere: boolean | undefined;
    const reachesAsk = () => !(elsewhere ??= frozenElsewhere(constraint.clause.text, asking));
    const unscoped = (pattern: RegExp) => {
      const match = pattern.exec(text);
      return match !== null && !SCOPED.test(text.slice(match.index + match[0].length));
    };
    const deploy = NO_DEPLOY.exec(text);
    const placesNamed = deploy ? DEPLOY_PLACES.exec(text.slice(deploy.index + deploy[0].length))?.[1] : undefined;
    const deployPlaces = deploy?.[1] ? [deploy[1]] : (placesNamed?.split(PLACE_SEPARATOR) ?? []);
    const envRule = NO_ENV_TOUCH.exec(text);
    const envTouched = envRule?.[1] ?? envRule?.[2];
    const pinned = PINNED_VERSION.exec(text)?.[1];
    const pinnedBelow = PINNED_BELOW.exec(text);
    const noNewFiles = NO_NEW_FILES.exec(text);
    const fileKind =
      noNewFiles?.[1]?.toLowerCase() ??
      noNewFiles?.[2]?.toLowerCase() ??
      (noNewFiles && TEST_FOLDER.test(text.slice(noNewFiles.index + noNewFiles[0].length)) ? "test" : undefined);
    const frozen = FROZEN_OBJECT.exec(text)?.[1];
    // What the rule keeps: the words after "never delete" or before "must never be deleted".
    const kept =
      NO_DELETE.exec(text)?.[1] ?? NOTHING_DELETED.exec(constraint.clause.text.replace(/`/g, ""))?.[1] ?? PASSIVE_NO_DELETE.exec(text)?.[1];
    const conflict =
      (unscoped(NO_CHANGES) &&
        CHANGE_TYPES.includes(input.taskType) &&
        !adviceOnly(constraint.clause) &&
        `a ${input.taskType} task changes code`) ||
      (NO_TESTS.test(text) && input.taskType === "TEST" && "the task is about tests") ||
      (NO_DEPS.test(text) &&
        !(
          NEW_DEPS_ONLY.test(text) &&
          !UPDATES_FORBIDDEN.test(text) &&
          (ALREADY_A_DEPENDENCY.test(input.text) || (input.taskType === "DEPENDENCY_UPDATE" && !addsDependency()))
        ) &&
        (input.taskType === "DEPENDENCY_UPDATE" ||
          addsDependency() ||
          (input.taskType === "SECURITY_FIX" && VULNERABLE_VERSION.test(input.text))) &&
        "the request also adds or updates dependencies") ||
      (pinned !== undefined &&
        input.taskType === "DEPENDENCY_UPDATE" &&
        acting.some((c) => (/\b(?:to|on|onto)\s+v?(\d+(?:\.\d+)*)\b/i.exec(c)?.[1] ?? pinned) !== pinned) &&
        "the upgrade moves off the pinned version") ||
      (pinnedBelow !== null &&
        input.taskType === "DEPENDENCY_UPDATE" &&
        acting.some((c) => {
          const to = new RegExp(String.raw`\b${escapeRegExp(pinnedBelow[1]!)}\b[^.;]*?\bto\s+v?(\d+(?:\.\d+)*)`, "i").exec(c)?.[1];
          return to !== undefined && versionAtLeast(to, pinnedBelow[2]!);
        }) &&
        "the upgrade leaves the range the rule pins") ||
      (frozen !== undefined &&
        reachesAsk() &&
        acting.some((c, i) => {
          const change = CHANGE_VERB.exec(c);
          const kept = nouns(frozen);
          // A frozen thing named by an identifier ("tables in the audit_log schema") binds only an
          // ask that names that identifier too, not every table (twelfth session).
          const ids = frozen.match(IDENTIFIER_WORD) ?? [];
          if (ids.some((id) => !naming[i]!.toLowerCase().includes(id.toLowerCase()))) return false;
          return change !== null && [...nouns(change[1] ?? "")].some((n) => kept.has(n));
        }) &&
        "the request changes what the rule freezes") ||
      (input.taskType === "DEPLOY" &&
        frozen !== undefined &&
        ENVIRONMENT.test(frozen.trim()) &&
        acting.some((c) => new RegExp(`\\b${escapeRegExp(frozen.trim().slice(0, 4))}`, "i").test(c)) &&
        "the deploy goes where the rule freezes") ||
      // Twenty-fifth session: as for a deploy rule below, a window says when, not whether ("don't
      // deploy to production between 09:00 and 17:00" on a plan that ends in a production release, fw-095).
      (input.taskType === "DEPLOY" &&
        envTouched !== undefined &&
        !WINDOW.test(text) &&
        acting.some((c) => new RegExp(`\\b${envTouched.slice(0, 4)}`, "i").test(c)) &&
        "the deploy goes where the rule forbids") ||
      (deploy &&
        input.taskType === "DEPLOY" &&
        !WINDOW.test(text) &&
        (!deployPlaces.length || acting.some((c) => deployPlaces.some((place) => namesPlace(c, place)))) &&
        "the task is a deploy") ||
      (NO_SCHEMA.test(text) &&
        (input.taskType === "DATA_MIGRATION" || acting.some((c) => SCHEMA_CHANGE.test(c))) &&
        "the request changes the schema or data") ||
      (NO_NETWORK.test(text) &&
        acting.some((c) => refsIn(c).some((r) => r.ref.startsWith("net:"))) &&
        "the request reaches a host over the network") ||
      (noNewFiles !== null &&
        acting.some(
          (c, i) => NEW_FILE.test(c) || (fileKind !== undefined && ADDS_OF_KIND[fileKind]!.test(c) && !INTO_EXISTING.test(asking[i]!.text)),
        ) &&
        "the request creates a new file") ||
      (NO_LOCKFILE.test(text) && input.taskType === "DEPENDENCY_UPDATE" && "a dependency update changes the lockfile") ||
      // The symbol a request renames is often in code quotes, so the unmasked text is read here.
      // A private helper (`_chan_buf()`) is outside a frozen public API (twelfth session).
      (NO_API_CHANGE.test(text) &&
        !privateOnly(constraint.clause.text, asking) &&
        input.clauses.some((c) => !isNegated(c.text) && hardnessOf(c) === null && CHANGES_API.test(c.text)) &&
        "the request changes the public API") ||
      (kept !== undefined &&
        !SUBSET.test(kept) &&
        naming.some((c) => {
          const match = DELETES.exec(c);
          if (!match) return false;
          const forbidden = nouns(kept);
          // A host's parts count as words: "db-prod-us" is in prod.
          return [...nouns(match[1] ?? ""), ...nouns((match[1] ?? "").replace(/-/g, " "))].some((n) => forbidden.has(n));
        }) &&
        "the request deletes what the rule keeps") ||
      (reachesAsk() &&
        ruleConflict({
          rule: maskQuoted(constraint.clause.text.replace(/`([^`]*)`/g, "$1")),
          before: maskQuoted(input.clauses[input.clauses.indexOf(constraint.clause) - 1]?.text ?? ""),
          acting: naming,
          deploy: input.taskType === "DEPLOY",
          dependencyUpdate: input.taskType === "DEPENDENCY_UPDATE" || addsDependency(),
          changes: (CHANGE_TYPES.includes(input.taskType) || input.taskType === "TEST" || input.taskType === "DOCS") && !advice,
          test: input.taskType === "TEST",
          observe: input.taskType === "OBSERVE_ENVIRONMENT",
          notes: input.notes,
        }));
    if (!conflict) continue;
    found.push({
      kind: "constraint_contradiction",
      question: `"${constraint.text}" contradicts the request (${conflict}). Keep the constraint or drop it?`,
      text: constraint.clause.text,
      span: spanOf(constraint.clause),
      field: null,
      options: [`keep`, `drop`],
      defaultOption: null,
      effect: { kind: "choose", field: `constraint:${constraint.clause.text}` },
    });
  }
  return found;
}
