// Rule forms the older expressions in clause-hardness.ts miss (twelfth session), each read on a clause's
// masked words (quoted text and code already blanked). They make a clause HARD only; they do not
// make it negated for the type vote, so what the request asks is read as before.

import { LIMIT_FORMS, NO_RELEASE } from "./later-constraint-forms.js";
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
  // Thirty-first session (hard31): opening its sentence, the same denial binds with its reason after a
  // comma ("Not on prod, finance must test the new fee order bands first", gp-020), as a rule after
  // its reason does (hard29): 18 of the 19 development clauses opening "not (on/to) prod / production /
  // live" are labelled HARD, 16 writers.
  String.raw`^(?:but\s+)?not\s+(?:(?:on|in|to|for)\s+)?(?:the\s+)?(?:prod|production|live)(?:\s+(?:yet|for\s+now))?,\s`,
  String.raw`^(?:but\s+)?not\s+(?:(?:on|in|to|for)\s+)?(?:the\s+)?${MACHINE_NAME}\s*[.!]?$`,
  String.raw`(?:^|[,:;]\s+)(?:and\s+)?no\s+backfills?\b${NO_RELEASE}`,
  String.raw`\bno\s+(?:rollouts?|deploys?|deployments?|releases?|merges?|backfills?)\s+yet\b`,
  String.raw`\bmust\s+keep\s+(?:exactly\s+)?(?:its|their|the\s+same|the\s+current|the\s+existing)\b`,
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
// An acceptance item that states an invariance binds the work like a rule, as one that opens with a
// prohibition does: "- Existing calls without \`as_of\` must behave exactly as today", "- The 212
// cases in tests/conflict/test_rules.py must pass unchanged" (labelled HARD wherever they stand; "-
// when off: behaviour exactly as today", with no modal, describes the feature).
export const ACCEPTANCE_INVARIANCE =
  /\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:still\s+)?(?:pass\s+(?:unchanged|unmodified|byte\s+for\s+byte)|(?:behave|work|render|look)\s+exactly\s+(?:as|like)\s+(?:today|now|before)|(?:be|stay|remain|come\s+out)\s+(?:byte[- ]identical|byte[- ]for[- ]byte|identical|unchanged))\b/i;

// A trailing ", no <kind> changes" whatever the kind ("same output, no visual changes"), unless it
// releases the agent ("no changes needed"). Read after the request's first clause only, as
// KEEP_RULE is: in the first clause it rides on the ask ("refactor(charts): shared labels into
// _helpers.tpl, no rendered-manifest changes"), which HARD_SHORT's named kinds already cover.
export const TRAILING_DENIAL = new RegExp(String.raw`[,:]\s+(?:and\s+|but\s+)?no\s+[\w-]+\s+(?:changes?|edits?)\b${NO_RELEASE}`, "i");
