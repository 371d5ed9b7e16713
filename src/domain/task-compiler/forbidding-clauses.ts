// Whether a clause forbids (forbids), and what its denial names or leaves out: the words that forbid
// a path or host (FORBID, FORBID_PHRASE), a rule whose pronoun forbids the paths of the clause
// before it, a part after the denial naming what to use instead or what the forbidden thing is made
// from, a machine known by its bare name, a host denied by ellipsis. Split from scope.ts in the
// twenty-fifth session (split25), when that file passed 400 lines: these read a clause's words,
// scope.ts sorts each ref by their answers, and the type rules and the forbidden-work detector ask
// `forbids` alone. The expressions are unchanged.
import type { Clause } from "./segment.js";
import { gatedMatchAll, gatedTest } from "./literal-gates.js";
import { CONTRAST_LEAD, MACHINE_NAME, PATH_OR_CHARACTER, PATH_WITH_PART } from "./path-kinds.js";
import { awaitsAPersonsApproval } from "./approval-gates.js";
import { REFS_CACHE_LIMIT, refsIn, type FoundRef } from "./resource-refs.js";

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
// Twenty-ninth session (hard29): "don't log in to" a machine known by its bare name or by a noun with
// its address in brackets forbids it as "don't log in to <path>" does ("Don't log in to
// portbury-edi-02, the lines' test traffic runs there", gs-164; "don't log in to the plant PLC
// (10.30.1.5) directly", gk-133): the guide's access ban on a host.
// Thirty-second session (hard32): or by its kind before its name, as MACHINE below reads it since
// the twenty-fifth session ("Don't log in to the database server tr-db-01", hd-180).
// Twenty-seventh session (hard27): "X can stay as it is" grants leave and forbids nothing, as
// clause-hardness.ts already reads it (the guide: "a permission ('can stay') is no rule"; gm-143,
// ft-052, fu-074 label no forbidden path).
const FORBID = new RegExp(
  String.raw`\b(?:don'?t|do not|never|must not|mustn'?t|should not|shouldn'?t|shall not|may not|not allowed to|avoid|(?:^|(?<=\b(?:preferably|ideally)\s))without|(?:nobody|no one) (?:may|can|should)|(?<=\b(?:but|and) )not|(?<=\bplease )not(?!\s+\w+\s+(?:nothing|anything)\b)|^not)\s+(?:\w+\s+(?:or\s+)?)?(?:hand-|manually\s+)?(?:touch(?:ing)?|add(?:ing)? (?:any )?(?:new )?files? (?:to|under|in(?:side)?)|(?:read(?:ing)?|log(?:ging)?\s+in(?:to|\s+to))(?=\s+(?:from\s+)?(?:the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:\(\s*)?)?(?:[\x60'"]?[\w~.-]*[/.]\w|${MACHINE_NAME}\b))|cop(?:y|ying)(?:\s+\w+){0,2}?\s+(?:from|out of)|updat(?:e|ing)|modify(?:ing)?|modifications? (?:to|in)|chang(?:e|es|ing)(?: to| in)?|edit(?:s|ing)?(?: to)?|alter(?:ing)?|writ(?:e|ing)(?: to)?|delet(?:e|ing)|remov(?:e|ing)|call(?:ing)?|contact(?:ing)?|connect(?:ing)? to|talk(?:ing)? to|pull(?:ing)? (?:anything )?from|hit(?:ting)?|send(?:ing)? (?:any )?(?:[\w-]+ )?(?:requests?|traffic|calls|uploads?|data|events|messages|e-?mails) to|query(?:ing)?|ping(?:ing)?|access(?:ing)?|us(?:e|ing)|commit(?:ting)? (?:to|there)|push(?:ing)? to|mess(?:ing)? with|go(?:ing)? near|open(?:ing)?|refactor(?:ing)?|rewrit(?:e|ing)|reformat(?:ting)?|regenerat(?:e|ing))\b|\b(?:we|you)\s+(?:cannot|can'?t|can not)\s+(?:touch|change|modify|edit)\b|\bleave\b[^;]{0,80}?\b(?:alone|as (?:it |they )?(?:is|are)|untouched|intact|be$)\b|\bleave\s+(?=[^\s;,]*[/\\])[^\s;,]+\s+as\s+(?!(?:it|they)\s+(?:is|are)\b)\w|\b(?:no\s+\w+|nothing|none)\b${PATH_OR_CHARACTER}{0,60}?\b(?:may|must|shall|should|can)\s+(?:not\s+)?be\s+(?:added (?:to )?or\s+)?(?:touched|modified|changed|edited|altered|written|rewritten|deleted|removed)\b|\b(?:must|may|should|shall|can)(?:not|\s+not|n'?t|\s+never)\s+(?:be\s+(?:touched|modified|changed|edited|altered|written to|rewritten)|change)\b|\b(?:nothing|none)\b[^;]{0,60}?\b(?:may|must|shall|should|can)\s+change\b|\bno (?:(?:ad-hoc|manual|direct|hand|code) )?(?:changes?|modifications?|edits?|commits?|pushes?) (?:to|in|under|there)\b|\b(?:is|are) (?:under (?:an? |the )?(?:\w+ )?lock|locked)\b|\bmake no (?:changes|edits) (?:to|in)\b|\bnot to (?:touch|change|modify|edit|delete|remove)\b|\b(?:is|are) (?:frozen|prohibited)\b|\bout of scope\b|\bnot in scope\b|\boff[- ]limits\b|\b(?:stay|keep) (?:out of|away from|off)\b|\bunder no circumstances?,?\s+(?:\w+\s+)?(?:touch|modify|change|edit|alter|write to|delete|remove|call|contact|hit|query|access|use|commit to|push to|open|rewrite)\b|\b(?:changes?|edits?|modifications?|writes?) (?:to|in|under)\b[^;]{0,80}?\b(?:are|is) (?:not allowed|forbidden|prohibited|not permitted)\b|\b(?:is|are) not to be (?:touched|modified|changed|edited|altered|written to|rewritten|deleted|removed)\b|\b(?<!\b(?:can|may|could) )(?:stays?|remains?|(?:should|must|has to|needs? to) (?:stay|remain)) (?:as (?:it )?is|unchanged|untouched|intact|the same)\b|\bhands off\b|\bread[- ]only\b|\bkeep\b[^;]{0,80}?\b(?:unchanged|untouched|intact|as is)\b|\b(?:is|are) forbidden\b`,
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
  // Twenty-sixth session: a denial held until a person approves forbids nothing (approval-gates.ts).
  const found = (gatedTest(FORBID, plain) || gatedTest(FORBID_PHRASE, plain)) && !awaitsAPersonsApproval(plain);
  forbidsCache.set(text, found);
  return found;
}

/** Forgets the answers of the compile before (forgetRefs in scope.ts). */
export function forgetForbids(): void {
  forbidsCache.clear();
}

// A rule whose object is a pronoun: "`notify/` is vendored; never modify it", "`package.json` and
// the lockfile are owned by the platform team; don't edit them", and (sixteenth session) "docs/runbooks/
// is generated from Confluence; do not edit files there by hand". Twenty-third session: adding files
// there is changing it, as the guide's "only the DBA team adds files to X" reads ("migrations under
// services/notes-svc/migrations/ are owned by the DBA team; nobody else adds files there", fr-040).
// A path described by what it holds forbids as one described by "is" ("X holds the published
// tariff sheets; agents must not modify files under it", ez-147).
const PRONOUN_OBJECT =
  /\b(?:touch(?:es)?|modif(?:y|ies)|changes?|edits?|alters?|updates?|deletes?|removes?|rewrites?|reformats?|write to|commit(?: to)?|push to|no (?:changes?|edits?|commits?|pushes?|modifications?) (?:to|in))\s+(?:it|them|these|those|this|that|either|any of (?:them|these|those)|anything (?:in )?there|there)\b|\b(?:touch(?:es)?|modif(?:y|ies)|changes?|edits?|alters?|updates?|deletes?|removes?|rewrites?|reformats?|adds?)\s+(?:any\s+|the\s+|new\s+)?(?:files?|anything|code)\s+(?:(?:in|under|inside)\s+(?:it|them|there)|there)\b/i;

// Thirty-first session (hard31): a denial with no object of its own right after the description
// forbids the described path as "never modify it" does (the guide's "don't edit / touch it" right
// after a path, guide27): "everything in fw/eps/src/safety/ is ASIL D and certified, no changes
// without a new assessment" (dl-162), "The copy on the line PCs under C:\\Packstation\\config\\ is synced
// automatically, leave it" (gr-164); every development sentence of a described path and such a
// denial labels the path forbidden (hj-145, dc-094, dw-061, ei-099, fc-044, gt-119, bk-179). Not in
// the request's first clause (the ask) nor after a question word ("Just tell me which of the loggers
// in roast/telemetry/ is responsible, don't change anything", bi-041: the advice-only "no changes").
const OBJECTLESS_DENIAL =
  /^(?:(?:so|and|but|please)\s+)*(?:no\s+(?:changes|edits|commits)\b(?!\s+(?:to|in|under|on|for|outside|needed|required)\b)|leave\s+(?:it|them)(?:\s+(?:be|alone))?\s*[.!]?$)/i;
const ASKED_ABOUT = /\b(?:which|what|whether|why|how|where)\b/i;

// The paths are the subject of a description: a copula or "lives/belongs/comes" right after them.
const DESCRIBED = /^[`'"]?\s+(?:\S+\s+){0,2}?(?:is|are|was|were|belongs?|lives?|comes?|holds?|contains?)\b/i;

/**
 * Whether the clause after this one forbids, by a pronoun, the paths this one names: the two are
 * one sentence, line or bullet (no line break between them).
 */
export function namedByNextRule(clauses: Clause[], forbidding: readonly boolean[], index: number, text: string): boolean {
  const clause = clauses[index]!;
  const next = clauses[index + 1];
  if (!next || refsIn(next.text).length) return false;
  const pointsBack = forbidding[index + 1]! && PRONOUN_OBJECT.test(next.text);
  if (!pointsBack && !(index > 0 && OBJECTLESS_DENIAL.test(next.text) && !ASKED_ABOUT.test(clause.text))) return false;
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
export function insteadAfterDenial(text: string, at: number): boolean {
  const part = INSTEAD.exec(text.slice(0, at));
  return part !== null && !forbiddingWords(part[0]) && forbiddingWords(text.slice(0, part.index));
}

// Nineteenth session: after a comma, a part of a forbidding clause that says what the forbidden
// thing is made from names that source, which the rule leaves open ("Nothing under infra/helm/ is
// edited by hand any more, Rui's pipeline renders it from infra/config/": fl-060 forbids infra/helm/
// only). Without the comma the source is what is denied ("Don't copy values from deploy/secrets/").
const MADE_FROM =
  /\b(?:render(?:s|ed|ing)?|generat(?:e|es|ed|ing)|buil(?:d|ds|t|ding)|produc(?:e|es|ed|ing)|deriv(?:e|es|ed|ing))\b[^.;:,]{0,60}?\bfrom\s+\W?$/i;
export function sourceAfterDenial(text: string, at: number): boolean {
  const comma = text.lastIndexOf(",", at);
  if (comma < 0) return false;
  const part = text.slice(comma + 1, at);
  return MADE_FROM.test(part) && !forbiddingWords(part);
}

// Twenty-sixth session (branch `esc26`): a denied contact forbids whom it reaches, not where it
// starts: "envelope created through services/esign-bridge (no direct calls to the provider from
// apps/web)" (fa-022) keeps the provider away from code in apps/web, the folder the feature is built
// in; the tenth session's "no calls from the app to X" forbids X alone. A path after "from" in a
// clause denying calls, requests, traffic, access or connections is their origin, left open.
const ORIGIN_OF_CONTACT =
  /\b(?:calls?|calling|requests?|traffic|access(?:ing)?|connections?|connect(?:ing)?)\b[^;]{0,60}?\bfrom\s+[`'"]?$/i;
export const originOfDeniedContact = (text: string, at: number): boolean => ORIGIN_OF_CONTACT.test(text.slice(Math.max(0, at - 120), at));

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
// Twenty-eighth session (hard28b): or stand in brackets after the thing it is ("Don't deploy to the DR
// site (arc-dr01), it stays on 2.2.4 …", gq-158): one thing has one ref however the request names it.
const MACHINE =
  /\b(?:touch|leave|hit|call|query|ping|against|(?:ssh|log\s+in)\s+(?:in)?to|connect\s+to|deploy(?:ed)?\s+(?:to|on|onto)|install(?:ed)?\s+(?:on|onto))\s+(?:the\s+(?:[\w-]+\s+)?(?:host|server|box|machine|vm|node)\s+|the\s+(?:[\w-]+\s+){1,2}\(\s*)?[`'"]?(?=[a-z0-9-]{5})([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?<=\d)(?![\w./:@-])/gi;

// Twenty-eighth session (hard28): a machine known by its bare name in the same trailing denial, ending
// its clause ("Deploy signal-gateway 3.9.1 to arc-rx01 tonight, not arc-rx02.", gq-131; "… on
// FIN-UAT01, the finance UAT box. Not FIN-APP01.", fw-193), is a target the work must not reach, as
// a host is; one inside a clause ("but not at EDI01 and AMS01) could read …", fu-130) describes.
const ELLIPTICAL_MACHINE = new RegExp(
  String.raw`(?:^|[,;]\s*)(?:and\s+|but\s+)?(?:never|not)\s+(?:(?:at|against|on|onto|to|in)\s+)?(?:the\s+)?(${MACHINE_NAME})\s*[.!]?$`,
  "i",
);
/** The machine a trailing elliptical denial names, as a ref, or null. */
export function machineDeniedByEllipsis(text: string): FoundRef | null {
  const match = ELLIPTICAL_MACHINE.exec(text);
  if (!match) return null;
  const index = match.index + match[0].lastIndexOf(match[1]!);
  return { ref: `net:${match[1]!.toLowerCase()}`, index, length: match[1]!.length };
}

export function machinesIn(text: string, refs: readonly FoundRef[]): FoundRef[] {
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
export const ELLIPTICAL_DENIAL =
  /(?:^|[,;(]\s*)(?:and\s+|but\s+)?(?:never|not)\s+(?:(?:at|against|on|onto|to|from|in)\s+|the\s+(?:[\w-]+\s+)?)?[`'"]?$/i;

// Thirty-first session (hard31): the guide's trailing ", not in/on/to the X" row (guide24: HARD when X
// is a part of the system the work must leave alone) said of a path: "Fix it in visitor_rate.rb, not
// in berthmaster/app/models/berth_rate.rb" (gf-082), "De-flake it: fix the test, not
// hivemove/scheduler.py" (gz-173), "…, but not in deploy/sites/dus2/plc_bridge.yaml" (do-199): a path
// is always such a part, so the ref right after the contrast is forbidden, where the ask's own refs
// before it stay allowed. A source after "from" is left out (", never from application.yml",
// fo-144), as ELLIPTICAL_DENIAL leaves it for files, and so is a unit with a slash ("recorded in
// ng/ml, not ng/µl", cb-151: PATH_WITH_PART). The HARD form beside it is PATH_CONTRAST
// (rule-phrasings.ts).
const TRAILING_CONTRAST = new RegExp(`${CONTRAST_LEAD}[\`'"]?$`, "i");
const PATH_AHEAD = new RegExp(`^${PATH_WITH_PART}`);
export const trailingPathException = (text: string, at: number): boolean =>
  TRAILING_CONTRAST.test(text.slice(0, at)) && PATH_AHEAD.test(text.slice(at));
