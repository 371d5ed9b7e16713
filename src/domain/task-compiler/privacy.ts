// Privacy class (split from risk.ts in the thirteenth session). Privacy looks at every word,
// because data a task must not leak is still data the task handles; the first rule that matches,
// in the order SECRET, PUBLIC, RESTRICTED, decides.
import type { PrivacyClass, TaskType } from "../../contracts/task-ir.js";
import { PAYMENT_DATA_LOGGED, spanIn, type Finding, type Matcher } from "./risk.js";
import { ACCESS_CODE, CREDENTIAL, KEY_ROTATED, REWRITES_HISTORY, SECRET_WORDS } from "./secrets.js";
import { OTHERS_RECORDS_REACHED } from "./others-records.js";
import type { Clause } from "./segment.js";
import { gatedExec, gatedMatchAll, gatedTest } from "./literal-gates.js";
import {
  DATA_PROTECTION_LAW,
  PEOPLES_DOCUMENTS_MOVED,
  PERSON_IDENTIFIERS,
  PATIENT_RECORDS,
  PERSON_RECORDS,
  sentenceUpTo,
} from "./personal-records.js";

// Thirteenth session: personal data pasted into the request (docs/task-labelling.md, "privacy":
// e-mail addresses in logs, phone numbers, passport numbers). A person's address is written
// first.last or initial.last ("marta.sousa84@gmail.com", "j.okafor+permits@…"); a role mailbox
// ("security@…", "records@…") is none, and neither is a seeded test account ("keeper.test@…"), the
// sender in a forwarded mail's header, or an address shown as the form of one ("like a.b+lab@…").
const PERSONAL_EMAIL =
  /(?<!(?:^|\n)\s*(?:from|to|cc|reply-to):[^\n]*)(?<!\b(?:like|e\.g\.) )\b(?![a-z._]*\b(?:test|demo|dummy|fake|seed(?:ed)?)\b)[a-z]+(?:[._][a-z]+)+\d*(?:\+[a-z]+)?@[a-z][\w-]*(?:\.[\w-]+)*\.[a-z]{2,}\b/i;
// What every match of PERSONAL_EMAIL holds: a local part's last separator with its letters and
// the "@" (twentieth session, speed). PERSONAL_EMAIL's look-behinds read back to the line's start
// from every position of a text; most texts with an "@" (a mention, a package@version) hold no
// such address, and this cheap test settles them.
const EMAIL_SHAPE = /[a-z][._][a-z]+\d*(?:\+[a-z]+)?@[a-z]/i;
const PERSONS_EMAIL: Matcher = {
  exec: (text: string) => (gatedTest(EMAIL_SHAPE, text) ? PERSONAL_EMAIL.exec(text) : null),
};
// A phone number in international form ("+351 936 555 014", "to=+44 7700 900412") is one person's.
// Sixteenth session: so is one in national form, a UK mobile ("07700 900412") or three groups of
// three digits ("Ana-Marta Kowalski, 912 345 678"; a bag tag "0176 432118" is neither).
// Seventeenth session: at most six groups after the country code (E.164 numbers have at most 15
// digits): a run of digits splits into groups of two to four in many ways, and with no bound a
// failing match tried them all ("+720120" and thirty "07" hung the compiler).
const PHONE_NUMBER =
  /(?<![\w+])\+\d{1,3}(?:[ -]?\d{2,4}){3,6}\b|(?<![\w+.:/-])07\d{3} ?\d{6}\b|(?<![\w+.:/-])[2-9]\d{2} \d{3} \d{3}\b(?! ?[\d.])/;
// Nineteenth session: a number given as an organisation's line ("who to call at Trakbox out of
// hours: their NOC line, +31 20 555 0199", a hotline, a service desk, a switchboard) reaches a
// desk, not a person: no one's personal data (docs/task-labelling.md, "privacy": RESTRICTED is
// personal data handled; fk-172).
const ORGANISATION_LINE = /\b(?:line|hotline|helpline|desk|switchboard|reception|noc)\b[\s,:(-]*$/i;
const PERSONS_PHONE_NUMBER: Matcher = {
  exec(text: string) {
    const match = PHONE_NUMBER.exec(text);
    return match && !ORGANISATION_LINE.test(sentenceUpTo(text, match.index, 40)) ? match : null;
  },
};
// Person records rewritten: a column that holds a person's contact or identity data, named as
// code names it ("leads.phone", "accounts.email", "patient_name and date_of_birth"), anonymised,
// normalised, replaced or split (the guide: RESTRICTED when the task changes person records).
const PERSON_COLUMNS_REWRITTEN =
  /\b(?:anonymi[sz]|pseudonymi[sz]|overwrit|replac|normali[sz]|hash|redact|scrub|mask|encrypt|lower-?cas|split)\w*\b[^.;\n]{0,40}?(?:\b[a-z]+[._](?:phone(?:_number)?|e_?mail(?:_address)?|full_name|first_name|last_name|date_of_birth|dob|birth_date|national_id|ssn)\b|\b(?:nhs_number|mrn|date_of_birth)\b|\b(?:phone|e_?mail|date_of_birth|birth_date|full_name|first_name|last_name)_[a-z]+\b|\b[a-z]+_(?:name|phone|e_?mail)\b|\b(?:home|postal|street)_address\b)/i;
// A passport's own contents (its number, data, scan or photo), not a passport interview or rule.
const PASSPORT_DATA = /\bpassport (?:numbers?|data|scans?|photos?|pages?|details|copies|images?)\b/i;

// Fourteenth session: "Social Security" is a person's number only as one ("the spouse's full social
// security number"); "the new Social Security wage base" is a tax. "medical" or "patient" joined
// by a hyphen to a name names a project or a system ("the medical-NER project", "patient-portal"),
// not the data handled.
// Sixteenth session: "the/a date of birth" is a field of a form or a check ("won't accept 29/02
// as a date of birth", "the date of birth field"); people's dates of birth, one person's ("the
// patient's date of birth") or one in a list of personal fields are data. A personal-data word
// after a rule keeping real data out ("never real consignee phone numbers in fixtures") names what
// the task will not hold (docs/task-labelling.md: such a rule leaves the task INTERNAL).
// Fifteenth session: health data named as code names it ("medical_claims.claim_note",
// "medical_notes": 6 of 6 requests RESTRICTED). Diagnoses alone were tried and dropped: a search
// for where a diagnosis reaches the logs handles no record (eq-001, INTERNAL).
// Sixteenth session: the caller says so in more words ("It's a public MIT repo", "public on GitHub
// and PyPI", "They'll be public", "it can be public now", "are the public ones"); "its public
// methods" is code's visibility and "terms published on 1 Dec" a date, neither the material's.
// A page of the system that is public ("the public booking page", "the public tracker") is no
// statement about the material: only a repo, data, docs or a discussion take a word between.
// Eighteenth session: a site or portal named by what it publishes ("our public developer site",
// "the public modding site", "the public docs site", "the public support site": 10 of 10 development
// requests PUBLIC, ten writers) is where the material goes; "the public site" alone is the
// system's own website (3 of 4 INTERNAL), and so is a portal ("the public benefits portal").
// Twelfth session: "published as-is on …", "published open data" and "it will be public" state
// the material is public; personal data is also e-mail addresses a store or log holds, and the
// addresses of the people a system serves ("the buyer addresses").
// Sixteenth session: a secret named as a piece of code or by the name it is kept under handles
// no secret value (docs/task-labelling.md, "privacy": code that merely concerns keys is INTERNAL):
// Python's `secrets` module ("switch to secrets.token_urlsafe"; a secrets.ini file is material) and an existing CI secret passed
// on by name ("from the existing ANDROID_SENTRY_DSN repository secret", "Use the existing
// SLACK_WEBHOOK_URL repo secret"). Every other mention of the words still counts.
const SECRET_BY_NAME_ONLY = [
  /^secrets\.(?!(?:ini|ya?ml|json|env|toml|txt|conf|cfg|properties|tfvars|xml)\b)[a-z_]+/,
  /\bexisting\b[^.;\n]{0,60}\b(?:actions|repository|repo|ci)\s*$/i,
];
const SECRET_MENTION: Matcher = {
  exec(text: string) {
    if (!gatedTest(SECRET_WORDS, text)) return null;
    for (const match of text.matchAll(new RegExp(SECRET_WORDS.source, "gi"))) {
      const before = text.slice(Math.max(0, match.index - 80), match.index);
      const [named, kept] = SECRET_BY_NAME_ONLY;
      if (!named!.test(text.slice(match.index)) && !kept!.test(before)) return match;
    }
    return null;
  },
};
const PERSONAL_DATA =
  /(?<!\b(?:no|never|not|without)\b[^.;\n]{0,25}\breal (?:[a-z]+ )?)\b(pii|full[_ ]names?|first[_ ]names?|last[_ ]names?|personal (data|information|info|details)|email addresses|(?:contain|hold|carr|stor|writ|includ|keep|log)\w*\b[^.;]{0,40}?\be-mail addresses|e-?mail address(?:es)?(?<=[a-z](?:'s|s') (?:(?:full )?names? and )?e-?mail address(?:es)?)|phone numbers?|home address(?:es)?|customer (data|records|emails|names|addresses)|user (data|records|emails|profiles|addresses)|(buyer|client|member|student|applicant|visitor|guest|participant|employee|citizen)s?'? addresses|ssns?|social security (?:numbers?|nos?\b)|(?<!\b(?:the|a) )date of birth|dates of birth|health (data|records)|medical(?:_\w+)?(?!-\w)|salar(y|ies)|(?:credit |payment |debit )?card numbers?|ibans?|(?:card|full) pans?)\b/i;
// Nineteenth session: a person's e-mail address named with its owner ("the parent's name and
// e-mail address" as a column of an export, "the learner's e-mail address" in a logged payload) is
// that person's data the task handles (7 of 7 development requests RESTRICTED: fl-180, dp-177,
// ca-026); the owner is read after the address matched, so the look-behind runs once per match.
// Eighteenth session: a personal-data word that a rule keeps out of something the task writes
// (examples, fixtures, a document, a report) names what the task will not hold
// (docs/task-labelling.md, "privacy": such a rule leaves the task INTERNAL, cb-005, ea-156; the
// writers of parts 98k-98m say so in their headers): "Don't put real driver names or card numbers
// in the examples", "The document must not contain any customer data", "Do not include the street
// address or the agent's phone number in the JSON-LD". A rule on what the running code may log,
// show or store is left counting: there the code handles the data it guards ("Don't log the phone
// numbers" on SMS to employees, "never store the customer's phone number outside the customers
// table": ho-066, feat-11, both RESTRICTED).
const PROHIBITION = /\b(?:no|never|don['’]?t|(?:do|must|shall|should|may|are|is) not|mustn['’]t|shouldn['’]t)\b/i;
const WRITTEN_ARTEFACT =
  /\b(?:examples?|fixtures?|test data|seed data|docs?|documents?|documentation|report|runbook|readme|screenshots?|timeline|json-ld)\b/i;
// Nineteenth session: a personal-data word that keys a count or a limit ("5 attempts per phone
// number per 15 min", "at most 5 requests per e-mail address per hour") names what the code counts
// by, not data it handles, as a rate limit per API key concerns keys without holding one
// (docs/task-labelling.md, "privacy", fresh3-48; 4 of 4 such development requests INTERNAL:
// bh-145, ek-039, fj-056, fk-048).
const KEY_OF_A_COUNT = /\bper $/i;
/** Every match of PERSONAL_DATA (matchAll reads a copy, so one expression serves every call). */
const PERSONAL_DATA_ALL = new RegExp(PERSONAL_DATA.source, "gi");
const PERSONAL_DATA_HANDLED: Matcher = {
  exec(text: string) {
    if (!gatedTest(PERSONAL_DATA, text)) return null;
    const keptOut = WRITTEN_ARTEFACT.test(text);
    for (const match of gatedMatchAll(PERSONAL_DATA_ALL, text)) {
      if (KEY_OF_A_COUNT.test(text.slice(Math.max(0, match.index - 4), match.index))) continue;
      // The words before it in its sentence, at most 50 characters back.
      if (!keptOut || !PROHIBITION.test(sentenceUpTo(text, match.index, 50))) return match;
    }
    return null;
  },
};
const PUBLIC_STATEMENT =
  /\b(public (repo|repository|data|dataset|docs|website|information|page)|public [\w-]+ (?:repo|repository|data|dataset|docs|discussion|site)s?\b|public on (?:github|gitlab|pypi|npm)|the public ones?|open[- ]source|publicly available|(is|are|it['’]s|they'?re|will be|'ll be|can be) (already |all )?public|public anyway|already published|published (on(?! \d)|openly|as-is)|published open data)\b/i;
// Nineteenth session: a statement that one part is public, contrasted in its sentence with the
// parts that are not ("The quiz-engine package is open source, but the renderer and editor are
// not.", fl-044, under Notes beside a fix of the renderer and editor), does not say the material the
// task handles is public (docs/task-labelling.md, "privacy": PUBLIC only when the caller states the
// material is public). Read as a sentence that ends denying the statement for another subject.
const CONTRASTED_DENIAL = /\b(?:(?:are|is) not|aren['’]t|isn['’]t)\W*$/i;
/** The words after a public statement to the end of its sentence (segment.ts splits clauses at "but"). */
function restOfSentence(clauses: Clause[], c: number, from: number): string {
  let rest = clauses[c]!.text.slice(from);
  for (let n = c + 1; n < clauses.length && clauses[n]!.sentence === clauses[c]!.sentence; n++) rest += ` ${clauses[n]!.text}`;
  return rest;
}
// Twenty-first session: a rule that only names a kind of personal data (personal data, phone
// numbers, passport data, GDPR, people's records deleted or merged) says what the material is
// about, not that the task holds it. Work that reads or writes a document or code and no stored
// record (REVIEW, DOCS, REFACTOR, CONFIG_CHANGE) handles such data only where the request carries
// it (a person's e-mail address, phone number or identifiers pasted in) or reads stored patients'
// records (docs/task-labelling.md, "privacy": data *handled by the task*; code that merely concerns
// keys is INTERNAL, and so is code or a document that merely concerns a field of personal data).
// Of the development requests of those types matched only by such a name, 36 are INTERNAL and 1
// is not (ec-111, labelled by its writer's analogy with secrets): a DPIA or retention policy
// reviewed (ez-087, ft-151), a runbook with a helpdesk's number (ft-147), an anonymisation script
// reviewed before it runs (fu-134), a field renamed (eh-053), a log level set (fe-093).
// Twenty-second session: a PIN or an access code (a door, gate, alarm or key-safe code) is a
// credential: it opens something, as a password does (docs/task-labelling.md, "privacy": SECRET
// where credentials are in the material or the task, a rule not to print them included; the
// writers of parts 98ze-98zg count PINs and access codes so). Its value is handled where it is
// logged, printed or kept in plain text ("writes each tenant's gate PIN in plain text to
// /var/log/gatekeeper/keypad.log … Stop logging the PIN", fy-011; "keeps the crematorium staff PINs
// as plain MD5 hex digests", bt-120), as a token written to a log is (the rule above). A PIN
// login, screen or lockout is code that concerns PINs (rate limits on PIN attempts: hk-068,
// fc-154, ds-086, INTERNAL), and "pin" the verb pins a version. ACCESS_CODE lives in secrets.ts
// (twenty-eighth session), where risk reads the same codes written to a log.
// Case-sensitive, so that "pin" the verb ("pin it by the window", "pin counts") is no PIN; "logs
// you in" is a login (ei-054).
const ACCESS_CODE_WRITTEN_OUT = new RegExp(
  String.raw`\b(?:[Pp]rint(?:s|ed|ing)?|[Ll]eak(?:s|ed|ing)?|[Ee]cho(?:es|ed|ing)?|[Dd]ump(?:s|ed|ing)?|[Ee]xpos(?:e|es|ed|ing)|[Ll]og(?:s|ged|ging)?(?![- ](?:[a-z]+ )?in\b))\b[^.;\n]{0,40}?\b${ACCESS_CODE}|\b${ACCESS_CODE}[^.;\n]{0,40}?\b(?:in (?:plain|clear) ?text|as plain\b|in (?:the )?clear\b)`,
);
// Twenty-third session: a code that opens a door, gate, keypad, key safe, lockbox or locker is held by
// the work where the work adds, stores, shows, sends or hides one ("add an optional key safe code to a
// job in crewplan", fz-184) or puts it on a page, screen or message ("key safe code on the arrival
// page", fz-194): SECRET at the type's base (docs/task-labelling.md, "privacy", the settled row: 3 of
// 3). A column added for codes to come ("add jobs.key_safe_code_enc", fz-189) and a message that only
// says a code was sent ("get their locker code by SMS", fk-027) hold none.
const DOOR_CODE = String.raw`(?:[Dd]oor|[Gg]ate|[Ee]ntry|[Kk]eypad|[Ll]ockbox|[Kk]ey ?safe|[Ll]ocker) codes?\b`;
const DOOR_CODE_HELD = new RegExp(
  String.raw`\b(?:[Aa]dd(?:s|ed|ing)?|[Ss]tor(?:e|es|ed|ing)|[Ss]av(?:e|es|ed|ing)|[Ss]how(?:s|n|ed|ing)?|[Dd]isplay(?:s|ed|ing)?|[Ss]en(?:d|ds|ding|t)|[Tt]ext(?:s|ed|ing)?|[Ss]har(?:e|es|ed|ing)|[Ww]ip(?:e|es|ed|ing)|[Ee]ncrypt(?:s|ed|ing)?|[Hh]id(?:e|es|den|ing))\b[^.;\n]{0,40}?\b${DOOR_CODE}|\b${DOOR_CODE}[^.;\n]{0,30}?\b(?:on|in) (?:the|a|their|his|her|each) (?:[\w-]+ )?(?:page|app|screen|dashboard|e-?mails?|sms|texts?|messages?)\b`,
);
const HANDLES_NO_RECORDS: ReadonlySet<TaskType> = new Set(["REVIEW", "DOCS", "REFACTOR", "CONFIG_CHANGE"]);
/**
 * The rules that only name a kind of personal data (the work decides whether the task holds it).
 * Twenty-third session: payment data named beside a log is such a name too, now that risk.ts's one
 * expression reads card data as well as bank details ("don't log driver card numbers at any level"
 * on a log level set, fe-093, INTERNAL; card numbers and IBANs were already PERSONAL_DATA's names).
 */
const NAMES_A_KIND_OF_DATA: ReadonlySet<Matcher> = new Set<Matcher>([
  PERSONAL_DATA_HANDLED,
  DATA_PROTECTION_LAW,
  PASSPORT_DATA,
  PERSON_RECORDS,
  PAYMENT_DATA_LOGGED,
]);

// Twenty-fourth session (guide24), the guide's settled row: a fix that closes another party's access
// to records (reached by changing or guessing an id, by anyone, or with no login: others-records.ts,
// the reading access.ts and risk.ts share) is the check that ties a record to its party; it reads,
// stores and moves none of the records' content, so what the records hold ("other customers' medical
// reports", "any patient's audiograms", "the customer's phone number") names a kind of data, not data
// the task handles: INTERNAL in 20 of 29 development entries, 18 writers against 8 (fc-147, gd-125,
// fn-149; by-135, bs-032, dh-021 relabelled). Personal data pasted into the request (a
// proof-of-concept's e-mail and phone, an access log's address: eg-014, ge-192, er-096) is still
// handled, as are columns rewritten and documents moved.
const CLOSES_ACCESS: ReadonlySet<TaskType> = new Set(["BUG_FIX", "SECURITY_FIX"]);
const RECORDS_DESCRIBED: ReadonlySet<Matcher> = new Set<Matcher>([...NAMES_A_KIND_OF_DATA, PATIENT_RECORDS]);

const PRIVACY: [Matcher, PrivacyClass, string][] = [
  [SECRET_MENTION, "SECRET", "mentions credentials or keys"],
  [
    /\b((?:access|auth|bearer|bot|api|slack|github|npm) tokens?|tls (private )?keys?)\b|(?<!\/etc\/)\bpasswd\b|(?<!\b(forgot|forgotten|reset|resetting) (the |their |your |a |my )?|\b(?:chang(?:e|es|ed|ing)|resets) (?:her|his|their|your|my) |[/\w-])passwords?\b(?! (reset|link|page|form|field|strength|policy|is required|logins?|change|step|check|auth|authentication|hash(?:es|ing)?|guessing|users))(?![/\w-])/i,
    "SECRET",
    "mentions credentials or keys",
  ],
  // A .env file is where plain settings live ("set LOG_LEVEL=warn in .env.production" is INTERNAL,
  // 24 of 26 such entries); it is secret material when the request keeps its values from leaking
  // ("Do not commit the real .env", "don't paste any real values from the production .env").
  [
    /\b(?:commit(?:s|ted|ting)?|past(?:e|es|ed|ing)|print(?:s|ed|ing)?|shar(?:e|es|ed|ing)|log(?:s|ged|ging)?|expos(?:e|es|ed|ing)|upload(?:s|ed|ing)?|push(?:es|ed|ing)?|leak(?:s|ed|ing)?|publish(?:es|ed|ing)?)\b[^.;]{0,50}?(?<![\w-])\.env\b(?!\.example)/i,
    "SECRET",
    "keeps a .env file's values from leaking",
  ],
  [CREDENTIAL, "SECRET", "carries a credential"],
  [KEY_ROTATED, "SECRET", "a key, certificate or webhook is rotated, revoked or leaked"],
  [
    /\b(rotat(e|ing)|revok(e|ing)|leak(ed|s)?)\b[^.;]{0,30}?\b(?:(?:access|auth|bot|api|bearer|slack|github|npm|publish) tokens?|(?:the|this|that) token)\b/i,
    "SECRET",
    "a token is rotated, revoked or leaked",
  ],
  // Eighteenth session: a token written to a log is printed as much as an echoed one, and a rule
  // not to log it guards its value (docs/task-labelling.md, "privacy": a rule not to print
  // credentials is SECRET): "Stop the app logging the user's JWT", "Don't log the token value
  // anywhere", "Do not log reset tokens" (5 of 5 such requests SECRET, five writers). Being
  // "logged in" with a token is a session, not a log.
  [
    /\b(print(s|ed|ing)?|leak(s|ed|ing)?|echo(es|ed|ing)?|dump(s|ed|ing)?|expos(e|es|ed|ing)|log(s|ged|ging)?(?![- ]in\b))\b[^.;]{0,30}?\b(?:tokens?|jwts?)\b/i,
    "SECRET",
    "a token is printed, logged or leaked",
  ],
  [ACCESS_CODE_WRITTEN_OUT, "SECRET", "a PIN or access code is logged, printed or kept in plain text"],
  [DOOR_CODE_HELD, "SECRET", "the work holds codes that open a door, gate or key safe"],
  [REWRITES_HISTORY, "SECRET", "rewrites shared history, which is how leaked material is purged"],
  [PUBLIC_STATEMENT, "PUBLIC", "the caller says the material is public"],
  [PERSONAL_DATA_HANDLED, "RESTRICTED", "mentions personal data"],
  [PAYMENT_DATA_LOGGED, "RESTRICTED", "writes payment card or bank data to logs"],
  [DATA_PROTECTION_LAW, "RESTRICTED", "handles data under a data-protection law"],
  [PATIENT_RECORDS, "RESTRICTED", "handles what is stored about patients"],
  [PERSON_RECORDS, "RESTRICTED", "rewrites or deletes records of people"],
  [PEOPLES_DOCUMENTS_MOVED, "RESTRICTED", "moves or deletes people's health or identity documents"],
  [PERSON_IDENTIFIERS, "RESTRICTED", "carries a person's identifiers (a record number, a date of birth)"],
  [PERSONS_EMAIL, "RESTRICTED", "carries a person's e-mail address"],
  [PERSONS_PHONE_NUMBER, "RESTRICTED", "carries a person's phone number"],
  [PASSPORT_DATA, "RESTRICTED", "handles passport data"],
  [PERSON_COLUMNS_REWRITTEN, "RESTRICTED", "rewrites person records"],
];

export function privacyOf(clauses: Clause[], taskType: TaskType): Finding<PrivacyClass> {
  const kindsAreNotData = HANDLES_NO_RECORDS.has(taskType);
  // Read once, and only when a rule that names a kind of data would decide (CLOSES_ACCESS).
  let closesAccess: boolean | undefined;
  const guardsRecordsOnly = (): boolean =>
    (closesAccess ??= CLOSES_ACCESS.has(taskType) && clauses.some((clause) => gatedTest(OTHERS_RECORDS_REACHED, clause.text)));
  // Indexed loops: destructuring iterators allocated on every rule and clause.
  for (let r = 0; r < PRIVACY.length; r++) {
    const { 0: pattern, 1: value, 2: reason } = PRIVACY[r]!;
    if (kindsAreNotData && NAMES_A_KIND_OF_DATA.has(pattern)) continue;
    if (RECORDS_DESCRIBED.has(pattern) && guardsRecordsOnly()) continue;
    for (let c = 0; c < clauses.length; c++) {
      const clause = clauses[c]!;
      const match = gatedExec(pattern, clause.text);
      if (match && pattern === PUBLIC_STATEMENT && CONTRASTED_DENIAL.test(restOfSentence(clauses, c, match.index + match[0].length)))
        continue;
      if (match) return { value, span: spanIn(clause, match), reason };
    }
  }
  return { value: "INTERNAL", span: null, reason: "nothing says the material is public or sensitive" };
}
