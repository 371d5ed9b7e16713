// What points outside the request (split from referents.ts in the thirteenth session): a thing
// defined by what someone outside said, found, made, uses or wants, and content the request only
// points at (an agreement, a meeting, a document, an attachment, an earlier state). referents.ts
// decides what resolves them; contentOfTheAsk (moved here in the fifteenth session) says when the
// ask itself cannot start without that content.

import { IDENTIFIER, TICKET_KEY } from "./reference-anchors.js";
import { refsIn } from "./resource-refs.js";
import { FILLER, type Clause } from "./segment.js";

// A thing defined by what someone outside the request said, found or made: "the crash Priya
// mentioned", "the vulnerability the pentesters found", "the logic we duplicated last sprint",
// "like Jun said", "like Sara's mockup", "the way we did for X", "what we decided in the call".
// The agent is a person's name (capitalised), a pronoun, or a group ("the pentesters"); the verb
// is past-tense or a report verb. Case matters for the name, so this pattern is not /i.
// Tenth session: one person in a role ("the regulator", "the vendor", "QA") is an agent too, and
// listing, picking, pulling or setting something up defines it as surely as mentioning it.
// Sixteenth session: a month or a weekday is a date, never an agent ("the customer audit in February
// wants evidence …"; "the deploy Friday broke …").
const NOT_A_DATE = String.raw`(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)`;
// Twenty-seventh session (branch `esc27`): a person's name is spelt in the letters of their language
// ("the way Sofía did for vetting-api last month", gq-163; "the diff Tomás sent", ek-115; "like Raúl
// asked", gm-089): an outside person is never resolved (docs/task-labelling.md) whatever letters the
// name has, and `[A-Z][a-z]+` stopped at the first accented one, so those requests asked nothing.
// Latin-1 and Latin Extended-A letters after the capital (one class, so the name stays one run).
const NAME = String.raw`[A-Z\u00C0-\u00DE\u0100-\u017F][a-z\u00DF-\u00FF\u0100-\u017F]+`;
// Sixteenth session: "I" is an agent as "we" is ("See the log I attached to the ticket"): what the
// writer did outside the request is no more in it than what a colleague did; what the writer wants
// is the request itself ("Before anyone touches the code I want tests around it").
const AGENT = String.raw`(?:${NOT_A_DATE}${NAME}|I(?!\s+(?:just |already |originally )?wants?\b)|QA|PM|PO|SRE|HR|IT|CFO|CTO|CEO|[Ww]e|[Tt]hey|[Yy]ou|[Hh]e|[Ss]he|the [a-z]+(?:ers|ists|ors|team|folks|people|client|customer|auditors?)|the [a-z]+ (?:group|team|board|committee|department|facility|office|lab|unit|desk|division)|the (?:regulator|vendor|supplier|client|customer|auditor|accountant|union|conductor|manager|designer|architect|lawyer|inspector|contractor|consultant|landlord|owner|boss|director|coach|council|agency|ministry|insurer|product owner|business|committee|board))`;
const REPORT_VERB = String.raw`(?:asked about|talked about|presented|mentioned|found|suggested|reported|said|says?|described|flagged|raised|wanted|asked for|proposed|recommended|duplicated|built|wrote|sent|shared|decided|discussed|agreed on|agreed|did|made|added|changed|showed|drew|designed|promised|requested|complained about|wants?|listed|used|pulled|picked|chose|pitched|set up|posted|linked|prepared|drafted|approved|specified|sketched|outlined|noted|put together|came up with|settled on|fixed|tried|quoted|recorded|uploaded|forwarded|pasted|demoed|signed off on|circulated|attached)`;
// Twelfth session: the role agents alone (a group, a unit, one person in a role), and a wish spelled
// out after its verb ("the mid-term review Katrin wants to see, per grant, how much is left"),
// which gives the content it points at.
const ROLE_AGENT = String.raw`(?:QA|PM|PO|SRE|HR|IT|the [a-z]+(?:ers|ists|ors|team|folks|people|client|customer|auditors?)|the [a-z]+ (?:group|team|board|committee|department|facility|office|lab|unit|desk|division)|the (?:regulator|vendor|supplier|client|customer|auditor|accountant|manager|designer|architect|lawyer|consultant|owner|council|agency|ministry|insurer|product owner|business))`;
// Sixteenth session: a verb followed by an object of its own (a possessive or a quantifier) does not
// take the noun before it: "While tidying the tracker I found our SMTP login", "After the Q8H
// incident we want every code covered" are two clauses, not "the tracker I found".
const SPELLED_OUT = String.raw`(?!\s+to\s+[a-z]+(?:,|\s+(?:[a-z]+ly\s+)?(?:how|what|which|whether|who|where|when|if|all|each|every)\b))(?!\s+(?:our|my|your|their|his|her|its|every|each|all)\s)`;
// Fourteenth session: after a person's name any verb in the past tense defines the thing as surely as
// the report verbs do ("fix the typo Denise screenshotted", "the endpoints Jonas refactored"): a noun
// followed by a name and a past-tense verb is a relative clause about what that person did.
// The words before the name are the noun and its modifiers, never a verb or a preposition ("the
// storm on Tuesday knocked …", "the naming changed when Sven moved …" are sentences).
const NOUN_WORD = String.raw`(?!(?:on|in|at|of|to|for|from|with|by|when|while|after|before|since|until|and|or|but|that|which|is|was|were|are|has|had)\b)[a-z][\w-]*(?<!ed)`;
// Sixteenth session: an irregular past tense is a past tense too ("whether these are the same errors
// Tomasz saw in October"). "ran" is left out, an operation that ran being found in logs ("The bulk
// import Bev ran on Monday put …", as "the key rotation from this morning"), and so is "brought
// (up)": ef-012 describes the bug Maria brought up in its next sentence, which the rule that makes
// such content stand (contentOfTheAsk) does not read. A weekday or month is a date, not a person.
const IRREGULAR_PAST = String.raw`(?:saw|got|caught|heard|took|gave|kept|told|broke|chose|spoke|bought|ran into|hit|left)`;
const PAST_AFTER_NAME = String.raw`${NOT_A_DATE}${NAME}\s+(?:just |already )?(?:[a-z]{3,}ed|${IRREGULAR_PAST})\b`;
const NAMED_DOER = String.raw`\b[Tt]he (?:${NOUN_WORD} ){0,2}${NOUN_WORD}\s+${PAST_AFTER_NAME}`;
export const NAMED_DOER_HINT = new RegExp(String.raw`\b${PAST_AFTER_NAME}`);
const NOT_AUXILIARY = String.raw`(?!\s+(?:already\s+|just\s+|not\s+|never\s+)?(?:been|[a-z]+ed|paid|done|made|sent|got|seen|taken|given|bought|spent|won|lost)\b)`;
const GROUP = String.raw`(?:group|team|board|committee|department|facility|office|lab|unit|desk|division)`;
const MONTH_OR_DAY = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b`;
export const OUTSIDE_SOURCE = new RegExp(
  String.raw`\b[Tt]he (?:[a-z][\w-]* |[A-Z][\w-]* ){0,2}[a-z][\w-]*\s+(?:(?:that|which) )?${AGENT}\s+(?:just |already |originally )?${REPORT_VERB}\b${SPELLED_OUT}` +
    `|${NAMED_DOER}` +
    // Twenty-seventh session (branch `esc27`): a change named by its acronym is the noun as well ("the
    // MR Lina mentioned for the letters", gp-161; "the PR Kenji opened yesterday", eq-175; "the RFC
    // Jonas circulated", dr-127): development 15 ambiguous, 0 clear.
    String.raw`|\b[Tt]he (?:PR|MR|RFC)s?\s+(?:(?:that|which) )?(?:${AGENT}\s+(?:just |already |originally )?${REPORT_VERB}\b|${PAST_AFTER_NAME})` +
    // What a group or a role uses or prefers is as much outside the request ("the Ensembl release
    // that the core facility uses"); a product named in capitals is not ("the format Postgres uses").
    String.raw`|\b[Tt]he (?:[a-z][\w-]* |[A-Z][\w-]* ){0,2}[a-z][\w-]*\s+(?:(?:that|which) )?${ROLE_AGENT}\s+(?:still |currently |already )?(?:uses|prefers|recommends|expects|needs|runs)\b` +
    String.raw`|\b(?:[Ll]ike|[Aa]s|[Pp]er)\s+${AGENT}\s+(?:${REPORT_VERB}|asked)\b` +
    // Nineteenth session: and the work done on, to or in a person's change ("Review the diff on
    // Sam's branch against main", fl-196; "merge Kenji's PR"): the guide's "like Kenji's branch";
    // "the same way the deploy job deploys Kenji's branch" only describes a named model (bw-168).
    // Twenty-second session: a weekday or month is a date, never the owner ("in Saturday's change
    // window", ga-152: a time window, as the sixteenth session reads dates); a build or version
    // picked by a person's change it carries ("the build with Chinedu's fix", ga-107) is that change.
    String.raw`|\b(?:[Ll]ike|[Aa]s (?:in|per)|[Ff]rom|[Ii]n|[Pp]er|[Oo]n|[Oo]f|[Ii]nto|[Rr]eview|[Mm]erge|[Ww]ith)\s+${NOT_A_DATE}${NAME}['’]s\s+(?:mockups?|designs?|suggestions?|comments?|notes|ideas?|proposals?|lists?|emails?|messages?|branch|PR|diff|approach|fix|changes?|scripts?|sketch|screenshots?|doc|spec)\b` +
    String.raw`|\b[Tt]he way (?:we|you|they|I|${NAME}|the [A-Z]?[a-z]+ team) (?:did|do|does|had|handled|solved|fixed|built|structured|set up|wrote|organi[sz]ed|laid out)\b` +
    // Twenty-first session: "to whatever the platform team recommends this quarter" (ft-199), "on
    // whichever PC Gary means" (fv-181): a free relative, "whichever" as well as "whatever", with or
    // without the noun it picks, whose subject is someone outside the request and whose verb says
    // what that person means, recommends, prefers or uses (present tense as well as past) defines
    // the content by that person's choice (docs/task-labelling.md: outside people are never
    // resolved). A choice the agent makes ("whatever works", "whichever is faster", "whatever you
    // think is right") or a property ("whichever tag has the patched openssl") is no such content.
    String.raw`|\b[Ww]h(?:atever|ichever)\s+(?:[\w-]+\s+)?${AGENT}\s+(?:${REPORT_VERB}|asked|decided|wants?|needs?|says?|means|meant|recommends|prefers|suggests|likes|picks|chooses|uses|decides|tells)\b` +
    // Fifteenth session: a group named with an acronym decides as a person does ("set the per-user
    // GPU limits to what the HPC committee agreed"); "had" before a past participle is an auxiliary
    // ("charged the full price on top of what they had already paid" tells an event, not a thing
    // someone had).
    String.raw`|\b[Ww]hat (?:we|you|they|I|${NAME}|the [A-Za-z]+ ${GROUP}) (?:decided|said|agreed|discussed|suggested|mentioned|wanted|proposed|planned|used|had${NOT_AUXILIARY}|ran|asked for)\b` +
    // Twenty-seventh session (branch `esc27`): the same content decided in the passive ("Change the
    // default … to what was agreed with Finance", gq-169; "use what was decided in the ancillary
    // pricing committee", ep-113): who agreed is left unsaid, what was agreed is still outside.
    String.raw`|\b[Ww]hat (?:was|were|has been|had been) (?:decided|agreed|discussed|promised|proposed|requested|asked for)\b` +
    // Fifteenth session: a change known only by its author ("review the PR from Rui", "since the
    // change of Marco", "like in the branch of Pedro") is one of that person's changes, which the
    // request does not identify; a number or a path after it does (referents.ts).
    String.raw`|\b[Tt]he (?:PR|pull request|MR|merge request|branch|commit|patch|changes?) (?:from|of|by) (?!${MONTH_OR_DAY})[A-Z][a-z]+\b(?!['’/.-]\w)` +
    // Fifteenth session: content someone outside will still send ("update the FAQ answer about
    // windscreen claims, Ines will send the new wording") is not in the request yet.
    String.raw`|\b[A-Z][a-z]+ (?:will|'ll|is going to) (?:send|provide|share|give|forward|supply)(?: (?:us|you|me))? (?:the |a |an |his |her |their )?(?:[\w-]+ ){0,2}[\w-]+` +
    // "the issue from this morning", "the mess from friday": defined by a time outside the request.
    // Observed events in a time window ("the checkout errors from last night") are found in logs.
    // Twelfth session: so are operations that ran ("the key rotation from this morning", "the
    // restart from yesterday"); "from the last canary / run / audit" is an earlier event like
    // "from last week" ("the analysis thresholds from the last canary"); "from last week's release"
    // names a release, whose changes the history holds.
    String.raw`|\b[Tt]he (?:[a-z][\w'-]* ){0,2}(?!(?:errors?|failures?|logs?|alerts?|crash(?:es)?|exceptions?|timeouts?|spikes?|5\d\d|requests?|builds?|runs?|jobs?|deploys?|traffic|metrics|events|rotations?|restarts?|reboots?|rollouts?|upgrades?|outages?|backups?|failovers?)\b)[a-z][\w-]*\s+from\s+(?:this morning|yesterday|(?:the )?(?:last|previous) [a-z][\w-]*|the other day|earlier|(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)day)\b(?!['’]s\b)` +
    // Artefacts the request does not carry: a mockup, screenshot, link or attachment, unless a URL follows.
    String.raw`|\b(?:[Tt]he|[Mm]y|[Oo]ur)\s+(?:[Ff]igma |[Ll]oom |[Ss]ketch )?(?:mockups?|mock-ups?|screenshots?|attachments?|wireframes?|recordings?|[Ff]igma(?: link| file)?)\b(?![\s-]+(?:downloads?|uploads?|endpoints?|service|handler|table|storage|api|feature|size|limit|field|column|button|preview|url|path|folder|dir(?:ectory)?)\b)` +
    String.raw`|\b[Mm]y (?:PR|pull request|branch|ticket|last commit)\b` +
    // Eighth session: a document the request neither carries nor locates ("items 3 to 7 in the
    // attached PDF", "the limit in the ops manual", "the mitigation from the vendor advisory").
    String.raw`|\b[Tt]he attached [A-Za-z]+\b` +
    String.raw`|\b[Tt]he [\w-]+'s (?:PDF|pdf)\b|\b[Tt]he (?:[\w-]+(?:'s)? ){0,2}(?:manual(?!\s+(?!(?:says?|said|lists?|describes?|states?|has|is|was|for|of|on|in|from|and|or|to|at|we|you)\b)[a-z])|handbook|advisory|spreadsheet|runbook|slide deck)\b` +
    // Twelfth session: "manual" before a noun is the adjective ("the manual refunds"), not the
    // document; a paper or datasheet the request neither carries nor names is a document it points
    // at ("the authors and DOI from the paper").
    String.raw`|\b(?:from|per|according to|as in|described in|given in) the (?:paper|preprint|thesis|poster|datasheet)\b(?=\s*(?:[.,;:!?)]|$|\s+(?:and|or|but|so|then|for|too|as|with|we|you|I|please)\b))` +
    String.raw`|\b(?:[Ll]ike|[Aa]s) it (?:worked|was|behaved|looked) before\b` +
    // A state before the request ("put the timeout back to what it was") is never stated in it.
    String.raw`|\b(?:back to|as|like) (?:what|how|the way) (?:it|they|this|that) (?:was|were|used to be)\b`,
  "g",
);

// Tenth session: content the request only points at. An agreement or a convention whose terms are
// not given ("the agreed value", "the one approved by legal", "our naming convention"), a meeting
// or document the request does not carry ("the numbers from Thursday's meeting", "the tickets on
// the release board"), an attachment, an earlier state ("the version that worked", "like the old
// client did", "same as last release"). A colon or bracket after it gives the content.
export const DEFINED_ELSEWHERE = new RegExp(
  String.raw`\b[Tt]he (?:agreed|approved|negotiated|promised|requested)(?:[- ]upon)? (?:[a-z]+ )?(?:values?|numbers?|limits?|thresholds?|lists?|formats?|wording|layout|dates?|times?|versions?|settings?|figures?|rates?|names?|colou?rs?|texts?|copy|design|schedule|deadline|amounts?|sizes?|levels?|order)\b` +
    String.raw`|\b[Tt]he ones? (?:agreed|approved|requested|negotiated|picked|chosen|suggested|listed)(?: (?:with|by|on|in|at))?\b` +
    String.raw`|\b(?:[Oo]ur|[Tt]he team'?s|[Tt]he house|[Tt]he company'?s) (?:naming |coding |code |style |usual |internal |house )?(?:conventions?|standards?|guidelines?|style guide)\b` +
    String.raw`|\b[Tt]he (?:[a-z][\w'-]* ){0,2}[a-z][\w-]*\s+(?:from|in|on)\s+(?:the |our |his |her |their |[A-Z][a-z]+'s |(?:last|this) (?:week|month|quarter|year|season)'s |(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)day'?s )?(?:[\w-]+ ){0,2}(?:meeting|review|deck|brochure|presentation|retro(?:spective)?|handover|memo|whiteboard|offsite|policy document|rulebook|release board|sprint board|project board|kanban board|standup|stand-up|debrief|kick-?off)\b(?!\s+(?:page|screen|form|tab|service|module|table|app|flow|component|endpoint|api|queue|job|feature|tool|system|widget|dialog|modal|button|view|list|room|panel)\b)` +
    String.raw`|\b(?:from|in|per|using|following|according to)\s+(?:yesterday|[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday|last (?:week|month|quarter|year|season|sprint))'s\s+(?:[\w-]+\s+){0,2}(?:meeting|review|call|deck|notes|email|message|comments?|rulebook|handover|plan|spreadsheet|brochure|presentation|sync|standup|stand-up|retro|demo|discussion|decision)\b` +
    String.raw`|\b(?:[Ss]tack ?traces?|[Ss]creenshots?|[Ll]ogs?|PDFs?|CSVs?|[Ss]preadsheets?|[Vv]ideos?|[Rr]ecordings?|[Ii]mages?|[Ss]cans?|[Pp]hotos?) (?:is |are )?attached\b(?! to\b)|\b(?:see|check) (?:the )?attach(?:ed|ment)\b` +
    // Twenty-eighth session (branch `esc28`): "attached to" says where a stored file lives ("Photos
    // attached to incidents in safenet", gt-126; "the screenshot attached to ticket HB-311"), a record
    // the agent reaches, not a file the caller carried with the message (the guide's "the attached PDF").
    // Seventeenth session: "Please find attached the final report", "I've attached the vendor's
    // proposal": "attached" before what it attaches points outside the request as "see attached" does.
    String.raw`|\b(?:[Ff]ind|[Ii]'ve|[Ii] have|[Ww]e'?ve|[Ww]e have) attached\b` +
    String.raw`|\b(?:[Ll]ike|[Aa]s) the (?:old|previous|legacy|former) (?:[\w-]+ ){0,2}(?:did|does|used to|worked|behaved|looked)\b` +
    String.raw`|\b[Tt]he (?:last |previous )?(?:version|build|release|config|setting|value|commit|image) (?:that|which) (?:worked|was working|used to work|was fine|was good|was stable)\b` +
    String.raw`|\b[Ss]ame as (?:the )?(?:last|previous) (?:release|time|deploy|run|sprint|year)\b` +
    // Sixteenth session: a value known by the group or role it comes from ("set the stress rate floor
    // to the new value from the credit committee") is as unstated as "the agreed value".
    String.raw`|\b[Tt]he (?:new |latest |updated |final |revised )?(?:values?|numbers?|figures?|rates?|limits?|thresholds?|lists?|wording|texts?|dates?|amounts?|percentages?|settings?)\s+from\s+(?:the\s+)?(?:[a-z][\w-]*\s+)?(?:committee|board|regulator|vendor|supplier|auditors?|council|agency|ministry|insurer|legal|compliance|finance|management)\b` +
    // Fourteenth session: a document the work is to follow, named only by its kind ("then drop
    // zones.city_name like in the plan", "as per the brief"); "as in the spec below" gives it.
    String.raw`|\b(?:[Ll]ike|[Aa]s) (?:in|per|described in|laid out in) the (?:plan|spec|design|proposal|RFC|rfc|brief|write-?up)\b`,
  "g",
);
// Twenty-seventh session (branch `esc27`): a thing known by the person who has or keeps it ("using
// the mapping Colin has from old lender names to codes", gp-177; "the mapping in the spreadsheet
// Ruth keeps", br-034; "the same alarm popup Maria has on her line", eo-043) is content only that
// person has (docs/task-labelling.md: outside people are never resolved). Only where the verb ends
// the phrase (a preposition or a stop after it): "Niamh has no paper copy", "all Ellen has to check"
// and "Compass keeps giving me …" say something else. Development 7 ambiguous, 0 clear. Kept apart
// from OUTSIDE_SOURCE so that "has" does not open its scan on every text.
export const HELD_BY_A_PERSON = new RegExp(
  String.raw`\b[Tt]he (?:[a-z][\w-]* ){0,2}[a-z][\w-]*\s+${NOT_A_DATE}${NAME}\s+(?:has|had|keeps|kept|holds)(?=\s+(?:from|on|in|for|at|with|of)\b|\s*[,.;:!?)]|\s*$)`,
  "g",
);

export const DEFINED_ELSEWHERE_HINT =
  /\b(?:committee|regulator|vendor|supplier|auditors?|council|agency|ministry|insurer|legal|compliance|finance|management|agreed|approved|negotiated|promised|requested|picked|chosen|suggested|listed|conventions?|standards?|guidelines?|style guide|meeting|review|deck|brochure|presentation|retro|handover|memo|whiteboard|offsite|rulebook|board|standup|stand-up|debrief|kick-?off|document|retrospective|attach(?:ed|ment)|(?:yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|quarter|year|season|sprint)'s|(?:like|as) the (?:old|previous|legacy|former)|(?:that|which) (?:worked|was)|used to work|same as|(?:like|as) (?:in|per|described in|laid out in) the)\b/i;

// OUTSIDE_SOURCE has many alternatives and no literal prefix, so it is slow to scan a long text;
// every alternative holds one of these words, which one quick scan finds first.
export const OUTSIDE_HINT =
  /\b(?:whatever|whichever|talked|presented|uses|prefers|recommends|expects|needs|runs|paper|preprint|thesis|poster|datasheet|listed|used|pulled|picked|chose|pitched|set up|posted|linked|prepared|drafted|approved|specified|sketched|outlined|noted|put together|came up with|settled on|fixed|tried|quoted|recorded|uploaded|forwarded|pasted|demoed|signed off on|circulated|mentioned|found|suggested|reported|said|says?|described|flagged|raised|wanted|asked|proposed|recommended|duplicated|built|wrote|sent|shared|decided|discussed|agreed|did|made|added|changed|showed|drew|designed|promised|requested|complained|from|mockups?|mock-ups?|screenshots?|attachments?|wireframes?|recordings?|figma|my|way|what|\w+'s|attached|pdf|manual|handbook|advisory|spreadsheet|runbook|slide deck|(?:worked|was|behaved|looked) before|wants?|the (?:PR|pull request|MR|merge request|branch|commit|patch|changes?) (?:from|of|by)|(?:will|'ll|is going to) (?:send|provide|share|give|forward|supply))\b/i;

// Seventeenth session: the method the ask follows, kept in a ticket the request names only by its
// key ("Fix the Motability deposits in prod using the query in FIN-231", "apply the fix from
// INC-2291", "the same correction as in INC-2231", "Fix it with the approach from FW-1187"): the
// ticket holds the content and the request does not carry it (docs/task-labelling.md: tickets are
// never resolved). referents.ts takes it only where the clause opens with the ask (contentOfTheAsk):
// "Ines will do the fix in KIOSK-311" says where other work goes.
const TICKET_METHOD =
  /\b[Tt]he (?:[a-z][\w-]* ){0,2}?(?:fix|fixes|approach|correction|query|queries|script|workaround|solution|patch|steps|procedure|SQL|statement)\s+(?:as\s+)?(?:from|in|of|described in|used in)\s+[A-Z][A-Z0-9]+-\d+\b/g;
export function ticketMethodsOfTheAsk(clause: Clause, text: string): { index: number; length: number; phrase: string }[] {
  if (!/[A-Z0-9]-\d/.test(text)) return [];
  return [...text.matchAll(TICKET_METHOD)]
    .map((match) => ({ index: match.index, length: match[0].length, phrase: match[0] }))
    .filter((found) => contentOfTheAsk({ clause, ...found }));
}

// Twelfth session: what the ask acts on, or how, defined only by what someone outside the request
// said, did, uses or wants ("update the methods text the way Katrin wants it", "deploy to staging
// the way Tomasz does it", "or go with the tool Jess suggested", "Promote web …, the version QA
// signed off on"). The work cannot start without that content, so the escalation model may not
// outvote the question, short request or long. Only in a clause that opens with the action (an
// imperative, or "should we …"), and only when nothing after it in the clause names it (a path,
// an identifier, a colon and a description): "write the regression test for the bug we fixed on
// Monday in hr/leave/accrual.py: …" is named. Background that only dates or motivates the work
// ("2.4.1 has the layout they asked for") is not the ask. Nineteenth session: a review or a merge
// acts on its content as a change does ("Review PR 512 … and the other one Nadia opened", fj-130;
// "Review the diff on Sam's branch", fl-196).
const ASK_OPENING =
  /^(?:(?:should|shall|do|can|could) we\s+|(?:where|how) do we\s+)?(?:fix|change|update|deploy|promote|extend|use|apply|add|write|set|move|go with|pick|implement|build|follow|switch|replace|configure|migrate|roll out|roll back|ship|release|bump|upgrade|test|cover|document|create|make|copy|port|match|align|revert|restore|do|run|include|import|load|send|format|rename|install|remove|delete|review|merge)\b/i;
const BACKGROUND_ROLES: ReadonlySet<string> = new Set(["background", "rules", "data"]);
export function contentOfTheAsk(candidate: { clause: Clause; index: number; length: number }): boolean {
  const { clause } = candidate;
  if (clause.heading || (clause.role && BACKGROUND_ROLES.has(clause.role))) return false;
  // Fourteenth session: an item of an inline list ("1) docstring for … 2) fix the typo Denise
  // screenshotted 3) bump black") opens and ends at its numbers, as a line of a list does.
  const before = clause.text
    .slice(0, candidate.index)
    .replace(/^.*\s\d{1,2}\)\s+/, "")
    .replace(/^[\W\d]*(?:\d+[.)]\s*)?/, "")
    .replace(FILLER, "");
  const rest = clause.text.slice(candidate.index + candidate.length).split(/\s\d{1,2}\)\s/)[0]!;
  const named = rest.replace(TICKET_KEY, "");
  return ASK_OPENING.test(before) && !IDENTIFIER.test(named) && refsIn(named).length === 0 && !/:\s*\S/.test(rest);
}
