// Binding sentence forms of the fourteenth to sixteenth sessions' blind parts (split from
// constraint-forms.ts, twenty-ninth session), read as those in constraint-forms.ts are: on a
// clause's masked words, making it HARD only. LIMIT_FORMS gathers them with the limits and denials
// read alongside, and RULE_PHRASINGS; constraint-forms.ts joins them into BINDING_FORM.

import { RULE_PHRASINGS } from "./rule-phrasings.js";

// What is said not to be needed is released, not denied ("no backfill needed").
export const NO_RELEASE = String.raw`(?![^;,.]{0,30}\b(?:needed|required|necessary)\b)`;

// Fourteenth session: forms the blind parts of the thirteenth and fourteenth sessions write, each a
// rule by the same reading as those above:
// - "Same behaviour please", "Same behaviour, same public signature" (the verbless invariance with
//   "please" or a second "same …" after it), "Same output formats.";
// - a denial with "please" after a comma: "No internal hostnames or bucket names in it, please.";
// - a limit to a way of working or to stand-in data, in a sentence of its own: "Use Stripe test
//   mode only.", "Fake routing and account numbers only.", "use synthetic annotators only";
// - a time window with "only" ("Batches of 10k, off-peak only, and log …"), or what it rules out
//   after a comma ("after 14:00 today, not before"; "apply the discount after rounding, not
//   before" orders the steps of the ask);
// - "I don't want that you change his hours": the "I don't want any changes" of advice-first asks
//   aimed at one thing, as non-native writers put it;
// - the other half of a limit by "only" ("Please only find the reason, not repair.", "Only give me
//   feedback, please not modify the notebook.", "Describe the logs only in aggregate terms, no
//   example queries"): what the limit leaves out, stated;
// - "fix the test, not the join code": the change confined to one of two named parts (the clause
//   opens on the verb: "the bug shows in Safari, not Chrome" describes);
// - "X is allowed, Y is not": the second half denies as a "Y is not allowed" would;
// - "no rollback" opening a clause, as "no backfill": a step the work must not take;
// - a denial scoped to the work itself: "no trip-level rows in this file", "no data fix in this PR";
// - "<subject> can't change" with nothing after the verb: an invariance ("The scoring rules
//   themselves can't change, that's the fraud team's call"); with an object ("users can't change
//   their email") it describes a bug.
// Later in the fourteenth session, forms of the older development parts (each a rule by the same
// reading as those above; 2 to 6 rows each):
// - nothing else, after an ask that opens on its verb or as the object of an imperative: "Update X
//   in Packages/manifest.json, nothing else", "Change nothing else in that file", "rebuild nothing
//   else", "redeploy nothing" ("The QR encodes the reference and the id, nothing else" and "It
//   should print …, and change nothing" describe what something does);
// - a limit to comments or tests: "Please only comment.", "Tests only please, the payout code
//   itself is fine" ("Only that flag." is split 2 to 4 in the labels and left out);
// - "so nobody touch pricing/", "nobody else edits anything in it": who may not act, after "so" or
//   with "else";
// - a denial bound to a version or date: "no renames in the public API before v3", "no new CLI flags
//   in 1.x", "no publishes before Dec 12" ("No send is scheduled before 18:00" states a fact); "may
//   take no new runtime dependencies";
// - a safeguard the work must take before it changes data: "Take a snapshot of the four tables
//   first", "You must take a backup of those rows first", "write the old values to
//   \`invoice_corrections\` first" (7 of 8 labelled HARD; "copy the old value into X first" is a
//   step of the ask, 0 of 3);
// - invariances in other words: "Labels must print exactly the same as now", "must total exactly
//   the same to the cent", "outputs unchanged" or "output identical to today's" after a comma, "We
//   must keep the bluetooth controller firmware the same version", "No visual or behaviour change"
//   (of kinds of change; "no rating or payment changes" lists what a release holds),
//   "Other ports stay at 80" (what the ask leaves alone, said of the others);
// - who may not do what with data: "we cannot store any new personal data"; "nothing leaves that
//   folder"; "I not want change to the function itself" (non-native);
// - "… is kept for 10 years and never deleted": a passive rule with "and never";
// - an elliptical denial opening a sentence, of a target or a window: "Not to the field devices.",
//   "Not to conda-forge yet.", "Not between 23:00 and 01:00 CET", "Not more than 200 meters per
//   hour";
// - a way of testing limited to stand-in data: "Test with the fake register in … only, please",
//   "test with the fixture …, not with real customer rows", ", so please only read it on the secure
//   node"; a clause that is only "No calls to pg-offline.prod.internal".
const LATER_FORMS = [
  String.raw`^(?:[\w-]+(?:\([\w-]+\))?:\s+)?(?:please\s+)?(?:only\s+|just\s+)?(?:update|change|rename|bump|upgrade|fix|set|edit|move|remove|add|delete|replace|touch|modify|refactor|only|just)\b[^;]*,\s+(?:and\s+)?nothing\s+(?:else|other)\s*[.!]?$`,
  String.raw`^(?!(?:it|this|that|they|i|we|the\s+[\w-]+)\s+(?:should|must|will|would|did|does|do)\b)(?:[^;]*?(?:,\s+(?:and\s+)?|\band\s+))?(?:please\s+)?(?:change|touch|edit|modify|rebuild|redeploy|update|restart|upgrade|bump|pause|stop|disable)\s+nothing(?:\s+(?:else|other))?\b`,
  String.raw`^(?:please\s+)?(?:only|just)\s+comment\s*[.!]?$`,
  String.raw`^(?:[\w-]+\s+)?tests?\s+only\s+please\s*,`,
  String.raw`\bso\s+(?:nobody|no one)\s+(?:touch|change|edit|modify|deploy|merge|push)(?:e?s)?\b|\b(?:nobody|no one)\s+else\s+(?:touch|change|edit|modify|deploy|merge|push)(?:e?s)?\b`,
  String.raw`(?:^|[,:;]\s+)no\s+(?:(?!(?:is|are|was|were|has|have|gets?|got)\b)[\w-]+\s+){1,4}(?:before\s+(?:v?\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)|in\s+v?\d+\.(?:x|\d))`,
  String.raw`\b(?:may|must|can|shall)\s+(?:take|add|get|introduce)\s+no\s+(?:new\s+)?\w`,
  String.raw`^(?:please\s+)?(?:(?:you\s+)?must\s+)?(?:take|make|keep|create|write)\s+(?:an?\s+|the\s+)?(?:[^;.]{0,40}?\s)?(?:backup|snapshot|pg_dump|dump|(?:old|original)\s+values?)\b[^;.]{0,60}?\b(?:first|before\s+(?:the|you|deleting|updating|running|dropping|any))\b`,
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:still\s+)?\w+\s+exactly\s+the\s+same\b`,
  String.raw`[,;]\s+(?:the\s+)?(?:outputs?|results?|responses?)\s+(?:unchanged|identical)\b`,
  String.raw`\bmust\s+keep\s+[^;,]{1,60}?\s+the\s+same\b`,
  String.raw`^no\s+(?:visual|visible|behaviou?r|functional|ui|output|api|schema|layout|styling)\s+(?:or|and)\s+(?:visual|visible|behaviou?r|functional|ui|output|api|schema|layout|styling)\s+changes?\s*[.!]?$`,
  String.raw`\b(?:other|the\s+other|all\s+other)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:stays?|remains?)\s+(?:at|on)\b`,
  // Twenty-fifth session (guide25), the guide's settled row "a value kept beside the change is HARD"
  // (19 of 21 entries, 17 writers against 2): a clause that only says a setting, price, limit or
  // count stays at its value ("The late fee stays at £25", gd-197; "The HPA min stays at 4", ef-132;
  // "minReplicas stays at 3", dg-110; "anonymous stays 100/hour", ea-087) holds it as it is, as
  // "stays on <version>" does. The clause must end on the value: a symptom goes on ("the badge stays
  // at 1 after you claim the offer", "the iframe height stays at 0, so …"), and a pronoun or a
  // condition opens none ("promote to 100% if it stays at 0").
  String.raw`^(?!(?:it|this|that|they|which|who|if|when|until|unless|whether)\s)(?:[\w.$-]+\s+){0,3}[\w.$-]+\s+(?:stays?|remains?)\s+(?:at\s+)?[£$€]?\d[\d.,]*(?:\s*[%/a-z][\w/]*)?(?:\s+for\s+now)?\s*[.!]?$`,
  String.raw`\b(?:we|you)\s+(?:cannot|can'?t)\s+(?:store|collect|log|keep|send|share)\b`,
  String.raw`\bnothing\s+leaves\b`,
  String.raw`\bi\s+not\s+want\s+(?:any\s+)?(?:change|changes|edits?|that\s+you|you)\b`,
  String.raw`\b(?:is|are)\s+\w+ed\b[^;,]{0,40}\s+and\s+never\s+\w+ed\b`,
  String.raw`^not\s+(?:to(?!\s+be\b)|between|before|after|during|until)\s+(?:the\s+)?[\w:.-]+`,
  String.raw`^(?:not|never)\s+more\s+than\s+\d`,
  String.raw`^(?:please\s+)?(?:test|run\s+the\s+tests?)\s+(?:with|against|on)\s+[^;,]{1,60}?\s+only\b`,
  String.raw`^(?:please\s+)?test\s+(?:with|against|on)\s[^;]{1,80}?,\s+not\s+(?:with|against|on)\s+(?:the\s+|any\s+)?(?:real|live|prod|production)\b`,
  String.raw`,\s+so\s+(?:please\s+)?only\s+(?:read|use|touch|change|modify|edit|run|work)\b`,
  String.raw`^no\s+(?:[\w-]+\s+)?(?:calls|requests|traffic)\s+to\s+\S+\s*[.!]?$`,
];

// Fifteenth session: forms the blind parts of the fourteenth and fifteenth sessions write, each a
// rule by the same reading as those above:
// - invariances of output in other words: "Results must match the current output to 6 decimal
//   places" (nineteenth session: "…must match the full rebuild", fl-140, the computation it replaces),
//   "The PDF must look the same for the handlers" (without "exactly"), a clause that opens
//   on the results it keeps ("results identical for seed 42"), and a trailing "same <results, output,
//   routes, endpoints, signatures, API>" after the ask ("Get it under 2.5 GB, same inference
//   results", "Split X into one controller per report, same routes"): what callers see must not
//   change ("Same image, same node pool" still describes a setup: only outputs and interfaces);
// - what stays as it is, with its place between ("token validation stays at the edge as is");
// - "with no allocation increase per op", "with no regression": a denial the work must keep, as "with
//   no behaviour change";
// - "Plan only, no code yet", "Just give me a recommendation …, no implementation": the "no changes"
//   of advice-only asks, as ", no code";
// - content denied in what the work writes ("No internal hostnames in the examples", "use the images
//   under tests/fixtures/, no real production images in the repo"; "no errors in the logs" states a
//   fact, so only the work's own products count), and calls denied to the real system ("use the
//   recorded sandbox responses, no calls to the real gateway");
// - what may leave in data written out, with what it leaves out ("Log only the request id, not the
//   account details");
// - the work's changes confined to a place ("Keep the changes inside portal/src/app/claims/"), as
//   "limit changes to";
// - a non-native denial of deletion or renaming ("The old table not delete please"), as "Line A not
//   touch".
const FIFTEENTH_FORMS = [
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:still\s+)?(?:match|equal)\s+(?:exactly\s+)?(?:the\s+)?(?:current|existing|old|original|previous|today'?s|full|legacy)\b`,
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:still\s+)?(?:look|behave|work|render|read|print)\s+the\s+same\b`,
  String.raw`^(?:the\s+)?(?:[\w-]+\s+)?(?:results?|outputs?)\s+(?:(?:must|should)\s+(?:be|stay|remain)\s+)?(?:identical|unchanged|the\s+same)\b`,
  String.raw`,\s+(?:and\s+)?(?:the\s+)?same\s+(?:[\w-]+\s+)?(?:results?|outputs?|routes?|urls?|endpoints?|signatures?|api)\s*[.!]?$`,
  String.raw`\b(?:stays?|remains?)\s+(?:(?:at|in|on|with|under)\s+)(?:[\w-]+\s+){1,3}?as\s+(?:it\s+)?is\b`,
  String.raw`,\s+(?:and\s+)?with\s+no\s+(?:[\w-]+\s+){0,2}?(?:increase|regressions?|loss)\b`,
  String.raw`,\s+no\s+(?:code|implementation)\s+(?:yet|for\s+now)\s*$|,\s+no\s+implementation\s*$`,
  String.raw`(?:^|,\s+|\(\s*)(?:please\s+)?no\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+in\s+(?:the|any|our|your)\s+(?:examples?|docs|documentation|fixtures?|repo|repository|commits?|snippets?|screenshots?|readme|diff|test\s+data|tests|reports?|responses?|payloads?|exports?)\b`,
  String.raw`(?:^|,\s+)no\s+(?:[\w-]+\s+)?(?:calls|requests|traffic)\s+to\s+(?:the\s+)?(?:real|live|prod|production)\b`,
  String.raw`^(?:please\s+)?(?:log|print|send|store|expose|return|export|share|include|upload|post)\s+only\s+[^;,]{1,60},\s+not\s+\w`,
  String.raw`^(?:please\s+)?keep\s+(?:the\s+|all\s+|your\s+)?(?:changes?|edits?|diff|work)\s+(?:inside|in|within|under|to)\s`,
  String.raw`^(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s+not\s+(?:delete|remove|drop|rename|move|modify|edit)(?:\s+please)?\s*(?:[,.]|$)`,
];

// Sixteenth session: forms the blind parts of the fifteenth and sixteenth sessions write, each a
// rule by the same reading as those above:
// - a non-native denial without "do", opening a clause or after a label, a comma, "and" or "but",
//   with any verb of work ("and not touching the backend please", "Important: not deploy during
//   the handover", "but not go to 3.4", "Please find the reason, not fix, we decide after"; nineteenth
//   session: chat's "pls" as "please", "pls not fix, only find where …", fg-128), as
//   "not change" already was ("not going to …" and "not go well/away" describe);
// - what stays as it is, said of its version ("the payments service stays on its current version");
// - "leave X off / on / at 7.0": preserving a setting the ask leaves alone ("Leave the other sites
//   off", "Leave UAT at 7.0 for now"), as "leave X on 3.4" was;
// - "No change for customer accounts": a denial scoped by "for", as "no change to/in" ("no change
//   for 3 hours" reports a symptom);
// - a verbless invariance of what callers see ("same response body", "Same queries, same
//   results"), as "Same output formats";
// - a rule passed on in reported speech ("The DBAs have said don't add indexes to the warehouse";
//   "Councils have asked us not to fly over …" is the ask, not a rule on the work);
// - a place limited by "only" ("The new private key goes into Vault only"), unless what goes there
//   is the answer ("findings go in the chat only" names the answer's form, as "Advice only" does);
// - the work's products where content is denied (FIFTEENTH_FORMS) include reports, responses,
//   payloads, exports and tests ("No patient-level fields in the response", "(no real addresses in
//   the report)", "No real network calls in the tests");
// - ", not an edit of the old postings": the way of working that rules out changing what exists;
// - an exception to the ask's place opening a clause ("…, but not in deploy/sites/dus2/plc_bridge.yaml",
//   "— not in D:\\work\\selfcare_app\\lib\\generated\\"), as "Not to the field devices." ("Not in this
//   ticket" defers; only a path is a place).
const SIXTEENTH_FORMS = [
  String.raw`^(?:but\s+)?not\s+(?:in|under|inside)\s+[\`'"]?[\w.:~-]*[/\\]`,
  String.raw`(?:^(?:(?:important|note|reminder|please|pls|and|but)[,:]?\s+)*|,\s*(?:and\s+|but\s+)?|\b(?:and|but)\s+)(?:please\s+|pls\s+)?not\s+(?!go(?:ing)?\s+(?:to\s+(?:be|have|work|need|happen)\b|well|away|anywhere|through)|going\s+to\b)(?:touch|touching|change|changing|modify|modifying|edit|editing|deploy|deploying|go|going|fix|fixing|push|pushing|merge|merging|delete|deleting|remove|removing|restart|restarting|upgrade|upgrading|update|updating|run|running|send|sending|rename|renaming)\b`,
  String.raw`\b(?:stays?|remains?)\s+(?:on|at)\s+(?:its|their|the)\s+(?:current|existing|present|old)\s+(?:version|release|tag|image|value|setting)s?\b`,
  String.raw`^(?:and\s+|please\s+)*leave\s+(?:the\s+|all\s+)?(?:other\s+|rest\s+of\s+the\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:on|off|enabled|disabled|at\s+v?\d[\w.]*)(?:\s+(?:for\s+now|please))?\s*(?:[,.!]|$)`,
  String.raw`^no\s+(?:code\s+)?changes?\s+for\s+(?!\d|now\b|the\s+(?:last|past|moment)\b|(?:a|an)\s+(?:while|hour|day|week|month)\b)\w`,
  String.raw`^same\s+(?:[\w-]+\s+)?(?:responses?|bod(?:y|ies)|payloads?|queries|signatures?|api)\b(?:\s+(?:for|to|on|in|as)\b[^;,]*)?\s*(?:[.!,]|$)`,
  String.raw`\b(?:said|says|say|told\s+(?:us|me|you))\s*:?\s+(?:to\s+)?(?:don'?t|do\s+not|never|not\s+to)\s+\w`,
  String.raw`^(?:the\s+)?(?!(?:findings|results?|answers?|reports?|comments?|notes?|summary|output)\b)[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:goes|go|lives?|belongs?|(?:is|are)\s+(?:stored|kept|put|written))\s+(?:in|into|on|to)\s+[^;,]{1,40}?\s+only\s*[.!]?$`,
  String.raw`,\s+not\s+(?:an?\s+)?(?:edit|change|rewrite|update|modification|deletion|overwrite)s?\s+(?:of|to)\b`,
];

export const WORK_SCOPED_DENIAL = new RegExp(
  String.raw`(?:^|[,;:]\s+)no\s+(?:[\w-]+\s+){1,3}in\s+this\s+(?:file|pr|mr|change|ticket|commit|release|export|patch|branch|migration)\b`,
  "i",
);
export const LIMIT_FORMS = [
  String.raw`(?:^|,\s+(?:so\s+)?)(?:please\s+)?no\s+${NO_RELEASE}[^;,]{1,60}?,\s+please\s*[.!]?$`,
  // Thirtieth session (audit): the object starts at its first non-space, so the spaces after "use"
  // are read one way only (it was polynomial 4, 4.2 s on a 2,000-character attack).
  String.raw`^(?:please\s+)?use\s+(?=[^\s;,])[^;,]{1,50}?\s+only\s*(?:[.!,]|$)`,
  String.raw`^(?:please\s+)?(?:use\s+)?(?:fake|synthetic|dummy|made-up|mock|anonymi[sz]ed)\s+(?:[\w-]+\s+){0,4}?[\w-]+\s+only\b`,
  String.raw`(?:^|,\s+)(?:off[- ]peak|overnight|nights?|weekends?|(?:outside|after)\s+(?:business|office|working)\s+hours)\s+only\b`,
  String.raw`\bafter\s+(?:\d|today|tonight|tomorrow|mon|tue|wed|thu|fri|sat|sun)[^;,]{0,30},\s+not\s+(?:before|earlier|sooner)\b`,
  String.raw`\b(?:i|we)\s+(?:don'?t|do not)\s+want\s+(?:that\s+)?you\s+(?:to\s+)?(?:change|touch|modify|edit|delete|remove|fix|deploy|push|merge|restart|update)\b`,
  String.raw`^(?:please\s+)?(?:only|just)\s+(?!(?:on|in|at|for|when|if|happens|fails|works|shows)\b)\w+\b[^;,]{0,60},\s+(?:please\s+)?not\s+(?:fix|repair|change|modify|edit|touch|patch|solve)\w*\b`,
  String.raw`^(?:please\s+)?(?:describe|write|report|show|mention|list|give|share|include|present|summari[sz]e|explain|document)\b[^;,]{0,60}?\bonly\s+(?:in|as|at|with|through|via)\b[^;,]{0,40},\s+no\s+[\w-]+(?:\s+[\w-]+){0,2}\s*[.!]?$`,
  String.raw`^(?:please\s+)?(?:fix|change|update|edit|patch|correct)\s+(?:only\s+)?(?:the|this|that)\s+[\w-]+(?:\s+[\w-]+)?,\s+not\s+(?:the|any)\s+\w`,
  String.raw`\b(?:is|are)\s+(?:allowed|fine|ok|okay|permitted)\b[^;]{0,80}?,\s+[^,;]{1,60}?\s+(?:is|are)(?:n'?t|\s+not)\s*[.!]?$`,
  String.raw`(?:^|[:,;]\s+)(?:and\s+)?no\s+(?:rollbacks?|roll-backs?|reverts?)\b(?!\s+(?:is|was|were|happened|needed|required|necessary)\b)`,
  WORK_SCOPED_DENIAL.source,
  String.raw`\b(?:can'?t|cannot|can\s+not)\s+change\s*(?:,|$)`,
  ...LATER_FORMS,
  ...FIFTEENTH_FORMS,
  ...SIXTEENTH_FORMS,
  ...RULE_PHRASINGS,
];
