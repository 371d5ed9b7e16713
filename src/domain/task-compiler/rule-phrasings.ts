// Rule phrasings (seventeenth session), beside constraint-forms.ts which is at its size: rule forms the blind parts of the sixteenth and seventeenth sessions write,
// each a rule by the same reading as the forms in constraint-forms.ts (read on a clause's masked
// words; they make a clause HARD only, not negated for the type vote):
// - "shall not" / "shall never": the contract's "must not" ("The tests shall not call the live
//   GOV.UK Pay service", "The document shall not contain any personal data examples");
// - "I don't want anything changed", "Not asking for changes — just tell me …": the "no changes" of
//   advice-only asks in other voices, as "I don't want any changes" and "not changing anything";
//   twenty-fourth session (guide24): not "not asking for a fix", which names the answer wanted as "I
//   want the cause, not a patch" does (the guide's settled row: 11 of 15 such nouns not HARD, fg-047,
//   en-081, bz-159), while the verb "don't fix it yet" stays a rule;
// - "<subject> must keep the old/original name": preserving what exists, as "must keep its …";
// - a trailing ", same <thing> as now/today" after the ask ("Replace them with p-retry, same retry
//   counts and backoff as now"): an invariance against today's behaviour, as a clause that is only
//   "Same delays as today" already was ("same bug as before" points at an earlier event instead);
// - "Same file byte for byte": the verbless invariance of any output, as "Same output formats";
// - "has to match the lender's to the penny": an exactness the work must keep, as "must match the
//   current output to 6 decimal places";
// - a verbless ban on an action on data or a system ("no locking the vehicles table during showroom
//   hours", "No dropping messages"), as "no touching the tests folder", and loss of data denied ("no
//   message loss", "no data loss");
// - a non-native denial of adding something new (", not add new email library"), and "use X, not a
//   new Y" / "use X, no Y" ("use the existing Toast component, not a new library", "use the v2 APIs,
//   no pydantic.v1 compat imports"): the way of working rules the alternative out, as "use the
//   factories, not the prod dump";
// - ", not a real applicant account" after an instruction: stand-in data over the real thing, as "test
//   with the fixture, not with real customer rows";
// - personal data denied after "so" or "and definitely" ("it goes on our public changelog page, so no
//   customer names", "…, and definitely no names"), as ", no names";
// - "files under deploy/ are changed by Ops only": a permission kept to others, as "may only be
//   changed by the QA team".
// What is said not to be needed is released, not denied (as in constraint-forms.ts).
import { KEPT_VALUE, MADE_SURE_KEPT, MUST_KEEP } from "./keep-rules.js";
import { CONTRAST_LEAD, MACHINE_NAME, PATH_WITH_PART } from "./path-kinds.js";

const NO_RELEASE = String.raw`(?![^;,.]{0,30}\b(?:needed|required|necessary)\b)`;

// Eighteenth session:
// - personal data or screenshots denied in what the work produces, opening a clause or after a comma
//   ("No attendee names or e-mails in the file", "No screenshots with member names", "no screenshots
//   of real patient records", "No student names or emails in the file": 4 writers, all HARD), as ",
//   so no customer names" above;
// - a verbless invariance of the output opening a clause ("same output exactly, we compare with the
//   300 invoices", "Same output for every locale", "Same results to the cent", "Same output formats":
//   5 writers, all HARD); a hedge before it makes it SOFT as any other.
//   Twenty-sixth session (hard26): the output may be named by its kind ("Same PDF output", gh-056;
//   "same formatting output in all screens", dx-143) and a colon may lead to its reason ("Same
//   output: Des compares the tickets by eye every morning …", ga-193). One development row leaves
//   such a clause unlabelled ("Same dispatch results" on a refactor, dl-163), against the guide's
//   invariance ("no behaviour change", "Same output formats": HARD).
const EIGHTEENTH_FORMS = [
  String.raw`(?:^|,\s+)(?:and\s+)?no\s+${NO_RELEASE}(?:real\s+|actual\s+)?(?:[\w-]+\s+)?(?:names?|e-?mails?|e-mail\s+addresses|phone\s+numbers|screenshots)\b(?:\s+(?:or|and)\s+(?:[\w-]+\s+)?[\w-]+)?\s+(?:in|of|with|from)\s`,
  String.raw`^same\s+(?:[\w-]+\s+)?(?:outputs?|results?)(?:\s+(?:formats?|exactly|for|to|byte|as|in)\b|\s*[.!,]?$|:)`,
];

// Nineteenth session (branch `hard19`): rules the blind parts 98p-98r state in the grammar the guide
// reads as binding ("a prohibition or obligation stated as binding"), in voices the forms above miss:
// - a negative "should" with a verb of change, whatever its subject ("The shift rules themselves
//   shouldn't change at all", "The erasure job itself should not be changed", "No migration should
//   be created for the table": fj-200, fl-198, fl-186), as "must not" and "shall not" already were,
//   and a negative subject with "should be" and such a participle;
// - a freeze in the passive present ("Nothing under infra/helm/ is edited by hand any more", fl-060),
//   as the active "nothing under X changes this week";
// - a negative subject kept from production ("None of this goes to prod before January", fl-152), as
//   "nothing goes to production", and production denied as an elliptical target held for now ("not
//   to production track yet", fk-094), as "Not to conda-forge yet.";
// - personal or customer data denied in the test material the work writes, with or without an
//   article, after "so" or "and" ("No real pupil or parent names in fixtures", "so no customer data
//   in the fixtures": fl-057, fl-085), as "no real addresses in the report";
// - a verbless invariance of what the code computes or does, opening a clause ("Same logic, only
//   names", "same instalment amounts for every plan", "Same matching behaviour": fj-178, fj-150,
//   fh-031), as "Same behaviour"
//   ("Same image, same node pool" still describes a setup: only logic and computed amounts);
// - a path or an environment the work is confined to, as a clause of its own with an optional
//   bracketed reason ("requirements/base.txt only", "prod-us only (UK schools don't send POs)":
//   fl-062, fl-136), as "Tests only" (a bare word before "only" is HARD_SHORT's); the answer's kind
//   ("Numbers only", "Proposal only") still names the answer;
// - a step of the work deferred by "nothing yet" ("and re-queue nothing yet, I'll do that myself",
//   fl-014), as "Don't fix it yet" ("it returns nothing yet" describes: the verb must open the part).
const CHANGE_PARTICIPLE = String.raw`(?:changed?|altered|edited|modified|touched|created|added|removed|deleted|renamed|moved|rewritten|replaced|regenerated|bumped|upgraded|deployed|released)`;
const NINETEENTH_FORMS = [
  String.raw`\bshould(?:\s+not|n'?t)\s+(?:be\s+)?${CHANGE_PARTICIPLE}\b`,
  String.raw`(?:^|[:,;]\s+)(?:nothing|none|no\s+[\w-]+)\s+(?:[\w-]+\s+){0,3}?should\s+be\s+${CHANGE_PARTICIPLE}\b`,
  String.raw`\bnothing\s+(?:new\s+)?(?:under|in|inside)\s[^;]{0,60}?\b(?:is|are|gets?)\s+${CHANGE_PARTICIPLE}\b`,
  String.raw`\b(?:nothing|none\s+of\s+(?:this|it|these|them|that|those))\s+(?:goes|ships|lands|is\s+(?:deployed|released|shipped))\s+(?:to|on|in|into)\s+(?:prod|production|live)\b`,
  String.raw`(?:^|,\s+)(?:but\s+)?not\s+(?:on|in|to|into|for)\s+(?:the\s+)?(?:prod|production|live)\b(?:\s+[\w-]+)?\s+(?:yet|for\s+now)\b`,
  String.raw`(?:^|[,(]\s*|\b(?:so|and)\s+)no\s+(?:[\w-]+\s+){0,4}?(?:names?|data|e-?mails?|addresses|records|details|pii)\s+in\s+(?:(?:the|any|our)\s+)?(?:fixtures?|test\s+data|tests|seeds?|factories|snapshots?)\b`,
  String.raw`^(?:and\s+)?same\s+(?:[\w-]+\s+)?(?:logic|semantics|behaviou?r|amounts?|totals?|figures|calculations?)\b`,
  String.raw`^(?!(?:numbers?|counts?|figures|totals|findings|advice|plan|opinion|comments?|feedback|summary|answers?|reports?|text|links?|names?|propos\w*)\b)(?:[\w-]*[./][\w./-]*|[\w-]+(?=\s+only\s*\())\s+only\s*(?:\([^)]*\)\s*)?[.!]?$`,
  String.raw`(?:^|,\s+|\band\s+)(?:please\s+)?(?!(?:is|are|was|were|has|have|had|there|it|we|i|you|they|he|she|shows?|says?|returns?|gets?|got|found|finds|sees?|saw|do|does|did|changes?|happens?|means?)\b)[a-z][\w-]*\s+nothing\s+(?:yet|for\s+now)\b`,
];

// Twentieth session (branch `hard20`): rules the blind parts 98u-98w (and the earlier 98p-98t) state
// in forms the guide already names, in wordings the forms above missed:
// - "Comments only" on a review, with the reviewed thing named ("comments on the pull request only",
//   "comment on the PRs only", "Just comments in the RFC's PR please": fo-149, fq-177, fo-108; 38 of
//   38 development sentences of this form labelled HARD), as the guide's "comments on the PR only";
// - an output held identical by a clause opening with "same", however long its subject ("same names
//   produced for every existing employer and run, byte for byte", "Same output bytes for the same
//   photo": fq-185, fo-141), generalising "Same file byte for byte" and "Same output formats";
// - a negative subject with "should" and any verb ("No other resources should show in the plan",
//   fp-106), as "must not" and "No migration should be created";
// - a scope limit on the records the work acts on, after the ask ("Please delete them, only rows with
//   this exact name and email", "reverse those credits …, and only those": fk-035, fn-108), the
//   guide's "only …" limit;
// - a time window the work is confined to, opening a clause ("Only during the Sunday maintenance
//   window", fm-067), as "off-peak only";
// - a thing named out of scope after a comma ("Singles only in this version, accas out of scope",
//   fn-018), as an "Out of scope:" bullet (11 of 11 HARD in the guide);
//   twenty-fourth session (guide24), the guide's settled scope-words row: scope words in a sentence
//   of their own are the same rule ("Findings rated Medium and Low are out of scope for this ticket",
//   fd-117; "Production is not in scope", dt-098; "Production is NOT part of this ticket", fv-156;
//   "…, not part of this", gd-091; "Not in this ticket.", eh-061: 8 of 12 prose entries, 8 writers
//   against 4, labelled HARD), while "X is a separate ticket" and "the fix comes in a later PR" say
//   where other work goes and stay no rule (40 of 41); what was out of scope ("was not in scope",
//   cb-197) is background;
// - a path left in its present form ("Leave customer-app/assets/brand/** as PNG", "Leave
//   apps/mobile/src/legacy/vendor/*.js as JS": fp-167, fg-036), as "leave X as it is";
// - "use X, not Y" after "and", and with a verb before "new" in non-native English ("…, and use the
//   fixtures from conftest, not make new ones", fo-128), as "use X, not a new Y".
// - internal names kept out of what the work publishes, wherever the denial stands ("so friendly tone
//   and no internal names please!", fq-147; "No internal hostnames in the examples", ep-061: 10 of 10
//   such sentences labelled HARD), as ", so no customer names";
// - "Only this value, nothing else in the file" (fq-007): a limit to one thing, as "only this file,
//   not …" (in constraint-forms.ts).
// Thirtieth session (hard30): the "Comments only" limit wherever the comments go, not only on a PR,
// MR, RFC or doc named with an article: "comment on GitHub only" (bc-124), "Comments on the PR (#391)
// only" (ft-188), "comments in the review thread only" (fy-147), and "just comment on the PR" with the
// verb (gd-133): 102 of 102 development sentences of the two shapes labelled HARD, 79 writers. Not code
// comments ("just comments in the code" asks for them).
const COMMENTS_ONLY = String.raw`\bcomments?\s(?:on|in)\s[^;,.\n]{1,40}?\sonly\b|\b(?:just|only)\s(?:leave\s)?comments?\s(?:on|in)\s(?!(?:the\s)?(?:code|source|files?|scripts?|functions?|class(?:es)?|modules?)\b)\S`;
const TWENTIETH_FORMS = [
  COMMENTS_ONLY,
  String.raw`^same\s+[^;]{1,80}?\s(?:byte|bit)[- ]for[- ](?:byte|bit)\b`,
  String.raw`^same\s+(?:outputs?|results?)\s+[\w-]+\s+(?:for|to|as)\b`,
  String.raw`(?:^|[:,;]\s+)no\s+(?:[\w-]+\s+){1,3}?should\s+(?!be\s+(?:needed|required|necessary)\b|need\b)\w`,
  String.raw`,\s+(?:and\s+)?only\s+(?:those|these|them|the\s+ones|rows|records|entries)\b`,
  String.raw`^(?:please\s+)?only\s+(?:during|within|outside|after|before|between)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,3}?(?:window|hours)\b`,
  String.raw`(?:,\s+(?:[\w-]+\s+){1,3}?|\b(?:is|are)\s+)(?:out\s+of|not\s+in)\s+scope\b|(?:\b(?:is|are)\s+|'s\s+|,\s+(?:and\s+|but\s+)?)not\s+part\s+of\s+this\b|^not\s+in\s+this\s+(?:ticket|issue|pr|change|release)\s*[.!]?$`,
  String.raw`^(?:and\s+|please\s+)*leave\s+(?=[^\s;,]*[/\\])[^\s;,]+\s+as\s+(?!(?:it|they)\s+(?:is|are)\b)\w`,
  String.raw`(?:^|[,;(]\s*|\b(?:so|and)\s+(?:please\s+)?)no\s+internal\s+(?:[\w-]+\s+)?(?:names|hostnames|urls|links|ids)\b`,
  String.raw`(?:^|,\s+and\s+)(?:please\s+)?use\s[^;]{1,80}?,\s+(?:and\s+)?(?:not\s+(?:(?:make|create|add|write|making|creating|adding|writing)\s+)?(?:an?\s+|any\s+)?new\b|no\s+${NO_RELEASE}\w)`,
];

// Twenty-second session (branch `hard22`): the guide's invariance ("must stay backwards compatible",
// "no behaviour change") in two more shapes many writers share:
// - "same <what the work produces>" bound to the cases it must hold for: for every/each/all/any
//   case, on the existing or numbered fixtures, in both places, to the cent or penny ("same outputs
//   for every licence type", "Same prices for every band", "same prices on the 140 fixture quotes",
//   "same behaviour in both", "same output to the cent": fy-154, fz-050, fz-187, fw-100, fv-083; 15
//   of the 16 development clauses of this shape that open a clause are labelled HARD, the last
//   inside a longer rule). The quantifier is what makes it a requirement over inputs rather than a
//   description of one setup ("the same cremator slot on 14 Nov", "Same here on 2.4.0" open no
//   clause or name no output); it also ends a clause after the ask (constraints.ts, TRAILING_RULE);
// - an obligation's modal before two verbs and "exactly the same" ("the prices must come out
//   exactly the same", ga-199), as "must look exactly the same" was with one; not "should", which
//   bug reports use for the expected behaviour ("URLs should pass through unchanged");
//   twenty-fifth session (branch `hard25`): "identical" as "exactly the same" there ("Prices must come
//   out identical on the 2024 price list", gc-113; ft-180, ge-107: 9 of 9 development sentences with
//   "must come out identical/the same" are labelled HARD; only acceptance items were read before);
// - how data must come about, denied in the passive after a comma ("amounts come from the meter
//   record, never recalculated in dispatchd", "The figures must come from the stored quote, never
//   recalculated in the portal", "every index goes through a migration, never created by hand":
//   fz-017, ft-125, fh-035, 3 of 3 HARD), as "is kept for 10 years and never deleted"; segment.ts
//   splits the clause at ", never", and a place or agent must follow ("New members (joined, never
//   stayed) should …" describes); in an acceptance item too (ACCEPTANCE_DENIAL);
// - stand-in data required in what the work writes ("Use a made-up donation number in the examples",
//   "Use made-up addresses in any screenshots", "Use a fake number in the example command": fy-150,
//   fz-158, es-017), the positive form of "no real addresses in the examples", which the guide's
//   writers label where it stands alone, ending its sentence at the place it names (beside a denial,
//   "…in the screenshots and examples; no real guest names …", fu-087, they label the denial).
export const SAME_ACROSS_CASES = String.raw`^(?:and\s+)?same\s+(?!(?:here|thing|issue|problem|bug|error|again|as)\b)(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:for\s+(?:every|each|all|any)\b|on\s+(?:the\s+|all\s+|every\s+)?(?:\d|existing|current)|in\s+both\b|to\s+the\s+(?:cent|penny)\b)`;
// A trailing elliptical limit after the ask, split from it as its own rule (constraints.ts,
// TRAILING_RULE), as "Not before 18:00 ET" and "Not prod." are when they open a sentence (fr-089): a
// time the work may not start before ("Roll dispatchd v2.14.3 to production tonight, not before 2am",
// fz-013), production denied ("…to the DC1 staging handhelds, not production, the night shift will
// test it", fs-067), or a kind of change denied at the end of the ask ("apply all minor/patch npm
// updates, no major version bumps", "rename Pupil.licNo -> provisionalLicenceNumber, no DB column
// change": fy-079, fy-114; 54 of 54 commit titles ending so are labelled HARD), as ", no behaviour
// change" was. Twenty-eighth session (hard28): a machine denied the same way, known by its bare name
// ("Deploy signal-gateway 3.9.1 to arc-rx01 tonight, not arc-rx02.", gq-131; "Install … on FIN-UAT01,
// the finance UAT box. Not FIN-APP01.", fw-193): the target the ask must not reach, as production.
export const TRAILING_LIMIT = String.raw`^(?:but\s+)?not\s+(?:(?:before|earlier\s+than)\s+(?:\d|midnight|noon|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|(?:(?:on|in|to|into|for)\s+)?(?:the\s+)?(?:prod|production|live|${MACHINE_NAME})\b(?:\s+(?:yet|for\s+now))?\s*(?:[,.;!]|$))|^(?:and\s+)?no\s+${NO_RELEASE}(?:[\w.-]+\s+){1,2}(?:changes?|bumps?|edits?)\s*[.!]?$`;
const PASSIVE_NEVER = String.raw`^(?:and\s+)?never\s+[a-z]+ed\s+(?:in|by|on|from|into|at|outside)\s`;
const TWENTY_SECOND_FORMS = [
  SAME_ACROSS_CASES,
  PASSIVE_NEVER,
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+[a-z]+\s+[a-z]+\s+(?:exactly\s+the\s+same|identical)\b`,
  String.raw`^(?:please\s+)?use\s+(?:only\s+)?(?:an?\s+|some\s+)?(?:made[- ]up|fake|dummy|fictional|fictitious|invented|synthetic)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:in|for)\s+(?:the\s+|any\s+|all\s+|every\s+|each\s+)?(?:examples?|screenshots?|docs|documentation|fixtures?|tests?|test\s+data|samples?|readme|runbook)\b(?:\s+[\w-]+)?\s*[.!]?$`,
];

// Twenty-third session: the guide's "don't fix it yet" and advice-only "no changes" (HARD, 13 of 13
// and 35 of 35) in the voices its writers use: "I don't need anything changed, just tell me …" (fr-034,
// as "I don't want anything changed" above), the non-native "I don't want fix now, only find the
// reason" (fy-188), and "don't change anything yet" inside a run-on chat line ("just find out don't
// change anything yet", bg-196), where it opens no clause: all 20 development rows with these words
// label them HARD.
// Twenty-fourth session (guide24): "I don't want a fix now", with the article, is the noun that names
// the answer wanted ("I don't need a fix today", es-083, em-088): not a rule by the guide's settled
// row; the non-native verb without it ("I don't want fix now") still is.
const TWENTY_THIRD_FORMS = [
  String.raw`\b(?:i|we)\s+(?:don'?t|do\s+not)\s+want\s+(?:to\s+)?(?:fix|change|patch)(?:es)?\s+(?:now|yet)\b`,
  String.raw`\b(?:don'?t|do\s+not)\s+(?:change|fix|touch|modify)\s+anything\s+yet\b`,
];

// Twenty-third session: a list item that only denies a thing ("- no SMS fallback", "- no SMS codes",
// "- no deletes": dm-072, fd-058, fx-014) states a prohibition as binding as "- no new dependencies":
// outside acceptance lists, 65 of the 66 development items so worded are labelled HARD (fh-080's "- no
// SMS option" is the one left out, against the guide's HARD for a stated prohibition). Not a release
// ("no rush", "no downtime needed") nor what someone observed ("- no errors in Sentry", "- no
// response", "- No retries planned", "- no share is negative"), which a symptom list holds. Read by
// constraints.ts on a dash or star item's own words only: a numbered step ("3. No row in …") is a
// reproduction, and a piece after a label ("- C: no cache, but …") one option among others.
export const ITEM_DENIAL = new RegExp(
  String.raw`^no\s+${NO_RELEASE}(?!(?:errors?|warnings?|exceptions?|response|responses|logs?|output|data|results?|idea|rush|worries|difference|issues?|problems?)\b)[\w-]+(?:\s+(?!(?:is|are|was|were|has|have|had|gets?|got|[\w-]+ed)\b)[\w-]+){0,2}\s*[.!]?$`,
  "i",
);

// Twenty-fifth session (branch `hard25`): a denial that draws the consequence of a reason ("The CSV is
// read by the union's roster checker, so don't reorder the other columns", fi-073; "A few other small
// shops use it too, so don't break the existing data-unit attribute", fs-133; "Finance will do the
// credit notes separately, so please don't generate any", gd-022) is the guide's prohibition whatever
// its verb: 31 of the 35 development clauses with "so don't <verb>" are labelled HARD; the older
// expression read it only before a listed verb of change. Not before a verb of mind or expectation
// ("so don't take my word for it", "so don't expect a quick reply", "so don't worry").
const CONSEQUENCE_DENIAL = String.raw`\bso,?\s+(?:please\s+|pls\s+)?(?:don'?t|dont|do\s+not|never)\s+(?!(?:worry|take|expect|think|know|be|get|panic|stress|hesitate|bother|mind|forget|wait|need|have|hold)\b)[a-z]`;

// Thirty-first session (hard31): a negative subject ("nothing", "nobody", "no one") with a verb of
// work on what exists is the guide's prohibition stated as binding, whatever carries the verb: a
// modal ("nothing in doseledger/core/ can change", ha-110; "nothing may ever be deleted from the live
// arrangement database", gy-146), "get" ("nothing gets deployed to prod-weu this week", fu-146;
// "Nothing gets changed in the pipeline", ha-076), the passive present ("nothing existing is
// updated", fv-182) or the progressive ("nobody's touching the barrier config", gl-168). The forms
// before read it only with "may / must / shall" or after a place ("nothing under X is changed"):
// 93 of the 105 development clauses with a negative subject and such a verb are labelled HARD, 66
// writers; the 12 others are approval gates ("nothing gets changed until I've signed off", read as
// the mode: clause-hardness.ts), symptoms ("nobody can merge": not a verb of change here) and what a
// feature or a document says ("nothing is sent", "Explains that nothing is written": neither verb is
// read, and a subject after "make sure" or "so that" is the ask's result). Nor a
// consequence the design draws ("it's a brand new column so nothing gets overwritten", et-003), a
// fact in the perfect ("nobody's touched it since the summer", fp-053), or a hold until the caller
// agrees ("Nothing gets changed until I've agreed the plan", ev-018: a gate).
const CHANGE_VERB = String.raw`(?:chang|touch|edit|modif|alter|delet|remov|deploy|restart|reboot|rerun|regenerat|rewrit|overwrit|updat|truncat|purg|migrat|renam)`;
const NEGATIVE_SUBJECT_WORK = String.raw`(?<!\b(?:sure|so\s+that|if|whether|why|how|when|what)\s)\b(?:nothing|nobody|no\s+one|no-one)\b[^;,.?!]{0,60}?(?:\s(?:may|can|must|should|shall|will|is\s+to|are\s+to)\s+(?:ever\s+)?(?:(?:be|get)\s+)?|(?<!\bso\s+nothing)\s(?:gets?|is|are)\s+(?:ever\s+)?|'s\s+(?=\w+ing\b))${CHANGE_VERB}(?:e|es|ed|ing|y|ies|ied|ten|un)?\b(?![^;,.?!]{0,80}?\buntil\s+(?:i|we)\b)`;

// Thirty-first session (hard31): a trailing ", not (in) <path>" after the ask is the guide's HARD
// contrast with a part of the system (guide24; gf-082, gz-173, do-199), whatever the ask's verb:
// the path has a folder and a further folder or extension (PATH_WITH_PART), so a unit ("in knots,
// not m/s") is not read.
// trailingPathException (forbidding-clauses.ts) forbids the path.
const PATH_CONTRAST = `${CONTRAST_LEAD}${PATH_WITH_PART}`;

// Thirty-first session (hard31): identifying data denied in what the work writes, by a verbless
// "no <data>" opening its part of the sentence: names, ids, numbers, addresses, photos, e-mails,
// details, identifiers or passwords, whatever words qualify them ("no real children's names in the
// fixtures", gj-020; "no real members' names or photos in the examples", go-177; "no personal
// mobile numbers in the runbook", gl-139; "no internal names, no player names", fx-177; "log every
// report view with the token and time, no IP addresses", gv-144). The older forms read it only
// before a listed product and without an apostrophe; 67 of the 75 development parts of this shape are
// labelled HARD, 45 writers. Not in brackets that describe a data set ("(no names) for the consent
// register", fl-027), not "no idea", nor before a verb that reports ("no names appear", "no photos
// uploaded"); a version number identifies no one ("layer names lowercase snake_case, no dates or
// version numbers in the name", ex-119: the content of the page written). Read by constraints.ts
// after the request's first clause: there it is the condition the ask then meets ("… agreed we can
// have a realistic staging database, on one condition: no real client details. So, could you write
// an anonymisation script …", cb-193: the ask's result, as the guide's "make sure" row reads it).
export const DATA_DENIED = new RegExp(
  String.raw`(?:^|[,:;(]\s*|\b(?:and|so|please)\s+)no\s+(?!idea\b)(?:[\w'’-]+\s+){0,4}?(?:names|ids|(?<!\bversion\s)numbers|addresses|photos|e-?mails|details|identifiers|passwords)\b(?![^;,.)]{0,60}\))(?!\s+(?:\w+ed|is|are|was|were|appears?|shows?|comes?|loads?|should|will|can|needs?)\b)`,
  "i",
);

// Thirty-first session (hard31), the guide's decided passive "left alone" row (guide31: HARD, from
// the subject to "alone" / "as it is", a set of rows, records or files the work would otherwise
// reach): "Contacts without an e-mail are left alone" (gl-156), "Bookings still on an unpaid FD
// statement are left alone" (gs-176), "Rows that aren't valid ISBN-10s … should be left alone"
// (br-052), "companies (rows with \`is_company = true\`) are left alone" (fb-082), as the active "leave
// X alone" already is.
const LEFT_ALONE = String.raw`\b(?:is|are|should\s+be|must\s+be|shall\s+be|will\s+be)\s+(?:to\s+be\s+)?left\s+(?:alone|untouched|as\s+(?:it|they)\s+(?:is|are)|as\s+is)\b`;

export const RULE_PHRASINGS = [
  String.raw`\bshall\s+(?:not|never)\s+\w`,
  String.raw`\b(?:i|we)\s+(?:don'?t|do\s+not)\s+(?:want|need)\s+anything\s+(?:changed|touched|modified|edited|fixed|deleted)\b`,
  String.raw`(?:^|,\s+)(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+)?not\s+asking\s+(?:you\s+)?for\s+(?:any\s+)?(?:changes|edits|code)\b`,
  String.raw`\bmust\s+keep\s+(?:the\s+)?(?:old|original|previous|legacy)\s+\w`,
  String.raw`,\s+(?:and\s+)?(?:the\s+)?same\s+(?:[\w-]+\s+){1,4}?as\s+(?:today|now|currently)\b`,
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:still\s+)?match\b[^;,]{1,60}?\bto\s+the\s+(?:penny|cent)\b`,
  String.raw`^(?:(?:but|and|please)\s+)*no\s+(?:locking|dropping|losing|overwriting|truncating|blocking)\b`,
  String.raw`\bno\s+(?:data|messages?|events?|records?|rows?|orders?|payments?)\s+loss\b`,
  String.raw`(?:^|,\s*)(?:please\s+)?not\s+(?:add|adding|introduce|introducing|install|installing)\s+(?:any\s+|a\s+)?new\b`,
  String.raw`,\s+not\s+(?:an?|any)\s+(?:real|live)\s+\w`,
  String.raw`,\s+(?:so|and)\s+(?:definitely\s+|absolutely\s+|certainly\s+)?no\s+(?:user\s+|customer\s+|client\s+|personal\s+|real\s+)?(?:e-?mails?|names?|phone\s+numbers?|addresses|pii|personal\s+data)\b(?!\s+(?:is|are|was|were)\b)`,
  String.raw`\b(?:is|are)\s+(?:changed|edited|modified|updated|managed|touched|deployed)\s+by\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+only\b`,
  ...EIGHTEENTH_FORMS,
  ...NINETEENTH_FORMS,
  ...TWENTIETH_FORMS,
  ...TWENTY_SECOND_FORMS,
  KEPT_VALUE,
  MUST_KEEP,
  MADE_SURE_KEPT,
  ...TWENTY_THIRD_FORMS,
  CONSEQUENCE_DENIAL,
  NEGATIVE_SUBJECT_WORK,
  PATH_CONTRAST,
  LEFT_ALONE,
];

// Nineteenth session: an acceptance item that denies a change in other words ("- [ ] no other column
// changed", "- [ ] existing accounts see no change": fj-013, fk-066) is the same invariance as "no
// visible change". A figure held to another without a modal ("- [ ] grand total identical to the
// ungrouped invoice", fk-066) is left out: "results identical to the current endpoint" (hj-004) and
// "behaviour exactly as today" are labelled descriptions of the feature.
const NINETEENTH_ACCEPTANCE = [
  String.raw`^no\s+(?:other\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:changed|modified|altered|touched|rewritten|deleted)\b`,
  String.raw`\bsees?\s+no\s+(?:[\w-]+\s+)?changes?\b`,
];

// An acceptance item binds like a rule when it denies, opening it, after a comma or inside brackets,
// something new or a kind of contact the work must not make ("Emails use the existing template
// system, no new provider", "envelope created through services/esign-bridge (no direct calls to the
// provider from apps/web)"), or when it denies the loss of data ("- [ ] no message loss"): the verbless "no new …"
// and "no calls to …" that NOMINAL_RULE and the forms read at a clause's start, and not when it says
// something is not needed ("no new config needed"). Eighteenth session: an item denying a change of
// what exists ("- no visible change on the tracking page", "- existing third-country duty (A00)
// amounts do not change", "- [ ] no visible change to the rendered maps") is an invariance, as "must
// pass unchanged"; "the order does not change who pays" names what it does not change and describes.
export const ACCEPTANCE_DENIAL = new RegExp(
  [
    String.raw`(?:^|[,(]\s*)no\s+${NO_RELEASE}(?:new\s+\w|(?:[\w-]+\s+)?(?:calls|requests|traffic|access)\s+(?:to|from)\b)`,
    String.raw`(?:^|[,(]\s*)no\s+(?:data|messages?|events?|records?|rows?|orders?|payments?)\s+loss\b`,
    String.raw`^no\s+(?:visible|visual|behaviou?r|functional|ui)\s+changes?\b${NO_RELEASE}`,
    String.raw`^(?!.*\b(?:if|when|whether|why)\b)[^;,]{1,60}?\s(?:do|does)\s+not\s+change\s*[.!]?$`,
    ...NINETEENTH_ACCEPTANCE,
    PASSIVE_NEVER,
  ].join("|"),
  "i",
);
