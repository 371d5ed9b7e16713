// Risk (interaction mode: mode.ts; privacy class: privacy.ts, which shares the credential and
// history rules of secrets.ts with it). Risk looks only at what the request asks to do (a clause
// that forbids deleting does not make the task a deletion).
import type { InteractionMode, RiskClass, TaskType } from "../../contracts/task-ir.js";
import { actingPart } from "./acting-part.js";
import { withoutBackground } from "./classify.js";
import { ACCESS_RULES, OWN_RECORDS_ONLY, READ_WITHOUT_LOGIN } from "./access.js";
import { OTHERS_RECORDS_REACHED } from "./others-records.js";
import { MONEY_RULES, speaksOfTimeOff, type MoneyRule } from "./money.js";
import { withoutOtherWork } from "./not-the-work.js";
import { DELETION_VERBS, deletesFiles, REMOVES_LISTED_AFTER, REMOVES_NAMED_BEFORE, REMOVES_STORED, STORED_THING } from "./removals.js";
import {
  namesProductionOtherwise,
  namesProductionTarget,
  NON_PRODUCTION_TARGET,
  PRODUCTION_PLACE,
  targetsProduction,
} from "./production.js";
import { rewritesRows, STAGED_FIRST } from "./rewrites.js";
import type { Clause, Span } from "./segment.js";
import { REMARK_OPENING } from "./type-openings.js";
import { gatedExec, gatedTest } from "./literal-gates.js";
import {
  CREDENTIAL,
  CREDENTIAL_BY_SERVICE,
  CREDENTIAL_LOGGED,
  CREDENTIAL_PUT_OUT,
  CREDENTIAL_WAS_OUT,
  HISTORY_REWRITE,
  KEY_ROTATED,
  SECRET_WORDS,
} from "./secrets.js";
import { blank } from "./blanks.js";

export interface Finding<T> {
  value: T;
  span: Span | null;
  reason: string;
}

/** What a rule needs of its pattern (a RegExp, or one tried only after a cheap hint). */
export interface Matcher {
  exec(text: string): RegExpExecArray | null;
}
/** Why a rule raises the risk: a sentence, or one made from the words it matched. */
export type Reason = string | ((match: RegExpExecArray) => string);
/** Where a rule's words count as the work: a type and clause it raises the risk of (the request's acting clauses beside). */
type Reaches = (type: TaskType, clause: Clause, acting: Clause[]) => boolean;
// Seventeenth session: branches or tags of a money service's repository removed ("Delete the release
// tags older than v3 on trust-ledger", "deleting all release tags … in the billing repo") change
// none of its code: HIGH as every other such deletion (the guide: 15 of 15), 4 requests of 4 parts
// (dc-092, di-198, ey-100, fa-028) on the development split, none CRITICAL (read since the
// nineteenth session by the wider rule below: no money raise where no type fits).
// Nineteenth session: where no type fits, the kind of work cannot be told (docs/task-labelling.md:
// UNCLASSIFIED, base UNKNOWN), so no money raise reaches it: the money words of such requests name
// what a remark, a reference or a reason is about ("same as last month for the carrier invoices",
// "take care of what Aylin flagged … before the January invoices go out", "Transfer the repo … now
// that they've paid the final invoice", "deposits again 😩"): 11 development requests of 10 parts
// are UNKNOWN and were read CRITICAL (fe-140, fj-093, fj-149, fk-200, ee-140); the raises for the
// work no type fits (a history rewrite, a removal, a leaked credential, production data lost) stay.
// Three requests that name money code this way are CRITICAL (fresh3-36, fresh5-137, fresh7-004; the
// last two "do the same"/"the way X does", UNKNOWN by the guide's rule, 18 of 20).
// Nineteenth session: who may see or do what, decided by a role, a permission or a second factor, is
// access control at HIGH even where what is guarded is money (docs/task-labelling.md, kept
// convention: "money a new role is denied … is access control at HIGH, not money work", fe-160,
// bs-125, et-167): the money is the object guarded, not computed ("only users in the DebtRecovery
// role can open the 'arrears notes' panel", fj-023; TOTP for admins who can approve payouts, cd-103).
// Twenty-second session: the same where a user is limited to their own records or edits are
// restricted (OWN_RECORDS_ONLY, access.ts): the money is what is guarded (fy-168).
const GUARDED_BY_ROLE = new RegExp(
  String.raw`\b(?:roles?|permissions?|permission sets?|rbac|privileges?|2fa|mfa|totp|two[- ]factor)\b|${OWN_RECORDS_ONLY.source}`,
  "i",
);
// What the acting clauses say as a whole, read once per request and only when a rule asks: the
// rules' loop asks for each rule and clause, and reading every clause each time made a request of n
// lines cost n² (a 16 KiB run of short lines took a minute).
const perRequest = (read: (acting: Clause[]) => boolean) => {
  const seen = new WeakMap<Clause[], boolean>();
  return (acting: Clause[]): boolean => {
    let value = seen.get(acting);
    if (value === undefined) seen.set(acting, (value = read(acting)));
    return value;
  };
};
const IN_PRODUCTION = new RegExp(PRODUCTION_PLACE, "i");
const placesInProduction = perRequest((acting) => acting.some((clause) => IN_PRODUCTION.test(clause.text)));
// Thirty-first session (risk31): the guide's rehearsal ("a rewrite run on staging first and then on
// production is HIGH: writers count the rehearsal as the safeguard") holds for a deletion as for any
// other rewrite ("delete the ZZTEST electors on registerdb-stg first, then on prod", hc-176).
const rehearsedOnStaging = perRequest((acting) => acting.some((clause) => STAGED_FIRST.exec(clause.text) !== null));
// Thirty-first session (risk31): where another target is named, production counts only as a target
// too (production.ts, targetsProduction), not as a later gate or a noun.
const deploysToProduction = perRequest((acting) =>
  acting.some((clause) => NON_PRODUCTION_TARGET.test(clause.text)) ? acting.some((clause) => targetsProduction(clause.text)) : true,
);
// Twenty-second session: so is money in records a user can reach that are another party's ("Trust
// users can read other trusts' invoices", "serves the PDF to any logged-in parent … another family's
// term invoice", "returns other garages' orders … check the invoices and credit notes endpoints for
// the same hole", "any supervisor can edit the pay rate of any officer"): the fix decides who may
// see or change them and computes no amount, the guide's access control at HIGH (fy-033, fy-056,
// fz-146, fy-168, fw-090 were read CRITICAL by the money they guard).
const guardedAccess = perRequest((acting) =>
  // Behind their literal gates (twenty-fifth session, speed), as privacy.ts reads the second.
  acting.some((clause) => gatedTest(GUARDED_BY_ROLE, clause.text) || gatedTest(OTHERS_RECORDS_REACHED, clause.text)),
);
const movesMoney: Reaches = (type, _clause, acting) =>
  type === "DEPLOY" ? deploysToProduction(acting) : type !== "UNCLASSIFIED" && !guardedAccess(acting);
// Twentieth session: a secret raises the risk where the request says it is out (leaked, committed,
// printed, pasted, visible, hard-coded, in plain text) or has to be replaced (rotated, revoked,
// purged): the guide's leaked or live credential (docs/task-labelling.md, "risk", 30 of 30). A
// secret the work only uses, stores, signs with or keeps out of the code ("The API key must come from
// the claimsdesk-weather secret", "signed with their shared secret", "store the secret encrypted",
// "Use the existing SLACK_WEBHOOK_URL repo secret") is no such raise: the labels keep those at their
// base or at access control's HIGH (fo-144, fn-196, dr-110, eb-055: 26 development requests of 24
// parts were read CRITICAL, against the guide's two SECRET entries at MEDIUM, bug-03, fresh3-15).
// Said to be out (SECRET_SHOWN) or to be replaced (SECRET_REPLACED).
// Twenty-sixth session (riskB26): also echoed (as printed: "The PyPI API token got echoed in the
// release job log", cf-020) and said to sit where others read it ("some password is in the repo",
// bx-154; "one of the buoy vendor passwords is in the repo somewhere", bq-142).
const SECRET_SHOWN = String.raw`leak\w*|expos(?:e|ed|es|ing|ure)|compromised|committed|pushed|print(?:s|ed)|echo(?:es|ed)|past(?:e|ed)|visible|hard-?coded|(?:plain|clear) ?text|in (?:the )?clear|screenshots?|a real one|live (?:[\w-]+ )?(?:key|token|secret|password|credential)s?|(?:is|are) in (?:the |our |a )?(?:public |shared |git )?(?:repo|repository|channel|page source)`;
const SECRET_REPLACED = String.raw`rotat\w*|revok\w*|purg\w*|re-?key\w*|deactivat\w*`;
const SECRET_OUT = new RegExp(String.raw`\b(?:${SECRET_SHOWN}|${SECRET_REPLACED})\b`, "i");
const speaksOfStuffing = perRequest((acting) => acting.some((clause) => /\bcredential[- ]stuffing\b/i.test(clause.text)));
// Twenty-first session: a rotation the request calls routine (a period, "like last quarter") or says
// nothing leaked ("it's the quarterly rotation, nothing leaked", "Routine yearly rotation, nothing
// has leaked", "Rotate the database passwords like last quarter") replaces no exposed secret: SECRET
// at the type's base, MEDIUM, by 5 writers (ew-073, fg-091, ft-103, fv-140, fa-024; the guide's
// unsettled row), where a leak said anywhere keeps the raise. A credential written out still raises.
const ROUTINE_ROTATION =
  /\b(?:routine|scheduled|quarterly|yearly|annual|monthly)\b[^.;]{0,40}?\brotat(?:e|es|ed|ing|ions?)\b|\brotat(?:e|es|ed|ing|ions?)\b[^.;]{0,60}?\b(?:routine|quarterly|yearly|annual|monthly|(?:like|as) last (?:quarter|year|month|time))\b|\bnothing (?:has )?leaked\b/i;
const LEAK_SAID = /(?<!\bnothing (?:has )?)\b(?:leaked|exposed|compromised)\b/i;
// Thirtieth session (guide30, decided): any rotation with no leak named is routine, whether or not the
// request says "routine": the raise needs the credential out (said shown, leaked, hard-coded where
// others read it) or a person who left with access (hg-133, rpm-30, bq-041, amb-08, dj-195, dq-107
// relabelled MEDIUM; bx-143, cf-146, ej-157 keep CRITICAL by their out cue).
const ROTATION = /\brotat(?:e|es|ed|ing|ions?)\b|\bre-?key(?:s|ed|ing)?\b/i;
// Out is also where the request tells how it got out: an incident, a public or open-source place, a
// scanner's alert, a file it sits inline in, a copy on someone's machine, a bundle shipped to browsers
// (hi-141, hj-148, bq-082, di-017, do-161, ff-061, gk-198, fresh4-25).
const SECRET_SHOWN_SAID = new RegExp(
  String.raw`\b(?:${SECRET_SHOWN})\b|\b(?:left|leaving|quit|fired|departed|incidents?|public|open[- ]source|inline|flagged|alerts?|scann(?:er|ing)|gists?|copied|ships|shipped|commit\w*|real)\b`,
  "i",
);
const routineRotation = perRequest(
  (acting) =>
    !acting.some((clause) => LEAK_SAID.test(clause.text)) &&
    (acting.some((clause) => gatedTest(ROUTINE_ROTATION, clause.text)) ||
      (acting.some((clause) => ROTATION.test(clause.text)) && !acting.some((clause) => SECRET_SHOWN_SAID.test(clause.text)))),
);
const secretOut = perRequest((acting) => !routineRotation(acting) && acting.some((clause) => gatedTest(SECRET_OUT, clause.text)));
// Twenty-second session: a password, token or PIN said in its own clause to be out ("the password's
// in plain text in C:\Kiosk\autologon.reg", "printed the SFTP password … into the Jenkins console",
// "GoCardless live access token is sitting in … on main and someone also pasted it", "writes each
// tenant's gate PIN in plain text to …/keypad.log") is the guide's leaked or live credential,
// CRITICAL (docs/task-labelling.md, "risk", 30 of 30), in whatever order the words come (fz-101,
// fz-161, fy-008, fy-011 were read MEDIUM). A PIN is the credential that opens a door or an account
// (written upper-case: "pin" is also a version pinned).
// Only "out": a refresh or session token revoked at logout or rotated on use is session handling,
// access control at HIGH (ft-044, ed-096, ep-105, db-178: 6 such requests of 6 parts, all HIGH).
const PASSWORD_OR_TOKEN = /\b(?:passwords?|passphrases?|passcodes?|(?:access|auth|api|bearer|bot) tokens?)\b/i;
const PIN = /\bPINs?\b/;
const SAID_SHOWN = new RegExp(String.raw`\b(?:${SECRET_SHOWN})\b`, "i");
const SECRET_SAID_OUT: Matcher = {
  exec: (text) =>
    gatedTest(SAID_SHOWN, text) ? (PASSWORD_OR_TOKEN.exec(text) ?? PIN.exec(text) ?? CREDENTIAL_BY_SERVICE.exec(text)) : null,
};
const BEFORE_MONEY: [Matcher, Reason, Reaches?][] = [
  [SECRET_WORDS, "handles secrets", (_type, _clause, acting) => secretOut(acting)],
  [SECRET_SAID_OUT, "handles secrets", (_type, _clause, acting) => !speaksOfStuffing(acting) && !routineRotation(acting)],
  [CREDENTIAL_PUT_OUT, "handles secrets", (_type, _clause, acting) => !routineRotation(acting)],
  // Twenty-eighth session (riskB28): any credential written to a log or a crash reporter (secrets.ts).
  [CREDENTIAL_LOGGED, "a credential is written to a log", (_type, _clause, acting) => !speaksOfStuffing(acting)],
  [CREDENTIAL_WAS_OUT, "handles secrets", (_type, _clause, acting) => !speaksOfStuffing(acting)],
  // A password or token is a secret the task handles only when something is done to it; not in a
  // request about credential stuffing (below).
  // Twenty-seventh session (riskB27): not where it is only generated or shared, which puts no
  // credential out (the guide: CRITICAL needs a leaked or live credential): "generate the token with
  // `secrets.token_urlsafe(32)`" in a reset-link fix (br-139), "half the builders share one password"
  // (gj-069), "car sharing app" (bj-058) are authentication at HIGH; 5 change requests name a
  // credential so, none CRITICAL by these words (amb-08 is a rotation, read by its own verb).
  // Thirtieth session (guide30, decided): nor where passwords are hashed or moved to a stronger hash
  // ("hashes staff passwords with MD5; switch to bcrypt", "passwords are hashed with PBKDF2-SHA1"):
  // that is login code, authentication at HIGH, with no credential out (bx-150, bv-168, hk-190;
  // privacy stays SECRET by privacy.ts).
  [
    /\b(rotat(e|ing)|leak(ed|s)?|expos(e|ed|ing)|revok(e|ing)|stor(e|ing)|print(s|ing)?|commit(ted|ting)?|past(e|ed|ing)|copy(ing)?|dump(ing)?)\b[^.;]{0,30}?\b(passwords?|(?:access|auth|bot|api|bearer|slack|github|npm|publish) tokens?|(?:the|this|that) token)\b/i,
    "handles secrets",
    (_type, _clause, acting) => !speaksOfStuffing(acting) && !routineRotation(acting),
  ],
  [
    /\b(passwords?|(?:access|auth|bot|api|bearer|slack|github|npm) tokens?|the token)\b[^.;]{0,30}?\b(is|are|was|were|got|gets)(?: still| now| being)? (printed|logged|leaked|exposed|committed|pasted|visible|hard-?coded|in plain ?text)\b/i,
    "handles secrets",
  ],
  // Thirteenth session: a password said to have leaked, or put where others read it ("the MLflow
  // admin password leaked in #ml-help", "the password of the production database in the wiki page").
  // Twenty-first session: not where the request is about credential stuffing, whose leaked
  // passwords are the attackers' list ("email/password pairs that look like a leaked list", fu-199:
  // login hardening, HIGH, as the fourteenth session reads "credential stuffing" itself).
  [
    /\bpasswords?\b[^.;]{0,40}?\b(?:leaked|exposed|in (?:a |the )?(?:public|wiki|gist|slack|chat|channel|screenshot))/i,
    "handles secrets",
    (_type, _clause, acting) => !speaksOfStuffing(acting),
  ],
  // A key, certificate or webhook URL rotated or revoked, or said to have leaked, is a credential
  // the task handles ("Rotate the keys that were visible in the screenshot", "revoke that webhook"),
  // whatever kind of key it is; a command named for it ("ops-cli rotate-certs") is only a name.
  [KEY_ROTATED, "handles secrets", (_type, _clause, acting) => !routineRotation(acting)],
  // Twenty-first session: a key said to be real or live where it was written ("AWS key in
  // services/bacs/.env.example is a real one. rotate + remove", fq-103) is the guide's live
  // credential (CRITICAL); a dot inside a path does not end the sentence.
  [/\bkeys?\b(?:[^.;]|\.(?=\S)){0,40}?\b(?:is|are) (?:a )?(?:real|live)(?: ones?)?\b/i, "handles secrets"],
  // A credential written out in the request: a password in a connection URL, KEY=value, a token
  // by its vendor's prefix (docs/task-labelling.md: a live credential in a pasted log, 30 of 30);
  // since the twelfth session also a bearer token or a JWT written out, and a password passed on a
  // command line (`redis-cli -a '…'`, `--password=…`), placeholders ("<token>", "$PW") excepted;
  // since the thirteenth session also a log's lower-case `password=…` field; since the fourteenth
  // its quoted value (`password='…'`) and an Authorization header's token under any scheme
  // (`"Authorization": "Splunk 9c1f…"`, as a Bearer token is); since the fifteenth a Vault token by
  // its prefix (`hvs.CAES…`) and a log's abbreviated password field (`bindpw=…`, `dbpw=…`).
  // Eighteenth session: any lower-case log field named for a secret with its value written out
  // (`auth_token=9d2c…`, `client_secret=GOCSPX-…`, `pass=Spr1ng…`, `token=gXk9…`): a pasted log
  // that prints it carries the credential as `password=…` does (ff-039, fg-169, fc-186 were read
  // below CRITICAL; bc-009, br-003, ey-191 of other parts are CRITICAL); a value of 8 characters or
  // more with a digit and a lower-case letter, so that a field name in code (`token = str(...)`,
  // `api_key=key`) and an id (`pass=SP-2026-118834`, a season pass at a turnstile) are none.
  [CREDENTIAL, "the request carries a live credential"],
  [
    /\b(print(s|ed|ing)?|log(s|ged|ging)?|leak(s|ed|ing)?|echo(es|ed|ing)?|dump(s|ed|ing)?|expos(e|es|ed|ing))\b[^.;]{0,30}?\btokens?\b/i,
    "handles secrets",
  ],
];
// Money (docs/task-labelling.md, "risk": CRITICAL): money.ts; its rules sit between the credential
// rules and the rest, in two versions, as a request speaks of time off or not (speaksOfTimeOff).
const moneyRaises = (rules: MoneyRule[]) =>
  rules.map(([pattern, reason, readsIn]): [Matcher, Reason, Reaches] => [
    pattern,
    reason,
    readsIn ? (type, clause, acting) => readsIn(clause, type) && movesMoney(type, clause, acting) : movesMoney,
  ]);
// Card numbers and IBANs written to logs (docs/task-labelling.md: CRITICAL and RESTRICTED), read
// by this file's risk and by privacy.ts. Seventeenth session: also card data or details, and the
// card number as a field's name (`cardNumber`, `card_number`): the 5 change requests of 5 parts that
// name them with a log are CRITICAL (fb-155, "## Card data in reservation logs", was read MEDIUM).
// Twenty-first session: also a bank account in other words than an IBAN ("Full bank details in
// people-api logs … stop logging sortCode, accountNumber", fq-041; "logs the full bank account
// number and sort code", ez-061): CRITICAL and RESTRICTED on every development request that logs
// them. Twenty-third session (branch `twin23`): one expression for both fields and both kinds of
// data, where risk.ts had written cards and bank accounts with a log in two shapes and privacy.ts
// the bank accounts a third time: payment data and a log word near each other, in either order
// ("every DEBUG log line … contains them", cf-151; "in the logging filter", em-158; "writes the whole
// body … to storage/logs, including card_number", ee-124; privacy fixed on cc-188, ee-124, fb-155).
// Not a log: being logged in (bank details shown "to any logged-in user" are access control, fv-146),
// nor data said not to be there ("card details are never in this log, GOV.UK Pay holds them", ex-001).
const PAYMENT_DATA = String.raw`card numbers?|card (?:data|details)|card_?numbers?|(?:card )?pans?|ibans?|cvv|cvc|bank (?:account )?details|bank-details|bank account numbers?|sort[- _]?codes?|account_?numbers?`;
const LOG_WORD = String.raw`\blog(?:s|ged|ging)?\b(?!-)`;
const PAYMENT_DATA_THERE = String.raw`\b(?:${PAYMENT_DATA})\b(?! (?:is|are|was|were) (?:never|not)\b)`;
export const PAYMENT_DATA_LOGGED = new RegExp(
  String.raw`${PAYMENT_DATA_THERE}[^.;]{0,40}?${LOG_WORD}|${LOG_WORD}[^.;]{0,60}?${PAYMENT_DATA_THERE}`,
  "i",
);
const AFTER_MONEY: [Matcher, Reason, Reaches?][] = [
  [HISTORY_REWRITE, "rewrites shared history"],
  [
    /\b(drop|truncate|wipe|purge|delete|erase)\b[^.;]{0,40}?\b(prod(uction)?|live|customers?|users?)\b[^.;]{0,20}?\b(data|database|db|records|rows|tables?)\b/i,
    "may lose production data",
  ],
  // The same loss written object first or far apart: "delete every recording older than 90 days
  // from the production recordings store", "anonymise the patients ... in the production DB".
  // Twenty-first session: production is also named as the live system and as a host or database
  // whose name ends in -prod ("clean out the dodgy test members someone made in the live system",
  // fv-067; "drop the `import_moneysoft` schema on payroll-prod", fq-197), and data is also taken
  // "out of" it; and the loss may be asked of what an earlier clause places there ("made a bunch of
  // test bookings in production … Can you delete them?", fu-104): production data deleted is
  // CRITICAL (docs/task-labelling.md, "risk").
  [
    new RegExp(
      String.raw`\b(?:drop|truncate|wipe|purge|delete|erase|anonymi[sz]e|pseudonymi[sz]e|scrub|clean out|clear out)\b(?=[^.;]*${PRODUCTION_PLACE})`,
      "i",
    ),
    "may lose production data",
    // Twenty-sixth session (riskB26): not where production is only the source of the copy worked on
    // ("in the UAT copy of policy_admin (refreshed from prod last week)", dv-042; production.ts).
    (_type, clause, acting) => !namesProductionOtherwise(clause.text) && !rehearsedOnStaging(acting),
  ],
  [REMOVES_NAMED_BEFORE, "may lose production data", (_type, _clause, acting) => placesInProduction(acting) && !rehearsedOnStaging(acting)],
  [PAYMENT_DATA_LOGGED, "writes payment card or bank data to logs"],
];
const CRITICAL = {
  plain: [...BEFORE_MONEY, ...moneyRaises(MONEY_RULES.plain), ...AFTER_MONEY],
  timeOff: [...BEFORE_MONEY, ...moneyRaises(MONEY_RULES.timeOff), ...AFTER_MONEY],
};
// Shipping is a raise only where it is the work: the guide lists no deploy raise for fixes,
// features or refactors, whose deploy words date a regression ("since we deployed 2.14 on
// Monday") or name a tool ("the deploy bot", "the Deploy to prod job"); BUG_FIX with them is
// MEDIUM in the corpus (twelfth session).
// Nineteenth session: nor where no type fits ("the smart meter rollout numbers", "a deploy process we
// stopped using" in requests that name no work: dg-079, dg-138 UNKNOWN); the deletions such requests
// name are read by the deletion rules (bo-097, eb-053 stay HIGH).
const SHIPPING_TYPES: TaskType[] = ["DEPLOY"];
// The same for migration words outside a data migration: they are mostly names ("Split
// migrations/0042_seed_rinks.py", "the backfill job", "migration order" of a refactor plan); only
// a migration that changes the schema or backfills data raises the risk there.
const MIGRATING_TYPES: TaskType[] = ["DATA_MIGRATION", "UNCLASSIFIED"];
const SCHEMA_WORK =
  /\bmigrations? (?:add(?:s|ing)?|that adds|to add|drop(?:s|ping)?|renam(?:es|ing)|alter(?:s|ing)?)\b|\bbackfill(?:ed|s)? (?:from|with|by|for)\b|\balter table\b|\bschema changes?\b|\bmigrat(?:e|es|ing) (?:the |all |our )?[\w ]{0,20}?(?:data|database|db|tables?|rows|records|columns?|schema)\b/i;
const ships: Reaches = (type) => SHIPPING_TYPES.includes(type);
const namesStored = perRequest((acting) => acting.some((clause) => STORED_THING.test(clause.text)));
const migrates: Reaches = (type, clause) => MIGRATING_TYPES.includes(type) || SCHEMA_WORK.test(clause.text);

const DELETES = new RegExp(
  String.raw`\b(?:${DELETION_VERBS}|rm -rf)\b(?:[^.;]|\.(?=\S)){0,45}?\b(recordings|data|records|rows|tables?|users?|accounts?|branch(es)?|tags?|environments?|envs?|namespaces?|buckets?|volumes?|backups?|snapshots?|dumps?|database|repos?|repository|logs)\b|\brm -rf\b|\bclean ?up (script|job)\b[^.;]{0,30}?\b(files|uploads|temp|tmp|logs|backups)\b`,
  "i",
);
// Files and folders removed in code work are the change itself (removals.ts, deletesFiles).
// Twenty-second session: not files on a server, named by a system path ("purge the existing files
// under /var/log/aml-screen/ on aml-screen-01", fz-086): stored files, the guide's deletion at HIGH.
const ON_A_SERVER = /(?<![\w.~-])\/(?:var|srv|mnt|opt|data|home|tmp|backups?)\//;
const CODE_WORK: TaskType[] = ["BUG_FIX", "FEATURE", "REFACTOR", "SECURITY_FIX"];
// Text in single or double quotes blanked (same length, so spans hold); code in backticks is kept:
// a command quoted to run ("`rm -rf build/`") is still the work.
export const blankQuotes = (text: string): string => (/["']/.test(text) ? text.replace(/"[^"]*"|(?<!\w)'[^']{3,}'(?!\w)/g, blank) : text);
const HIGH: [Matcher, string, Reaches?][] = [
  [
    /(?<![\\/])\b(deploy(s|ed|ing|ment)?(?![-\w/\\])(?!\s+(?:fails?|failed|failing|is failing|broke|breaks|is broken|errors?|crashe[sd]|hangs)\b)|release (v?\d|it|the|this|to|a new|version)|roll ?out|roll ?back|cut a release)\b/i,
    "deploys",
    ships,
  ],
  [
    /\b(migrat(e|es|ing) (the |all |our )?[\w ]{0,20}?(data|database|db|tables?|rows|records|columns?|schema|users|accounts|orders)\b|migrations?\b|backfill|alter table|schema change)/i,
    "migrates data or schema",
    migrates,
  ],
  // Base and -ing forms only: "the importer drops rows" describes a defect, it does not delete.
  // "Nuke" and "clear out" delete as well; a dot inside a name ("the v5.13.0-rc.*
  // tags", "the v1.x tags") does not end the object. Fourteenth session: a quoted word is data, not
  // an action ("match CommandLine containing 'shadowcopy' and 'delete'", in a detection rule).
  [{ exec: (text) => DELETES.exec(blankQuotes(text)) }, "deletes"],
  [
    { exec: (text) => deletesFiles(blankQuotes(text)) },
    "deletes",
    (type, clause) => !CODE_WORK.includes(type) || ON_A_SERVER.test(clause.text),
  ],
  // Seventeenth session: where no type fits, a removal of stored things named anywhere in the
  // clause, or anything torn down (removals.ts).
  [REMOVES_STORED, "deletes", (type) => type === "UNCLASSIFIED"],
  [REMOVES_NAMED_BEFORE, "deletes", (type, _clause, acting) => type === "UNCLASSIFIED" && namesStored(acting)],
  [REMOVES_LISTED_AFTER, "deletes", (type, _clause, acting) => type === "UNCLASSIFIED" && namesStored(acting)],
  ...ACCESS_RULES,
];
const READ_ONLY_TYPES: TaskType[] = ["DOCS", "TEST", "INVESTIGATE", "REVIEW", "OBSERVE_ENVIRONMENT"];
const TYPE_RISK: Partial<Record<TaskType, RiskClass>> = { DEPLOY: "HIGH", DATA_MIGRATION: "HIGH" };
// Work whose risk is its kind's, whatever it touches: a latency target on /checkout, a bump of the
// auth library and a changed value in deploy/values.yaml are MEDIUM (docs/task-labelling.md,
// "risk": 226, 164 and 162 entries, all MEDIUM). Advice only is still LOW.
const AT_BASE_TYPES: TaskType[] = ["PERFORMANCE", "DEPENDENCY_UPDATE", "CONFIG_CHANGE"];
export function riskOf(clauses: Clause[], type: TaskType, mode: InteractionMode): Finding<RiskClass> {
  if (READ_ONLY_TYPES.includes(type) || mode === "RECOMMEND_ONLY") {
    return {
      value: "LOW",
      span: null,
      reason: mode === "RECOMMEND_ONLY" ? "advice only: nothing is changed" : `${type} work does not change running code`,
    };
  }
  // Seventeenth session: where no type fits, a text that opens as a report for information ("FYI the
  // payouts job failed again last night", "Just so you know, …") asks no work, so nothing it names
  // raises the risk: 19 such UNCLASSIFIED requests of 18 parts on the development split, all UNKNOWN
  // (ds-050, dz-145, et-058 were read CRITICAL by the money words).
  if (type === "UNCLASSIFIED" && REMARK_OPENING.test(clauses[0]?.text ?? ""))
    return { value: "UNKNOWN", span: null, reason: "a report for information asks no work" };
  if (AT_BASE_TYPES.includes(type)) return { value: "MEDIUM", span: null, reason: `${type} work is MEDIUM risk whatever it touches` };
  const acting = clauses.flatMap((clause) => (clause.section === "forbidden" ? [] : actingPart(clause)));
  // Each rule reads every acting clause with its time words blanked, and what it names only as a
  // model, a mechanism reused or a thing left alone (not-the-work.ts): blanked once, not once per rule.
  const unplaced = acting.map((clause) => withoutOtherWork(withoutBackground(clause.text)));
  // Production data rewritten (guide: CRITICAL): the environment is often named once, apart from
  // the verb ("On production, anonymise …", "Plugin registry production DB: merge …").
  // Fifteenth session: a rewrite rehearsed on staging before production ("staging first, then
  // prod", "first in staging and after in production") is HIGH on the development split, 21 of 22
  // (the other changes billing data, which the money rules read), by writers of many parts: a
  // convention the guide does not state yet, reported for it (ep-181, er-107, cf-099, bo-149).
  // Twenty-sixth session (riskB26): production as the target, not named only as denied, as the source
  // of a copy or as a later step (production.ts, namesProductionTarget).
  if (type === "DATA_MIGRATION" && acting.some((clause) => namesProductionTarget(clause.text)) && !rehearsedOnStaging(acting))
    for (const [i, clause] of acting.entries()) {
      const match = rewritesRows(unplaced[i]!);
      if (match) return { value: "CRITICAL", span: spanIn(clause, match), reason: "rewrites production data" };
    }
  for (const [level, rules] of [
    ["CRITICAL", speaksOfTimeOff(unplaced) ? CRITICAL.timeOff : CRITICAL.plain],
    ["HIGH", HIGH],
  ] as const) {
    // Indexed loops: destructuring iterators allocated on every rule and clause.
    for (let r = 0; r < rules.length; r++) {
      const { 0: pattern, 1: reason, 2: reaches } = rules[r] as readonly [Matcher, Reason, Reaches?];
      for (let i = 0; i < acting.length; i++) {
        const clause = acting[i]!;
        if (reaches && !reaches(type, clause, acting)) continue;
        // "since Friday's deploy" says when, not what: it is not a deploy.
        const match = gatedExec(pattern, unplaced[i]!);
        if (match) return { value: level, span: spanIn(clause, match), reason: typeof reason === "string" ? reason : reason(match) };
      }
    }
  }
  // Thirty-first session (risk31): records read with no login, said as the defect (access.ts); the
  // segmenter may set "without any login" apart from what it qualifies, so the clauses are read joined.
  const asked = clauses.filter((clause) => clause.section !== "forbidden");
  if (READ_WITHOUT_LOGIN.test(asked.map((clause) => clause.text).join(" ")))
    return { value: "HIGH", span: null, reason: "reads records with no login" };
  const byType = TYPE_RISK[type];
  if (byType) return { value: byType, span: null, reason: `${type} tasks are ${byType} risk` };
  if (type === "UNCLASSIFIED") return { value: "UNKNOWN", span: null, reason: "nothing indicates the risk" };
  return { value: "MEDIUM", span: null, reason: "an ordinary code change" };
}

export const spanIn = (clause: Clause, match: RegExpExecArray): Span => ({
  start: clause.start + match.index,
  end: clause.start + match.index + match[0].length,
});
