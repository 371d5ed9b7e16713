// Secrets and history rewrites as risk and privacy both read them (docs/task-labelling.md: a
// leaked or live credential and a history rewrite are CRITICAL and SECRET). Split out of risk.ts
// in the twenty-first session, so that each file reads in one sitting.
import { isNegated, maskQuoted } from "./clause-hardness.js";
import { gatedExec } from "./literal-gates.js";
import type { Matcher } from "./risk.js";

// Nineteenth session: a credential's name may stand quoted as a key of a printed dict or JSON
// object ("'XERO_CLIENT_SECRET': 'xr_sec_7Jq2…'" in a pasted startup log, fl-065): its value is as
// live as after "=" (docs/task-labelling.md, "risk": a live credential in a pasted log, 30 of 30).
const CREDENTIAL_LITERAL =
  /\b[a-z][\w+.-]*:\/\/[^\s:/@`"']+:(?!\*+@)[^\s@/`"']{4,}@|\b[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|APIKEY)(?:\s*[=:]|["']\s*:)\s*(?![*<$x]{2,}|\$\{|<)["']?[^\s*"'<>]{4,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{20,}|\bxox[abpr]-[\w-]{10,}|\bsk_live_\w{8,}|\bnpm_[A-Za-z0-9]{16,}|\bhv[sb]\.[A-Za-z0-9_-]{20,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|\bBearer\s+(?=[\w.~+/-]*\d)[A-Za-z0-9][\w.~+/-]{19,}|\beyJ[A-Za-z0-9_-]{16,}|\s-[ap]\s?'(?![<$*{])[^'\s]{6,}'|--password[= ]['"]?(?![<$*{])[^\s'"]{6,}|\b(?:[Pp]assword|[Pp]asswd|pwd|[a-z]*pw)=['"]?(?![<$*{]|x{3})[^\s&'"]{6,}|\bAuthorization"?\s*[:=]\s*["']?(?:Splunk|Token|Basic|Key|ApiKey|Api-Key)\s+(?=[\w.~+/=-]*\d)[A-Za-z0-9][\w.~+/=-]{15,}|\b(?:[a-z]+_)?(?:token|secret|api_?key|pass)=['"]?(?![<$*{]|x{3})(?=[^\s&'"]*\d)(?=[^\s&'"]*[a-z])[^\s&'"]{8,}/;
// Every credential form above holds one of these; the full expression is tried only then.
const CREDENTIAL_HINT = /:\/\/|[=:]|AKIA|gh[pousr]_|xox|sk_live|npm_|hv[sb]\.|BEGIN|Bearer|eyJ|\s-[ap]\s?'|--password/;
export const CREDENTIAL: Matcher = { exec: (text) => (CREDENTIAL_HINT.test(text) ? CREDENTIAL_LITERAL.exec(text) : null) };
// A history rewrite (docs/task-labelling.md: CRITICAL and SECRET, 29 of 29), read the same way by
// risk and privacy: a force-push however it is spelled, the rewriting tools, purging from history
// ("from the entire git history"), a reset pushed over a branch (a dot inside a version, "reset
// main to v3.1.0 and push", does not end the sentence), and overwriting the remote branch with
// local history ("overwrite origin/main with hers", "overwrite the remote main"), which is a
// force-push in other words. Twenty-second session: the history may be named by its repository
// ("Purge donors.csv … from the donorbook git history", fy-148).
// Twenty-sixth session (riskB26), the guide's rule in the forms writers use for it (every history
// rewrite CRITICAL and SECRET, "even of a personal branch"; 6 development requests of 6 parts were
// read below it): the force given after the push ("push it with --force", by-181); a reset to an
// earlier commit that is pushed, whatever the reset names ("git reset --hard to yesterday's 7e1d0aa
// and push it", et-002); what past commits carry changed ("Change the author e-mail of all my
// commits … and push it", ce-200; "rewrite the author e-mail on all commits", di-150); the history
// named by its repository without "git" ("Rewrite crewlink history", gh-180; "remove it from the
// repository history", gg-076), while "the order history" or "the chat history" is stored data.
const PAST_COMMITS_CHANGED = String.raw`(?:rewrit(?:e|ing)|chang(?:e|ing)|amend(?:ing)?|edit(?:ing)?|replac(?:e|ing))\b[^.;]{0,60}?\b(?:of|on|in|across) (?:all|every|each|past|old|earlier|previous|my|our|those|these)(?: [\w-]+)? commits\b`;
export const HISTORY_REWRITE = new RegExp(
  String.raw`\b(force[- ]push(ing|ed)?|push (--force|-f)\b|push --force-with-lease|push(?:es|ed|ing)? (?:it|them|this|that|the [\w-]+) with (?:--force|-f)\b|filter-repo|filter-branch|bfg|rewrit(e|ing) (?:the (?:[\w-]+ )?|(?!the )[\w-]+ )?(git )?history|((purge|strip|remove)\b[^.;]{0,60}?\b)?(out of |from )(the )?((entire|whole|full) )?([\w-]+ git |git |repo |repository )?history|reset (main|master|develop|the \w+ branch)\b(?:[^.;]|\.(?=\S))*\bpush|git reset (?:--hard |--soft |--mixed )?(?:[^.;]|\.(?=\S)){0,60}?\bpush|${PAST_COMMITS_CHANGED}|overwrit(e|ing) (the )?(remote|origin)\b)`,
  "i",
);
// For privacy, a history rewrite the request forbids ("Never force-push to main" in quoted repo
// rules) purges nothing: only one the request asks for makes the material SECRET.
export const REWRITES_HISTORY: Matcher = { exec: (text) => (isNegated(text) ? null : gatedExec(HISTORY_REWRITE, text)) };
// Twenty-fifth session (speed): the expression made once, not a new RegExp each call (a literal in
// a function body is a new object every time it runs), and run behind its literal gate
// (literal-gates.ts), which skips only texts it cannot match.
const KEY_OUT =
  /(?<![-/\w])(rotat(e|ing)|revok(e|ing))(?![-\w])[^.;]{0,30}?\b(keys?|webhooks?|certificates?|certs?)\b(?![-\w])|\b(keys?|webhooks?(?: urls?)?)\b[^.;]{0,30}?\b(leaked|exposed|was visible|were visible|compromised)\b|\bleaked (?:api )?keys?\b/i;
export const KEY_ROTATED: Matcher = { exec: (text) => gatedExec(KEY_OUT, maskQuoted(text)) };
// Secrets and keys named as such. A key that is only the unit something is counted by ("rate
// limiting per API key", "for API-key requests") handles no credential's value
// (docs/task-labelling.md, "privacy": a rate limit per API key is INTERNAL).
// Thirteenth session: the same for a key that names how callers authenticate ("the API key
// check", "keep the existing API key auth working": access control, HIGH, INTERNAL), and for the
// word inside a URL or path ("…/iam/security-credentials/" in a quoted request is an address).
// Fourteenth session: "credential stuffing" names an attack on a login, not a credential the task
// handles (3 of 3 such requests INTERNAL: login throttling is access control, HIGH).
export const SECRET_WORDS =
  /\b((?<!\bnothing )secrets?|(?<![-/])credentials?(?!\/|[- ]stuffing)|(?<!\bper )api[- ]?keys?(?! (?:requests?|traffic|clients?|users?|quotas?|limits?|auth\w*|checks?|validation)\b)|access keys?|private keys?|ssh keys?|deploy keys?|signing keys?)\b/i;
// Twenty-sixth session (riskB26): the guide's leaked or live credential (CRITICAL and SECRET, 30 of
// 30) where the credential is named by the service it opens rather than by the word "API" or
// "access": a token or key after a product's name ("The Mapbox token is hardcoded", bk-027; "our
// … Google Maps key is visible in the page source", bj-010; "my Globus transfer token", dd-010), or
// an environment variable named for a token, secret or password ("printed BRISK_CLOUD_ADMIN_TOKEN
// in plain text", dw-018); risk.ts reads it where the clause says the credential is out. A
// capital that only opens the sentence ("The key …", "This token …") names no service. Case kept:
// the capital is what names the service.
export const CREDENTIAL_BY_SERVICE =
  /(?<![\w-])(?!(?:The|This|That|These|Those|A|An|Our|Their|Your|My|His|Her|Its|Each|Every|No|Any|It|I|If|When|And|But|So|Please|Also|Then|Now)\b)[A-Z][\w-]*(?: [\w-]+){0,2} (?:tokens?|keys?)\b(?![-\w])|\b[A-Z][A-Z0-9_]*_(?:TOKEN|SECRET|PASSWORD)\b/;
// A key or token that is the object of a verb putting it out ("I think I pasted a key in the
// channel", bv-061; "someone leaked the key again, rotate it", be-155): the same credential out,
// whatever service it opens. A determiner before it: "the device push token" is no push.
export const CREDENTIAL_PUT_OUT =
  /\b(?:leak(?:ed|s)?|past(?:ed|es)|committed|pushed|echo(?:ed|es)|print(?:ed|s))\b (?:the|a|an|our|that|this|my|their|his|her|its) (?:[\w-]+ ){0,2}?(?:keys?|tokens?)\b(?![-\w])/i;

// A PIN or an access code (a door, gate, alarm or key-safe code) is a credential: it opens
// something, as a password does (privacy.ts, twenty-second session). Case-sensitive: "pin" the verb
// is no PIN. A PIN login, screen or lockout is code that concerns PINs, not a PIN's value.
export const ACCESS_CODE = String.raw`(?:PINs?|[Pp]in codes?|[Pp]asscodes?|(?:[Aa]ccess|[Dd]oor|[Gg]ate|[Ee]ntry|[Aa]larm|[Kk]eypad|[Ll]ockbox|[Kk]ey ?safe) codes?)\b(?![- ](?:[Ll]ogin|[Ll]og-?in|screens?|pad|attempts?|guess(?:es|ing)?|entry|checks?|fields?|prompts?|resets?|lockouts?|auth\w*)\b)`;
// Twenty-eighth session (riskB28), the guide's leaked credential ("a token in a CI log, a password
// in a pasted log": CRITICAL and SECRET, 30 of 30) for every credential, not only a token: a
// password, PIN or code that opens a door, gate or key safe written to a log, a log line or a crash
// reporter sits where everyone who reads those reads it, so it is out, whatever writes it there.
// 8 change requests of 8 parts say so and are CRITICAL, all read below it ("the PIN of every locker
// opened this year is sitting in the access logs", gd-073; "writes every berth holder's gate code to
// its log", gl-064; "Gate codes going to Crashlytics in plain text", gh-073; "staff passwords from
// failed logins are in storage/logs/…", ee-090). A rule that keeps it out ("Don't write the PIN to
// the bunkr logs", gk-032; "never written to logs", gf-181) states no leak, and an attempt logged
// ("log the lockout", "the access log showed a few hundred failed PINs") is no credential written.
const CREDENTIAL_NAME = String.raw`(?:${ACCESS_CODE}|[Pp]ass(?:words?|phrases?)\b|(?:[Aa]ccess|[Aa]uth|API|[Aa]pi|[Bb]earer|[Rr]efresh|[Ss]ession|[Rr]eset) tokens?\b)`;
const LOG_PLACE = String.raw`(?:[Ll]og(?:s|ger)?|[Ll]og ?(?:files?|lines?)|[Cc]rash reports?|Sentry|Crashlytics)\b`;
const CREDENTIAL_IN_LOG = new RegExp(
  String.raw`\b${CREDENTIAL_NAME}[^.;\n]{0,60}?\b(?:to|in|into|inside) (?:the |its |their |our |a |an )?(?:[\w-]+[ /]){0,3}?${LOG_PLACE}|\b[Ll]og(?:s|ged|ging)\b(?! (?:[a-z]+ )?in(?:to)?\b)[^.;\n]{0,40}?\b${CREDENTIAL_NAME}|\b(?:to|in|into) (?:the )?${LOG_PLACE}[^.;\n]{0,80}?\b${CREDENTIAL_NAME}`,
);
export const CREDENTIAL_LOGGED: Matcher = {
  exec: (text) => {
    const match = CREDENTIAL_IN_LOG.exec(text);
    return match && !isNegated(text) ? match : null;
  },
};
// Twenty-eighth session (riskB28): the guide's leaked credential said in the passive, whatever
// the credential is called: a key, token, password or secret that "was pasted in #dev on Slack"
// (ei-057) or "ended up in the channel again" (bt-025) has been put where others read it, as
// "pasted a key in the channel" has (CREDENTIAL_PUT_OUT). On the development split 62 change
// requests say it so and are CRITICAL, none below it.
export const CREDENTIAL_WAS_OUT =
  /\b(?:keys?|tokens?|passwords?|secrets?|credentials?)\b[^.;\n]{0,40}?\b(?:(?:was|were|got|has been|have been) (?:pasted|posted|committed|leaked|exposed|pushed)|ended up (?:in|on))\b/i;
