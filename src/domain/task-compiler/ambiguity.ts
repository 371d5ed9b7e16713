// Detects what the compiler cannot determine, so it asks instead of guessing. Each detector
// is deliberately narrow: a clear request must not be escalated, so a reference only counts as
// unresolved when nothing in the request identifies what it points at.
import type { TaskType } from "../../contracts/task-ir.js";
import { hardnessOf, isNegated, maskQuoted, type ExtractedConstraint } from "./constraints.js";
import { constraintContradictions, forbiddenWork } from "./contradictions.js";
import { baselineClause, comparativeIsNoGoal, vagueGoal } from "./measures.js";
import { refsIn } from "./scope.js";
import { FILLER, spanOf, wordCount, type Clause, type Span } from "./segment.js";

export const AMBIGUITY_KINDS = [
  "empty_request",
  "missing_target",
  "unresolved_reference",
  "unmeasurable_goal",
  "scope_contradiction",
  "constraint_contradiction",
  "budget_contradiction",
  "field_contradiction",
  "undetermined_task_type",
  /** An ambiguity a TaskIR document arrived with. */
  "declared",
] as const;
export type AmbiguityKind = (typeof AMBIGUITY_KINDS)[number];

/** What answering does: add words to the request, or pick one value for a field. */
export type AmbiguityEffect = { kind: "text"; asCriterion: boolean } | { kind: "choose"; field: string };

export interface AmbiguityDraft {
  kind: AmbiguityKind;
  question: string;
  /** The words of the request it came from (or the explicit field, for a contradiction with one). */
  text: string;
  span: Span | null;
  field: string | null;
  /** When the answer must be one of these; empty for a free answer. */
  options: string[];
  /** What accepting the default means; null when the compiler may not offer one. */
  defaultOption: string | null;
  effect: AmbiguityEffect;
}

const GREETING =
  /^(hi|hey|hello|yo|good (morning|afternoon|evening)|thanks|thank you|thx|cheers|ty|quick one|quick question|ok|okay|so|urgent|asap|please|pls)(\s+(all|team|there|folks|everyone|guys|again|a lot|so much|in advance))?$/i;

const REFERENT_NOUNS =
  "functions?|methods?|files?|class(?:es)?|modules?|librar(?:y|ies)|lib|packages?|tables?|endpoints?|services?|scripts?|quer(?:y|ies)|tests?|bugs?|issues?|errors?|crash(?:es)?|problems?|things?|changes?|fix(?:es)?|patch(?:es)?|pages?|config(?:uration)?|flags?|branch(?:es)?|PRs?|pull requests?|docs?|incident|migrations?|approach|version|warnings?|tickets?|ones?|helpers?|components?|jobs?|features?|code|logs|thing|values|settings|handlers?|routes?|models?|controllers?|workers?|views?|spec|doc|design|plan|rfc|proposal|document|warnings?|regressions?|outages?|feedback|complaints?|cleanup|routine|procedure|steps|numbers|suggestions?|formats?|layouts?|conventions?";
const DEMONSTRATIVE_NP = new RegExp(
  String.raw`\b(that|those|this|these|the other|the old|the previous|the usual|the earlier|the new|his|her|their|the)\s+(?:(?:other|same|old|weird|annoying|last|previous|earlier|flaky|failing)\s+)?(?:${REFERENT_NOUNS})\b(?!\s+(?:nodes?|pool|queue|process(?:es)?|cluster|logs?|config|file|page|service|table|name|list|count|settings?|endpoint|module|class|function|method|script|job|tests?|suite|code|team|ids?|api|server|host|box|format|layer|output|runner|rate|loading|logic|names?|values?|level|size|limit|handling|messages?|codes?|model)\b)(?![-/.]\w)`,
  "gi",
);
// "that box", "those two columns", "that flaky step again": a distal demonstrative before any noun
// at the end of its phrase. "that" as a conjunction ("make sure that tests pass", "so that it
// works") is excluded by what precedes it and by the noun not being followed by a verb.
const DISTAL_ANY =
  /\b(that|those)(?<!\b(?:so|such|sure|ensure|says?|said|know|knew|think|check|checks|verify|means?|note|hope|assume|show|shows|prove|confirm|is|was|are|and|but|than|now|given|except|seems?|mean|realize|realise|found|see|saw)\s(?:that|those))\s+(?:(?:two|three|other|same|old|flaky|weird|new|broken|one|big|little)\s+)?(?!(?:it|is|was|are|they|we|you|he|she|i|this|the|a|an|there|will|would|can|could|should|must|has|have|had|does|did|do|way|much|many|one|ones)\b)([a-z][\w-]*)(?=\s*(?:[.,;!?)]|$)|\s+(?:again|on|in|to|from|for|please|pls|at|of|too|first|already|anymore|once)\b)/gi;
// A qualifier after the noun says which one ("the bug in X", "the one called Y", "the test that fails on CI").
const QUALIFIED =
  /^\s*(?:(?:again|now|please|pls|asap|too|also|here|there|for me|real quick|today),?\s+)*(?:in|on|at|of|for|from(?!\s+(?:this morning|yesterday|last|the meeting|the standup|the call|the retro|the demo|slack|the thread|the chat|the review|the ticket|the screenshot|the customer|the conversation|the spreadsheet|the wiki|the doc\b|before|earlier|friday|monday|the other day))|inside|under|with|where|that|which|who|called|named|between|behind|about|causing|caused|affecting|reported|around|like|#|`|"|'|:|\(|\d|[\w@/.-]+\s+(?:(?:to|until|at|version)\s+v?\d|v?\d+\.\d))/i;
const PRONOUN_ACTION =
  /\b(?:fix|change|update|refactor|remove|delete|improve|debug|revert|undo|redo|handle|clean up|rewrite|finish|deploy|ship|review|look at|check|investigate|make|sort out|do|test|document|optimi[sz]e|merge|apply|run|repeat|use|restart|reproduce|correct|repair|move|put|rename|copy|split|extract|inline|convert|port|replace|swap|drop|kill|bump|upgrade|rotate|finish|solve|silence|undo|redeploy|rerun|re-run|retry|roll back|add|skip|include|exclude|ignore|allow|block|allowlist|whitelist|blacklist)\s+(it|this|that|them|those|these)\b(?!\s+(?:\w+\s+)?(?:function|file|bug|issue|test|method|class|module|error|problem|page|one|way)s?\b)(?!\s*:)/i;
const SUBJECT_PRONOUN =
  /^(?:is|was|are|were|does|did|has|can|will)\s+(it|this|that|they)\b(?=[^.;]*\?)|^(?:(?:and|but|so|also|again|hmm|ugh|well)\s+)*(it|this|that|they)\s*(?:is|'s|are|keeps|still|doesn'?t|does not|broke|fails|crashed|crashes|stopped|isn'?t|won'?t|is broken|happens|happened|looks)\b|\b(?:why|how) (?:is|are|does) (this|that|it)\b/i;
// Anaphora that point back at a change or a list: "update the tests accordingly", "fix the remaining ones".
const ANAPHOR =
  /\b(?:accordingly|the (?:remaining|rest of the) (?:ones|tests|files|bugs|errors|warnings|items|cases|places|calls)|the rest(?= of it\b|\s*$))\b/i;
// Events outside the request: a conversation, an earlier change, a convention never stated.
const EXTERNAL_EVENT =
  /\b(?:as|like)\s+(?:we|i|you)\s+(?:did|do|had|have done|discussed|agreed|talked about|said|planned)(?:\s+(?:before|last time|earlier|previously|yesterday|last week))?\b|\b(?:like|as)\s+(?:last time|before|usual|always)\b|\bthe (?:usual|normal) way\b|\bthe same (?:way|thing|fix|approach)(?:\s+as\s+(?:before|last time|in the other repo))?\b(?!\s+(?:the|as the|as in|that|for the)\s)|\bas (?:discussed|agreed|requested|planned|promised|mentioned)\b|\b(?:we|i|you)\s+(?:discussed|talked about|spoke about|agreed on)\b|\b(?:we|i)\s+(?:discussed|talked about|talk|talked|mentioned|saw|looked at|spoke about|agreed on|made|started|did)\b[^.;,]{0,20}?\b(?:yesterday|last week|last time|earlier|before|on friday|this morning|in the meeting)\b|\b(?:you|he|she|they)\s+(?:wrote|found|did|sent|made|mentioned|asked for)\b(?:\s+(?:me|you|earlier|yesterday|before|in the meeting))*|\bthe one (?:\w+\s+)?(?:mentioned|from|we|you|i)\b|\b(?:i|we)\s+(?:sent|shared|gave|posted|forwarded)(?:\s+(?:you|to you))?\b(?!\s+(?:below|above|here))|\b(?:of|from)\s+(?:the meeting|the other day|last (?:time|sprint))\b|\bthe thing of yesterday\b|\b(?:as|like)\s+before\b|\bprevious approach\b|\b(?:see|check|read|per|from|of|in|on|according to|as (?:in|per)|following|described in|mentioned in|discussed in|reported in)\s+(?:(?:the|our|my|your|his|her|their|that|this|yesterday'?s|today'?s|last week'?s)\s+(?:\w+'s\s+)?(?:screenshots?|thread|conversation|meeting|call|stand-?up|spreadsheet|ticket|complaint|discussion|retro|demo|dm|wiki|doc|email|slack (?:thread|message))|slack|jira|notion|confluence|teams)\b(?![\w/.-])(?!\s+(?:in|at|on|under|from)\s+\S*[/.]\S)(?!\s+(?:page|screen|form|tab|step|template|view|component|modal|table|service|module|queue|app|flow|widget|panel|button|api|endpoint|folder|directory|channel|bot|integration|notifications?|sender|feature|settings|link|handler|webhook|client))(?!\s*(?:#\d|https?:|`|"|\())|\bwhat (?:you|we|i|he|she|\w+) (?:did|asked for|started|wrote)\b/gi;
// A thing defined by what someone outside the request said, found or made: "the crash Priya
// mentioned", "the vulnerability the pentesters found", "the logic we duplicated last sprint",
// "like Jun said", "like Sara's mockup", "the way we did for X", "what we decided in the call".
// The agent is a person's name (capitalised), a pronoun, or a group ("the pentesters"); the verb
// is past-tense or a report verb. Case matters for the name, so this pattern is not /i.
// Tenth session: one person in a role ("the regulator", "the vendor", "QA") is an agent too, and
// listing, picking, pulling or setting something up defines it as surely as mentioning it.
const AGENT = String.raw`(?:[A-Z][a-z]+|QA|PM|PO|SRE|HR|IT|CFO|CTO|CEO|[Ww]e|[Tt]hey|[Yy]ou|[Hh]e|[Ss]he|the [a-z]+(?:ers|ists|ors|team|folks|people|client|customer|auditors?)|the [a-z]+ (?:group|team|board|committee|department)|the (?:regulator|vendor|supplier|client|customer|auditor|accountant|union|conductor|manager|designer|architect|lawyer|inspector|contractor|consultant|landlord|owner|boss|director|coach|council|agency|ministry|insurer|product owner|business|committee|board))`;
const REPORT_VERB = String.raw`(?:mentioned|found|suggested|reported|said|says?|described|flagged|raised|wanted|asked for|proposed|recommended|duplicated|built|wrote|sent|shared|decided|discussed|agreed on|agreed|did|made|added|changed|showed|drew|designed|promised|requested|complained about|wants?|listed|used|pulled|picked|chose|pitched|set up|posted|linked|prepared|drafted|approved|specified|sketched|outlined|noted|put together|came up with|settled on|fixed|tried|quoted|recorded|uploaded|forwarded|pasted|demoed|signed off on|circulated)`;
const OUTSIDE_SOURCE = new RegExp(
  String.raw`\b[Tt]he (?:[a-z][\w-]* ){0,2}[a-z][\w-]*\s+(?:(?:that|which) )?${AGENT}\s+(?:just |already |originally )?${REPORT_VERB}\b` +
    String.raw`|\b(?:[Ll]ike|[Aa]s|[Pp]er)\s+${AGENT}\s+(?:${REPORT_VERB}|asked)\b` +
    String.raw`|\b(?:[Ll]ike|[Aa]s (?:in|per)|[Ff]rom|[Ii]n|[Pp]er)\s+[A-Z][a-z]+'s\s+(?:mockups?|designs?|suggestions?|comments?|notes|ideas?|proposals?|lists?|emails?|messages?|branch|PR|approach|fix|changes?|scripts?|sketch|screenshots?|doc|spec)\b` +
    String.raw`|\b[Tt]he way (?:we|you|they|I|[A-Z][a-z]+|the [A-Z]?[a-z]+ team) (?:did|do|does|had|handled|solved|fixed|built|structured|set up|wrote|organi[sz]ed|laid out)\b` +
    String.raw`|\b[Ww]hatever\s+${AGENT}\s+(?:${REPORT_VERB}|asked|decided|wants?|needs?|says?)\b` +
    String.raw`|\b[Ww]hat (?:we|you|they|I|[A-Z][a-z]+) (?:decided|said|agreed|discussed|suggested|mentioned|wanted|proposed|planned|used|had|ran)\b` +
    // "the issue from this morning", "the mess from friday": defined by a time outside the request.
    // Observed events in a time window ("the checkout errors from last night") are found in logs.
    String.raw`|\b[Tt]he (?:[a-z][\w'-]* ){0,2}(?!(?:errors?|failures?|logs?|alerts?|crash(?:es)?|exceptions?|timeouts?|spikes?|5\d\d|requests?|builds?|runs?|jobs?|deploys?|traffic|metrics|events)\b)[a-z][\w-]*\s+from\s+(?:this morning|yesterday|(?:the )?(?:last|previous) (?:week|sprint|night|month|time|release)|the other day|earlier|(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)day)\b` +
    // Artefacts the request does not carry: a mockup, screenshot, link or attachment, unless a URL follows.
    String.raw`|\b(?:[Tt]he|[Mm]y|[Oo]ur)\s+(?:[Ff]igma |[Ll]oom |[Ss]ketch )?(?:mockups?|mock-ups?|screenshots?|attachments?|wireframes?|recordings?|[Ff]igma(?: link| file)?)\b(?![\s-]+(?:downloads?|uploads?|endpoints?|service|handler|table|storage|api|feature|size|limit|field|column|button|preview|url|path|folder|dir(?:ectory)?)\b)` +
    String.raw`|\b[Mm]y (?:PR|pull request|branch|ticket|last commit)\b` +
    // Eighth session: a document the request neither carries nor locates ("items 3 to 7 in the
    // attached PDF", "the limit in the ops manual", "the mitigation from the vendor advisory").
    String.raw`|\b[Tt]he attached [A-Za-z]+\b` +
    String.raw`|\b[Tt]he [\w-]+'s (?:PDF|pdf)\b|\b[Tt]he (?:[\w-]+(?:'s)? ){0,2}(?:manual|handbook|advisory|spreadsheet|runbook|slide deck)\b` +
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
const DEFINED_ELSEWHERE = new RegExp(
  String.raw`\b[Tt]he (?:agreed|approved|negotiated|promised|requested)(?:[- ]upon)? (?:[a-z]+ )?(?:values?|numbers?|limits?|thresholds?|lists?|formats?|wording|layout|dates?|times?|versions?|settings?|figures?|rates?|names?|colou?rs?|texts?|copy|design|schedule|deadline|amounts?|sizes?|levels?|order)\b` +
    String.raw`|\b[Tt]he ones? (?:agreed|approved|requested|negotiated|picked|chosen|suggested|listed)(?: (?:with|by|on|in|at))?\b` +
    String.raw`|\b(?:[Oo]ur|[Tt]he team'?s|[Tt]he house|[Tt]he company'?s) (?:naming |coding |code |style |usual |internal |house )?(?:conventions?|standards?|guidelines?|style guide)\b` +
    String.raw`|\b[Tt]he (?:[a-z][\w'-]* ){0,2}[a-z][\w-]*\s+(?:from|in|on)\s+(?:the |our |his |her |their |[A-Z][a-z]+'s |(?:last|this) (?:week|month|quarter|year|season)'s |(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)day'?s )?(?:[\w-]+ ){0,2}(?:meeting|review|deck|brochure|presentation|retro(?:spective)?|handover|memo|whiteboard|offsite|policy document|rulebook|release board|sprint board|project board|kanban board|standup|stand-up|debrief|kick-?off)\b(?!\s+(?:page|screen|form|tab|service|module|table|app|flow|component|endpoint|api|queue|job|feature|tool|system|widget|dialog|modal|button|view|list|room|panel)\b)` +
    String.raw`|\b(?:from|in|per|using|following|according to)\s+(?:yesterday|[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday|last (?:week|month|quarter|year|season|sprint))'s\s+(?:[\w-]+\s+){0,2}(?:meeting|review|call|deck|notes|email|message|comments?|rulebook|handover|plan|spreadsheet|brochure|presentation|sync|standup|stand-up|retro|demo|discussion|decision)\b` +
    String.raw`|\b(?:[Ss]tack ?traces?|[Ss]creenshots?|[Ll]ogs?|PDFs?|CSVs?|[Ss]preadsheets?|[Vv]ideos?|[Rr]ecordings?|[Ii]mages?|[Ss]cans?|[Pp]hotos?) (?:is |are )?attached\b|\b(?:see|check) (?:the )?attach(?:ed|ment)\b` +
    String.raw`|\b(?:[Ll]ike|[Aa]s) the (?:old|previous|legacy|former) (?:[\w-]+ ){0,2}(?:did|does|used to|worked|behaved|looked)\b` +
    String.raw`|\b[Tt]he (?:last |previous )?(?:version|build|release|config|setting|value|commit|image) (?:that|which) (?:worked|was working|used to work|was fine|was good|was stable)\b` +
    String.raw`|\b[Ss]ame as (?:the )?(?:last|previous) (?:release|time|deploy|run|sprint|year)\b`,
  "g",
);
const DEFINED_ELSEWHERE_HINT =
  /\b(?:agreed|approved|negotiated|promised|requested|picked|chosen|suggested|listed|conventions?|standards?|guidelines?|style guide|meeting|review|deck|brochure|presentation|retro|handover|memo|whiteboard|offsite|rulebook|board|standup|stand-up|debrief|kick-?off|document|retrospective|attach(?:ed|ment)|(?:yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|quarter|year|season|sprint)'s|(?:like|as) the (?:old|previous|legacy|former)|(?:that|which) (?:worked|was)|used to work|same as)\b/i;

// OUTSIDE_SOURCE has many alternatives and no literal prefix, so it is slow to scan a long text;
// every alternative holds one of these words, which one quick scan finds first.
const OUTSIDE_HINT =
  /\b(?:whatever|listed|used|pulled|picked|chose|pitched|set up|posted|linked|prepared|drafted|approved|specified|sketched|outlined|noted|put together|came up with|settled on|fixed|tried|quoted|recorded|uploaded|forwarded|pasted|demoed|signed off on|circulated|mentioned|found|suggested|reported|said|says?|described|flagged|raised|wanted|asked|proposed|recommended|duplicated|built|wrote|sent|shared|decided|discussed|agreed|did|made|added|changed|showed|drew|designed|promised|requested|complained|from|mockups?|mock-ups?|screenshots?|attachments?|wireframes?|recordings?|figma|my|way|what|\w+'s|attached|pdf|manual|handbook|advisory|spreadsheet|runbook|slide deck|(?:worked|was|behaved|looked) before|wants?)\b/i;

/** Names that identify one thing: code, quoted text, numbers of issues and PRs, commit hashes. */
const IDENTIFIER =
  /`[^`]+`|"[^"]{3,}"|#\d+|\b(?:PR|pull request|issue|ticket)\s*#?\d+|\b[0-9a-f]{7,40}\b|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\bE[A-Z]{4,}\b|\b[A-Z][a-zA-Z]+(?:Error|Exception)\b/;
const EVENT_IDENTIFIED =
  /^\s*\(?\s*(?:in|for|with|from|on)?\s*(?:PR|pull request|commit|issue|ticket|#|`|"|v?\d|[A-Z][A-Z0-9]+-\d+)|^\s*(?:for|in) (?:the )?[\w-]+ (?:uploader|module|service|page|list|repo)\b/i;
// A clause that is only a wish or a complaint describes nothing.
const VAGUE_CLAUSE = /^(?:it|this|that|they)\b|\b(?:same as|as (?:last time|before|usual)|again)\s*$/i;
const ANCHOR =
  /`[^`]+`|"[^"]{3,}"|'[^']{3,}'|#\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\b[1-5]\d\d\b|\bERR_[A-Z_]+\b|\bE[A-Z]{4,}\b|\b[A-Z][a-zA-Z]+(?:Error|Exception)\b|\b(?:PR|pr|[Pp]ull request|[Ii]ssue|[Tt]icket)\s*#?\d+|\b[Cc]ommit\s+[0-9a-f]{7,40}\b/;
const BARE_ACTION =
  /^(fix|refactor|optimi[sz]e|update|deploy|clean ?up|improve|review|test|document|investigate|migrate|upgrade|release|debug|change|implement|add|remove|delete|check|do|handle|build|ship|sort out|make)(?:\s+(?:please|pls|now|asap|again|quickly|thanks|thank you|already|everything|stuff|things|something|all|it all|soon|today))*$/i;

// Measurability: a comparative or subjective goal is done only when something says when.
const SPEED =
  /\b(faster|quicker|snappier|speed up|more (?:performant|efficient|responsive|scalable|fast)|less slow|optimi[sz]e(?:d)?(?: the)?(?: performance| speed)?|improve (?:the )?(?:performance|speed|latency|throughput|efficiency)(?: of)?|(?:reduce|lower|cut|decrease|shrink|minimi[sz]e)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:memory(?: usage)?|latency|cpu(?: usage)?|load time|build time|response time|bundle size|size|footprint|duration|startup time|run ?time|cost)|(?:higher|better|more) throughput|(?:handle|support|serve) more (?:load|traffic|users|requests)|scales?(?: up| out)? better|(?:get|make) (?:\w+ ){0,4}(?:smaller|shorter|snappier|lighter)|smaller (?:bundle|image|binary|build|footprint)|lower it|reduce it|too (?:slow|long|heavy|big|large|sluggish))\b/i;
const QUALITY =
  /\b(cleaner|nicer|prettier|simpler|leaner|clearer|more (?:robust|reliable|readable|maintainable|stable|resilient|user[- ]friendly|modern|relevant|secure|intuitive|consistent|polished)|less (?:flaky|buggy|brittle|messy|confusing)|improve (?:the )?(?:readability|reliability|robustness|quality|code quality|maintainability|ux|experience|ui|error handling|logging|docs|documentation|design|structure)|improve [\w./-]+\.(?:md|mdx|rst|txt)|better (?:test )?coverage|better (?:error messages|logging|docs|naming|ux|ui|structure)|(?:increase|improve|raise|more|higher|increased|extend) (?:the )?(?:test )?coverage|more tests)\b|\b(?:make|making|get|be|become|work|perform|feel)\b[^.;]{0,40}?\bbetter\b|\bmore better\b|\b(?:acceptable|reasonable|good enough|production[- ]ready|decent|smoother|more intuitive)\b|\b(?:tech(?:nical)? debt)\b|\b(?:improve|increase|boost|enhance)\s+(?:the\s+)?(?:overall\s+)?(?:reliability|accessibility|a11y|consistency|usability|stability|robustness|resilience|security|quality|ux|dx|developer experience)\b|\b(?:reduce|less|lower|fewer) (?:the )?(?:flakiness|flakes|noise|noisy)\b|\bless noisy\b|\bharden\b|\blighter\b|\bas (?!soon\b|well\b|much\b|many\b|far\b|long\b)[a-z]+ as (?:possible|we can|you can)\b|\b(?:quick|fast|snappy|responsive|small|light|clear|simple|stable|reliable|smooth|readable|friendly)\s+enough\b|\b(?:fewer|less|reduce(?: the)?|lower(?: the)?)\s+(?:number of\s+)?false (?:alarms|positives|alerts)\b|\b(?:make|making|get|keep)\s+(?:\S+\s+){1,4}?[a-z]{3,}ier\b(?=\s*(?:$|[.,;!]|\s(?:for|to|on|in|and)\b))/i;
// "more approachable", "less verbose", "more idiomatic": a comparative of an adjective (known by
// its suffix: the closed lists above cannot name every adjective) with no "than".
const COMPARATIVE_ADJECTIVE =
  /\b(?:more|less)\s+(?!than\b)([a-z]+(?:able|ible|ive|ful|ous|ic|ical|al|ent|ant|ose|ile|ern|less|ish))\b(?!\s+than\b)(?!\s+(?:of|about)\b)/i;
const MEASURE =
  /\d+(?:[.,]\d+)?\s*(?:%|ms\b|s\b|secs?\b|seconds?\b|minutes?\b|min\b|hours?\b|h\b|x\b|times\b|mb\b|kb\b|gb\b|rps\b|qps\b|req\/s|requests\b|lines\b|loc\b|points?\b|runs?\b|quer(?:y|ies)\b|images\b|events\b|items\b|rows\b|[\w/]+\/(?:s|sec|second|minute|min)\b)|\bp\d\d\b[^.;]*\d|\bby (?:half|a factor)|\bhalve\b|\bO\([^)]*\)|\bfrom \d+ to \d+|\b(?:under|below|above|at least|at most|less than|more than|fewer than|within|to|max(?:imum)?|only)\s+~?\d|\bthan (?:on )?(?:the )?(?:current|baseline|main|master|before|today|yesterday|last release|previous|v\d)|\bbaseline\b|\bbench(?:mark)?s?\/[\w./-]+|\bnpm run bench[\w:-]*|\b(?:k6|lighthouse|hyperfine|jmh|wrk)\b|\bin a row\b|\bzero (?:warnings|errors)\b/i;

export const hasMeasure = (text: string): boolean => MEASURE.test(text);
export const isGreetingClause = (clause: Clause): boolean => isGreeting(clause);

const isGreeting = (clause: Clause): boolean => GREETING.test(clause.text.replace(/[!.,]+/g, "").trim());

export interface DetectionInput {
  text: string;
  /** Forbidden refs (fs:…, net:…) the request states; a request whose work lies there contradicts them. */
  forbidden?: readonly string[];
  clauses: Clause[];
  constraints: ExtractedConstraint[];
  taskType: TaskType;
  hasExplicitCriteriaWithNumbers: boolean;
  /** Why a detector found no question where one might be expected (x-canon.explanations.ambiguity_notes). */
  notes?: string[];
}

export function detectTextAmbiguities(input: DetectionInput): AmbiguityDraft[] {
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  if (!content.length) {
    return [
      {
        kind: "empty_request",
        question: "The request is empty. What should be done?",
        text: "",
        span: null,
        field: null,
        options: [],
        defaultOption: null,
        effect: { kind: "text", asCriterion: false },
      },
    ];
  }
  const found: AmbiguityDraft[] = [];
  const anchored = ANCHOR.test(input.text) || refsIn(input.text).length > 0;
  const bare =
    content.length === 1
      ? BARE_ACTION.exec(
          content[0]!.text
            .replace(FILLER, "")
            .replace(/[?!.]+$/, "")
            .trim(),
        )
      : null;
  if (bare) {
    found.push({
      kind: "missing_target",
      question: `"${content[0]!.text}" names no target. What exactly should be ${pastTense(bare[1]!)}?`,
      text: content[0]!.text,
      span: spanOf(content[0]!),
      field: null,
      options: [],
      defaultOption: null,
      effect: { kind: "text", asCriterion: false },
    });
  } else {
    const reference = unresolvedReference(content, anchored);
    if (reference.draft) found.push(reference.draft);
  }
  found.push(...unmeasurableGoals(input));
  found.push(...constraintContradictions(input));
  if (!found.some((draft) => draft.kind === "constraint_contradiction")) found.push(...forbiddenWork(input));
  return found;
}

/**
 * The question to ask when the escalation model finds a request ambiguous and no detector asked
 * anything: about a reference resolved only from afar if there is one (the detector's own
 * borderline finding), otherwise about what the request leaves open.
 */
export function modelQuestion(input: DetectionInput, why: string): AmbiguityDraft {
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  const anchored = ANCHOR.test(input.text) || refsIn(input.text).length > 0;
  const weak = content.length ? unresolvedReference(content, anchored).weak[0] : undefined;
  if (weak) return referenceQuestion(weak, `The request may describe it elsewhere, but not next to it, and the ${why}`);
  const first = content[0] ?? null;
  return {
    kind: "missing_target",
    question: `The request may leave open what is to be done (no detector found the gap, but the ${why}). What exactly should be done, to what, and how will we know it is done?`,
    text: first?.text ?? "",
    span: first ? spanOf(first) : null,
    field: null,
    options: [],
    defaultOption: null,
    effect: { kind: "text", asCriterion: false },
  };
}

/**
 * Referent resolution. A definite reference needs an antecedent inside the request:
 * - an event outside the request ("as we did before", "like we discussed", "the one Maria
 *   mentioned", "the error from this morning") is resolved only by an identifier right after it
 *   ("as we did in PR #311");
 * - a distal demonstrative ("that function", "those tests") by an identifier in its clause or a
 *   description earlier in the request;
 * - "this"/"these"/"the" + a referent noun by a qualifier ("the bug in src/x.ts", "the search
 *   endpoint"), an identifier anywhere, or a description anywhere in the request;
 * - a pronoun ("fix it", "it's broken") by an identifier or a description of what it is.
 * A description is another clause of at least four words that is not a rule and holds no
 * unresolved reference of its own.
 */
interface ReferenceCandidate {
  clause: Clause;
  index: number;
  length: number;
  kind: "external" | "distal" | "definite" | "pronoun";
  phrase: string;
}

function unresolvedReference(content: Clause[], anchored: boolean): { draft: AmbiguityDraft | null; weak: ReferenceCandidate[] } {
  const requesting = content.filter((clause) => clause.section !== "forbidden" && hardnessOf(clause) === null);
  const candidates: ReferenceCandidate[] = [];
  for (const clause of requesting) {
    const text = maskQuoted(clause.text);
    for (const match of OUTSIDE_HINT.test(text) ? text.matchAll(OUTSIDE_SOURCE) : []) {
      const after = clause.text.slice(match.index + match[0].length, match.index + match[0].length + 40);
      // "the screenshot in docs/setup.md" is located by its path; a link by its URL.
      // "the entrapment runbook (docs/runbooks/entrapment.md)": a path in brackets after it too.
      const located =
        /^\s*(?:in|at|from|on|under)\s+\S*[/.]\S/.test(after) || /^\s*(?:\(|:)?\s*https?:/.test(after) || /^\s*\(\s*\S*[/.]\S/.test(after);
      if (EVENT_IDENTIFIED.test(after) || ANCHOR.test(match[0]) || located) continue;
      candidates.push({ clause, index: match.index, length: match[0].length, kind: "external", phrase: match[0] });
    }
    for (const match of DEFINED_ELSEWHERE_HINT.test(text) ? text.matchAll(DEFINED_ELSEWHERE) : []) {
      const after = clause.text.slice(match.index + match[0].length, match.index + match[0].length + 40);
      if (
        /^\s*(?:[:(]|below\b|above\b|here\b|in\s+\S*[/.]\S|https?:)/i.test(after) ||
        EVENT_IDENTIFIED.test(after) ||
        ANCHOR.test(match[0])
      )
        continue;
      candidates.push({ clause, index: match.index, length: match[0].length, kind: "external", phrase: match[0] });
    }
    for (const match of text.matchAll(EXTERNAL_EVENT)) {
      const after = clause.text.slice(match.index + match[0].length, match.index + match[0].length + 40);
      if (EVENT_IDENTIFIED.test(after) || ANCHOR.test(match[0])) continue;
      // "the same way api/health.ts does it" names its model; "X and Y do the same thing" (or say,
      // return, show it) only describes.
      if (/^the same\b/i.test(match[0])) {
        const rest = clause.text.slice(match.index + match[0].length);
        if (IDENTIFIER.test(rest) || refsIn(rest).length > 0) continue;
        if (
          /\b(?:do|does|did|doing|say|says|said|saying|mean|means|meant|return|returns|show|shows|produce|produces|give|gives|print|prints|contain|contains)\s+(?:still\s+)?$/i.test(
            text.slice(0, match.index),
          ) &&
          wordCount(text.slice(0, match.index)) >= 3
        )
          continue;
      }
      candidates.push({ clause, index: match.index, length: match[0].length, kind: "external", phrase: match[0] });
    }
    for (const match of text.matchAll(DEMONSTRATIVE_NP)) {
      const determiner = match[1]!.toLowerCase();
      const kind = /^(that|those)$/.test(determiner)
        ? "distal"
        : /^(the other|the old|the previous|the usual|the earlier|his|her|their)$/.test(determiner)
          ? "external"
          : "definite";
      const after = text.slice(match.index + match[0].length);
      const before = clause.text.slice(0, match.index).replace(FILLER, "");
      const near = `${before} ${after.split(/[.;!?]/)[0] ?? ""}`;
      // "run the tests", "the logs": a plural after "the" is the project's own, not a reference.
      if (
        kind === "definite" &&
        (QUALIFIED.test(after) ||
          (determiner === "the" &&
            (wordCount(before) > 6 || (/s$/i.test(match[0]) && !/(?:ss|values|settings|changes|fixes|patches|PRs|ones)$/i.test(match[0])))))
      )
        continue;
      if (kind === "external" && (EVENT_IDENTIFIED.test(after) || IDENTIFIER.test(after.split(/[.;!?]/)[0] ?? ""))) continue;
      if (kind === "distal" && (IDENTIFIER.test(near) || refsIn(near).length > 0) && !/\bagain\b/i.test(after)) continue;
      candidates.push({ clause, index: match.index, length: match[0].length, kind, phrase: match[0] });
    }
    for (const pattern of [PRONOUN_ACTION, SUBJECT_PRONOUN]) {
      const match = pattern.exec(text);
      if (match) candidates.push({ clause, index: match.index, length: match[0].length, kind: "pronoun", phrase: match[0] });
    }
    for (const match of text.matchAll(DISTAL_ANY)) {
      if (candidates.some((c) => c.clause === clause && c.index === match.index)) continue;
      const after = text.slice(match.index + match[0].length);
      // A clause never spans sentences, so its (cached) refs are the refs near the demonstrative.
      const near = `${clause.text.slice(0, match.index)} ${after.split(/[.;!?]/)[0] ?? ""}`;
      if ((IDENTIFIER.test(near) || refsIn(clause.text).length > 0) && !/\bagain\b/i.test(after)) continue;
      candidates.push({ clause, index: match.index, length: match[0].length, kind: "distal", phrase: match[0] });
    }
    // An anaphor points back like a distal demonstrative: only an earlier description resolves it.
    const anaphor = ANAPHOR.exec(text);
    if (anaphor) candidates.push({ clause, index: anaphor.index, length: anaphor[0].length, kind: "distal", phrase: anaphor[0] });
  }
  if (!candidates.length) return { draft: null, weak: [] };
  const holdsCandidate = new Set(candidates.filter((c) => c.kind !== "pronoun").map((c) => c.clause));
  const describes = (clause: Clause) =>
    !holdsCandidate.has(clause) &&
    hardnessOf(clause) === null &&
    wordCount(clause.text) >= 4 &&
    !isGreeting(clause) &&
    !VAGUE_CLAUSE.test(clause.text);
  // References resolved only from afar (an identifier or a description elsewhere in the request):
  // the borderline decisions the learned evidence may tip.
  const weak: ReferenceCandidate[] = [];
  for (const candidate of candidates) {
    const { clause, kind } = candidate;
    const before = clause.text.slice(0, candidate.index).replace(FILLER, "");
    const earlier = content.filter((other) => other !== clause && other.start < clause.start);
    if (kind === "external") {
      // nothing but an identifier attached to it resolves an event outside the request
    } else if (kind === "distal") {
      // "do that thing ... again" points at an earlier event, whatever came before it.
      if (earlier.some(describes) && !/\bagain\b/i.test(clause.text.slice(candidate.index))) {
        weak.push(candidate);
        continue;
      }
    } else if (kind === "definite") {
      if (anchored || content.some((other) => other !== clause && describes(other))) {
        if (!namesSomething(clause)) weak.push(candidate);
        continue;
      }
    } else {
      if (wordCount(before) >= 3 && !holdsCandidate.has(clause)) continue;
      if (anchored || content.some((other) => other !== clause && describes(other))) {
        if (!namesSomething(clause)) weak.push(candidate);
        continue;
      }
    }
    return { draft: referenceQuestion(candidate, "Nothing in the request says which one"), weak };
  }
  return { draft: null, weak };
}

/** An identifier or a path in the reference's own clause resolves it next to it, not from afar. */
const namesSomething = (clause: Clause): boolean => ANCHOR.test(clause.text) || refsIn(clause.text).length > 0;

function referenceQuestion(candidate: ReferenceCandidate, reason: string): AmbiguityDraft {
  const { clause } = candidate;
  return {
    kind: "unresolved_reference",
    question: `What does "${candidate.phrase.trim()}" refer to? ${reason}; name the file, function, error, change or event.`,
    text: clause.text,
    span: { start: clause.start + candidate.index, end: clause.start + candidate.index + candidate.length },
    field: null,
    options: [],
    defaultOption: null,
    effect: { kind: "text", asCriterion: false },
  };
}

// "clean up the CSS", "tidy up the repo a bit": a whole area to improve, with nothing said about what.
const VAGUE_IMPROVEMENT =
  /^(?:clean(?: ?up)?|tidy(?: up)?|polish|moderni[sz]e|improve|simplify|rework|revamp)\s+(?:up\s+)?(?:the |this |our |my )?[\w.-]+(?:\s+[\w.-]+)?(?:\s+(?:a bit|a little|please|pls|overall))*$/i;

// Parts of a long request that describe or quote: a number there is today's state ("## Today",
// "## Background", a log), not a target, and a comparative there describes the problem when the
// request states its goal in a part of its own.
const DESCRIBES: ReadonlySet<string> = new Set(["background", "data"]);

function unmeasurableGoals(input: DetectionInput): AmbiguityDraft[] {
  // The measure of a goal is in its own sentence or the next one, or in a list of targets
  // ("Acceptance criteria", bullets): a number elsewhere measures another request.
  if (input.hasExplicitCriteriaWithNumbers) return [];
  const measuring = input.clauses.filter((clause) => !(clause.role && DESCRIBES.has(clause.role)) && MEASURE.test(clause.text));
  // A markdown table row ("| LCP | 4.2 s | < 2.5 s |") is a list of targets too.
  const listed = measuring.some(
    (clause) => clause.bullet || clause.section !== null || clause.text.startsWith("|") || clause.role === "acceptance",
  );
  if (listed) return [];
  const measuredSentences = new Set(measuring.flatMap((clause) => [clause.sentence, clause.sentence - 1]));
  const content = input.clauses.filter((clause) => !isGreeting(clause));
  const statesGoal = input.clauses.some((clause) => clause.role === "ask" || clause.role === "acceptance");
  for (const clause of input.clauses) {
    if (isNegated(clause.text) || measuredSentences.has(clause.sentence)) continue;
    if (statesGoal && clause.role && DESCRIBES.has(clause.role)) continue;
    const speed = SPEED.exec(clause.text);
    // "tidy up the ingestion code, it's a mess": a complaint beside the ask says nothing about when it is done.
    const asks = content.filter((other) => !VAGUE_CLAUSE.test(other.text.replace(FILLER, "")));
    const vague =
      asks.length === 1 && asks[0] === clause
        ? VAGUE_IMPROVEMENT.exec(
            clause.text
              .replace(FILLER, "")
              .replace(/,\s*(?:it|this|that|they)(?:'s|'re| is| are)\b.*$/i, "")
              .replace(/[?!.]+$/, ""),
          )
        : null;
    const quality = speed
      ? null
      : (QUALITY.exec(clause.text) ?? COMPARATIVE_ADJECTIVE.exec(clause.text) ?? vague ?? vagueGoal(clause.text));
    const match = speed ?? quality;
    if (!match) continue;
    // measures.ts: someone else's claim or a named thing is no goal; today's time or size is a baseline.
    const noGoal = comparativeIsNoGoal(clause.text, match.index, match[0].length);
    const baseline = speed && !noGoal ? baselineClause(input.clauses) : undefined;
    if (noGoal || baseline) {
      input.notes?.push(
        noGoal
          ? `"${match[0]}" is ${noGoal === "reported" ? "a claim someone else makes or argues" : "a description of a thing the request names"}, not a goal to measure`
          : `"${match[0]}" is measured against today's figure in "${baseline!.text}"`,
      );
      continue;
    }
    // "Add an index on orders(customer_id) so the page loads faster": the comparative is the motive
    // of a concrete change that names its target, not the goal to measure.
    const purpose = /^(.*?)\b(?:so(?: that)?|in order to|to make)\s/i.exec(clause.text.slice(0, match.index));
    if (
      purpose &&
      wordCount(purpose[1]!) >= 3 &&
      (ANCHOR.test(purpose[1]!) || refsIn(purpose[1]!).length > 0 || /\w\([\w, ]+\)/.test(purpose[1]!))
    )
      continue;
    return [
      {
        kind: "unmeasurable_goal",
        question: `"${match[0]}" has no number or baseline. How will we know it is done (e.g. a target and how it is measured)?`,
        text: clause.text,
        span: { start: clause.start + match.index, end: clause.start + match.index + match[0].length },
        field: null,
        options: [],
        defaultOption: speed
          ? "At least 10% better than the current baseline on the same benchmark, measured before and after, with no regressions"
          : "Behaviour is unchanged: all existing tests pass and the diff review accepts the change",
        effect: { kind: "text", asCriterion: true },
      },
    ];
  }
  return [];
}

function pastTense(verb: string): string {
  const v = verb.toLowerCase();
  if (v === "do") return "done";
  if (v === "build") return "built";
  if (v === "make") return "made";
  if (v === "sort out") return "sorted out";
  if (v.endsWith("e")) return `${v}d`;
  if (v === "ship") return "shipped";
  return `${v}ed`;
}
