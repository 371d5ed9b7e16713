// How hard one clause binds: HARD, SOFT or no rule (hardnessOf), and whether it is negated, so that
// its words do not vote for what to do (isNegated); quoted text and code are blanked before either is
// read (maskQuoted). Split from constraints.ts in the twenty-fifth session (split25), when that file
// passed 400 lines: these answers depend on a clause's words alone and every detector asks them,
// while constraints.ts reads the request's clauses in order into its constraints (rules lists,
// joined rules, a rule split from a wish). The expressions are unchanged.
import type { Clause } from "./segment.js";
import { BINDING_FORM } from "./constraint-forms.js";
import { BARE_DENIAL, RULE_SOURCE_LABEL, unchecked, unmarked } from "./rule-source-labels.js";
import { gatedExec, gatedTest } from "./literal-gates.js";
import { PATH_OR_CHARACTER } from "./path-kinds.js";
import { closesLetter, describesWithNever, stopsOnCondition, withoutImpossibility } from "./not-rules.js";
import { LEAD } from "./keep-rules.js";
import { awaitsAPersonsApproval } from "./approval-gates.js";
import { blank } from "./blanks.js";

// Sixteenth session: "never" before an irregular participle describes ("Never shown in the KYC
// panel"), as before an "-ed" form (a third-person "-s" is no sign: "never names or addresses").
export const NEGATED_LEAD = new RegExp(
  `${LEAD}(?:don'?t|do not|never(?!\\s+(?:\\w+ed|shown|seen|written|done|known|given|taken|gone|been)\\b)|no need to|not (?:touch|change|modify|edit))\\b`,
  "i",
);
// Thirty-second session (hard32): an output held as it is, said with the verb that names how it is
// seen ("Prices must come out the same for every product …", gf-147; "the invoice totals must come
// out the same to the penny", gn-049; "The PDF should look the same as now", fr-153; "invoices must
// render the same"): the guide's kept result, as "must stay the same" (HARD in 68 of the 71
// development sentences of these shapes, 53 writers). "… should come out the same as if Gary had typed
// miles" (he-032) names the result a fix must reach, not what it keeps.
// "we/you don't …" states a rule, but "you don't need (it for the fix)" and "you don't have to" release
// the agent from something (thirteenth session). Fifteenth session: descriptions the expression read
// as rules are left out: "nobody can find anything" ("can" describes, as in NEGATIVE_SUBJECT_RULE),
// "which may or may not matter", "the numbers can't be right" (a judgement, not a ban), and "keep
// asking me to …" ("keep" + -ing is aspect, not preservation). Sixteenth session: "we don't know /
// think / remember …" states what the writer knows, not a rule. Twenty-first session: "X can stay
// as it is / on 5.9.0" grants leave to keep X, it requires nothing ("Staging can stay as it is",
// ft-052; "Other roles can stay as they are for now", fu-074; fl-021): no label calls it a rule.
// Twenty-fifth session (guide25), the guide's settled row "a statement of how things are is
// background": what we use, run, ship or need ("we never use it", es-038; "We don't use Jenkins since
// one year", ho-117; "We don't even need ssh in there", fe-180: not HARD in 34 of 34 entries) is a
// fact or a reason, while what we never do to a part the work could reach ("we never commit there",
// el-092; "we don't edit anything in it ourselves", di-080) stays a rule (10 of 10).
const HARD_ANYWHERE =
  /\b(hands off|refrain from|(?:is|are) frozen|prohibited|forbidden to|should (?:stay|remain)|needs? to stay|(?<!\bcan )stays? (?:exactly )?(?:unchanged|as is|the same|as (?:it is|they are))|(?<!\bcan )(?:stays?|remains?) on v?\d|(?:run )?on staging only|(?:limit|restrict|confine) (?:your |the |all )?changes to|changes? only (?:in|to)|stay (?:within|inside)|nothing outside|make no (?:other |further )?(?:changes|edits)|(?:must|has to) be (?:kept|retained|preserved)|not to (?:touch|change|modify|edit|delete|remove)|(?<!which )(?:it|this|that|they|we|you) (?:shouldn'?t|should not) (?=\w)|only\s+\S+\s+(?:may|can|should) (?:change|be (?:changed|touched|modified))|no (?:code )?changes(?: please)?$|no (?:db |database )?schema changes|schema is frozen|no (?:deploys|deployments|releases)|(?=(?:we|you|agents|nobody|no one) (?:don'?t|do not|never|may not|must not|can'?t))(?<=^|[^a-z\s]\s*|\b(?:and|but|so|because|since|as|also|that|here|though|please|now)\s)(?!we (?:don'?t|do not|never)(?: (?:even|really|actually|currently|usually|normally|ever))? (?:use|run|ship|need)\b)(?:we|you|agents|nobody|no one) (?:don'?t|do not|never|may not|must not|can'?t)(?! need\b| have to\b| (?:know|think|believe|understand|remember|see|expect|recall)\b)|(?:nobody|no one) (?:may|should|is allowed to)|must not|mustn'?t|must never|should never|(?:is|are) never \w+ed|(?<!\bmay or )may not|(?:cannot|can'?t) be(?!\s+(?:right|correct|true|real|accurate|the case|normal)\b|\s*[.!]?$)|is not allowed|are not allowed|under no circumstances?|not allowed to|(?:allowed|permitted) only to|only (?:allowed|permitted) to|is forbidden|are forbidden|off[- ]limits|read[- ]only|(?:stay|keep) (?:away from|out of)|(?:is|are) not to be \w+|must (stay|remain)|has to stay|backwards?[- ]compatible|(?:must|should|has to|have to|needs? to) (?:be|stay|remain|come out|look|print|render)(?: exactly)?(?: to the (?:penny|cent))? (?:(?:byte|bit)[- ])?(?:identical|the same(?! as if\b)|unchanged)|keep\b(?!\s+\w+ing\b)[^;]{0,80}?\b(out of|unchanged|as (?:it )?is|as they are|intact|untouched|compatible))\b/i;
// Twenty-sixth session (hard26): "keep X as they are" as "keep X as it is" ("Keep the public functions
// in controller/relays/__init__.py as they are, the scheduler imports them", cd-161), the plural the
// "leave" and "stays" forms already read.
// Twentieth session: "must be retained" and "must be preserved" as "must be kept", a retention
// ("The audit trail in kyc_audit_log must be retained", fn-120; ff-053).
// "Just comments in your reply" limits the answer as "just comments" does, and so does "Only comments
// in PR please" (fifteenth session); "just comments in the code"
// asks for code comments (thirteenth session).
// Rules a bare phrase states (tenth session): "prod stays untouched", "bookings is append-only",
// "numpy stays pinned at 1.26.4", "the other two stay on 12.3.x", "history is never rewritten", "no
// fix now", "no kubectl or API access to …", a clause that is only "No pushes" or "no migrations",
// and "…: never delete rows from it". Twenty-fourth session (guide24), the guide's settled row "X
// stays on <version>" (HARD in 15 of 19 entries without a modal, 14 writers against 3): a version
// written with its dot after "stays at" as well ("The SDK in gameserver/ stays at 1.38 for now",
// fx-142; "stays at 0" or "stays at 1" reports a symptom and is not read). Twenty-sixth session (hard26): the
// runtime or package may be named between "on/at" and its dotted version ("mes stays on Python 3.9
// for now", gg-034); a step or a page number has no dot ("stays on step 3" describes). Kept out of HARD_ANYWHERE: in that one expression they made it
// about 2.5 times slower on the corpus (V8 stops skipping ahead to the alternatives' first letters).
// Twenty-seventh session (hard27): "comments in the MR only" as "comments on the PR only" (the guide's
// "Comments only" row: HARD; gp-030, dp-159).
export const HARD_PHRASE =
  /\b(?:(?:stays?|remains?) (?:untouched|on v?\d+|(?:on|at) (?:[a-z][\w-]* )?v?\d+\.(?:\d+|x)\b|pinned (?:on|at|below|under) v?\d+)|append[- ]only|no fix(?:es)? (?:now|yet|needed|for now|in this \w+)|no (?:[\w-]+ (?:or|and) )?(?:[\w-]+ )?(?:access|connections?) (?:of any kind )?to|(?:is|are) never (?:rewritten|overwritten|torn down))\b|\b(?:^|;\s*|\blocked,\s*)no (?:more |further )?(?:changes|pushes|commits|sleeps|backfills?|migrations|reboots|restarts|deploys|deployments|releases|merges|edits|writes)(?:\s+(?:please|pls))?\s*$\b|\b(?::|,|;|\bso|\band|\bbut)\s+(?:please\s+)?(?:never|don'?t|do not)\s+(?:delete|remove|drop|change|edit|modify|touch|update|move|rename|deploy|run|commit|push|merge|truncate|purge|restart|reboot|apply|upgrade|write|log|print|send|store|share|post|expose|upload|publish|email|export|download|copy)\b|\bno (?:code )?(?:changes|edits)(?: please)?\s*(?:,|$)|\bno (?:changes|edits) outside\b|\b(?:(?:inline |review )?comments (?:(?:on|in) (?:the|this|that) (?:pr|mr|doc)\s+)?only|only (?:leave )?comments|just (?:leave )?comments)\b(?!\s+(?:out\b|in\b(?!\s+(?:(?:your|the|this|a)\s+(?:reply|answer|review|message)|(?:the\s+|this\s+)?(?:pr|mr|pull\s+request))\b)))/i;
// A negative subject with a rule's modal ("No file in tariffs/ may be modified", "nothing may be
// added under tests/"): a rule at the start of a clause (NOMINAL_RULE) or after a comma (HARD_SHORT).
// Sixteenth session: a path counts as one word there ("Nothing under servicing-ledger/src/main/kotlin/
// com/northmoor/ledger/legacy/ may be modified this quarter"), read by PATH_OR_CHARACTER.
const NEGATIVE_SUBJECT_RULE = String.raw`(?:no\s+\w+|nothing|none)\b${PATH_OR_CHARACTER}{0,60}?\b(?:may|must|shall|is to|are to)\s+(?:not\s+)?(?:be\s+)?\w+`;
// Short verbless obligations and limits (eleventh session): a clause that is only "Tests only",
// "Test file only", "Nothing else", "outputs unchanged" or "Same delays as today"; a trailing
// ", no other module changes", ", no data changes", "Just check, no reruns"; "must keep passing",
// "must be green", "must behave exactly as today", "must keep exporting"; "no real patient data". What
// kind of answer is wanted ("Advice only", "Plan only", "Comment only") sets the mode instead, and
// "same as before" points elsewhere rather than stating a rule.
// Thirteenth session: "for now" after such a limit keeps it one ("Findings only for now").
// Eighteenth session: ", no visible change" as ", no visual changes" (3 writers).
// Eighteenth session: a negative subject with a verb of change in the present is a rule wherever it
// stands in its clause ("btw legal said nobody edits docs/legal/ except them", "…, so nobody touch
// pricing/", "nobody else changes it"): every such clause of the development split (14, 10 writers)
// is labelled HARD; before, only one opening its clause was read.
// So is a freeze in the present tense: "nothing under deploy/helm/ changes this week", "nothing new
// under freight-billing/src/rates/" ("Nothing in declarations/ changed this month" is a fact).
const HARD_SHORT = new RegExp(
  String.raw`^(?:(?:please|pls|and|but|just)[,\s]+)?(?:(?!(?:[\w-]+\s+){0,2}(?:comments?|advice|plan|opinion|feedback|recommendations?|assessment|suggestions?|propos\w*|review|numbers|counts?|figures|totals)\b)(?:[\w-]+\s+){0,2}[\w-]+\s+only|nothing else(?:\s+(?:changes|please))?|(?:[\w-]+\s+){0,2}[\w-]+\s+unchanged|same\b[^;]{0,60}?\bas (?:today|now|currently)\b.*)(?:\s+(?:please|for now))?\s*[.!]?$|,\s+(?:and\s+)?no (?:other|more|further) [\w-]+(?: [\w-]+)?\s*[.!]?$|\b(?:must|should|has to|have to|needs? to)\s+(?:keep|stay|remain|be)\s+(?:passing|working|green)\b|\bno real (?:[\w-]+ )?(?:data|numbers|values|records|accounts|emails|names)\b|[,:]\s+(?:and\s+|but\s+|so\s+)?no (?:(?:prod|production|staging|data|code|db|schema|other|logic|api|internal|external|output|ui|behaviou?r|visual|visible|functional)\s+)?(?:changes?|edits?|migrations?|deploys?|deployments?|releases?|reruns?|restarts?|pushes|commits|writes|renames|links|publish(?:es)?|network|fix(?:es)?(?!\s+(?:is\s+|are\s+)?(?:needed|required|necessary)))\b|^no (?:pushes|commits|changes|edits|writes|deploys) (?:to|in|on|without)\b|\bmust (?:behave|work|look|render|return|stay|remain)\s+(?:exactly\s+)?(?:as|like) (?:today|now|before|it does|they do)\b|\bmust keep \w+ing\b|^nothing else\b|(?:[,;]|\bso)\s+(?:and\s+|but\s+)?${NEGATIVE_SUBJECT_RULE}|\bnothing (?:new )?(?:under|in|inside)\b[^;]{0,60}?\bchanges\b|\bnothing new (?:under|in|inside)\s|\b(?:nobody|no one)(?: else)? (?:touch|touches|change|changes|edit|edits|modify|modifies|deploy|deploys|merge|merges|push|pushes|adds)\b|\bmust still\b|\b(?:tests?|suite|build|plan)\b[^;]{0,30}?\bmust (?:still )?(?:pass|be green|show no)\b|^must (?:run|happen|be done) (?:outside|between|after|before|during)\b`,
  "i",
);
// A verbless "no …" is a rule when what it denies is work the agent would do: something new ("no
// new tests", "no new npm packages in this repo"), a kind of change or release ("no production
// changes until Monday", "no destructive migrations"), or when it holds for a period ("… this
// quarter", "… until the audit closes"). "No errors in the log" states a fact, and "no speed-up
// needed" releases the agent from something rather than forbidding it. A negative subject
// with a rule's modal ("No file in tariffs/ may be modified", "nothing may be added under tests/")
// is a rule too; "can" is left out, it describes ("no one can log in").
// Eighteenth session: the kind's object may be a file name ("No package.json bumps", "no go.mod
// changes").
// Twenty-second session: the period may be a window ("No deletes between 07:00 and 21:00", fy-142;
// "no production deploys between 20 December and 6 January", br-054: 3 of 3 labelled HARD).
const NOMINAL_RULE = String.raw`no\s+(?![^;.]{0,40}\b(?:needed|required|necessary|need|idea|rush|hurry|pressure)\b)(?:(?:new|more|additional|extra|further)\s+\w|(?:[\w.-]+\s+){1,2}(?:changes?|edits?|deploys?|deployments?|releases?|migrations?|rewrites?|restarts?|merges?|pushes?|upgrades?|downgrades?|refactors?|renames?|bumps?|drops?|backfills?)\b|(?:drop|delete|truncate|alter|update|insert)\s+(?:statements|commands|queries)\b|[^;.]{1,60}?\s(?:until|this (?:sprint|quarter|week|month|release|cycle|year)|for now|during (?:the )?(?:freeze|audit|release)|between\s+\d)\b)|${NEGATIVE_SUBJECT_RULE}`;
// Twenty-first session: "without …" binds when it denies a change to what exists, the guide's
// prohibition on the work ("without changing behaviour", "without dropping any model", "without
// losing at-least-once delivery", "without adding pods", "without any code change": the 44 such
// labels of the development split, 26 of them "without changing"). With any other verb it says how
// something is done or happens ("saves the name without normalising it", "sends the letter without
// telling us", "how to restart the agent without losing the open ticket" is the runbook's content,
// "fails without any message"): those 71 clauses are labelled no rule (fv-193, fl-068, fn-155,
// fo-001). Segmenting still splits at every "without", and the clause still casts no type vote.
const WITHOUT_CHANGE = String.raw`without\s+(?:(?:chang|alter|touch|modif(?:y|i)|break|drop|los|remov|delet|add|updat|loosen|increas|affect|regress|rewrit|edit|reduc|lower|rais)\w*ing\b|any\b[^,;]{0,40}\bchanges?\b|new\b|downtime|breaking)`;
// Twentieth session: "keep X identical" as "keep X unchanged" ("keep the score identical for the replay
// set in fraud-screen/test/replay/", fo-077: 20 of 20 development sentences labelled HARD).
// Twenty-fifth session (guide25), the settled row "a value kept beside the change is HARD": "leave
// X at <value>" reads "every" as it reads "the" and "all" ("Leave every other hotel at 0", fu-030).
const HARD_LEAD = new RegExp(
  `${LEAD}(?:${WITHOUT_CHANGE}|only\\s+(?:touch|change|modify|edit|use|read|work|update|run|within|in|inside)\\b|leave\\b[^;]{0,80}?\\b(?:alone|as (?:it |they )?(?:is|are)|untouched|intact|be$|empty|blank|unset|in place|where (?:it|they) (?:is|are))\\b|leave (?:the |all |every )?[\\w.-]+(?: [\\w.-]+)? (?:on|at) \\S+$|keep (?:all|every)\\b|keep\\b[^;]{0,80}?\\b(?:unchanged|as is|intact|untouched|stable|identical|out of|compatible)|${NOMINAL_RULE}|no (?:code|other|further) changes|no (?:code )?(?:changes|edits) (?:under|inside)\\b|no (?:new |breaking |external |public |db |database |production |prod |staging |runtime |gpl |copyleft |native )?(?:dependencies|deps|network|internet|breaking changes|downtime|api changes|behaviou?r changes?|functional changes?|schema changes|external calls|packages|changes to|deploys|deployments|releases|dependency changes|(?:\\w+ )?files)\\b)`,
  "i",
);
export const SOFT =
  /\b(prefer(ably|red)?|ideally|if possible|where possible|when possible|if you can|avoid|(?<!(?:\bnot|n't|\bnever)\s)try (to|not to)|would be nice|nice to have|optionally|(?<!\b(?:an?|the|new|is|are|was|were|be)\s)optional|(?=rather than)(?<!\b(?:why|because|since)\b[^,;]{0,80})rather than|(?:I|we)(?:'d| would) rather|if feasible)\b/i;
// Fourteenth session: "rather than" alone hedges nothing. An instruction on the way of working that
// rules the other way out ("Please use the otp package we already vendor rather than adding a new
// one", "so please work with the anonymised exports … rather than pulling real user data", "must
// fail loudly if duplicates exist rather than deleting any") binds, and the writers label it HARD
// (3 of 3; the SOFT ones carry "ideally", "preferably" or "if possible" besides).
const RATHER_RULE =
  /(?:^|,\s+(?:so\s+)?)(?:please\s+)?(?:use|work\s+with|reuse|go\s+through|stick\s+(?:to|with)|build\s+on)\s[^;]{1,80}?\brather\s+than\b|\bmust\b[^;]{1,80}?\brather\s+than\b/i;
// A hedged wish ("I'd rather you didn't restart anything") is a preference. "rather than" inside
// a reason ("explain why the sensors use MQTT rather than HTTP") compares facts, it asks nothing.

/** Whether the clause forbids rather than asks: its words must not vote for what to do. */
const WITHOUT = /^without\s+(?:\w+ing\b|any\b|new\b|downtime|breaking)/i;

// Every extractor asks whether a clause is negated and how hard it is; the answers depend only on
// the clause's words, so they are remembered for one compile (forgetClauses() starts each one, so
// a benchmark that repeats requests measures real work; results never depend on the cache).
const CACHE_LIMIT = 4096;
const negatedCache = new Map<string, boolean>();
// Per section (null for none), the answers by text. Thirtieth session (speed): a key made by
// joining the section and the text was a new string on every call, copied whole to be hashed.
const hardnessCache = new Map<string | null, Map<string, Hardness | null>>();
let hardnessEntries = 0;
const ruleCache = new Map<string, boolean>();
function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

export function forgetClauses(): void {
  negatedCache.clear();
  hardnessCache.clear();
  hardnessEntries = 0;
  ruleCache.clear();
}

export const isNegated = (raw: string): boolean => {
  const known = negatedCache.get(raw);
  if (known !== undefined) return known;
  const text = maskQuoted(raw);
  return remember(negatedCache, raw, statesRule(text) || WITHOUT.test(text));
};

/**
 * The three rule expressions isNegated and hardnessOf both read, on a clause's masked words: most
 * clauses are asked both questions, and HARD_ANYWHERE is among the compiler's costliest expressions.
 */
function statesRule(masked: string): boolean {
  const known = ruleCache.get(masked);
  if (known !== undefined) return known;
  return remember(ruleCache, masked, gatedTest(NEGATED_LEAD, masked) || gatedTest(HARD_ANYWHERE, masked) || gatedTest(HARD_PHRASE, masked));
}

export type Hardness = "HARD" | "SOFT";

/**
 * Quoted text, code and error messages are data: "ValidationError: nickname must not be empty"
 * states no rule. Their words are blanked before a clause is read as a constraint.
 */
export const maskQuoted = (text: string): string =>
  // Most clauses quote nothing: without a quote character there is nothing to blank.
  /[`"']/.test(text) ? text.replace(/`[^`]*`|"[^"]*"|(?<!\w)'[^']{3,}'(?!\w)/g, blank) : text;
const ERROR_LINE = /^(?:[\w.$]*(?:Error|Exception|Warning|error|Traceback)\b|at\s+\S+\s*\(|\S+\(\d+,\d+\):|\S+:\d+:\d+)/;

export function hardnessOf(clause: Clause): Hardness | null {
  if (clause.code) return null;
  let inSection = hardnessCache.get(clause.section);
  if (inSection === undefined) hardnessCache.set(clause.section, (inSection = new Map()));
  const known = inSection.get(clause.text);
  if (known !== undefined) return known;
  // Bounded over all sections together, as the other caches are (a server compiles many
  // requests, each with its own headings).
  if (++hardnessEntries > CACHE_LIMIT) {
    hardnessCache.clear();
    hardnessCache.set(clause.section, inSection);
    inSection.clear();
    hardnessEntries = 1;
  }
  const hardness = hardnessOfText(clause);
  inSection.set(clause.text, hardness);
  return hardness;
}

function hardnessOfText(clause: Clause): Hardness | null {
  // Twenty-fifth session (speed): the label and error-line forms below run behind their literal gates
  // (literal-gates.ts), which skip only texts an expression cannot match: every clause is read here.
  if (gatedTest(ERROR_LINE, clause.text)) return null;
  const text = withoutImpossibility(unmarked(maskQuoted(clause.text)));
  // Twenty-sixth session: a denial held until a person approves is a gate, no rule (approval-gates.ts).
  if (awaitsAPersonsApproval(text)) return null;
  if (describesWithNever(text)) return null;
  if (gatedTest(SOFT, text)) {
    // Nineteenth session: "rather than" hedges nothing (fourteenth session); a clause that binds by
    // its own words keeps its force when "rather than" ends it ("No changes to production code, just
    // tests, and if you find an actual bug …, tell me rather than fixing it", fk-083).
    const unhedged = text.replace(/\brather than\b/gi, "");
    if (SOFT.test(unhedged)) return "SOFT";
    // Twenty-first session: with no hedge word either, "rather than" compares two ways or facts and
    // states no preference ("We re-generate it from the Payouts screen rather than running
    // sepa_export.py by hand", fp-006; "ping me rather than patching around it", ft-159): the 15
    // development clauses labelled SOFT with it all carry "ideally", "preferably" or "if possible",
    // and the 16 without one are labelled no rule.
    return RATHER_RULE.test(text) || binds(unhedged) ? "HARD" : null;
  }
  if (binds(text)) return "HARD";
  if (bindsAfterReason(text)) return "HARD";
  // A rule behind a short label: "Rule from quality: nothing under fw/eps/test/ may change".
  const item = unchecked(text);
  const label = gatedExec(LABELLED, item);
  if (label && HARD_LEAD.test(item.slice(label[0].length))) return "HARD";
  // A rule behind a label naming its source (constraint-forms.ts): the words after it are read
  // alone, and a bare denial there binds.
  const source = gatedExec(RULE_SOURCE_LABEL, text);
  if (source && bindsAlone(text.slice(source[0].length))) return "HARD";
  if ((clause.section === "constraints" || clause.section === "forbidden") && !closesLetter(clause, text) && !stopsOnCondition(text))
    return "HARD";
  return null;
}

// Fifteenth session: the label may carry a comma ("Reminder from legal, still in force: no new ad
// placements …"); eighteenth session, or its source in brackets ("Schema freeze (DBA team): no new
// files in wms/db/migrations/ until 12 January"), also on a quoted line.
const LABELLED = /^[\w' -]{2,40}(?:\([\w' -]{1,30}\))?(?:,[\w' -]{2,30})?:\s+/;
/** Whether a clause's masked words state a rule by any of the rule expressions. */
export const binds = (text: string): boolean =>
  statesRule(text) || gatedTest(HARD_LEAD, text) || gatedTest(HARD_SHORT, text) || gatedTest(BINDING_FORM, text);
// Twenty-ninth session (hard29): a rule said after its reason in one clause, ", so <rule>" ("August
// onwards was generated after the change, so leave those alone", gg-073; "Leeds, Bradford and
// Wakefield … have already been checked, so please leave those three alone", gu-141): the words after
// "so" bind as they would alone when they open on "leave", "keep" or "only", or deny with a modal
// ("…, so nothing about how hours are costed should change", gf-179; "…, so only the spec please",
// gi-015): a "so no …" or a "so nothing …" without one after a fact states its consequence ("The only migration is an added nullable column, so no
// downtime", em-153; "…, so nothing else needs to change", dl-089: no rule in 10 of 10 such clauses),
// and a "so don't …" is read by the older expressions wherever it stands. And "leave" before a pronoun that points back closes a clause as
// "leave it alone" does ("The copy on the line PCs … is synced automatically, leave it", gr-164; "the
// rods sold since 2010 already have one, leave those", gn-197; "The old inspections already approved,
// leave them like this", gf-115): the guide's keep rows, a thing held as it is beside the change
// (bj-088's "Full plots are correct, leave them." is labelled no rule against them).
const SO_BEFORE_RULE = /,\s+so\s+(?=(?:please\s+)?(?:leave|keep|only)\b|nothing\s[^,;]{0,40}?\b(?:should|must|may)\b)/i;
const LEFT_AS_IT_IS =
  /(?:^|,\s+)(?:so\s+)?(?:please\s+)?leave\s+(?:it|them|those|these|that)(?:\s+(?:alone|be|like\s+(?:this|that|now|today)))?\s*[.!]?$/i;
const bindsAfterReason = (text: string): boolean => {
  if (LEFT_AS_IT_IS.test(text)) return true;
  const so = SO_BEFORE_RULE.exec(text);
  return so !== null && binds(text.slice(so.index + so[0].length));
};
/** After a label naming a rule's source, a bare denial binds as well. */
const bindsAlone = (rest: string): boolean => BARE_DENIAL.test(rest) || binds(rest);
