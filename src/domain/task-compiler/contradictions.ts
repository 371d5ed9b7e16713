// The contradiction detector (docs/task-compiler.md, "Detectors"): a HARD rule or a forbidden
// scope the request states that makes its own ask impossible. Each older check reads one rule
// shape against one kind of task; rule-conflicts.ts reads a rule's verb and object against the
// ask's. Split from ambiguity.ts, which runs it beside the referent and measurability detectors.
import type { TaskType } from "../../contracts/task-ir.js";
import type { AmbiguityDraft, DetectionInput } from "./ambiguity.js";
import { hardnessOf, isNegated, maskQuoted } from "./constraints.js";
import { kindOfPath } from "./path-kinds.js";
import { ruleConflict } from "./rule-conflicts.js";
import { covers, forbids, fsRefsIn, refsIn } from "./scope.js";
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
const SCOPED =
  /^\s*(?:\w+\s+)?(?:under|in|inside|outside|within|to|from|of|on|at|other than|except|beyond|besides|else|apart from|there)\b(?!\s+(?:the\s+|any\s+)?(?:code|codebase|repo|repository|anything|source)\b)/i;
const NO_CHANGES =
  /\b(?:don'?t|do not|never|without|no one may|nobody may)\s+(?:make|making|change|changing|modify|modifying|touch|touching|edit|editing|apply|applying)\s+(?:any(?:thing)?|any (?:code|files?|changes)|the code(?:base)?|a single (?:line|file))\b|\bno (?:code )?changes\b|\b(?:allowed only to|only allowed to|may only|can only|are only allowed to) (?:read|look|inspect)\b/i;
const NO_TESTS =
  /\b(?:don'?t|do not|never|without)\s+(?:touch|touching|change|changing|modify|modifying|edit|editing|add|adding|write|writing)\s+(?:any |the )?tests?\b|\btests? (?:are|is) (?:off[- ]limits|frozen|read[- ]only)\b|\b(?:don'?t|do not) want (?:any )?(?:new |more |extra )?tests\b|\bno (?:new |more |extra )tests\b/i;
const NO_DEPS =
  /\b(?:no new (?:dependencies|deps|packages|libraries)|(?:don'?t|do not|never|without)\s+(?:add|adding|install|installing|introduc(?:e|ing)|pull(?:ing)? in|chang(?:e|ing))\s+(?:any |new )*(?:dependencies|deps|packages|libraries)|\b(?:don'?t|do not|never)\s+(?:upgrade|bump|update)\s+(?:any )?(?:dependencies|deps|packages)|no dependency (?:changes|updates|upgrades)|(?:dependencies|deps|packages) (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|will not) (?:change|be (?:changed|added|removed|updated|upgraded|touched))|(?:dependencies|deps) (?:are|is) frozen|(?:don'?t|do not|never)\s+change\s+(?:any\s+)?versions)\b/i;
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
// "don't touch prod today" forbids a deploy there.
const NO_ENV_TOUCH =
  /\b(?:don'?t|do not|never|must not)\s+(?:touch|change|modify|deploy to|release to)\s+(?:the\s+)?(prod|production|staging|live)\b/i;
// "The database must stay on 14" pins a version an upgrade would change.
const PINNED_VERSION = /\b(?:must|should|has to|needs to|will) (?:stay|remain) (?:on|at|pinned to) v?(\d+(?:\.\d+)*)\b/i;
// "<thing> is frozen / read-only / locked": a request that changes that thing cannot be done.
const FROZEN_OBJECT = /^(?:the\s+)?(.{2,40}?)\s+(?:is|are|stays?|remains?)\s+(?:frozen|locked|read[- ]only|off[- ]limits)\b/i;
// The object runs to the end of the sentence; a dot inside a version or path ("8.5", "build.gradle") does not end it.
const CHANGE_VERB =
  /\b(?:add|change|update|edit|modify|rename|remove|delete|rewrite|translate|bump|upgrade|replace|extend|alter)\b((?:[^.;]|\.(?=\S))*)/i;
const NO_DEPLOY =
  /\b(?:(?:don'?t|do not|never|without)\s+(?:deploy|deploying|release|releasing|ship|shipping|roll(?:ing)? out)|no (?:(prod|production|staging|live) )?(?:deploys|deployments|releases))\b(?:[^.;]{0,12}?\bto\s+(\w+))?/i;
const NO_SCHEMA =
  /\bno (?:db |database )?schema changes\b|\bschema (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|will not|won'?t) (?:change|be (?:changed|touched|modified|altered))\b|\bschema (?:stays|remains|is) (?:frozen|locked|unchanged)\b|\bschema is frozen\b|\b(?:don'?t|do not|never|without|not allowed to|may not|must not|cannot|can'?t)\s+(?:chang|touch|alter|modify)(?:e|ing)?\s+the (?:database |db )?schema\b|\bwithout (?:touching|changing|modifying) the (?:database|db)\b|\b(?:don'?t|do not|never)\s+(?:touch|change|modify)\s+the (?:database|db)\b/i;
// Columns, indexes and tables are the schema: adding an index or dropping a table changes it.
const SCHEMA_CHANGE =
  /\b(?:add|drop|rename|remove|create)\b[^.;]{0,40}?\b(?:column|index|table)\b|\b(?:in|into|to) a new\b[^.;]{0,40}?\b(?:column|table)\b|\bmigration\b|\balter table\b|\brenames? [\w.]+ to [\w.]+/i;
const NO_NETWORK =
  /\bno (?:network|internet)(?: access)?\b|\b(?:don'?t|do not|never|without)\s+(?:call|calling|access|accessing|use|using)\s+(?:the )?(?:network|internet)\b|\boffline only\b/i;
const NO_NEW_FILES =
  /\b(?:don'?t|do not|never|without)\s+(?:create|creating|add|adding)\s+(?:any\s+)?new (?:(test|doc|config|migration|source)s? )?files\b|\bno new (?:(test|doc|config|migration|source)s? )?files\b/i;
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
const NO_API_CHANGE =
  /\bpublic (?:api|interface|signature)s? (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|must stay|must remain)|\b(?:don'?t|do not|never) change the public (?:api|interface)|\bno (?:public )?api changes\b|\bpublic (?:api|interface)s? (?:is|are|stays?|remains?) (?:frozen|locked|unchanged)\b|\bapi (?:is|are) (?:frozen|locked)\b/i;
// Renaming or removing a named symbol (`Tracker.emit()`) changes an API as surely as saying "public".
const CHANGES_API = /\b(?:rename|remove|delete|change)\b[^.;]{0,30}?(?:\bpublic\b|`[^`]+`|\b\w+(?:\.\w+)*\(\))/i;
const NO_DELETE = /\b(?:(?:never|don'?t|do not|must not|mustn'?t)\s+(?:delete|remove|drop|purge|truncate)|keep (?:all|every))\b([^.;]*)/i;
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
const WINDOW =
  /\b(?:between\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|h)?\s+and\s+\d|(?:before|after)\s+\d{1,2}:\d\d|on (?:the )?(?:last|first)\s+(?:business |working )?day|on (?:a )?(?:fridays?|mondays?|weekends?|saturdays?|sundays?|public holidays?)|(?:outside|during) (?:of )?(?:business|office|working|peak) hours|during (?:the )?(?:settlement|invoice|payroll|peak|batch|backup|billing) (?:window|run))\b/i;
const SUBSET =
  /\b(?:whose|unless|except|that (?:has|have|is|are)|which (?:has|have|is|are)|with an? (?:open|active|pending|running|unverified))\b/i;
const ADVICE =
  /\b(?:suggest|recommend|propose|advise|how would you|what would you|should we|just (?:tell|report|explain|list|describe)|report back|plan)\b/i;
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
]);
const nouns = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z][a-z_-]{3,}/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/(?:es|s)$/, "")));

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
  return /\b(?:public|exported)\b/i.test(rule) && asking.some((c) => /\bprivate\b|\binternal helper\b|\bnot exported\b/i.test(c.text));
}

export function constraintContradictions(input: DetectionInput): AmbiguityDraft[] {
  const found: AmbiguityDraft[] = [];
  // What the request asks to do: clauses that are not rules, with quoted text masked.
  const asking = input.clauses.filter((clause) => !isNegated(clause.text) && hardnessOf(clause) === null);
  const acting = asking.map((clause) => maskQuoted(clause.text));
  // "Just describe the approach, no code changes until the AGM": the ask before the rule's comma counts.
  const advice =
    acting.some((text) => ADVICE.test(text)) ||
    input.clauses.some((clause) => hardnessOf(clause) !== null && ADVICE.test(maskQuoted(clause.text).split(/[,;]/)[0]!));
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
    const deployTarget = (deploy?.[1] ?? deploy?.[2])?.toLowerCase();
    const envTouched = NO_ENV_TOUCH.exec(text)?.[1];
    const pinned = PINNED_VERSION.exec(text)?.[1];
    const noNewFiles = NO_NEW_FILES.exec(text);
    const fileKind = noNewFiles?.[1]?.toLowerCase() ?? noNewFiles?.[2]?.toLowerCase();
    const frozen = FROZEN_OBJECT.exec(text)?.[1];
    // What the rule keeps: the words after "never delete" or before "must never be deleted".
    const kept =
      NO_DELETE.exec(text)?.[1] ?? NOTHING_DELETED.exec(constraint.clause.text.replace(/`/g, ""))?.[1] ?? PASSIVE_NO_DELETE.exec(text)?.[1];
    const conflict =
      (unscoped(NO_CHANGES) && CHANGE_TYPES.includes(input.taskType) && !advice && `a ${input.taskType} task changes code`) ||
      (NO_TESTS.test(text) && input.taskType === "TEST" && "the task is about tests") ||
      (NO_DEPS.test(text) &&
        !(
          NEW_DEPS_ONLY.test(text) &&
          !UPDATES_FORBIDDEN.test(text) &&
          (ALREADY_A_DEPENDENCY.test(input.text) || (input.taskType === "DEPENDENCY_UPDATE" && !addsDependency()))
        ) &&
        (input.taskType === "DEPENDENCY_UPDATE" || addsDependency()) &&
        "the request also adds or updates dependencies") ||
      (pinned !== undefined &&
        input.taskType === "DEPENDENCY_UPDATE" &&
        acting.some((c) => (/\b(?:to|on|onto)\s+v?(\d+(?:\.\d+)*)\b/i.exec(c)?.[1] ?? pinned) !== pinned) &&
        "the upgrade moves off the pinned version") ||
      (frozen !== undefined &&
        reachesAsk() &&
        acting.some((c) => {
          const change = CHANGE_VERB.exec(c);
          const kept = nouns(frozen);
          return change !== null && [...nouns(change[1] ?? "")].some((n) => kept.has(n));
        }) &&
        "the request changes what the rule freezes") ||
      (input.taskType === "DEPLOY" &&
        frozen !== undefined &&
        ENVIRONMENT.test(frozen.trim()) &&
        acting.some((c) => new RegExp(`\\b${frozen.trim().slice(0, 4)}`, "i").test(c)) &&
        "the deploy goes where the rule freezes") ||
      (input.taskType === "DEPLOY" &&
        envTouched !== undefined &&
        acting.some((c) => new RegExp(`\\b${envTouched.slice(0, 4)}`, "i").test(c)) &&
        "the deploy goes where the rule forbids") ||
      (deploy &&
        input.taskType === "DEPLOY" &&
        !WINDOW.test(text) &&
        (!deployTarget || acting.some((c) => c.toLowerCase().includes(deployTarget))) &&
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
      (NO_API_CHANGE.test(text) &&
        input.clauses.some((c) => !isNegated(c.text) && hardnessOf(c) === null && CHANGES_API.test(c.text)) &&
        "the request changes the public API") ||
      (kept !== undefined &&
        !SUBSET.test(kept) &&
        naming.some((c) => {
          const match = DELETES.exec(c);
          if (!match) return false;
          const forbidden = nouns(kept);
          return [...nouns(match[1] ?? "")].some((n) => forbidden.has(n));
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

// Path segments too generic to name an area of work.
const GENERIC_SEGMENTS = new Set([
  "src",
  "lib",
  "libs",
  "app",
  "apps",
  "code",
  "main",
  "packages",
  "pkg",
  "internal",
  "utils",
  "util",
  "common",
  "shared",
  "core",
  "web",
  "server",
  "client",
  "api",
  "public",
  "index",
]);

/**
 * Contradiction with forbidden scope the request does not name as a path: "add a migration for
 * X" when db/migrations/ is forbidden, "update the docs" when docs/ is. The last meaningful
 * segment of a forbidden path, found as a word in a clause that asks for the work, is the work
 * the rule forbids.
 */
// Areas a task type cannot avoid: a data migration writes migrations, a test task writes tests.
const TYPE_AREAS: Partial<Record<TaskType, RegExp>> = {
  DATA_MIGRATION: /^(?:migrations?|schema|prisma|db|database)$/,
  TEST: /^(?:tests?|specs?|__tests__|e2e)$/,
  DOCS: /^(?:docs?|documentation)$/,
  DEPENDENCY_UPDATE:
    /^(?:package(?:-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|requirements\.txt|go\.(?:mod|sum)|cargo\.(?:toml|lock)|poetry\.lock)$/i,
};

export function forbiddenWork(input: DetectionInput): AmbiguityDraft[] {
  const needs = TYPE_AREAS[input.taskType];
  // Paths the request asks to change: when one lies in the type's area outside the forbidden ref
  // ("fix docs/setup.md, leave docs/legal.md alone"), the work has somewhere allowed to happen.
  const named = input.clauses
    .filter((clause) => !forbids(clause) && !isNegated(clause.text))
    .flatMap((clause) => refsIn(clause.text).map((found) => found.ref))
    .filter((ref) => ref.startsWith("fs:"));
  for (const ref of needs ? (input.forbidden ?? []) : []) {
    const segments = ref
      .slice(3)
      .replace(/\/\*\*$/, "")
      .split("/");
    const area = segments.find((segment) => needs!.test(segment));
    if (!ref.startsWith("fs:") || !area) continue;
    // A doc or test file outside the forbidden folder (README.md, src/x.test.ts) is such a place too.
    if (
      named.some(
        (path) =>
          !covers(ref, path) &&
          (path
            .slice(3)
            .split("/")
            .some((segment) => needs!.test(segment)) ||
            kindOfPath(path.slice(3)) === input.taskType),
      )
    )
      continue;
    return [
      {
        kind: "constraint_contradiction",
        question: `A ${input.taskType} task works in ${area}, but ${ref} is forbidden. May the task change it?`,
        text: ref,
        span: null,
        field: null,
        options: ["keep", "drop"],
        defaultOption: null,
        effect: { kind: "choose", field: `forbidden:${ref}` },
      },
    ];
  }
  const acting = input.clauses.filter((clause) => clause.section === null && !isNegated(clause.text) && hardnessOf(clause) === null);
  for (const ref of input.forbidden ?? []) {
    // Only a forbidden folder names an area of work; a forbidden file is named by its path.
    if (!ref.startsWith("fs:") || !ref.endsWith("/**")) continue;
    const area = ref.slice(3, -3).split("/").at(-1)?.toLowerCase() ?? "";
    if (!/^[a-z][a-z_-]{3,}$/.test(area) || GENERIC_SEGMENTS.has(area)) continue;
    const stem = area.replace(/(?:ies)$/, "y").replace(/s$/, "");
    // The area must be what a change verb acts on: "add a migration", "update the docs".
    const word = new RegExp(
      String.raw`\b(?:add|update|change|edit|modify|fix|write|create|regenerate|delete|remove|rewrite|touch)\s+(?:\S+\s+){0,3}?${stem.replace(/[-_]/g, "[-_ ]")}(?:s|es)?\b`,
      "i",
    );
    for (const clause of acting) {
      const text = maskQuoted(clause.text).replace(/\S*[/\\]\S*/g, " ");
      if (!word.test(text)) continue;
      return [
        {
          kind: "constraint_contradiction",
          question: `The request works on "${area}" but ${ref} is forbidden. May the task change it?`,
          text: clause.text,
          span: spanOf(clause),
          field: null,
          options: ["keep", "drop"],
          defaultOption: null,
          effect: { kind: "choose", field: `forbidden:${ref}` },
        },
      ];
    }
  }
  return [];
}
