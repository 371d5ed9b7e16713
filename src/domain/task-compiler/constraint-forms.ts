// Rule forms the older expressions in clause-hardness.ts miss (twelfth session), each read on a clause's
// masked words (quoted text and code already blanked). They make a clause HARD only; they do not
// make it negated for the type vote, so what the request asks is read as before.

import { RULE_PHRASINGS } from "./rule-phrasings.js";
import { MACHINE_NAME } from "./path-kinds.js";

// Binding sentences that name what must not change or what must not appear, in forms the older
// expressions do not read:
// - an invariance without "the" or with an adverb: "results must be same to 1e-9", "Existing
//   releases must render identically", "`terraform plan` must show no changes in any env";
// - "There must be no behaviour change", "with no behaviour change": a denial the work must keep
//   (nineteenth session: "there are to be no dependency changes in xray-archive", ff-194: "is to be"
//   is an obligation's modal, as in "nothing under tests/ is to be added");
// - "X is not an option": a way of working ruled out;
// - a verbless "no …" made an ask by "please" ("No code or command lines please", "Please no
//   restart of anything"); a "no <thing> in the <part>" after a comma in an instruction
//   ("Blameless tone, no names in the timeline", "use Decimal everywhere, no floats in the
//   assertions"); "zero downtime" opening a clause ("- zero downtime: write into a new index");
// - a negative subject with an obligation's modal other than may/must ("nothing under tests/ is to
//   be added or changed", "Nothing about what runs should change");
// - a limit by "only" that is not the answer's kind: "Only the test for now", "Only this value
//   please, not the replicas", "Android only, iOS waits for the store build", "so use only made-up
//   names", "Only give comments";
// - "not changing anything" or "I don't want any changes" beside a question: the "no changes" of
//   advice-only asks in another voice; a clause opening "not <verb>" after "but" ("but not increase
//   max_connections");
// - a verbless limit: "no sleeps longer than 100 ms", "no touching the tests folder", "no changes
//   under D:\\App\\" or "there", personal data denied ("Payload: list id and timestamp, no e-mail
//   address"), ", no code" after an advice ask, "(no output change)" in brackets;
// - a subject that says who may not act or what is shut: "reminder: nobody touches the clinic
//   database", "We are not adding tests in this release", "dependencies are locked for the
//   release", "Production is under a change freeze", "nothing goes to production in freeze", "the
//   firmware/hal/ folder we cannot touch";
// - "leave the <thing> in <place>": preserving what exists (not a question: "Leave the … in auth.js?");
// - "test files may only be added by the QA team": a permission kept to others;
// - "stays pinned below 2": a pin in any direction;
// - an imperative bound to a time window: "Run it outside business hours".
const NO_RELEASE = String.raw`(?![^;,.]{0,30}\b(?:needed|required|necessary)\b)`;
// Thirteenth session: forms the blind parts of the twelfth and thirteenth sessions write, each a
// rule by the same reading as those above:
// - an invariance of output or tests in other words: "existing specs … must pass unchanged", "must
//   be byte-for-byte the same", "Invoices must come out byte-identical", "must look exactly the
//   same";
// - a verbless "same behaviour" clause ("Same behaviour; ideally keep …", "Get it under 10, same
//   behaviour"): the positive form of "no behaviour change" (3 of 4 rows; "same <other thing>" is
//   split the other way, "Same image, same node pool" describes a setup); a sentence that is only
//   "Same output/results …" ("Same output for every locale.", "Same results to the cent.", 3 of 3;
//   "Same output volume please" names another thing);
// - "so please no <thing>" after a reason ("it's public, so please no internal names");
// - "use/put X, not Y" when Y is a place or production data ("Put the changes in meta-gridline, not
//   in poky", "Use the factories, not the prod dump"): the way the work must be done, not a choice
//   of source ("Use the latest data, not yesterday's dashboard" compares two readings);
// - a negation without "do" as non-native writers put it: "Not use real member emails", ", not change
//   nothing in the firmware", "Line A not touch", "Not need fix now", "Not fix yet please", ", not
//   fixing yet" (the "Don't fix it yet" of advice-first asks);
// - "we're under a schema freeze" as "Production is under a change freeze";
// - "leave X on its current version": preserving what exists, as "leave X on 3.4" ("leave a shim at
//   the old path" makes something new);
// - a trailing ", tests only" after the ask: the work limited to tests, as the clause "Tests only";
// - an environment limit in a clause of its own ("Staging only for now; prod follows after …"), or
//   production denied at a clause's end ("deploy … to staging only, not prod", "Just staging, not
//   production.", "Not prod."; 4 of 4; twenty-second session: "Not production yet.", fz-175; twenty-eighth, a machine by its bare name: "Not FIN-APP01.", fw-193); "Staging only: drop …" and "(staging only)" inside the ask
//   name the ask's target and state no rule (4 rows);
// - "no backfill" beside a migration, wherever it stands ("…, new EF migration, no backfill", "No
//   backfill, old rows stay NULL"; alone it was a rule already): 17 of 24 entries label it HARD, and
//   "no backfill needed" releases instead; "no rollout yet" forbids a step for now, as "no fix yet";
// - "<subject> must keep its/their/the current …": preserving what exists ("the public validate()
//   function must keep its signature", "Existing roles must keep exactly their current
//   permissions"; 9 of 10 labelled HARD, the tenth already a rule by its other clause).
// Twenty-fourth session (guide24), the guide's settled row on a trailing ", not in/on/to the X": an
// instruction that puts the work in one place and names the other place it must stay out of binds as
// "put X, not in Y" does, whatever its verb ("Computed in budget/summary.py, not in the template",
// dd-058; "Wire it into the manual \`load\` workflow, not the PR checks", fm-130; "Answer in a PR
// comment, not in the doc", dh-167; "Then drop the enum type in a follow-up PR, not in the same one",
// fq-133: 15 of 19 development entries of the form, 14 writers against 4, label it HARD). A contrast
// inside the design of the result names no place ("country from the billing address, not from IP",
// "run in the e2e stage, not on every push", "to use the bank value date, not the posting date": 20
// of 22 labelled no rule), and a clause that opens on its subject describes ("the tests should run in
// the normal mvn test, not in a separate profile", "it happens …, not in the shop"); a bracket
// before the place holds an aside ("(VAT_RATE should default to the rate in the tax table, not the env)").
const PLACE_NOT_OTHER = String.raw`^(?:(?:then|please|and)\s+)*(?!(?:it|this|that|these|those|they|we|i|you|he|she|there|the|a|an|our|their|my|its|his|her|which|who|what|when|if)\s)[a-z]+\s[^;()]{0,80}?\b(?:in|into|inside|under)\s(?=\S)[^,;()]{1,50},\s+(?:but\s+)?not\s+(?:(?:in|into|inside|under)\s+)?(?:the|a|an|any|our|that|this)\s+\w`;
const INVARIANCE_FORMS = [
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:still\s+)?pass\s+(?:unchanged|unmodified|byte\s+for\s+byte)\b`,
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:(?:be|come\s+out|stay|remain|look|render)\s+)?(?:(?:byte|bit)[- ]for[- ](?:byte|bit)|(?:byte|bit)[- ]identical)\b`,
  String.raw`\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:look|render|behave|work|read)\s+exactly\s+the\s+same\b`,
  String.raw`(?:^(?:and\s+)?|,\s+)same\s+behaviou?r(?:\s+please)?\s*(?:[.!]?$|,)`,
  String.raw`^same\s+(?:outputs?|results?)(?:\s+formats?)?(?:\s+(?:for|to|on|in|as|byte)\b[^;,]*)?\s*[.!]?$`,
  String.raw`(?:^|,\s+)so\s+please\s+no\s+\w`,
  String.raw`^(?:please\s+)?(?:use|put|write|keep)\s[^;]{1,80}?,\s+not\s+(?:(?:in|under|inside|into|anything\s+from)\b|(?:the\s+|any\s+)?(?:prod|production|real|live|staging|uat)\b)|${PLACE_NOT_OTHER}`,
  String.raw`(?:^|,\s*)(?:please\s+)?not\s+(?:use|using|change|changing|touch|touching|modify|modifying|edit|editing)\b`,
  String.raw`^not\s+need\s+(?:to\s+)?(?:fix|change)\b`,
  String.raw`(?:^|,\s*)(?:please\s+)?not\s+fix(?:ing)?\s+(?:\w+\s+)?(?:yet|now)\b`,
  String.raw`^[\w-]+(?:\s+[\w-]+){0,2}\s+not\s+(?:touch|change)\s*(?:[,.]|$)`,
  String.raw`^(?:staging|stage|dev|qa|uat|sandbox|pre-?prod)\s+only\b(?!\s*:)`,
  String.raw`^(?:and\s+|please\s+)*leave\s+(?!(?:a|an)\s)[^;,]{1,60}?\s+(?:on|at)\s+(?:its|their|the)\s+(?:current|existing|present|old)\s+\w`,
  String.raw`,\s+(?:(?:unit|integration)\s+)?tests?\s+only\s*[.!]?$`,
  String.raw`(?:^|,\s+)(?:but\s+)?not\s+(?:(?:on|in|to|for)\s+)?(?:the\s+)?(?:prod|production|live)(?:\s+(?:yet|for\s+now))?\s*[.!]?$`,
  String.raw`^(?:but\s+)?not\s+(?:(?:on|in|to|for)\s+)?(?:the\s+)?${MACHINE_NAME}\s*[.!]?$`,
  String.raw`(?:^|[,:;]\s+)(?:and\s+)?no\s+backfills?\b${NO_RELEASE}`,
  String.raw`\bno\s+(?:rollouts?|deploys?|deployments?|releases?|merges?|backfills?)\s+yet\b`,
  String.raw`\bmust\s+keep\s+(?:exactly\s+)?(?:its|their|the\s+same|the\s+current|the\s+existing)\b`,
];
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
const LIMIT_FORMS = [
  String.raw`(?:^|,\s+(?:so\s+)?)(?:please\s+)?no\s+${NO_RELEASE}[^;,]{1,60}?,\s+please\s*[.!]?$`,
  String.raw`^(?:please\s+)?use\s+[^;,]{1,50}?\s+only\s*(?:[.!,]|$)`,
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
export const BINDING_FORM = new RegExp(
  [
    String.raw`\bmust\s+(?:be|stay|remain)\s+same\b`,
    String.raw`\bmust\s+(?:render|behave|work|look|return|build|produce|output)\s+(?:exactly\s+)?identical(?:ly)?\b`,
    String.raw`\bmust\s+(?:show|report|produce|print)\s+no\b`,
    String.raw`\bthere\s+(?:must|may|can|shall|(?:is|are)\s+to)\s+be\s+no\b`,
    String.raw`\bwith\s+no\s+(?:[\w-]+\s+)?(?:behaviou?r|functional|visible|visual|output|api|schema)\s+changes?\b`,
    String.raw`\b(?:is|are)\s+not\s+an\s+option\b`,
    String.raw`(?:^|,\s+(?:so\s+)?)(?:please\s+)?(?:no|nothing)\s+${NO_RELEASE}[^;,]{1,60}?\s+please\b|^please\s+no\s+\w`,
    String.raw`,\s+no\s+[\w-]+(?:\s+(?!(?:is|are|was|were)\b)[\w-]+)?\s+in\s+(?:the|any|our)\s+\w`,
    String.raw`^zero[- ]downtime\b`,
    String.raw`^no\s+(?:code\s+)?(?:change|changes|edits?)\s+(?:under|inside|in|to|there)\b`,
    String.raw`^no\s+[\w-]+\s+(?:longer|larger|bigger|slower|more|greater|heavier)\s+than\s+\d`,
    String.raw`^(?:(?:but|and|please)\s+)*no\s+(?:touching|changing|editing|modifying|deleting|removing|deploying|pushing|merging|restarting|adding)\b`,
    String.raw`(?:^|,\s+)no\s+(?:user\s+|customer\s+|personal\s+|real\s+)?(?:e-?mails?(?:\s+address(?:es)?)?|names?|phone numbers?|home addresses|pii|personal data)\b(?!\s+(?:is|are|was|were|arrives?|gets?|sent|shows?)\b)`,
    String.raw`,\s+no code\s*$`,
    String.raw`\(\s*no\s+(?:[\w-]+\s+)?changes?\s*\)`,
    String.raw`(?:^|[:,;]\s+)(?:nothing|none|no\s+[\w-]+)\b[^;]{0,60}?\b(?:(?:is|are)\s+to\s+be\s+\w+|should\s+(?:change|be\s+changed))\b`,
    String.raw`^only\s+(?:the|this|these|that|those)\s+(?!(?:list|answer|number|count|names?|summary|report|output|results?|findings|links?|steps)\b)[\w-]+(?:\s+[\w-]+)?\s*(?:for now|please|,\s*(?:not|nothing\s+else)\b)`,
    // Twenty-fifth session (branch `hard25`): the same limit as a sentence of its own after the ask,
    // pointing back at its target by a demonstrative ("Turn off … in config/features.prod.json. Only
    // that flag.", ca-123; "Only that tenant.", fe-170; "- only that mode", fx-133; "Only these 9
    // hives.", gc-084): the scope words of the guide's "Out of scope" rule in their positive form, as
    // "staging only" is (4 of 5 development sentences labelled HARD; dw-060 "Only that job." not).
    String.raw`^only\s+(?:this|these|that|those)\s+[\w-]+(?:\s+[\w-]+)?\s*[.!]?$`,
    // Twenty-fourth session (guide24): the same limit in brackets after a step, with what it leaves
    // out ("re-run the statements job for week 49 (only statements, not the SEPA file)", fp-154).
    String.raw`\(\s*only\s+(?!(?:advice|findings|numbers|comments)\b)[\w-]+(?:\s+[\w-]+)?,\s*not\s+(?:the|any)\s+\w`,
    String.raw`^(?!(?:advice|plan|opinion|feedback|review|report|answer|read)\b)[\w-]+\s+only,`,
    String.raw`(?:^|,\s+(?:so\s+)?)(?:please\s+)?(?:use|touch|change|edit|modify|call)\s+only\b`,
    String.raw`\b(?:only|just)\s+(?:give|write|post|leave|add|make)\s+(?:me\s+)?(?:\w+\s+)?comments\b`,
    String.raw`(?:^|,\s+)(?:(?:i'?m|we'?re|i am|we are)\s+)?not\s+(?:changing|touching|modifying|editing)\s+anything\b`,
    String.raw`\b(?:i|we)\s+(?:don'?t|do not)\s+want\s+any\s+(?:changes|edits)\b`,
    String.raw`(?:^(?:but\s+)?|,\s*(?:and|but)\s+)(?:please\s+)?not\s+(?:touch|change|modify|edit|increase|raise|lower|decrease|add|remove|delete|drop|bump|upgrade|downgrade|restart|deploy|merge|push|rename|introduce|enable|disable)\b`,
    String.raw`^(?:and\s+|please\s+)*leave\s+(?:the|all|every|each|both)\s+[^;,]{1,60}?\s+(?:in|inside|where)\s+[^?]*$`,
    String.raw`\bmay\s+only\s+be\s+\w+ed\b`,
    String.raw`(?:^|[:,;]\s+)(?:nobody|no one)\s+(?:touch|change|edit|modify|deploy|merge|push|add|remove|delete|release|upgrade)(?:e?s)?\b`,
    String.raw`\bwe(?:'re|\s+are)\s+not\s+(?:adding|changing|touching|deploying|merging|releasing|upgrading)\b`,
    String.raw`\b(?:dependencies|deps|schema(?:\s+changes)?|changes|deploys|deployments|releases|merges|migrations)\s+(?:is|are)\s+(?:locked|blocked|frozen)\b`,
    String.raw`(?:\b(?:is|are)|'re)\s+under\s+an?\s+(?:[\w-]+\s+)?freeze\b`,
    String.raw`\bnothing\s+(?:goes|ships)\s+to\s+(?:prod|production)\b`,
    String.raw`\b(?:we|you)\s+cannot\s+(?:touch|change|modify|edit)\b`,
    String.raw`\b(?:stays?|remains?)\s+pinned\s+(?:below|under|to|at|on)\b`,
    String.raw`^(?:please\s+)?(?:run|do|apply|execute|deploy|start)\s+(?:it|this|them|that|the\s+[\w-]+)\s+(?:only\s+)?(?:outside|after|before|between|during)\s+(?:of\s+)?(?:business|office|working|peak|off-peak|quiet)\s+hours\b`,
    ...INVARIANCE_FORMS,
    ...LIMIT_FORMS,
  ].join("|"),
  "i",
);

// A label that names where a rule comes from, before a colon, in brackets or bold or not: "Repo rule
// (CONTRIBUTING.md): never drop tables", "(DB team rule: no DROP statements against prod
// databases …)", "Policy ISO-STD-12 (…), section 4: only LTS releases …", "README, section
// 'Environment': numpy stays pinned below 2", "**Cluster rules (pinned in #hydra-admin):** do not
// edit anything under /sw/conda/", "(from /etc/motd on labsrv02: nothing gets deployed …)". What
// follows is a rule when it says so by the usual expressions, or when it is a bare denial ("no …",
// "nothing …", "never …", "only …"): the label has already said it binds. A label of another kind
// ("Error:", "Target:") leaves the words to speak alone.
// The words that make a label name a rule's source, before any colon, and not inside a path or
// file name ("rules/", "README.md" as a file to change).
const RULE_SOURCE = String.raw`^[\s*_(]*(?=[^:]{0,80}(?<![\w.-])(?:rules?|polic(?:y|ies)|guidelines?|readme|contributing|motd)\b(?![/.-]\w))`;
export const RULE_SOURCE_LABEL = new RegExp(String.raw`${RULE_SOURCE}[^:]{1,100}?:(?:\*\*|__)?\s+(?=\S)`, "i");
export const BARE_DENIAL = /^(?:no|nothing|none|nobody|no one|never|only|not)\b/i;

// A line that only names a list of rules ("Repository rules (CONTRIBUTING.md):", "_Repository
// rules_", "House rules:", "## Rules for agents", "**REPO RULES** (CONTRIBUTING.md)"): the bullets under it are rules, as they are under
// a "Rules" or "Constraints" heading (segment.ts knows only the one-word headings). Twenty-third
// session: also with the period the rules hold for ("## Rules for this week", "Rules for this
// quarter:", "## Repo rules for this sprint": bk-099, dm-104, bf-025, every bullet labelled HARD); a
// period says when a rule holds, not what it is about (nineteenth session).
export const RULES_LIST_LABEL =
  /^[\s#*_]*(?:[\w-]+\s+){0,3}(?:rules?|polic(?:y|ies)|guidelines|conventions|constraints)[*_]*(?:\s+for\s+(?:agents?|bots?|contributors|(?:this|the) repo(?:sitory)?|changes|commits|prs?|(?:this|the|next)\s+(?:week|sprint|quarter|month|release|year)))?(?:\s*\([^)]*\))?[\s*_:]*$/i;

// An acceptance item that states an invariance binds the work like a rule, as one that opens with a
// prohibition does: "- Existing calls without \`as_of\` must behave exactly as today", "- The 212
// cases in tests/conflict/test_rules.py must pass unchanged" (labelled HARD wherever they stand; "-
// when off: behaviour exactly as today", with no modal, describes the feature).
export const ACCEPTANCE_INVARIANCE =
  /\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:still\s+)?(?:pass\s+(?:unchanged|unmodified|byte\s+for\s+byte)|(?:behave|work|render|look)\s+exactly\s+(?:as|like)\s+(?:today|now|before)|(?:be|stay|remain|come\s+out)\s+(?:byte[- ]identical|byte[- ]for[- ]byte|identical|unchanged))\b/i;

// A line that only names a repository document of rules, quoted below it (thirteenth session):
// "From CONTRIBUTING.md:", "CONTRIBUTING.md (excerpt):", "--- AGENTS.md (repo root) ---",
// "DEPLOY.md:". The bullets under it are that document's rules, as under "Repo rules:" (4 of 4 in
// the blind parts, where the bullets without a rule word, "Run \`make lint\` before pushing", "Tag
// before deploying", were missed). Only documents that hold rules, and a file name but for the two
// conventional ones: a README or CHANGELOG line may head the list of changes to make in it, and
// "Deploy:" the steps of a deploy.
export const RULE_DOCUMENT_LABEL =
  /^[\s#*_-]*(?:(?:from|per|quoting|in)\s+)?(?:the\s+)?(?:(?:contributing|agents)(?:\.md)?|(?:claude|deploy(?:ing|ment)?|releas(?:e|ing)|conventions|rules|policy|guidelines|code_of_conduct)\.md)\b(?:\s+(?:says|rules?|excerpt))?(?:\s*\([^)]*\))?[\s*_:-]*$/i;

// A trailing ", no <kind> changes" whatever the kind ("same output, no visual changes"), unless it
// releases the agent ("no changes needed"). Read after the request's first clause only, as
// KEEP_RULE is: in the first clause it rides on the ask ("refactor(charts): shared labels into
// _helpers.tpl, no rendered-manifest changes"), which HARD_SHORT's named kinds already cover.
export const TRAILING_DENIAL = new RegExp(String.raw`[,:]\s+(?:and\s+|but\s+)?no\s+[\w-]+\s+(?:changes?|edits?)\b${NO_RELEASE}`, "i");

// A clause that is only a rule-source label, split from its rule at the colon by segment.ts ("IT
// policy for that server: no changes under …", "Repo rule: no renames of exported types before
// 4.0"): the next clause of its sentence binds when it is a bare denial.
export const RULE_SOURCE_ALONE = new RegExp(String.raw`${RULE_SOURCE}[^:]{1,100}$`, "i");

// Eighteenth session: a rule's text is shown without the quote marker of a quoted line ("> Schema
// freeze (DBA team): no new files in …"); its words are read with it, so a quoted "Tested on X only"
// states no rule.
const unquoted = (text: string): string => (text.startsWith(">") ? text.replace(/^(?:>\s*)+/, "") : text);

/**
 * A clause's words without the markup that opens it: a checkbox ("[ ] do not add …"), emphasis
 * ("**Never drop …") or, sixteenth session, the number of an item that a line runs on into ("1) Write
 * a failing test … 2) Don't fix it yet": segment.ts reads only a line's first number as a bullet).
 */
/** A rule's text without the quote marker or checkbox that opens it. */
export const unchecked = (text: string): string => unquoted(text).replace(/^\[[ xX]\]\s+/, "");
export const unmarked = (text: string): string => text.replace(/^(?:\[[ xX]\]\s+)?[*_]{1,2}(?=\w)|^\[[ xX]\]\s+|^\d{1,2}\)\s+/, "");
