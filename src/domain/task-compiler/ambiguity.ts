// Detects what the compiler cannot determine, so it asks instead of guessing. Each detector
// is deliberately narrow: a clear request must not be escalated, so a reference only counts as
// unresolved when nothing in the request identifies what it points at.
import type { TaskType } from "../../contracts/task-ir.js";
import { hardnessOf, isNegated, maskQuoted, type ExtractedConstraint } from "./constraints.js";
import { kindOfPath } from "./path-kinds.js";
import { ruleConflict } from "./rule-conflicts.js";
import { covers, forbids, refsIn } from "./scope.js";
import { wordCount, type Clause, type Span } from "./segment.js";

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

const FILLER =
  /^(?:(?:please|pls|plz|can you|could you|would you|will you|just|kindly|hey|hi|ok|okay|so|now|go ahead and|and|again|quickly|asap|you|we|i|need to|have to|must|should|let'?s|gotta|need you to|want you to|i need|i want)\b[\s,!]*)*/i;
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

const CHANGE_TYPES: TaskType[] = [
  "BUG_FIX",
  "FEATURE",
  "REFACTOR",
  "PERFORMANCE",
  "SECURITY_FIX",
  "DEPENDENCY_UPDATE",
  "CONFIG_CHANGE",
  "DATA_MIGRATION",
  "DEPLOY",
];
// Contradiction: each rule names what it forbids; a request that must do that thing cannot be
// done under the rule. A rule scoped to somewhere else ("under src/payments/", "to production")
// only contradicts a request that acts there.
const SCOPED =
  /^\s*(?:\w+\s+)?(?:under|in|inside|outside|within|to|from|of|on|at|other than|except|beyond|besides|else|apart from|there)\b(?!\s+(?:the\s+|any\s+)?(?:code|codebase|repo|repository|anything|source)\b)/i;
const NO_CHANGES =
  /\b(?:don'?t|do not|never|without|no one may|nobody may)\s+(?:make|making|change|changing|modify|modifying|touch|touching|edit|editing|apply|applying)\s+(?:any(?:thing)?|any (?:code|files?|changes)|the code(?:base)?|a single (?:line|file))\b|\bno (?:code )?changes\b|\b(?:allowed only to|only allowed to|may only|can only|are only allowed to) (?:read|look|inspect)\b/i;
const NO_TESTS =
  /\b(?:don'?t|do not|never|without)\s+(?:touch|touching|change|changing|modify|modifying|edit|editing|add|adding|write|writing)\s+(?:any |the )?tests?\b|\btests? (?:are|is) (?:off[- ]limits|frozen|read[- ]only)\b|\b(?:don'?t|do not) want (?:any )?(?:new |more |extra )?tests\b|\bno (?:new |more |extra )tests\b/i;
const NO_DEPS =
  /\b(?:no new (?:dependencies|deps|packages|libraries)|(?:don'?t|do not|never|without)\s+(?:add|adding|install|installing|introduc(?:e|ing)|pull(?:ing)? in|chang(?:e|ing))\s+(?:any |new )*(?:dependencies|deps|packages|libraries)|\b(?:don'?t|do not|never)\s+(?:upgrade|bump|update)\s+(?:any )?(?:dependencies|deps|packages)|no dependency (?:changes|updates|upgrades)|(?:dependencies|deps|packages) (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|will not) (?:change|be (?:changed|added|removed|updated|upgraded|touched))|(?:dependencies|deps) (?:are|is) frozen|(?:don'?t|do not|never)\s+change\s+(?:any\s+)?versions)\b/i;
// "No new dependencies" forbids adding one: bumping a dependency already in use, or one the text
// says is already there ("date-fns is already in package.json"), adds none (tenth session).
const NEW_DEPS_ONLY =
  /\bno new (?:dependencies|deps|packages|libraries)|\b(?:add|adding|install|installing|introduc(?:e|ing)|pull(?:ing)? in)\s+(?:any |new )*(?:dependencies|deps|packages|libraries)/i;
const UPDATES_FORBIDDEN = /\b(?:updat|upgrad|bump|chang)\w*\s+(?:any\s+|the\s+|existing\s+)*(?:dependencies|deps|packages|versions)\b/i;
const ALREADY_A_DEPENDENCY =
  /\b(?:is|are) already (?:a |an )?(?:(?:dev )?dependenc(?:y|ies)|installed|in (?:use|package\.json|requirements[\w-]*\.txt|pyproject\.toml|go\.mod|cargo\.toml|the lockfile))\b|\balready (?:depend on|use|have) (?:it|them|\S+)\b/i;
const ADDS_DEP =
  /\b(?:add|install)\s+`?[a-z@][\w@/.-]*`?\s+to\s+(?:the\s+)?\S*(?:requirements[\w-]*\.txt|package\.json|pyproject\.toml|Cargo\.toml|go\.mod|Gemfile|pom\.xml|build\.gradle|composer\.json|\.csproj)\b|\b(?:add|install|use|using|pull in|introduce)\s+(?:the\s+)?(?!standard\b|stdlib\b|built-?in\b|existing\b)[\w@/.-]+\s+(?:package|library|dependency|module from npm)\b|\b(?:npm|yarn|pnpm) (?:install|add) \S+|\bpip install \S+|\b(?:with|via)\s+(?:the\s+)?(?!standard\b|stdlib\b|built-?in\b|existing\b|same\b)[\w@/.-]+\s+(?:package|library)\b\s*\(?\s*not (?:yet )?installed\b/i;
// "don't touch prod today" forbids a deploy there.
const NO_ENV_TOUCH =
  /\b(?:don'?t|do not|never|must not)\s+(?:touch|change|modify|deploy to|release to)\s+(?:the\s+)?(prod|production|staging|live)\b/i;
// "The database must stay on 14" pins a version an upgrade would change.
const PINNED_VERSION = /\b(?:must|should|has to|needs to|will) (?:stay|remain) (?:on|at|pinned to) v?(\d+(?:\.\d+)*)\b/i;
// "<thing> is frozen / read-only / locked": a request that changes that thing cannot be done.
const FROZEN_OBJECT = /^(?:the\s+)?(.{2,40}?)\s+(?:is|are|stays?|remains?)\s+(?:frozen|locked|read[- ]only|off[- ]limits)\b/i;
// The object runs to the end of the sentence; a dot inside a version or path ("8.5", "build.gradle") does not end it.
const CHANGE_VERB =
  /\b(?:add|change|update|edit|modify|rename|remove|delete|rewrite|translate|bump|upgrade|replace|extend|alter)\b((?:[^.;]|\.(?=\S))*)/i;
const NO_DEPLOY =
  /\b(?:(?:don'?t|do not|never|without)\s+(?:deploy|deploying|release|releasing|ship|shipping|roll(?:ing)? out)|no (?:(prod|production|staging|live) )?(?:deploys|deployments|releases))\b(?:[^.;]{0,12}?\bto\s+(\w+))?/i;
const NO_SCHEMA =
  /\bno (?:db |database )?schema changes\b|\bschema (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|will not|won'?t) (?:change|be (?:changed|touched|modified|altered))\b|\bschema (?:stays|remains|is) (?:frozen|locked|unchanged)\b|\bschema is frozen\b|\b(?:don'?t|do not|never|without|not allowed to|may not|must not|cannot|can'?t)\s+(?:chang|touch|alter|modify)(?:e|ing)?\s+the (?:database |db )?schema\b|\bwithout (?:touching|changing|modifying) the (?:database|db)\b|\b(?:don'?t|do not|never)\s+(?:touch|change|modify)\s+the (?:database|db)\b/i;
// Columns, indexes and tables are the schema: adding an index or dropping a table changes it.
const SCHEMA_CHANGE =
  /\b(?:add|drop|rename|remove|create)\b[^.;]{0,40}?\b(?:column|index|table)\b|\b(?:in|into|to) a new\b[^.;]{0,40}?\b(?:column|table)\b|\bmigration\b|\balter table\b|\brenames? [\w.]+ to [\w.]+/i;
const NO_NETWORK =
  /\bno (?:network|internet)(?: access)?\b|\b(?:don'?t|do not|never|without)\s+(?:call|calling|access|accessing|use|using)\s+(?:the )?(?:network|internet)\b|\boffline only\b/i;
const NO_NEW_FILES =
  /\b(?:don'?t|do not|never|without)\s+(?:create|creating|add|adding)\s+(?:any\s+)?new (?:(test|doc|config|migration|source)s? )?files\b|\bno new (?:(test|doc|config|migration|source)s? )?files\b/i;
// What a request adds when a rule forbids new files of one kind ("no new test files" vs "add snapshot tests").
const ADDS_OF_KIND: Record<string, RegExp> = {
  test: /\b(?:add|write|create)\b[^.;]{0,40}?\b(?:tests?|specs?)\b/i,
  doc: /\b(?:add|write|create)\b[^.;]{0,40}?\b(?:docs?|guide|page|readme)\b/i,
  config: /\b(?:add|write|create)\b[^.;]{0,40}?\bconfig\b/i,
  migration: /\b(?:add|write|create)\b[^.;]{0,40}?\bmigration\b/i,
  source: /\b(?:add|write|create)\b[^.;]{0,40}?\b(?:module|file|class)\b/i,
};
// "Add a regression test … to tests/test_reservations.py": into a file that exists, not a new one.
const INTO_EXISTING = /\b(?:to|in|into)\s+(?:the\s+)?(?:existing\s+)?`?[\w./\\-]+\.[a-z]{1,5}\b`?(?![^.;]*\bnew file\b)/i;
const NEW_FILE =
  /\b(?:new (?:guide|file|page|module|doc|document)|create (?:a |an )?(?:new )?(?:file|module|page|guide))\b|\bwrite (?:a |an )?new\b/i;
const NO_LOCKFILE =
  /\b(?:lock ?file|package-lock(?:\.json)?|yarn\.lock|poetry\.lock|pnpm-lock\.yaml|cargo\.lock)\b[^.;]{0,20}?\b(?:must not|mustn'?t|may not|cannot|can'?t|should not) change\b|\b(?:don'?t|do not|never)\s+(?:touch|change|modify|update)\s+(?:the )?(?:lock ?file|package-lock(?:\.json)?|yarn\.lock)\b/i;
const NO_API_CHANGE =
  /\bpublic (?:api|interface|signature)s? (?:must not|mustn'?t|may not|cannot|can'?t|should not|shouldn'?t|must stay|must remain)|\b(?:don'?t|do not|never) change the public (?:api|interface)|\bno (?:public )?api changes\b|\bpublic (?:api|interface)s? (?:is|are|stays?|remains?) (?:frozen|locked|unchanged)\b|\bapi (?:is|are) (?:frozen|locked)\b/i;
// Renaming or removing a named symbol (`Tracker.emit()`) changes an API as surely as saying "public".
const CHANGES_API = /\b(?:rename|remove|delete|change)\b[^.;]{0,30}?(?:\bpublic\b|`[^`]+`|\b\w+(?:\.\w+)*\(\))/i;
const NO_DELETE = /\b(?:(?:never|don'?t|do not|must not|mustn'?t)\s+(?:delete|remove|drop|purge|truncate)|keep (?:all|every))\b([^.;]*)/i;
// "Request logs must never be deleted": the rule names what it keeps before the verb.
const PASSIVE_NO_DELETE =
  /^(.*?)\b(?:(?:must|should|may|can|will|is to|are to)\s*(?:not|never|n'?t)\s+(?:ever\s+)?be|(?:is|are)\s+never)\s+(?:deleted|removed|dropped|purged|truncated|erased|wiped)\b/i;
// "Nothing in results_archive is ever deleted": a negative subject keeps what follows it.
const NOTHING_DELETED =
  /^(?:nothing|none|no (?:row|record|file|entry|data)s?)\s+(?:in|of|from)\s+(.*?)\s+(?:is|are|gets?|may|can|will|should|must)\s+(?:ever\s+)?(?:be\s+)?(?:deleted|removed|dropped|purged|truncated|erased|wiped)\b/i;
// An environment named as frozen ("production is frozen until the season ends") takes no deploy.
const ENVIRONMENT = /^(?:prod|production|staging|live)$/i;
// A bare package name in code after "add"/"install" ("Add `zod` and validate …") adds a dependency.
const ADDS_NAMED_PACKAGE =
  /^(?:add|install)\s+`[a-z@][\w@/.-]*`(?=\s+and\b|\s*[,.;]|\s*$|\s+(?:as a (?:dep|dependency)|to (?:the )?(?:deps|dependencies|package\.json)|to (?:the )?[\w-]+ (?:service|app|project|repo|package|module)\b))/i;
const DELETES = /\b(?:delete|remove|drop|purge|truncate|wipe|erase|clean(?:s|ing)? out)\b((?:[^.;]|\.(?=\S))*)/i;
const ADVICE =
  /\b(?:suggest|recommend|propose|advise|how would you|what would you|should we|just (?:tell|report|explain|list|describe)|report back|plan)\b/i;
const STOP = new Set([
  "anything",
  "everything",
  "something",
  "nothing",
  "from",
  "the",
  "any",
  "all",
  "with",
  "that",
  "this",
  "older",
  "than",
  "into",
  "under",
]);
const nouns = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z][a-z_-]{3,}/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/(?:es|s)$/, "")));

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
      // "the same way api/health.ts does it" names its model; "X and Y do the same thing" only describes.
      if (/^the same\b/i.test(match[0])) {
        const rest = clause.text.slice(match.index + match[0].length);
        if (IDENTIFIER.test(rest) || refsIn(rest).length > 0) continue;
        if (/\b(?:do|does|did|doing)\s+$/i.test(text.slice(0, match.index)) && wordCount(text.slice(0, match.index)) >= 3) continue;
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
    const quality = speed ? null : (QUALITY.exec(clause.text) ?? COMPARATIVE_ADJECTIVE.exec(clause.text) ?? vague);
    const match = speed ?? quality;
    if (!match) continue;
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

/**
 * A freeze that does not reach the ask (tenth session): it names a path the ask's paths are not
 * under ("never modify legacy-exporter/package-lock.json" against exporter/package.json), it
 * excepts what the ask adds ("new functions are fine"), or it is about what is public or exported
 * while the ask changes something private.
 */
function frozenElsewhere(rule: string, asking: readonly Clause[]): boolean {
  // A file's folder counts as what the rule names: a lockfile protects its package's manifest.
  const ruleRefs = refsIn(rule)
    .map((r) => r.ref)
    .filter((ref) => ref.startsWith("fs:"))
    .map((ref) => (ref.endsWith("/**") || !ref.includes("/") ? ref : `${ref.slice(0, ref.lastIndexOf("/"))}/**`));
  const askRefs = asking.flatMap((c) => refsIn(c.text).map((r) => r.ref)).filter((ref) => ref.startsWith("fs:"));
  // A bare file name ("fines.ts") names the file wherever it lies.
  const same = (ref: string, path: string) =>
    covers(ref, path) || covers(path, ref) || (!ref.includes("/") && path.split("/").at(-1) === ref.slice(3));
  if (ruleRefs.length && askRefs.length && !askRefs.some((path) => ruleRefs.some((ref) => same(ref, path)))) return true;
  const allowed = /\bnew ([a-z]+?)e?s? (?:are|is) (?:fine|ok|okay|allowed|welcome)\b/i.exec(rule)?.[1];
  if (
    allowed &&
    asking.some((c) =>
      new RegExp(String.raw`\b(?:add|create|write|introduce)\b[^.;]{0,30}\bnew\b[^.;]{0,20}\b${allowed}`, "i").test(c.text),
    )
  )
    return true;
  return /\b(?:public|exported)\b/i.test(rule) && asking.some((c) => /\bprivate\b|\binternal helper\b|\bnot exported\b/i.test(c.text));
}

function constraintContradictions(input: DetectionInput): AmbiguityDraft[] {
  const found: AmbiguityDraft[] = [];
  // What the request asks to do: clauses that are not rules, with quoted text masked.
  const asking = input.clauses.filter((clause) => !isNegated(clause.text) && hardnessOf(clause) === null);
  const acting = asking.map((clause) => maskQuoted(clause.text));
  const advice = acting.some((text) => ADVICE.test(text));
  // The same clauses with names in code quotes read as names ("from \`results_archive\`", "the
  // \`ical-generator\` package"): what a rule keeps or forbids is often named that way.
  const naming = asking.map((clause) => maskQuoted(clause.text.replace(/`([^`]*)`/g, "$1")));
  const addsNamedPackage = asking.some((clause) => ADDS_NAMED_PACKAGE.test(clause.text.replace(FILLER, "")));
  for (const constraint of input.constraints) {
    if (constraint.hardness !== "HARD") continue;
    const text = maskQuoted(constraint.clause.text);
    const unscoped = (pattern: RegExp) => {
      const match = pattern.exec(text);
      return match !== null && !SCOPED.test(text.slice(match.index + match[0].length));
    };
    const deploy = NO_DEPLOY.exec(text);
    const deployTarget = (deploy?.[1] ?? deploy?.[2])?.toLowerCase();
    const envTouched = NO_ENV_TOUCH.exec(text)?.[1];
    const pinned = PINNED_VERSION.exec(text)?.[1];
    const noNewFiles = NO_NEW_FILES.exec(text);
    const fileKind = noNewFiles?.[1]?.toLowerCase() ?? noNewFiles?.[2]?.toLowerCase();
    const frozen = FROZEN_OBJECT.exec(text)?.[1];
    // What the rule keeps: the words after "never delete" or before "must never be deleted".
    const kept =
      NO_DELETE.exec(text)?.[1] ?? NOTHING_DELETED.exec(constraint.clause.text.replace(/`/g, ""))?.[1] ?? PASSIVE_NO_DELETE.exec(text)?.[1];
    const conflict =
      (unscoped(NO_CHANGES) && CHANGE_TYPES.includes(input.taskType) && !advice && `a ${input.taskType} task changes code`) ||
      (NO_TESTS.test(text) && input.taskType === "TEST" && "the task is about tests") ||
      (NO_DEPS.test(text) &&
        !(
          NEW_DEPS_ONLY.test(text) &&
          !UPDATES_FORBIDDEN.test(text) &&
          (ALREADY_A_DEPENDENCY.test(input.text) ||
            (input.taskType === "DEPENDENCY_UPDATE" && !addsNamedPackage && !naming.some((c) => ADDS_DEP.test(c))))
        ) &&
        (input.taskType === "DEPENDENCY_UPDATE" || addsNamedPackage || naming.some((c) => ADDS_DEP.test(c))) &&
        "the request also adds or updates dependencies") ||
      (pinned !== undefined &&
        input.taskType === "DEPENDENCY_UPDATE" &&
        acting.some((c) => (/\b(?:to|on|onto)\s+v?(\d+(?:\.\d+)*)\b/i.exec(c)?.[1] ?? pinned) !== pinned) &&
        "the upgrade moves off the pinned version") ||
      (frozen !== undefined &&
        !frozenElsewhere(constraint.clause.text, asking) &&
        acting.some((c) => {
          const change = CHANGE_VERB.exec(c);
          const kept = nouns(frozen);
          return change !== null && [...nouns(change[1] ?? "")].some((n) => kept.has(n));
        }) &&
        "the request changes what the rule freezes") ||
      (input.taskType === "DEPLOY" &&
        frozen !== undefined &&
        ENVIRONMENT.test(frozen.trim()) &&
        acting.some((c) => new RegExp(`\\b${frozen.trim().slice(0, 4)}`, "i").test(c)) &&
        "the deploy goes where the rule freezes") ||
      (input.taskType === "DEPLOY" &&
        envTouched !== undefined &&
        acting.some((c) => new RegExp(`\\b${envTouched.slice(0, 4)}`, "i").test(c)) &&
        "the deploy goes where the rule forbids") ||
      (deploy &&
        input.taskType === "DEPLOY" &&
        (!deployTarget || acting.some((c) => c.toLowerCase().includes(deployTarget))) &&
        "the task is a deploy") ||
      (NO_SCHEMA.test(text) &&
        (input.taskType === "DATA_MIGRATION" || acting.some((c) => SCHEMA_CHANGE.test(c))) &&
        "the request changes the schema or data") ||
      (NO_NETWORK.test(text) &&
        acting.some((c) => refsIn(c).some((r) => r.ref.startsWith("net:"))) &&
        "the request reaches a host over the network") ||
      (noNewFiles !== null &&
        acting.some(
          (c, i) => NEW_FILE.test(c) || (fileKind !== undefined && ADDS_OF_KIND[fileKind]!.test(c) && !INTO_EXISTING.test(asking[i]!.text)),
        ) &&
        "the request creates a new file") ||
      (NO_LOCKFILE.test(text) && input.taskType === "DEPENDENCY_UPDATE" && "a dependency update changes the lockfile") ||
      // The symbol a request renames is often in code quotes, so the unmasked text is read here.
      (NO_API_CHANGE.test(text) &&
        input.clauses.some((c) => !isNegated(c.text) && hardnessOf(c) === null && CHANGES_API.test(c.text)) &&
        "the request changes the public API") ||
      (kept !== undefined &&
        naming.some((c) => {
          const match = DELETES.exec(c);
          if (!match) return false;
          const forbidden = nouns(kept);
          return [...nouns(match[1] ?? "")].some((n) => forbidden.has(n));
        }) &&
        "the request deletes what the rule keeps") ||
      (!frozenElsewhere(constraint.clause.text, asking) &&
        ruleConflict({
          rule: maskQuoted(constraint.clause.text.replace(/`([^`]*)`/g, "$1")),
          before: maskQuoted(input.clauses[input.clauses.indexOf(constraint.clause) - 1]?.text ?? ""),
          acting: naming,
          deploy: input.taskType === "DEPLOY",
          dependencyUpdate: input.taskType === "DEPENDENCY_UPDATE" || addsNamedPackage || naming.some((c) => ADDS_DEP.test(c)),
          changes: (CHANGE_TYPES.includes(input.taskType) || input.taskType === "TEST" || input.taskType === "DOCS") && !advice,
          test: input.taskType === "TEST",
        }));
    if (!conflict) continue;
    found.push({
      kind: "constraint_contradiction",
      question: `"${constraint.text}" contradicts the request (${conflict}). Keep the constraint or drop it?`,
      text: constraint.clause.text,
      span: spanOf(constraint.clause),
      field: null,
      options: [`keep`, `drop`],
      defaultOption: null,
      effect: { kind: "choose", field: `constraint:${constraint.clause.text}` },
    });
  }
  return found;
}

// Path segments too generic to name an area of work.
const GENERIC_SEGMENTS = new Set([
  "src",
  "lib",
  "libs",
  "app",
  "apps",
  "code",
  "main",
  "packages",
  "pkg",
  "internal",
  "utils",
  "util",
  "common",
  "shared",
  "core",
  "web",
  "server",
  "client",
  "api",
  "public",
  "index",
]);

/**
 * Contradiction with forbidden scope the request does not name as a path: "add a migration for
 * X" when db/migrations/ is forbidden, "update the docs" when docs/ is. The last meaningful
 * segment of a forbidden path, found as a word in a clause that asks for the work, is the work
 * the rule forbids.
 */
// Areas a task type cannot avoid: a data migration writes migrations, a test task writes tests.
const TYPE_AREAS: Partial<Record<TaskType, RegExp>> = {
  DATA_MIGRATION: /^(?:migrations?|schema|prisma|db|database)$/,
  TEST: /^(?:tests?|specs?|__tests__|e2e)$/,
  DOCS: /^(?:docs?|documentation)$/,
  DEPENDENCY_UPDATE:
    /^(?:package(?:-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|requirements\.txt|go\.(?:mod|sum)|cargo\.(?:toml|lock)|poetry\.lock)$/i,
};

function forbiddenWork(input: DetectionInput): AmbiguityDraft[] {
  const needs = TYPE_AREAS[input.taskType];
  // Paths the request asks to change: when one lies in the type's area outside the forbidden ref
  // ("fix docs/setup.md, leave docs/legal.md alone"), the work has somewhere allowed to happen.
  const named = input.clauses
    .filter((clause) => !forbids(clause) && !isNegated(clause.text))
    .flatMap((clause) => refsIn(clause.text).map((found) => found.ref))
    .filter((ref) => ref.startsWith("fs:"));
  for (const ref of needs ? (input.forbidden ?? []) : []) {
    const segments = ref
      .slice(3)
      .replace(/\/\*\*$/, "")
      .split("/");
    const area = segments.find((segment) => needs!.test(segment));
    if (!ref.startsWith("fs:") || !area) continue;
    // A doc or test file outside the forbidden folder (README.md, src/x.test.ts) is such a place too.
    if (
      named.some(
        (path) =>
          !covers(ref, path) &&
          (path
            .slice(3)
            .split("/")
            .some((segment) => needs!.test(segment)) ||
            kindOfPath(path.slice(3)) === input.taskType),
      )
    )
      continue;
    return [
      {
        kind: "constraint_contradiction",
        question: `A ${input.taskType} task works in ${area}, but ${ref} is forbidden. May the task change it?`,
        text: ref,
        span: null,
        field: null,
        options: ["keep", "drop"],
        defaultOption: null,
        effect: { kind: "choose", field: `forbidden:${ref}` },
      },
    ];
  }
  const acting = input.clauses.filter((clause) => clause.section === null && !isNegated(clause.text) && hardnessOf(clause) === null);
  for (const ref of input.forbidden ?? []) {
    // Only a forbidden folder names an area of work; a forbidden file is named by its path.
    if (!ref.startsWith("fs:") || !ref.endsWith("/**")) continue;
    const area = ref.slice(3, -3).split("/").at(-1)?.toLowerCase() ?? "";
    if (!/^[a-z][a-z_-]{3,}$/.test(area) || GENERIC_SEGMENTS.has(area)) continue;
    const stem = area.replace(/(?:ies)$/, "y").replace(/s$/, "");
    // The area must be what a change verb acts on: "add a migration", "update the docs".
    const word = new RegExp(
      String.raw`\b(?:add|update|change|edit|modify|fix|write|create|regenerate|delete|remove|rewrite|touch)\s+(?:\S+\s+){0,3}?${stem.replace(/[-_]/g, "[-_ ]")}(?:s|es)?\b`,
      "i",
    );
    for (const clause of acting) {
      const text = maskQuoted(clause.text).replace(/\S*[/\\]\S*/g, " ");
      if (!word.test(text)) continue;
      return [
        {
          kind: "constraint_contradiction",
          question: `The request works on "${area}" but ${ref} is forbidden. May the task change it?`,
          text: clause.text,
          span: spanOf(clause),
          field: null,
          options: ["keep", "drop"],
          defaultOption: null,
          effect: { kind: "choose", field: `forbidden:${ref}` },
        },
      ];
    }
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

const spanOf = (clause: Clause): Span => ({ start: clause.start, end: clause.end });
