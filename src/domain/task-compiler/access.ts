// Authentication and access control (docs/task-labelling.md, "risk": HIGH), read by riskOf after
// the CRITICAL rules. Split from risk.ts in the sixteenth session.
import type { Matcher } from "./risk.js";
import { speaksOfTimeOff } from "./money.js";
import { OTHERS_RECORDS_REACHED } from "./others-records.js";

// Twentieth session: an entitlement decides who may use or see a thing (a subscription's licence,
// a premium article, a video): access control, HIGH (dk-077, en-010, en-148: 6 of 7 change
// requests of 4 parts that name one are HIGH), unless the clause counts days off ("AccrualService
// (entitlement, accrual, carry-over)", fq-138: a holiday entitlement is days).
const ENTITLEMENT = /\bentitlements?\b/i;
const ACCESS_ENTITLEMENT: Matcher = { exec: (text) => (speaksOfTimeOff([text]) ? null : ENTITLEMENT.exec(text)) };

// Twenty-second session: a user limited to their own records, or edits and access restricted ("restrict
// pay-rate edits so a supervisor can only change officers assigned to sites in their own region",
// fy-168; "An employee can only ever fetch their own P60", fq-003; "restrict RA access to the agent's
// own branch", fk-087): who may see or change what, the guide's access control (HIGH): 4 change
// requests on the development split, all HIGH. risk.ts reads money guarded this way as no money work.
export const OWN_RECORDS_ONLY =
  /\bcan only (?:\w+ ){0,8}?(?:their|his|her) own\b|\brestrict\w* (?:\S+ ){0,3}?(?:edits?|editing|access|changes|views?|viewing)\b/i;

// Twenty-seventh session (riskB27): who may see or do a thing, said by the people it is limited to
// (the guide's access control, HIGH: the work decides who may see or do what, whatever the words):
// the only party allowed ("Only the trip leader and the office should see the medical answers",
// gl-111; "It must only be visible to the trainers assigned to that member", fc-042; "lock it down
// so that only audiolog's service account can read it", gh-042; "let only store managers reveal a
// PIN", gg-134), or the parties reached who should not be ("reporters who weren't assigned to them",
// bq-100; "timesheets of employees outside the manager's team", em-111; "Subcontractors see each
// other's routes", ew-121; "Too many people can do too much", fx-053): 20 change requests of 17
// parts on the development split name them so, all HIGH or above. A thing limited to one kind of
// use ("The script must only read from the draw DB", bf-158) names no party and is not read, nor
// "X should only see Y" (what one party is shown: a display, dx-131 MEDIUM).
const PARTY_ALLOWED = String.raw`\bonly (?:[\w'’-]+ ){1,6}?(?:should|can|could|may|must|will) (?:be able to )?(?:see|view|read|open|access|edit|reveal|download|approve|unlock)\b|\blet only\b|\b(?:visible|available|shown|accessible|readable) only to\b|\bonly (?:be )?(?:visible|available|shown|accessible|readable) to\b`;
const PARTY_NOT_ALLOWED = String.raw`\b(?:who|that) (?:weren't|aren't|are not|were not|isn't|is not|wasn't|was not) (?:assigned|on (?:the|their) (?:team|case|rota|trip))\b|\boutside (?:the |their |his |her )?(?:\w+['’]s )?(?:team|teams|region|clinic|branch|tenant|org|organi[sz]ation)\b|\b(?:see|sees|seeing|read|reads|view|views|open|opens|access|guess\w*|edit|edits)\b[^.;]{0,30}?\beach other['’]s\b|\btoo many (?:\w+ ){0,2}?can\b`;
const WHO_MAY_SEE = new RegExp(`${PARTY_ALLOWED}|${PARTY_NOT_ALLOWED}`, "i");

// Twenty-seventh session (riskB27): authentication is the check of who the caller is, whatever
// carries it: a token or JWT accepted, rejected, verified or replayed ("authlet accepts ID tokens
// with `alg: none`", cf-033; "The /v1/license endpoints accept expired JWTs", en-096; "LTI id_token
// replay", dp-032; "Refresh tokens are reused after rotation", cf-086): 20 change requests on the
// development split, 19 HIGH, the other money work read first (gc-142); "the token is accepted" in
// a diagnostic's checks (dw-106, MEDIUM) is left out by the forms' order of words. Signatures
// and certificates are left out: a webhook's HMAC or a binary's signature checked is MEDIUM as
// often as HIGH (de-094, db-094, ed-038 against ds-126).
const AUTH_TOKEN = String.raw`(?:(?:id_|id |access |refresh |bearer |session |auth )?tokens?|jwts?)`;
const TOKEN_CHECKED = new RegExp(
  String.raw`\b(?:accept\w*|reject\w*|trust\w*|verif\w*|validat\w*|replay\w*)\b[^.;]{0,40}?\b${AUTH_TOKEN}\b|\b${AUTH_TOKEN}\b[^.;]{0,20}?\b(?:replay\w*|re-?used)\b`,
  "i",
);
// Twenty-seventh session (riskB27): a PIN or access code the work requires, issues or limits the
// guesses of is the credential that opens an account, a door or an approval (the guide: a code that
// opens one party's space is access control, and limiting its guesses authentication, HIGH): "it
// should need a supervisor's PIN", gc-134; "approves a POD without the driver PIN", de-128;
// "requiring an access code before a signer can open an envelope", du-046; "issue a 6-digit PIN per
// locker", gl-070; "no limit on wrong PIN attempts", gf-184: 9 change requests of 8 parts, all HIGH
// or above. A code the work only carries (put in an e-mail, sent by WhatsApp: gd-072, gk-032) is
// held, SECRET at the type's base (privacy.ts), and not read. Case-sensitive: "pin" pins a version.
const ACCESS_CODE_REQUIRED =
  /\b(?:[Rr]equir\w*|[Nn]eeds?|[Ww]ithout|[Ii]ssu\w*|[Rr]eset\w*|[Oo]ne-time|\d-digit)\b (?:[\w'’-]+ ){0,4}?(?:PINs?|[Pp]asscodes?|[Aa]ccess codes?)\b|\b(?:PIN|[Pp]asscode|[Aa]ccess code) (?:attempts|guess\w*|brute\w*)\b/;

// Thirty-first session (risk31), the guide's two rows on reading and guessing, in the general form
// writers give them: a limit set by a count of wrong tries ("Lock the stream for 15 minutes after 5
// wrong passcodes", gy-059; "After 5 wrong codes from one IP in 15 minutes, show the 'try again
// later' page", hc-063) limits the guesses of whatever opens the account, authentication (HIGH, 42
// of 42 such limits on the development split); and records served, shown or returned with no login
// ("shows the homeowner name and full address without any login", gz-119; "returns every hive's
// live GPS position with no login", gz-179) are read without a login, which the guide makes access
// control (HIGH: 22 of 25 security fixes that say it). A page that is to keep working without a
// login ("must keep working without login", fl-097) names no exposure verb and is not read. The
// second is said as the defect, a negated clause the acting part drops: risk.ts reads it over every
// clause the request asks about, after the rules on the acting parts.
const GUESSES_COUNTED =
  /\bafter (?:\d+|three|five|ten) (?:wrong|failed|incorrect|invalid|unsuccessful) (?:[\w-]+ ){0,2}?(?:tries|attempts|codes?|pins?|passcodes?|passwords?|guesses|log-?ins?|sign-?ins?|logons?)\b/i;
export const READ_WITHOUT_LOGIN =
  /\b(?:serv|show|return|open|list|expos|download|read)\w*\b[^.;]{0,80}?\b(?:with no |without (?:a |any )?)log-?in\b(?! (?:needed|required|rate))/i;

export const ACCESS_RULES: [Matcher, string][] = [
  [
    // A word after a hyphen is part of a name ("the Proxy-Authorization header"), not auth work.
    // Twenty-seventh session (riskB27): nor is a word written as a field with its value, in markup
    // or in a pasted record (`remove the role="alert" on the inner <ul>`, dn-098; `"role":"member"`
    // in a stack trace's record, dw-153): data, as quoted errors are (docs/task-labelling.md); a
    // file or module named for auth (`auth.py`, `iam-gateway`, `acl.yaml`) still names auth work.
    // Thirty-first session (risk31), the guide's decided rotation row ("rotate the JWT signing key on
    // staging": a routine rotation with no leak named is SECURITY_FIX at its base MEDIUM, since
    // replacing a secret changes no login code): "JWT" naming the key or secret is the credential's
    // name, not the token check (rpm-30, bq-041 were read HIGH by it; a leak is read by secrets.ts).
    /(?<!-)\b(auth(entication|orization|n|z)?|oauth|sso|saml|permissions?|roles?|rbac|acls?|access control|jwt(?![ _-](?:signing[ _-])?(?:keys?|secrets?)\b)|privileges?|(?<!\/)iam(?!\/)|session (expiry|handling|management|cookies?|tokens?|timeout)|logged (in|out)|(?<![/\\.\w-]|\b(?:no|without|docker|npm|podman|helm|plus|minus|equals|dollar|hash|pound|percent) )(logins?|log-ins?|sign[- ]?ins?)(?![/\\.\w-])(?! (page|screen|button|form|link|logo|banner|copy|text|layout|footer|header|sheet|modal|dialog|popup|node|shell)s?\b)|2fa|mfa|two[- ]factor|password[- ]resets?|reset links?|tenant isolation|remember[- ]me)\b(?!=|["']:)/i,
    "changes auth or permissions",
  ],
  // Authorization in other words: a record checked against its owner or tenant ("add an ownership
  // check", "doesn't check the tenant", "404 unless the booking belongs to the caller"), acting as
  // another user, file permission modes, and an account hardened (guide: access control, HIGH).
  [
    /\b((ownership|tenant) checks?|check(s|ing)? (the|its|their) tenant|impersonat(e|es|ing|ion)|belongs? to (the caller|them|the (current|logged-in|signed-in) user|the caller's \w+)|chmod|chgrp|chown|(harden|lock down)\b[^.;]{0,30}?\baccounts?)\b/i,
    "changes auth or permissions",
  ],
  // Thirteenth session, the same in more words: one account reaching another's records (an IDOR,
  // "other agencies' leads", the cross-org case; others-records.ts, which holds every form of it
  // since the twenty-third session, read here, by risk.ts and as a SECURITY_FIX cue), a refusal
  // answered with 403, the verb "authorise", and ending a session ("logout does not end the
  // session", "it logs everyone out"): sessions are authentication in the guide.
  [OTHERS_RECORDS_REACHED, "changes auth or permissions"],
  [
    /\b(?:(?:return|returns|returning|respond(?:s|ing)? with) (?:an? |http )?403|authori[sz](?:e|es|ed|ing)(?![-_\w])|log-?outs?(?![-_/\w.])|log(?:s|ged|ging)? (?:(?:everyone|everybody|people|users|them|him|her|me|you|us) )?out)\b/i,
    "changes auth or permissions",
  ],
  // Fourteenth session: who may open stored files is access control too (guide: HIGH): a bucket
  // or object anyone can read ("public-read", Block Public Access), a signed download URL or an
  // invite link checked or expiring ("Signed download URLs … never expire", "pre-signed S3 URLs that
  // expire after 5 minutes", "invite links expire after ~3 hours": a link that grants access, as a
  // reset link does), and a check on the object itself ("add the object-level check").
  [
    /\bpublic-read\b|\bblock public access\b|\b(?:(?:pre-?)?signed (?:download |upload |s3 )?urls?|invit(?:e|ation) (?:links?|tokens?))\b[^.;]{0,60}?\b(?:expir\w*|checks?|checked|valid\w*|ttl)\b|\b(?:check\w*|verif\w*|validat\w*)\b[^.;]{0,20}?\b(?:pre-?)?signed (?:download |upload |s3 )?urls?\b|\bobject-level (?:checks?|permissions?|authori[sz]ation|access)\b|\brow-level security\b/i,
    "changes auth or permissions",
  ],
  // A login endpoint named by its method ("rate-limit POST /login") is authentication, where a
  // path to a login page or template ("web/login.html") is not. Fourteenth session: so is the
  // endpoint written as a bare path from the root ("no rate limit on /login", "rate-limit
  // /admin/login": every such change request on the development split is HIGH).
  [/(?:\b(?:POST|PUT|GET|PATCH) |(?<![\w.~-])(?=\/))\S*\/(?:log-?in|sign-?in|sessions?)\b(?!\w|\.\w)/, "changes auth or permissions"],
  // Sixteenth session: access itself granted, denied, revoked, restricted or locked down ("deny
  // access from the 16th birthday", "lock down access to the research warehouse", "return 404 when
  // access is denied"), and a proxy's access to another person's records: who may see what is the
  // guide's access control (6 HIGH change requests on the development split, none at another level).
  [
    /\b(?:grant(?:s|ed|ing)?|den(?:y|ies|ied|ying)|revok(?:e|es|ed|ing)|restrict(?:s|ed|ing)?|lock(?:s|ed|ing)? down|withdraw(?:s|n|ing)?) (?:[\w-]+ ){0,3}?access\b|\baccess (?:is |are |was |were )?(?:granted|denied|revoked|restricted)\b|\bproxy access\b/i,
    "changes auth or permissions",
  ],
  // Seventeenth session: the check itself named ("the access check on GET /api/pets/:id", "Dedupe
  // matter-access checks"), a permission predicate named by its question ("canViewMatter()",
  // "canViewAsProxy()"), and the barrier a firm keeps between matters (an ethical or Chinese wall,
  // an information barrier, which decides who may see a matter's documents): 7 change requests of
  // 5 parts on the development split, all HIGH (du-175, fa-084, fa-167 were read MEDIUM).
  [/\baccess[- ]checks?\b|\b(?:ethical|chinese)[- ]walls?\b|\binformation barriers?\b/i, "changes auth or permissions"],
  [/\bcan(?:View|Edit|Access|Read|Delete|Manage|See)[A-Z]/, "changes auth or permissions"],
  // Twentieth session: who may see whose records, said as what one user can do to anyone's or as
  // records of other owners seen (others-records.ts, above), or as the check that binds a record to
  // its party ("the team check is only done in the Angular UI", "Add the participant check"): the
  // guide's access control and tenant isolation, HIGH (df-005, dg-078, cb-153, cc-045, fl-118,
  // df-093, fo-028: 16 change requests of 12 parts were read MEDIUM; none of the requests these forms
  // match is labelled below HIGH but hh-051, which another rule reads).
  [
    /\b(?:team|group|membership|participant|member|clinic|school|org|organi[sz]ation|association|region|owner|assignment|entitlement)[- ]checks?\b/i,
    "changes auth or permissions",
  ],
  [ACCESS_ENTITLEMENT, "changes auth or permissions"],
  // Twentieth session: a policy, grant or scope narrowed decides what a principal may do ("narrow
  // ci-runner policy from secret/* to secret/data/ci/*", dq-051): permissions, HIGH.
  [/\b(?:narrow|tighten|scope down)\w*\b[^.;]{0,40}?\b(?:polic(?:y|ies)|grants?|scopes?|rights)\b/i, "changes auth or permissions"],
  // Eighteenth session: the session cookie named by its name or its settings ("the tix_session
  // cookie", "SESSION_COOKIE_SAMESITE='Strict'"): its flags decide who can ride a session, the
  // guide's sessions (HIGH), as "the session cookie" already reads; fd-123 and dh-127 were MEDIUM.
  [/(?<=[a-z0-9]_)session cookies?\b|\bsession_cookie_(?:secure|samesite|httponly|domain|age|name|path)\b/i, "changes auth or permissions"],
  // Twenty-first session: who may enter a room or a building is access control as who may log in
  // is (the guide's access control, HIGH): a key card or room key encoded, cancelled or still
  // opening a door, a mobile key that opens the room, the lock server that encodes them (fu-020,
  // fu-130, fu-188). A stored bucket that anyone can read ("world-readable", "publicly readable") is
  // who may open stored files, as public-read is (fp-110, et-074, fu-103; all HIGH).
  // Twenty-seventh session (riskB27): also said as listable or as public ("which is publicly
  // listable", gm-080; "Passport scans bucket is public", `"IsPublic": true`, gk-033): the guide's
  // settled row (guide27) puts a public bucket or store closed at HIGH, 19 of 20.
  // Twenty-third session: an unlock token, code or command, the credential that opens a car, room or
  // door for one party ("The unlock token from the unlock service is valid 5 minutes", gb-181): the
  // guide's settled row, a credential or lock that opens one party's own space is access control
  // (HIGH, 7 of 7), while a turnstile checking a venue's tickets stays at the type's base.
  [
    /\b(?:key ?cards?|room keys?|door keys?|mobile keys?|digital keys?|door locks?|lock servers?|unlock (?:tokens?|codes?|commands?))\b|\b(?:encod|cancel)\w* (?:the |a )?(?:old |new )?(?:keys?|key ?cards?)\b|\bopen (?:their|the|a|his|her) (?:rooms?|doors?)\b|\b(?:buckets?|objects?)\b[^.;]{0,40}?\b(?:world|public(?:ly)?)[- ](?:readable|accessible|listable)\b|\bispublic\b|\bbuckets? (?:is|are) (?:still )?public\b/i,
    "changes auth or permissions",
  ],
  // Twenty-second session: an age gate or age verification decides who may use a service at all
  // ("Fix the age gate bug on iOS", "under-16s … can chat and buy as soon as they pass the age gate"),
  // as a login does: the guide's access control, HIGH (fx-036, fx-146; every change request that
  // names one on the development split is HIGH or higher).
  [/\bage[- ](?:gates?|verification)\b/i, "changes auth or permissions"],
  // Seventeenth session: an admin area, an endpoint or an API locked down limits who may use it
  // ("lock down the funeral home admin panel, it's way too open", "Lock down the admin API like we
  // did for the portal", "lock down that endpoint …, the one leaking matter names"): 7 change
  // requests of 7 parts HIGH; the two MEDIUM ones (bq-070, br-149: an admin panel "anyone could get
  // into") were relabelled to the guide's access control. A bucket, an upload or an ingress locked
  // down is hardening that the writers keep at MEDIUM (5 requests on S3 buckets), not read here.
  [
    /\block(?:s|ed|ing)? down (?:the |those |these |that |this |our )?(?:[\w-]+ ){0,3}?(?:admin\w*|endpoints?|apis?)\b/i,
    "changes auth or permissions",
  ],
  [OWN_RECORDS_ONLY, "changes auth or permissions"],
  [WHO_MAY_SEE, "changes auth or permissions"],
  [TOKEN_CHECKED, "changes auth or permissions"],
  [ACCESS_CODE_REQUIRED, "changes auth or permissions"],
  [GUESSES_COUNTED, "changes auth or permissions"],
];
