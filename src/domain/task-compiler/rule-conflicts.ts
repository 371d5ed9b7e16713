// Contradictions read as an action on a thing (tenth session): a rule forbids a kind of action on
// something ("Workflow files must not be edited", "no file in shop/ may be moved or renamed",
// "bookings is append-only", "no new CI jobs", "prod stays untouched", "no major upgrades"), and
// the ask does that action to that thing. The ambiguity detector's older checks each read one rule
// shape against one kind of task; these read the rule's verb and object and the ask's verb and
// object, so a rule about a class of files matches the path that belongs to it ("workflow" in
// .github/workflows/ci.yml). Pure and deterministic.
import { stem } from "./model/features.js";
import { covers, fsRefsIn, refsIn } from "./resource-refs.js";
import { escapeRegExp } from "../regexp-escape.js";

export interface RuleConflictInput {
  /** The rule's clause, quoted text masked. */
  rule: string;
  /** The clause before the rule, for a pronoun object ("package.json is owned by ops; don't edit it"). */
  before: string;
  /** The clauses that ask for work (not rules), quoted text masked and code quotes unwrapped. */
  acting: readonly string[];
  deploy: boolean;
  dependencyUpdate: boolean;
  /** Whether the ask changes anything: a review, an investigation or a look at the environment does not, and breaks no edit rule. */
  changes: boolean;
  /** A test task: it changes tests, not the code it tests. */
  test: boolean;
  /** A look at the running environment: it runs something there, though it changes nothing. */
  observe?: boolean;
  /** Why a rule that names the ask's words is no contradiction (x-canon.explanations.ambiguity_notes). */
  notes?: string[];
}

const EDIT_VERBS = "edit|change|modify|touch|update|alter|rewrite|move|rename|regenerate|reformat|delete|remove";
const EDIT_PARTICIPLES = "edited|changed|modified|touched|updated|altered|rewritten|moved|renamed|regenerated|reformatted|deleted|removed";
// "X must not be edited", "X may never be moved or renamed".
const PASSIVE_RULE = new RegExp(
  String.raw`^(.*?)\b(?:must|may|should|can|shall|are to|is to|will)\s*(?:not|never|n't)\s+(?:ever\s+)?be\s+((?:${EDIT_PARTICIPLES})(?:\s*(?:,|or|and|nor)\s*(?:be\s+)?(?:${EDIT_PARTICIPLES}))*)\b`,
  "i",
);
// "Nothing exported from X may be renamed", "no file in shop/ may be moved".
const NEGATIVE_SUBJECT_RULE = new RegExp(
  String.raw`^(?:no|nothing|none of(?: the)?)\s+(.*?)\s+(?:may|must|can|shall|should|is to|are to|will)\s+(?:ever\s+)?(?:be\s+)?((?:${EDIT_PARTICIPLES}|${EDIT_VERBS})(?:\s*(?:,|or|and|nor)\s*(?:be\s+)?(?:${EDIT_PARTICIPLES}|${EDIT_VERBS}))*)\b`,
  "i",
);
// "don't edit package.json", "never touch the generated client".
const ACTIVE_RULE = new RegExp(
  String.raw`\b(?:don'?t|do not|never|must not|mustn'?t|may not|cannot|can'?t|not allowed to|no one may|nobody may)\s+(?:ever\s+)?((?:${EDIT_VERBS})(?:\s*(?:,|or|and)\s*(?:${EDIT_VERBS}))*)\s+(.*)$`,
  "i",
);
// "X stays untouched", "X is read-only / frozen / off-limits".
const STATE_RULE =
  /^(?:the\s+)?(.{2,60}?)\s+(?:is|are|stays?|remains?|must stay|must remain|has to stay|have to stay)\s+(?:untouched|frozen|locked|read[- ]only|off[- ]limits|as (?:it is|they are|is)|unchanged)\b/i;

// What the ask does: a change verb, and what follows it.
const ASK_VERB =
  /\b(add(?:ing)?|chang(?:e|ing)|updat(?:e|ing)|edit(?:ing)?|modify(?:ing)?|set(?:ting)?|renam(?:e|ing)|mov(?:e|ing)|remov(?:e|ing)|delet(?:e|ing)|drop(?:ping)?|rewrit(?:e|ing)|bump(?:ing)?|upgrad(?:e|ing)|replac(?:e|ing)|insert(?:ing)?|creat(?:e|ing)|writ(?:e|ing)|fix(?:ing)?|patch(?:ing)?|refactor(?:ing)?|restructur(?:e|ing)|split(?:ting)?|extract(?:ing)?|extend(?:ing)?|alter(?:ing)?|tweak(?:ing)?|rais(?:e|ing)|lower(?:ing)?|increas(?:e|ing)|decreas(?:e|ing)|reduc(?:e|ing)|translat(?:e|ing)|reformat(?:ting)?|touch(?:ing)?)\b((?:(?!,?\s*(?:and )?then\b)[^.;]|\.(?=\S))*)/gi;
const SPECIFIC = /^(?:move|rename|regenerate|reformat|delete|remove)/i;
const ADDING = /^(?:add|insert|creat|writ|extend)/i;
const EDITING = /\b(?:edit|chang|modif|updat|rewrit|alter)\w*/i;

// Words that name no particular thing: a rule about "files" or "anything" is read elsewhere.
// Nineteenth session: nor does a period, which says when the rule holds, not what it keeps ("Don't
// change any prod config files this week, the leakage audit is running" binds leakspot/config/prod.yaml,
// fj-155).
const GENERIC = new Set(
  "the any all anything everything something nothing get gets file folder directory dir exist existing code repo repository team own owned by hand feature pull request under from into with that this them they those these it its other new old must may never ever not allowed change edit touch modify update without our their your here there which what where when only just also still today tonight tomorrow week weekend month sprint quarter until".split(
    " ",
  ),
);
// Paths and file names ("tailwind.config.js") are matched as paths, not as words.
const FILE_OR_PATH = /\S*[/\\]\S*|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{1,5}\b/gi;
const wordsOf = (text: string): Set<string> =>
  new Set(
    (
      text
        .replace(FILE_OR_PATH, " ")
        .toLowerCase()
        .match(/[a-z][a-z0-9_]{2,}/g) ?? []
    )
      .filter((w) => !GENERIC.has(w))
      .map((w) => stem(w))
      .filter((w) => w.length >= 3 && !GENERIC.has(w)),
  );
const pathWords = (text: string): Set<string> => {
  const out = new Set<string>();
  for (const found of refsIn(text))
    for (const part of found.ref
      .slice(3)
      .toLowerCase()
      .split(/[/\\._-]+/))
      if (part.length >= 3) out.add(stem(part));
  return out;
};

// Twenty-second session: a value set in a config file changes config, whatever the file's own
// name says ("bookings/.env.production: set BALANCE_DUE_WEEKS=8. Don't change anything in
// production config this week", fy-126): the guide's CONFIG_CHANGE sets a value "in a config file,
// manifest, CI workflow or env", so a rule about config binds it.
const CONFIG_FILE =
  /(?:^|[/.])env(?:\.[\w-]+)?$|\.(?:ya?ml|toml|ini|conf|cfg|properties|tfvars)$|(?:^|\/)(?:config|conf|settings)\/|appsettings[\w.-]*\.json$/i;
const CONFIG_WORD = stem("config");
// The file a commit-style clause names as its label ("bookings/.env.production: set …").
const labelBefore = (clause: string, index: number): string => /^\s*\S+:\s*$/.exec(clause.slice(0, index))?.[0] ?? "";
const configWords = (text: string): string[] => (refsIn(text).some((found) => CONFIG_FILE.test(found.ref.slice(3))) ? [CONFIG_WORD] : []);

interface Forbidden {
  object: string;
  verbs: string;
}

// "Files in config/ are generated from infra/terraform/": what a pronoun points back at is the subject.
const subjectOf = (text: string): string => /^(.*?)\s(?:is|are|was|were|gets?|lives?|holds?|has|have)\s/i.exec(text.trim())?.[1] ?? text;

// The object ends where the rule starts giving its reason ("…, it's a test-only task").
const objectOnly = (text: string): string => text.split(/[,;(]|\s(?:because|since|as|so|while|until|for now)\s/i)[0]!;

// A rule about the other things of a kind sets the ask's thing apart by its own words, so it cannot
// forbid the ask's change: its object is them ("the other runbooks" must not change) or, twenty-seventh
// session (hard27), it opens on them ("Other roles don't change for now", gp-083; "the rest stay
// off"; the guide's keep rows: a thing held as it is beside the change). One check for both, here.
const OTHERS = /^\s*(?:(?:the|all)\s+)?(?:other|rest)\b|^\s*every(?:one|body|thing)\s+else\b/i;
const OTHERS_IN_OBJECT = /\b(?:the )?(?:other|remaining|rest of)\b/i;

function forbiddenAction(rule: string, before: string): Forbidden | null {
  const found = forbiddenActionIn(rule, before);
  if (!found) return null;
  const object = objectOnly(found.object);
  if (OTHERS.test(rule) || OTHERS.test(found.object) || OTHERS_IN_OBJECT.test(object)) return null;
  return { ...found, object };
}

function forbiddenActionIn(rule: string, before: string): Forbidden | null {
  const negative = NEGATIVE_SUBJECT_RULE.exec(rule);
  if (negative) return { object: negative[1]!, verbs: negative[2]! };
  const passive = PASSIVE_RULE.exec(rule);
  if (passive && passive[1]!.trim()) return { object: passive[1]!, verbs: passive[2]! };
  const active = ACTIVE_RULE.exec(rule);
  if (active) {
    const object = /^(?:it|its|them|their|those|these|this|that)\b/i.test(active[2]!)
      ? subjectOf(`${before} ${rule.slice(0, active.index)}`)
      : active[2]!;
    return { object, verbs: active[1]! };
  }
  const state = STATE_RULE.exec(rule);
  if (state) return { object: state[1]!, verbs: "change" };
  return null;
}

/**
 * The asks a forbidden action covers: its verb (any change, or the specific one) on its object. A
 * rule that names a path covers the paths under it; a rule that names a thing in words needs all
 * its words in the ask ("member bookings" is not "guest-room bookings", "the default page size" is
 * not the page size of an offset).
 */
function editConflict(forbidden: Forbidden, acting: readonly string[], testTask: boolean, notes?: string[]): boolean {
  const verbs = forbidden.verbs
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((v) => v && !/^(?:or|and|nor|be)$/.test(v));
  const specific = verbs.filter((v) => SPECIFIC.test(v)).map((v) => v.slice(0, 4));
  const generic = verbs.some((v) => !SPECIFIC.test(v));
  const touching = /\b(?:touch|change|modify|edit|alter)/i.test(forbidden.verbs);
  const objectPaths = fsRefsIn(forbidden.object);
  // A path a rule forbids editing is forbidden scope (scope.ts asks about it); only moving,
  // renaming or deleting under it is read here.
  if (objectPaths.length && generic) return false;
  const objectWords = objectPaths.length ? new Set<string>() : wordsOf(forbidden.object);
  // A test task changes tests, not the code it tests (the rule must be about tests to bind it).
  if (testTask && !/\b(?:tests?|specs?|fixtures?|suites?)\b/i.test(forbidden.object)) return false;
  const existingOnly = /\bexisting\b/i.test(forbidden.object);
  const qualified = /\b(?:exported|public)\b/i.exec(forbidden.object)?.[0];
  if (!objectWords.size && !objectPaths.length) return false;
  const subset = subsetOf(forbidden.object);
  for (const clause of acting) {
    if (existingOnly && /\bnew\b/i.test(clause)) continue;
    if (subset.size && excludesSubset(clause, subset)) {
      notes?.push(`"${forbidden.object.trim()}" is a subset the ask's own condition leaves out`);
      continue;
    }
    if (qualified && (!new RegExp(`\\b${qualified}\\b`, "i").test(clause) || /\bnot (?:exported|public)\b|\bprivate\b/i.test(clause)))
      continue;
    for (const match of clause.matchAll(ASK_VERB)) {
      const verb = match[1]!.toLowerCase();
      if (!generic && !specific.some((v) => verb.startsWith(v))) continue;
      // Adding beside a thing ("insert a correction event") neither updates nor deletes it, and a
      // rule about what exists ("the existing geom column must stay as it is") is not broken by
      // adding a new one beside it, even under a touch-like verb, unless the addition is made by
      // editing ("add a column by editing db/migrations/0042_passes.sql") (twelfth session).
      const written = match[2] ?? "";
      const rest = readFrom(verb, written);
      if (ADDING.test(verb) && (!touching || (existingOnly && !EDITING.test(rest)))) continue;
      if (objectPaths.length) {
        if (objectPaths.some((ref) => fsRefsIn(rest).some((path) => covers(ref, path)))) return true;
        continue;
      }
      // Fourteenth session: a snake-case name says its words too ("Increase PAYROLL_RUN_MAX_EMPLOYEES
      // in config/limits.yaml" changes a payroll limit).
      const target = `${labelBefore(clause, match.index)} ${rest}`;
      const asked = new Set([...wordsOf(target), ...pathWords(target), ...wordsOf(target.replace(/_/g, " ")), ...configWords(target)]);
      if ([...objectWords].every((w) => asked.has(w))) return true;
      const named = new Set([...wordsOf(written), ...pathWords(written)]);
      if ([...objectWords].every((w) => named.has(w)))
        notes?.push(`"${forbidden.object.trim()}" is named after "from" in the ask, a source the work reads, not what it changes`);
    }
  }
  return false;
}

// Twenty-sixth session (branch `esc26`): a rule about a subset ("Members with a protected pension
// age must not be touched", ft-134) binds only an ask that reaches that subset; one whose own
// condition leaves it out ("set min_pension_age = 57 … where … protected_pension_age is NULL", "for
// members without a protected pension age") changes the others, as "the other runbooks" sets the
// ask's thing apart (the guide: a rule scoped elsewhere is clear, con-ok-01). The subset is what the
// rule's object is qualified by after "with", "who have" or "whose"; the ask leaves it out where
// those words are the name said to be empty or follow "without", "with no", "excluding", "except".
const SUBSET = /\b(?:with|who have|whose|that have)\s+(?:an?\s+|the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})/i;
const EMPTY_NAME = /\b([a-z][a-z0-9_]*)\s+(?:is\s+null|is\s+not\s+set|is\s+empty|=\s*null)\b/gi;
const LEFT_OUT = /\b(?:without|with no|excluding|except(?: for)?)\s+([^.;,]{1,60})/gi;
const subsetOf = (object: string): Set<string> => wordsOf(SUBSET.exec(object)?.[1] ?? "");
function excludesSubset(clause: string, subset: Set<string>): boolean {
  const covers = (words: string) => {
    const found = wordsOf(words.replace(/_/g, " "));
    return [...subset].every((w) => found.has(w));
  };
  return [...clause.matchAll(EMPTY_NAME)].some((m) => covers(m[1]!)) || [...clause.matchAll(LEFT_OUT)].some((m) => covers(m[1]!));
}

// Thirteenth session: "create listings_v8, reindex from Postgres": what follows "from" is the source
// the work reads, not what it changes (as scope.ts reads "copy X from A"), unless a verb that takes
// something away governs it ("remove the flag from config.ts", "move rows from bookings").
const TAKING_AWAY = /\b(?:remov|delet|mov|drop|strip|purg|clear|evict|cut|extract|pull|unlink|detach|prun|migrat)\w*\b/i;
const FROM_SOURCE = /\bfrom\s+(?:the\s+)?[\w.`'-]+(?:\s+(?!and\b|or\b|then\b|to\b|into\b)[a-z][\w-]*)?/gi;
function readFrom(verb: string, rest: string): string {
  return rest.replace(FROM_SOURCE, (source, index: number) => (TAKING_AWAY.test(`${verb} ${rest.slice(0, index)}`) ? source : " "));
}

// "no new CI jobs": an ask that adds one.
const NO_NEW =
  /\bno (?:new|more|extra|additional)\s+((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*?)(?:e?s)?\b(?=\s*(?:$|[,.;:)(]|\s(?:and|or|in|to|may|are|allowed|please|without|unless|for|at|on)\b))/i;
// A rule that names a manifest or lockfile: a dependency change edits it.
const MANIFEST =
  /\b(?:package\.json|package-lock\.json|pnpm-lock\.yaml|yarn\.lock|requirements[\w-]*\.txt|pyproject\.toml|poetry\.lock|Pipfile(?:\.lock)?|Cargo\.(?:toml|lock)|go\.(?:mod|sum)|Gemfile(?:\.lock)?|composer\.(?:json|lock)|pom\.xml|build\.gradle|lock ?files?)\b/i;
// "prod stays untouched", "Do not run anything against production", "Production must stay on 2.7.4".
const ENV_FREEZE =
  /\b(prod|production|live)\b[^.;]{0,30}?\b(?:stays?|remains?|must stay|must remain|has to stay|is to stay|should stay|will stay)\s+(?:untouched|frozen|as it is|as is|unchanged|on v?\d)|\b(?:do not|don'?t|never|must not)\s+(?:run|execute|apply|change|touch|do)\s+anything\s+(?:against|on|in|to)\s+(?:the\s+)?(prod|production|live)\b|\bno (?:changes|deploys|deployments|writes|releases) (?:to|on|in) (?:the\s+)?(prod|production|live)\b/i;
const RUN_NOTHING =
  /\b(?:do not|don'?t|never|must not)\s+(?:run|execute)\s+anything\s+(?:against|on|in)\s+(?:the\s+)?(?:prod|production|live)\b/i;
const ENV_ACTION =
  /\b(?:deploy|release|ship|roll(?:ing)? out|drop|delete|remove|run|apply|migrate|alter|truncate|purge|backfill|update|change|set|upgrade)\b(?:[^.;]|\.(?=\S))*\b(?:prod|production|live)\b|\b(?:prod|production|live)\b(?:[^.;]|\.(?=\S))*\b(?:deploy|release|drop|delete|migration|backfill)\b/i;
// "no major upgrades" against "from 2.7 to 3.3".
const NO_MAJOR =
  /\bno major(?: version)? (?:upgrades|bumps|updates|version changes)\b|\b(?:don'?t|do not|never)\s+(?:do\s+)?(?:a\s+|any\s+)?major(?: version)? (?:upgrades?|bumps?|updates?)\b|\bonly (?:minor|patch)(?: (?:and|or) (?:minor|patch))? (?:upgrades|updates|bumps|versions)\b|\b(?:minor|patch)(?: (?:and|or) (?:minor|patch))? (?:upgrades|updates|bumps) only\b/i;
const VERSION_MOVE = /\bv?(\d+)(?:\.[\dx]+)*\s*(?:to|->|→)\s*v?(\d+)(?:\.\d+)*\b/gi;
// "bookings is append-only": rows there are never deleted or rewritten.
const APPEND_ONLY = /^(?:the\s+)?`?([\w.-]+)`?(?:\s+(?:table|log|ledger|collection))?\s+(?:is|are|stays?)\s+(?:an?\s+)?append[- ]only\b/i;
const ROWS_CHANGED =
  /\b(?:delete|remove|drop|purge|truncate|wipe|erase|update|overwrite|rewrite|edit|modify|correct|fix up|clean(?:s|ing)? (?:out|up))\b((?:[^.;]|\.(?=\S))*)/i;

const MANIFEST_PATH = new RegExp(String.raw`(\S*[/\\])?(${MANIFEST.source.slice(2, -2)})\b`, "gi");

/**
 * A dependency change edits its package's manifest and lockfile: a rule protecting "the lockfile"
 * binds it; one naming a file binds it when the ask names no manifest or the same one, or (with a
 * folder: "exporter/package-lock.json") names a manifest in that folder.
 */
// Thirteenth session: a rule that keeps "anything else in the lockfile" or "the rest of
// package-lock.json" as it is sets the ask's own change apart ("the other runbooks" does so for
// edits), and what follows "so" or "because" is the rule's reason or a consequence, not what it
// protects ("Python 3.9 support must stay, so double-check the wheel tags in the lockfile").
const SETS_APART =
  /\b(?:anything|everything|nothing) else\b|\bthe rest of\b|\b(?:all )?(?:the )?other (?:packages|dependencies|deps|versions|entries|pins)\b/i;
function protectedPart(rule: string, notes?: string[]): string {
  if (SETS_APART.test(rule)) {
    notes?.push(`"${rule.trim()}" keeps what the ask does not change, setting the ask's own change apart`);
    return "";
  }
  return rule.split(/,?\s(?:so|because|since)\s/i)[0]!;
}

const PRONOUN_OBJECT = /\b(?:modify|change|touch|edit|update|bump|alter)\s+(?:it|them|those|these)\b/i;
function manifestConflict(rule: string, acting: readonly string[]): boolean {
  const asked = acting.flatMap((c) =>
    [...c.matchAll(MANIFEST_PATH)].map((m) => ({ dir: (m[1] ?? "").toLowerCase(), file: m[2]!.toLowerCase() })),
  );
  const named = [...rule.matchAll(MANIFEST_PATH)];
  for (const m of named) {
    const dir = (m[1] ?? "").toLowerCase();
    const file = m[2]!.toLowerCase();
    // "the lockfile" binds unless the rule goes on to name which one.
    if (/^lock ?files?$/.test(file)) {
      if (named.length === 1) return true;
      continue;
    }
    // Fourteenth session: "bump protobuf in dispatch" changes the manifest of the module it names.
    const module =
      dir
        .replace(/(?<![/\\])[/\\]+$/, "") // from the trailing run only: linear on a long name
        .split(/[/\\]/)
        .at(-1) ?? "";
    const inModule =
      module.length > 2 && acting.some((c) => new RegExp(String.raw`\bin\s+\`?${escapeRegExp(module)}\`?/?(?![\w/.-])`, "i").test(c));
    if (dir ? asked.some((a) => a.dir === dir) || inModule : !asked.length || asked.some((a) => a.file === file)) return true;
  }
  return false;
}

// Twelfth session: a rule against disclosing a thing ("the admin must never show buyer emails",
// "never log card numbers") forbids an ask that builds an output carrying it: a page, button,
// export, endpoint or log line whose described content names every word of the thing, where the
// rule's subject (if it names one: "the admin") is named too.
const DISCLOSE_VERBS = "show|display|expose|print|log|return|serve|reveal|leak|list|export|include";
const DISCLOSURE_RULE = new RegExp(
  String.raw`^(?:.*:\s+)?(.*?)\b(?:must|should|may|shall|will|can)\s*(?:not|never|n't)\s+(?:ever\s+)?(?:${DISCLOSE_VERBS})\s+(.+)$|\b(?:never|don'?t|do not)\s+(?:${DISCLOSE_VERBS})\s+(.+)$`,
  "i",
);
const BUILDS_OUTPUT = /\b(?:add|create|build|implement|expose|show|display|export|print|return|include)\b((?:[^.;]|\.(?=\S))*)/i;
// What the output is: writing a job that reads the same columns shows nobody anything.
const OUTPUT =
  /\b(?:exports?|csv|buttons?|pages?|screens?|views?|endpoints?|reports?|downloads?|responses?|dashboards?|widgets?|log (?:lines?|messages?|entries))\b/i;

function disclosureConflict(rule: string, acting: readonly string[]): boolean {
  const found = DISCLOSURE_RULE.exec(rule);
  if (!found) return false;
  const subject = wordsOf(found[1] ?? "");
  const object = wordsOf(objectOnly(found[2] ?? found[3] ?? ""));
  if (!object.size) return false;
  return acting.some((clause) => {
    const rest = BUILDS_OUTPUT.exec(clause)?.[1];
    if (rest === undefined || !OUTPUT.test(rest)) return false;
    const asked = new Set([...wordsOf(rest), ...pathWords(rest)]);
    const whole = wordsOf(clause);
    return [...object].every((w) => asked.has(w)) && [...subject].every((w) => whole.has(w));
  });
}

/** Why the rule contradicts the ask, or null. */
export function ruleConflict(input: RuleConflictInput): string | null {
  const { rule, acting } = input;
  const append = APPEND_ONLY.exec(rule);
  if (append) {
    const name = stem(append[1]!.toLowerCase());
    if (acting.some((c) => wordsOf(ROWS_CHANGED.exec(c)?.[1] ?? "").has(name)))
      return "the request rewrites what the rule keeps append-only";
  }
  // A deploy goes where the rule freezes; other work only when it does not say staging.
  if (ENV_FREEZE.test(rule) && acting.some((c) => ENV_ACTION.test(c) && (input.deploy || !/\bstaging\b/i.test(c))))
    return "the request acts on the environment the rule freezes";
  // Thirteenth session: what is installed or running in prod is found by running something there,
  // which "do not run anything against production" forbids.
  if (input.observe && RUN_NOTHING.test(rule) && acting.some((c) => /\b(?:prod|production|live)\b/i.test(c)))
    return "looking at the environment runs something against it, which the rule forbids";
  if (NO_MAJOR.test(rule))
    for (const c of acting) for (const m of c.matchAll(VERSION_MOVE)) if (m[1] !== m[2]) return "the request is a major upgrade";
  // Fourteenth session: a rule whose object is a pronoun ("… are locked for the release, don't modify
  // them") protects what the clause before it names, as forbiddenAction reads it.
  const protects = PRONOUN_OBJECT.test(rule) ? `${input.before} ${rule}` : rule;
  if (input.dependencyUpdate && manifestConflict(protectedPart(protects, input.notes), acting))
    return "a dependency change edits the manifest or lockfile the rule protects";
  const fresh = NO_NEW.exec(rule);
  if (fresh) {
    const head = [...wordsOf(fresh[1]!)].at(-1);
    const adds = head && new RegExp(String.raw`\b(?:add|create|introduce|set up|write)\b[^.;]{0,40}?\b${head}`, "i");
    if (adds && acting.some((c) => adds.test(c))) return "the request adds what the rule says no new of";
  }
  if (input.changes && disclosureConflict(rule, acting)) return "the request builds an output showing what the rule keeps hidden";
  const forbidden = forbiddenAction(rule, input.before);
  if (forbidden && input.changes && editConflict(forbidden, acting, input.test, input.notes))
    return "the request changes what the rule forbids changing";
  return null;
}
