// Resource refs the request names (`fs:` paths and globs, `net:` hosts), sorted into allowed
// and forbidden by the clause they appear in: "don't touch", "leave … alone", "out of scope"
// and the bullets under an "Out of scope" heading forbid; everything else allows.
import type { Clause, Role, Span } from "./segment.js";
import { gatedMatchAll, gatedTest } from "./literal-gates.js";
import { PATH_OR_CHARACTER } from "./path-kinds.js";

// A clause forbids when the agent's action on what it names is negated: "don't touch X", a clause
// opening on "not" after a split "but" ("…, but not touch the folder X"), a negative subject or a
// passive ("no file in tariffs/ may be modified", "X must not be modified"; adding under a folder
// is not changing it), "changes to X are not allowed", "X is not to be touched", "X stays as is",
// "keep out of / stay away from X", "leave X alone / as it is / be"; two verbs joined by "or" ("don't
// add or change anything under tests/", thirteenth session). Fourteenth session: the manner of a
// change named ("no ad-hoc edits to deploy/k8s/prod/"; "no dependency changes in apps/fleet" forbids
// a kind of change there, not the folder), "we never commit there" after the folder, and a
// non-native "and not touch vendor/" as "but not touch". "without …" forbids only where it opens the
// clause (segment.ts keeps a without that describes what code does inside its sentence).
// Fifteenth session: "please not change the ftl-limits.csv table" (not "please not change nothing",
// which limits an advice ask), reading or logging in to a path or host ("don't read
// /var/lib/kiosk-hub/state.db directly", "do not log in to rstudio-act02.norvale.internal"), and
// copying from it ("Don't copy values from deploy/secrets/ into it") forbid; so does "edit files in
// it" after a described folder (PRONOUN_OBJECT). Seventeenth session: "shall not" as "must not", files
// denied where they would be added ("Don't add any new files under test/", 3 writers), and "no code
// changes in billing/" (code is every change there, unlike "no dependency changes in apps/fleet"). Hosts under ".tv", and "C:\Program Files\…" as one
// path, are read too. Sixteenth session: a path counts as one word in "Nothing under <path> may be
// modified", read by PATH_OR_CHARACTER (path-kinds.ts).
// Twentieth session (branch `hard20`): "talk to" as "connect to" ("Staging must never talk to
// ptx.bottomline.com", fq-190: contact with a host denied), and a path left in its present form
// ("Leave customer-app/assets/brand/** as PNG", fp-167; fg-036), as "leave X as it is".
// Twenty-third session (branch `hard23`): the same denials in other words, each forbidding its path
// or host as the guide's "don't touch X" does: a verb with its manner ("never hand-edit it", dh-192,
// dq-171), a passive with "never" as with "not" ("files under docs/legal/ … must never be edited by
// hand", dz-169, ba-030), "no commits there" after the folder (dw-144), "stay off" a host as "stay
// out of" it (dq-090), anything sent to a host ("Don't send test uploads to …", dw-129), a
// regeneration denied ("do not regenerate **/__snapshots__/legacy-*.snap", fd-098) and what "we
// cannot touch" ("the firmware/hal/ folder we cannot touch, it is from the chip vendor", hj-042; the
// HARD form beside it in constraint-forms.ts).
const FORBID = new RegExp(
  String.raw`\b(?:don'?t|do not|never|must not|mustn'?t|should not|shouldn'?t|shall not|may not|not allowed to|avoid|(?:^|(?<=\b(?:preferably|ideally)\s))without|(?:nobody|no one) (?:may|can|should)|(?<=\b(?:but|and) )not|(?<=\bplease )not(?!\s+\w+\s+(?:nothing|anything)\b)|^not)\s+(?:\w+\s+(?:or\s+)?)?(?:hand-|manually\s+)?(?:touch(?:ing)?|add(?:ing)? (?:any )?(?:new )?files? (?:to|under|in(?:side)?)|(?:read(?:ing)?|log(?:ging)?\s+in(?:to|\s+to))(?=\s+(?:from\s+)?[\x60'"]?[\w~.-]*[/.]\w)|cop(?:y|ying)(?:\s+\w+){0,2}?\s+(?:from|out of)|updat(?:e|ing)|modify(?:ing)?|modifications? (?:to|in)|chang(?:e|es|ing)(?: to| in)?|edit(?:s|ing)?(?: to)?|alter(?:ing)?|writ(?:e|ing)(?: to)?|delet(?:e|ing)|remov(?:e|ing)|call(?:ing)?|contact(?:ing)?|connect(?:ing)? to|talk(?:ing)? to|pull(?:ing)? (?:anything )?from|hit(?:ting)?|send(?:ing)? (?:any )?(?:[\w-]+ )?(?:requests?|traffic|calls|uploads?|data|events|messages|e-?mails) to|query(?:ing)?|ping(?:ing)?|access(?:ing)?|us(?:e|ing)|commit(?:ting)? (?:to|there)|push(?:ing)? to|mess(?:ing)? with|go(?:ing)? near|open(?:ing)?|refactor(?:ing)?|rewrit(?:e|ing)|reformat(?:ting)?|regenerat(?:e|ing))\b|\b(?:we|you)\s+(?:cannot|can'?t|can not)\s+(?:touch|change|modify|edit)\b|\bleave\b[^;]{0,80}?\b(?:alone|as (?:it |they )?(?:is|are)|untouched|intact|be$)\b|\bleave\s+(?=[^\s;,]*[/\\])[^\s;,]+\s+as\s+(?!(?:it|they)\s+(?:is|are)\b)\w|\b(?:no\s+\w+|nothing|none)\b${PATH_OR_CHARACTER}{0,60}?\b(?:may|must|shall|should|can)\s+(?:not\s+)?be\s+(?:added (?:to )?or\s+)?(?:touched|modified|changed|edited|altered|written|rewritten|deleted|removed)\b|\b(?:must|may|should|shall|can)(?:not|\s+not|n'?t|\s+never)\s+(?:be\s+(?:touched|modified|changed|edited|altered|written to|rewritten)|change)\b|\b(?:nothing|none)\b[^;]{0,60}?\b(?:may|must|shall|should|can)\s+change\b|\bno (?:(?:ad-hoc|manual|direct|hand|code) )?(?:changes?|modifications?|edits?|commits?|pushes?) (?:to|in|under|there)\b|\b(?:is|are) (?:under (?:an? |the )?(?:\w+ )?lock|locked)\b|\bmake no (?:changes|edits) (?:to|in)\b|\bnot to (?:touch|change|modify|edit|delete|remove)\b|\b(?:is|are) (?:frozen|prohibited)\b|\bout of scope\b|\bnot in scope\b|\boff[- ]limits\b|\b(?:stay|keep) (?:out of|away from|off)\b|\bunder no circumstances?,?\s+(?:\w+\s+)?(?:touch|modify|change|edit|alter|write to|delete|remove|call|contact|hit|query|access|use|commit to|push to|open|rewrite)\b|\b(?:changes?|edits?|modifications?|writes?) (?:to|in|under)\b[^;]{0,80}?\b(?:are|is) (?:not allowed|forbidden|prohibited|not permitted)\b|\b(?:is|are) not to be (?:touched|modified|changed|edited|altered|written to|rewritten|deleted|removed)\b|\b(?:stays?|remains?|(?:should|must|has to|needs? to) (?:stay|remain)) (?:as (?:it )?is|unchanged|untouched|intact|the same)\b|\bhands off\b|\bread[- ]only\b|\bkeep\b[^;]{0,80}?\b(?:unchanged|untouched|intact|as is)\b|\b(?:is|are) forbidden\b`,
  "i",
);

// Tenth session: access bans ("do not connect to" is above; "no calls from the app to X", "no
// kubectl or API access to X"), "X is never edited", "nothing in X is to be edited", "X is only
// changed by the release bot". Apart from FORBID, which they would make a third slower.
// Thirteenth session: a tool or job denied a target ("Never point mqload at mqprod01.nordavia.local",
// "don't run it against db.prod.internal") forbids the target. Fourteenth session: so does a part of
// the system denied contact with it ("Never let staging talk to sftp.ebics-gw.example.ie").
// Sixteenth session: an exception to the ask's place opening a clause ("…, but not in
// deploy/sites/dus2/plc_bridge.yaml, they're debugging there") forbids the path. Seventeenth session:
// "files under deploy/ are changed by Ops only", as "X is only changed by the release bot".
// Nineteenth session: a denial of installing, deploying or testing on or against a target forbids
// it, as "don't run it against db.prod.internal" does ("Do not install on CRW-HIST01, this is the
// live server", "Don't load-test against api.veridrive.example, every call there is billed": fj-158,
// fk-040).
// Eighteenth session: a path reserved to someone else forbids it to the agent, however the
// reservation is worded: a negative subject with a verb of change ("nobody edits docs/legal/
// except them", "nobody touches services/billing/", "X is owned by Y; nobody else changes it"),
// "nobody but/outside Y may edit X", "only the DBA team adds files to X", "X is only ever edited by
// the compliance team" (16 rows of the development split, 12 writers, label the path forbidden).
// Twenty-fifth session: two verbs of change coordinated after the subject reserve it the same way
// ("nobody else adds or changes files in poolbook/db/", gd-174).
// A freeze in the present tense forbids the folder as "may change" does: "nothing under deploy/helm/
// changes this week", and "nothing new under freight-billing/src/rates/" forbids adding there, as
// do "no new files in wms/db/migrations/" and "firmware/t3/certified/ must not get new files" (the
// verbless and passive forms of "don't add new files under X": 4 writers).
const FORBID_PHRASE =
  /^not\s+(?:in|under|inside)\s+[`'"]?[\w.:~-]*[/\\]|\b(?:don'?t|do not|never)\s+(?:point|aim|run|target)\b[^;]{0,40}?\s(?:at|against)\s|\b(?:don'?t|do not|never)\s+(?:install|deploy|load-test|stress-test|benchmark|test)\b[^;]{0,40}?\s(?:on|onto|against)\s|\b(?:don'?t|do not|never)\s+let\s+[\w-]+(?:\s+[\w-]+)?\s+(?:talk|connect|send|write|upload|call)\s+(?:\w+\s+)?to\b|\bno (?:[\w-]+ (?:or|and) )?(?:[\w-]+ )?(?:access|connections?|calls|requests|traffic)(?: of any kind)?(?: from [\w -]{1,30}?)? to\b|\b(?:is|are) (?:never (?:edited|changed|modified|touched|written|rewritten|regenerated)|only (?:ever )?(?:changed|edited|modified|updated|touched|written) by|(?:changed|edited|modified|updated|managed|touched) by [\w-]+(?: [\w-]+)? only)\b|\bnothing (?:under|in|inside)\b[^;]{0,60}?\b(?:is|are|gets?)\s+(?:to be\s+)?(?:added (?:to )?or\s+)?(?:edited|changed|modified|touched)\b|\bnothing (?:new )?(?:under|in|inside)\b[^;]{0,60}?\bchanges\b|\bnothing new (?:under|in|inside)\s|\bno (?:new |more )?files (?:in|under|to|inside)\s|\b(?:must|may|shall) not (?:get|receive|have) (?:any )?new files\b|\b(?:nobody|no one)(?:\s+else)?\s+(?:adds\s+or\s+)?(?:touch(?:es)?|edits?|changes|modif(?:y|ies)|writes? to|commits? to|pushes to|adds\s+(?:new\s+)?files)\b|\b(?:nobody|no one)\s+(?:but|except|outside)\s+[^;,]{1,40}?\s(?:may|can|should|is allowed to)\s+(?:touch|edit|change|modify)\b|\bonly\s+(?:the\s+)?(?:[\w'-]+\s+){0,2}?(?:team|owners?|admins?|maintainers?|dbas?|bots?|leads?)\s+(?:adds?\s+(?:new\s+)?files\s+(?:to|under|in)|edits?|changes|touch(?:es)?|modif(?:y|ies)|writes?\s+to|commits?\s+to)\b/i;

const EXTENSIONS =
  "ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sql|json|ya?ml|toml|ini|md|mdx|txt|sh|bash|css|scss|html|vue|svelte|prisma|graphql|gql|lock|cfg|conf|tf|xml|gradle|kts|proto|csv|ipynb|lua|ex|exs|dart|scala";
const URL = /\bhttps?:\/\/([a-z0-9.-]+)(?::\d+)?[^\s)>\]"'`]*/gi;
// Hosts under the common generic and European/Commonwealth country domains (".ie", ".es", ".ch": a
// forbidden "sftp.ebics-gw.example.ie" was cut at ".example", fourteenth session) and ".lan".
// Twenty-fifth session (branch `hard25`): the other country domains a host is written under, for
// the same reason ("Don't connect to gw.inuvik.ksat.no yourself" was read as no host, gc-061); not
// two-letter domains that are also code members or words (".at" in "node.at", ".in", ".it", ".is").
const HOST = new RegExp(
  String.raw`(?<![\w@/.-])((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|co|ai|cloud|internal|gov|edu|example|test|local|localhost|invalid|info|biz|xyz|eu|de|uk|fr|nl|jp|ie|es|se|dk|fi|pl|ch|pt|ca|au|nz|us|lan|tv|no|be|cz|sk|hu|ro|gr|lu|br|mx|za|sg|hk|tw|kr))(?![\w/.-]*\.(?:${EXTENSIONS})\b)(?![\w-])`,
  "gi",
);
// A domain written in capitals names a service or a product ("the live GOV.UK Pay service", "ASP.NET
// Core"), not a host the work reaches (seventeenth session).
const BRAND = /^[A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+$/;
// localhost and IPv4 addresses are hosts too ("don't hit localhost:8080 or 10.0.0.5"), with or
// without a port; like any host they are scope only where they are accessed or forbidden.
const LOCAL_HOST = /(?<![\w@/.:-])(localhost|(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?::\d{2,5})?(?![\w.-]*\w)/g;
// Twenty-third session: a dotfile at the root is a file as one inside a folder is (".gitlab-ci.yml is
// managed by the platform team, agents must not edit it", hh-147; DOTFILE below).
// An absolute path under another root is a path when it ends in "/" and has two parts or more
// ("Do not modify anything under /u/lnbatch/prodjcl/", "/sw/conda/", sixteenth session); a route
// ("/api/v2/hunts/{id}/export") is not.
const PATH = new RegExp(
  String.raw`(?<![\w@/.:*-])((?:\.{1,2}\/|~\/|[A-Za-z]:\/(?:Program Files(?: \(x86\))?\/)?|\/(?=(?:var|etc|usr|opt|home|tmp|srv|mnt|root|Users|private)\/|(?!api\/|v\d+\/)(?:[\w.-]+\/){2,}(?![\w*.{:<-])))?(?:[\w@*.-]+\/)+[\w@*.-]*|\*\*\/[\w*.-]+|\.env(?:\.[\w-]+)?|\.?[\w*-][\w.*-]*\.(?:${EXTENSIONS})|go\.mod|go\.sum|Dockerfile|Makefile|Procfile|Jenkinsfile|LICENSE|CODEOWNERS|NOTICE|Gemfile|Rakefile|Brewfile|Vagrantfile)(?![\w/])`,
  "g",
);
const KNOWN_DIRS =
  /^(?:src|lib|libs|test|tests|spec|app|apps|packages|docs|config|configs|scripts|bin|pkg|cmd|internal|migrations|prisma|\.github|infra|deploy|charts|k8s|assets|tools|bench|fixtures|db|vendor|\*\*)$/;

export interface ScopeRef extends Span {
  ref: string;
  forbidden: boolean;
  /** From an "only touch …" clause: everything the task changes must be inside such refs. */
  only?: boolean;
  /** Forbidden as "the rest of" a file: allowed again when the request changes that file elsewhere. */
  restOf?: boolean;
  /** Named as what to read from ("copy the validators from ../common/v.ts into …"): read, not changed. */
  source?: boolean;
  /**
   * Named where the request asks for no change: a statement with no verb of change ("the importer
   * in integrations/toast/ is fine"), or a clause in the background, the rules or quoted data.
   */
  described?: boolean;
  /** Named in the request's first instruction of change (a verb of change, no statement, no rule). */
  firstAsk?: boolean;
}

// A ref after a verb of reading and "from" is the source the work reads: "copy X from A into B",
// "port the parser from A", "docs generated by hand from config/limits.toml" (fifteenth session).
// Moving or removing from A changes A, so only reading verbs count.
const SOURCE_BEFORE =
  /\b(?:cop(?:y|ies|ying)|generat(?:e|es|ed|ing)|deriv(?:e|es|ed|ing)|port(?:s|ing)?|read(?:s|ing)?|take|takes|taking|borrow(?:s|ing)?|reus(?:e|es|ing)|lift(?:s|ing)?|extract(?:s|ing)?)\b[^.;:]{0,80}?\bfrom\s+\W?$/i;

// Thirteenth session: a path in brackets after a noun, in a clause that asks for no change ("the
// import takes 9 min for the January schedule file (data/pairings/2027-01.xml)"), says which thing
// the request talks about; the work reads it and changing it is not asked, so a rule forbidding it
// is no contradiction (the path stays forbidden).
const NAMED_IN_BRACKETS = /[\w-]\s*\(\s*$/;
const CHANGE_IN_CLAUSE =
  /\b(?:fix|change|edit|update|modify|write|rewrite|add|remove|delete|rename|move|regenerate|replace|refactor|patch|create|set|bump|upgrade|migrate|convert|clean|drop|format|reformat|generate|make|touch|correct|adjust|split|merge|append|insert|trim|truncate|overwrite|commit)\w*\b/i;

/** Parts of a request that describe, rule or quote: a path named there is not where the ask changes. */
const AROUND_THE_CHANGE: ReadonlySet<Role> = new Set(["background", "rules", "data"]);
// Twenty-fifth session: a clause that states how things are opens with its subject or a setting (a
// determiner, a pronoun, a path, a preposition or subordinator), where an instruction opens with its
// verb ("map it to tls.client.ja4 in connectors/elastic/src/mapping.rs", el-195; "put them in a new
// file fw/eps/test/…", dl-118): the closed classes of words a statement can open with, after a
// label ("Reminder: src/metrology/ is MID-certified", ed-098).
const describes = (clause: Clause): boolean => clause.role !== undefined && AROUND_THE_CHANGE.has(clause.role);
const STATEMENT_OPENING =
  /^[\W\d]*(?:[a-z]\w*(?:\s+\w+){0,3}:\s+)?(?:(?:the|a|an|this|that|these|those|our|my|your|their|its|his|her|all|every|each|both|it|they|we|i|there|he|she|on|in|at|since|when|while|after|before|because|if|as|during)\b|[`'"]?[\w.-]*\/)/i;

const ONLY =
  /\bonly\s+(?:touch|change|modify|edit|update|write to|work (?:in|on))\b|\b(?:limit|restrict|confine) (?:your |the |all )?changes to\b|\bchanges? only (?:in|to)\b|\bstay (?:within|inside)\b|\bnothing outside\b|\bno (?:changes?|edits?)(?: to (?:any )?files?)? outside\b/i;

// Twenty-fifth session (branch `esc25`): a denial of changes outside a path confines the work to it,
// as "only touch X" does, and forbids nothing by that name ("don't modify any file outside tests/",
// hg-082; "no changes to files outside `services/claims-svc/test/`", fr-077; "No changes outside
// tests/", cd-142; the guide: "a path that is only allowed forbids nothing", con-ok-12).
const OUTSIDE_BEFORE = /\boutside\s+(?:of\s+)?(?:the\s+)?[`'"]?$/i;

export const forbids = (clause: Clause): boolean => clause.section === "forbidden" || forbiddingWords(clause.text);

// Scope, the type rules and the contradiction detector each ask whether a clause forbids, about
// five times a request in all; FORBID is among the compiler's costliest expressions, so its answer
// is remembered per text for one compile (forgetRefs() clears it, as it does the refs).
const forbidsCache = new Map<string, boolean>();

function forbiddingWords(text: string): boolean {
  const known = forbidsCache.get(text);
  if (known !== undefined) return known;
  if (forbidsCache.size >= REFS_CACHE_LIMIT) forbidsCache.clear();
  // Emphasis inside a rule ("**Do not** touch /etc/pgbouncer/userlist.txt") is markup, not words.
  const plain = text.includes("**") ? text.replace(/\*\*/g, "") : text;
  const found = gatedTest(FORBID, plain) || gatedTest(FORBID_PHRASE, plain);
  forbidsCache.set(text, found);
  return found;
}

// A host named in passing ("401s from api.partner.com") is context; only access grants scope.
const ACCESS =
  /\b(call|calls|calling|fetch|fetching|query|querying|hit|use|using|request|poll|download|upload|post|connect|ping|curl|get|put|send|read from|scrape|open)\b/i;

// A rule whose object is a pronoun: "`notify/` is vendored; never modify it", "`package.json` and
// the lockfile are owned by the platform team; don't edit them", and (sixteenth session) "docs/runbooks/
// is generated from Confluence; do not edit files there by hand". Twenty-third session: adding files
// there is changing it, as the guide's "only the DBA team adds files to X" reads ("migrations under
// services/notes-svc/migrations/ are owned by the DBA team; nobody else adds files there", fr-040).
// A path described by what it holds forbids as one described by "is" ("X holds the published
// tariff sheets; agents must not modify files under it", ez-147).
const PRONOUN_OBJECT =
  /\b(?:touch(?:es)?|modif(?:y|ies)|changes?|edits?|alters?|updates?|deletes?|removes?|rewrites?|reformats?|write to|commit(?: to)?|push to|no (?:changes?|edits?|commits?|pushes?|modifications?) (?:to|in))\s+(?:it|them|these|those|this|that|either|any of (?:them|these|those)|anything (?:in )?there|there)\b|\b(?:touch(?:es)?|modif(?:y|ies)|changes?|edits?|alters?|updates?|deletes?|removes?|rewrites?|reformats?|adds?)\s+(?:any\s+|the\s+|new\s+)?(?:files?|anything|code)\s+(?:(?:in|under|inside)\s+(?:it|them|there)|there)\b/i;

// The paths are the subject of a description: a copula or "lives/belongs/comes" right after them.
const DESCRIBED = /^[`'"]?\s+(?:\S+\s+){0,2}?(?:is|are|was|were|belongs?|lives?|comes?|holds?|contains?)\b/i;

/**
 * Whether the clause after this one forbids, by a pronoun, the paths this one names: the two are
 * one sentence, line or bullet (no line break between them).
 */
function namedByNextRule(clauses: Clause[], forbidding: readonly boolean[], index: number, text: string): boolean {
  const clause = clauses[index]!;
  const next = clauses[index + 1];
  if (!next || !forbidding[index + 1] || refsIn(next.text).length || !PRONOUN_OBJECT.test(next.text)) return false;
  // The paths are described ("X is vendored", "X and Y are owned by"), not asked about: "read X and
  // tell me what is missing; don't edit it" keeps X the thing to read.
  const refs = refsIn(clause.text);
  const last = refs.at(-1);
  if (!last || !DESCRIBED.test(clause.text.slice(last.index + last.length))) return false;
  return !text.slice(clause.end, next.start).includes("\n");
}

// Fifteenth session: "Don't hit license.vidora.tv directly, use license-staging.vidora.tv for any
// test requests": after the denial, a part of the clause that opens on a verb of use names what the
// work should use instead, so its refs are allowed.
const INSTEAD =
  /,\s+(?:and\s+|but\s+)?(?:please\s+)?(?:use|query|call|hit|go through|point (?:it |them )?at|connect to|send (?:\w+ )?to|read from)\b[^,;]*$/i;
// "The rest of robots.txt should stay as it is" after "add … to public/robots.txt" keeps what the
// change does not reach in the file it changes: that file is not forbidden. Where the file is named
// nowhere else ("upgrade typescript, keep the rest of package-lock.json as is") it is (fresh2-06).
const REST_OF = /\b(?:the )?rest of (?:the )?[`'"]?$/i;
function insteadAfterDenial(text: string, at: number): boolean {
  const part = INSTEAD.exec(text.slice(0, at));
  return part !== null && !forbiddingWords(part[0]) && forbiddingWords(text.slice(0, part.index));
}

// Nineteenth session: after a comma, a part of a forbidding clause that says what the forbidden
// thing is made from names that source, which the rule leaves open ("Nothing under infra/helm/ is
// edited by hand any more, Rui's pipeline renders it from infra/config/": fl-060 forbids infra/helm/
// only). Without the comma the source is what is denied ("Don't copy values from deploy/secrets/").
const MADE_FROM =
  /\b(?:render(?:s|ed|ing)?|generat(?:e|es|ed|ing)|buil(?:d|ds|t|ding)|produc(?:e|es|ed|ing)|deriv(?:e|es|ed|ing))\b[^.;:,]{0,60}?\bfrom\s+\W?$/i;
function sourceAfterDenial(text: string, at: number): boolean {
  const comma = text.lastIndexOf(",", at);
  if (comma < 0) return false;
  const part = text.slice(comma + 1, at);
  return MADE_FROM.test(part) && !forbiddingWords(part);
}

// Twenty-third session: "leave <machine> alone" forbids it as "leave <path> alone" does ("Leave
// dc1-print-05 alone, it runs the legacy Citizen printers", fs-181).
// Seventeenth session: a machine known by its bare name, without a domain ("don't touch
// tiles-prod-01", "don't hit hh-db-prod-01, it's mid-vacuum", "Don't run anything against
// db-claims-replica01", "nothing gets deployed to labsrv02"; 4 writers; nineteenth session: "Do not
// install on CRW-HIST01"), is a host where a rule
// denies the work access to it: a name of letters, digits and hyphens that ends in a digit, right
// after a verb of access or "against". Read only in a forbidding clause, so a name elsewhere ("is
// the service running on labsrv02?") is neither allowed nor forbidden.
// Twenty-fifth session (branch `hard25`): the name may follow its kind ("don't query the DCS host
// dcs-eng01 at all", ge-172; "don't touch the build server ci-agent-03"), as it follows the verb bare.
const MACHINE =
  /\b(?:touch|leave|hit|call|query|ping|against|(?:ssh|log\s+in)\s+(?:in)?to|connect\s+to|deploy(?:ed)?\s+(?:to|on|onto)|install(?:ed)?\s+(?:on|onto))\s+(?:the\s+(?:[\w-]+\s+)?(?:host|server|box|machine|vm|node)\s+)?[`'"]?(?=[a-z0-9-]{5})([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?<=\d)(?![\w./:@-])/gi;

function machinesIn(text: string, refs: readonly FoundRef[]): FoundRef[] {
  const found: FoundRef[] = [];
  for (const match of gatedMatchAll(MACHINE, text)) {
    const index = match.index + match[0].length - match[1]!.length;
    if (refs.some((r) => index < r.index + r.length && r.index < index + match[1]!.length)) continue;
    found.push({ ref: `net:${match[1]!.toLowerCase()}`, index, length: match[1]!.length });
  }
  return found;
}

// Twenty-third session: a trailing elliptical denial names a host the work must not reach, the verb
// of the clause before it understood ("Point them at staging only, never at bedalloc.prod.health.local",
// "run the integration test against the test server, and never against sftp.grainlink.com.au": bc-199,
// fv-174; the guide writes such hosts as net:<host>). Only a host: ", never from application.yml"
// (fo-144) and ", not Thread.sleep" name no place the work reaches, and the labels forbid neither.
const ELLIPTICAL_DENIAL =
  /(?:^|[,;(]\s*)(?:and\s+|but\s+)?(?:never|not)\s+(?:(?:at|against|on|onto|to|from|in)\s+|the\s+(?:[\w-]+\s+)?)?[`'"]?$/i;

export function extractScope(clauses: Clause[], text: string): ScopeRef[] {
  const refs: ScopeRef[] = [];
  // Each clause's own FORBID test, once: the pronoun rule reads the next clause's too.
  const forbidding = clauses.map(forbids);
  let askSeen = false;
  for (const [index, clause] of clauses.entries()) {
    const denied = forbidding[index]! || namedByNextRule(clauses, forbidding, index, text);
    if (denied)
      for (const found of machinesIn(clause.text, refsIn(clause.text)))
        if (!insteadAfterDenial(clause.text, found.index))
          refs.push({
            ref: found.ref,
            start: clause.start + found.index,
            end: clause.start + found.index + found.length,
            forbidden: true,
            only: false,
          });
    // The request's first instruction of change: a clause with a verb of change that states no rule
    // and describes nothing (readBesideTheChange in compile-steps.ts).
    const firstAsk: boolean = !askSeen && !denied && !clause.heading && !describes(clause) && CHANGE_IN_CLAUSE.test(clause.text);
    askSeen ||= firstAsk;
    for (const found of refsIn(clause.text)) {
      const before = clause.text.slice(0, found.index);
      const confines = denied && OUTSIDE_BEFORE.test(before);
      const forbidden =
        (denied && !confines && !insteadAfterDenial(clause.text, found.index) && !sourceAfterDenial(clause.text, found.index)) ||
        (found.ref.startsWith("net:") && ELLIPTICAL_DENIAL.test(before));
      if (found.ref.startsWith("net:") && !forbidden && !ACCESS.test(clause.text)) continue;
      const only = confines || (!forbidden && ONLY.test(clause.text));
      const asksNoChange = !forbidden && !CHANGE_IN_CLAUSE.test(clause.text);
      const source = !forbidden && (SOURCE_BEFORE.test(before) || (NAMED_IN_BRACKETS.test(before) && asksNoChange));
      const described = !forbidden && !source && (describes(clause) || (asksNoChange && STATEMENT_OPENING.test(clause.text)));
      refs.push({
        ref: forbidden ? asFolder(found.ref) : found.ref,
        start: clause.start + found.index,
        end: clause.start + found.index + found.length,
        forbidden,
        only,
        ...(source ? { source } : {}),
        ...(described ? { described } : {}),
        ...(firstAsk && !forbidden ? { firstAsk } : {}),
        ...(forbidden && REST_OF.test(clause.text.slice(0, found.index)) ? { restOf: true } : {}),
      });
    }
  }
  return withFullPaths(refs);
}

// Fifteenth session: a forbidden file named by its bare name after its path was given ("Bring
// coverage of billing/src/proration.ts to 90%. Tests only: do not change proration.ts itself") is
// that path: one file has one ref however the request spells it, as for Windows separators. Only
// when exactly one path the request names ends in that name.
function withFullPaths(refs: ScopeRef[]): ScopeRef[] {
  if (!refs.some((r) => r.restOf || (r.forbidden && r.ref.startsWith("fs:") && !r.ref.includes("/")))) return refs;
  return refs.map(({ restOf, ...r }) => {
    let ref = r.ref;
    if (r.forbidden && ref.startsWith("fs:") && !ref.includes("/") && !ref.includes("*")) {
      const full = [...new Set(refs.filter((o) => o.ref.endsWith(`/${ref.slice(3)}`)).map((o) => o.ref))];
      if (full.length === 1) ref = full[0]!;
      else if (full.length === 0) ref = besideItsSibling(ref, refs);
    }
    const changed = restOf === true && refs.some((o) => !o.forbidden && o.ref === ref);
    return { ...r, ref, forbidden: r.forbidden && !changed };
  });
}

// Twenty-third session: a bare file name of the same family as one file the request names by its
// path (the same first word and extension: "values-staging.yaml" beside "deploy/charts/dispatch/
// values-prod.yaml") is that file's sibling in its folder ("set … in deploy/charts/dispatch/
// values-prod.yaml. Leave values-staging.yaml alone", fp-012, fr-173). A name of another family
// ("package.json" beside "site/components/Gallery.ts", br-131) stays where it was written.
function besideItsSibling(ref: string, refs: readonly ScopeRef[]): string {
  const name = ref.slice(3);
  const family = /^([A-Za-z]+)[-_.].*(\.\w+)$/.exec(name);
  if (!family) return ref;
  const folders = new Set<string>();
  for (const other of refs) {
    const slash = other.ref.lastIndexOf("/");
    if (!other.ref.startsWith("fs:") || slash < 0) continue;
    const last = other.ref.slice(slash + 1);
    if (last !== name && last.startsWith(family[1]!) && /^[-_.]/.test(last.slice(family[1]!.length)) && last.endsWith(family[2]!))
      folders.add(other.ref.slice(0, slash + 1));
  }
  return folders.size === 1 ? `${[...folders][0]!}${name}` : ref;
}

// A forbidden path whose last part has no extension is a folder ("don't change terraform/modules/eks
// itself", "Don't touch /srv/mlflow/artifacts while you're on the box"): the labels write 667 forbidden
// folders as dir/** and one bare. Extensionless file names (Dockerfile, Snakefile, LICENSE) stay files.
const EXTENSIONLESS_FILE = /^(?:[A-Z][a-z]*file|[A-Z]+|\.\w+)$/;
function asFolder(ref: string): string {
  if (!ref.startsWith("fs:") || !ref.includes("/") || ref.endsWith("/**")) return ref;
  const last = ref.slice(ref.lastIndexOf("/") + 1);
  return !last || /[.*]/.test(last) || EXTENSIONLESS_FILE.test(last) ? ref : `${ref}/**`;
}

type FoundRef = { ref: string; index: number; length: number };
// Scope, type evidence and the contradiction detector each read a clause's refs; they depend only
// on its words, so one compile computes them once (forgetRefs() starts each compile, as
// forgetClauses() does for constraints). Callers must not mutate the returned arrays.
const REFS_CACHE_LIMIT = 4096;
const refsCache = new Map<string, readonly FoundRef[]>();

export function forgetRefs(): void {
  refsCache.clear();
  forbidsCache.clear();
}

/** The refs in one piece of text, each with where it sits. */
/** The file refs (`fs:`) a text names, in order. */
export const fsRefsIn = (text: string): string[] =>
  refsIn(text)
    .map((found) => found.ref)
    .filter((ref) => ref.startsWith("fs:"));

export function refsIn(raw: string): readonly FoundRef[] {
  const known = refsCache.get(raw);
  if (known) return known;
  if (refsCache.size >= REFS_CACHE_LIMIT) refsCache.clear();
  const found = findRefs(raw);
  refsCache.set(raw, found);
  return found;
}

function findRefs(raw: string): FoundRef[] {
  // Windows separators become "/" (same length, so offsets hold): tools\vendor\ is tools/vendor/.
  // A trailing "\" before punctuation ends a folder too ("Never modify C:\svc\agent\, IT manages it").
  // Every match of this expression holds a backslash, and every URL "://": most texts hold neither,
  // and neither expression runs over them.
  const text = raw.includes("\\") ? raw.replace(/(?<=[\w.*:])\\(?=[\w.*]|[\s,;:)!?]|$)/g, "/") : raw;
  const found: { ref: string; index: number; length: number }[] = [];
  const taken: [number, number][] = [];
  for (const match of text.includes("://") ? gatedMatchAll(URL, text) : []) {
    found.push({ ref: `net:${match[1]!.toLowerCase()}`, index: match.index, length: match[0].length });
    taken.push([match.index, match.index + match[0].length]);
  }
  for (const match of gatedMatchAll(PATH, text)) {
    const raw = match[1]!.replace(/[.,:;!?)]+$/, "");
    const end = match.index + raw.length;
    if (overlaps(taken, match.index, end) || !looksLikePath(raw, text, match.index)) continue;
    const folder = UNDER.test(text.slice(Math.max(0, match.index - 20), match.index)) && !/[.*]/.test(raw.split("/").at(-1) ?? "");
    found.push({ ref: `fs:${normalizePath(folder ? `${raw}/` : raw)}`, index: match.index, length: raw.length });
    taken.push([match.index, end]);
  }
  for (const hosts of [LOCAL_HOST, HOST]) {
    for (const match of gatedMatchAll(hosts, text)) {
      if (overlaps(taken, match.index, match.index + match[0].length) || BRAND.test(match[1]!)) continue;
      found.push({ ref: `net:${match[1]!.toLowerCase()}`, index: match.index, length: match[0].length });
      taken.push([match.index, match.index + match[0].length]);
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

// Not a closure in findRefs: under tsx each closure made costs a defineProperty of its name.
const overlaps = (taken: readonly [number, number][], start: number, end: number): boolean => taken.some(([s, e]) => start < e && s < end);

// Built once here rather than on every path looksLikePath reads. A Go module's go.mod and go.sum are
// files by name, as a Dockerfile is ("dispatch/go.mod and dispatch/go.sum are locked", fourteenth session).
const GO_MODULE_FILE = /^go\.(?:mod|sum)$/;
// Twenty-third session: a file known by its conventional name has no extension, inside a folder as
// at the root ("don't touch image-service/Dockerfile", cd-131): a path, as Dockerfile alone is.
const CONVENTIONAL_FILE = /^(?:Dockerfile|Makefile|Procfile|Jenkinsfile|Gemfile|Rakefile|Brewfile|Vagrantfile|LICENSE|CODEOWNERS|NOTICE)$/;
const FILE_EXTENSION = new RegExp(String.raw`\.(?:${EXTENSIONS})$`);
// Twenty-first session: a last part that opens with a dot names a file by the convention of
// dotfiles (".env.local", ".npmrc", ".gitlab-ci.yml"), whatever its root: "Don't touch
// portal/.env.local, that's per developer" forbids it (ft-114), as the guide's forbidden paths are
// files wherever they stand.
const DOTFILE = /^\.[A-Za-z][\w.-]*$/;

// A path after "under" ("anything under app/views/seo") names a folder even without its trailing
// "/", and is written as one (\`fs:app/views/seo/**\`), unless its last part has an extension or a glob.
const UNDER = /\b(?:under|anything in|everything in)\s+[`'"]?$/i;

// Twenty-third session: "@skv/ftl-rules", "@types/node" name npm packages by their scope, not folders
// (no development label forbids one of the 59 written so; fi-142's "No change to the exported API of
// `@skv/ftl-rules`" was read as a forbidden folder).
const SCOPED_PACKAGE = /^@[\w.-]+\/[\w.-]+$/;

/** "and/or" and "client/server" are words, not paths; a path has a file, a glob or a known root. */
function looksLikePath(raw: string, text: string, index: number): boolean {
  if (!raw.includes("/")) return true;
  if (SCOPED_PACKAGE.test(raw)) return false;
  if (text[index - 1] === "`") return true;
  const segments = raw
    .replace(/^(?:\.{1,2}|~)\//, "")
    .split("/")
    .filter(Boolean);
  const last = segments.at(-1) ?? "";
  return (
    raw.endsWith("/") ||
    raw.includes("*") ||
    raw.startsWith("./") ||
    raw.startsWith("../") ||
    raw.startsWith("~/") ||
    FILE_EXTENSION.test(last) ||
    GO_MODULE_FILE.test(last) ||
    CONVENTIONAL_FILE.test(last) ||
    DOTFILE.test(last) ||
    KNOWN_DIRS.test(segments[0] ?? "") ||
    segments.length >= 3
  );
}

export function normalizePath(raw: string): string {
  let path = raw
    .trim()
    .replace(/^\.\//, "")
    .replace(/\/{2,}/g, "/");
  if (path.endsWith("/")) path = `${path}**`;
  return path;
}

/** Whether a forbidden ref covers an allowed one (same ref, or a directory or glob above it). */
export function covers(forbidden: string, allowed: string): boolean {
  if (forbidden === allowed) return true;
  if (!forbidden.startsWith("fs:") || !allowed.startsWith("fs:")) return false;
  const base = forbidden.replace(/\/\*\*(?:\/\*)?$/, "").replace(/\/\*$/, "");
  if (base.includes("*")) return globToRegExp(forbidden.slice(3)).test(allowed.slice(3));
  return allowed.startsWith(`${base}/`);
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) => (part.startsWith("**") ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}
