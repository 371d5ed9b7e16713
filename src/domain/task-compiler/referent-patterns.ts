// The expressions referent resolution reads (referents.ts): the phrases that point at something, and
// the words around them that say the phrase points at nothing or at something the request names.
// Split from referents.ts in the eighteenth session to keep each file readable in one sitting.

const REFERENT_NOUNS =
  "functions?|methods?|files?|class(?:es)?|modules?|librar(?:y|ies)|lib|packages?|tables?|endpoints?|services?|scripts?|quer(?:y|ies)|tests?|bugs?|issues?|errors?|crash(?:es)?|problems?|things?|changes?|fix(?:es)?|patch(?:es)?|pages?|config(?:uration)?|flags?|branch(?:es)?|PRs?|pull requests?|docs?|incident|migrations?|approach|version|warnings?|tickets?|ones?|helpers?|components?|jobs?|features?|code|logs|thing|values|settings|handlers?|routes?|models?|controllers?|workers?|views?|spec|doc|design|plan|rfc|proposal|document|warnings?|regressions?|outages?|feedback|complaints?|cleanup|routine|procedure|steps|numbers|suggestions?|formats?|layouts?|conventions?";
export const DEMONSTRATIVE_NP = new RegExp(
  String.raw`\b(that|those|this|these|the other|the old|the previous|the usual|the earlier|the new|his|her|their|the)\s+(?:(?:other|same|old|weird|annoying|last|previous|earlier|flaky|failing)\s+)?(?:${REFERENT_NOUNS})\b(?!\s+(?:nodes?|pool|queue|process(?:es)?|cluster|logs?|config|file|page|service|table|name|list|count|settings?|endpoint|module|class|function|method|script|job|tests?|suite|code|team|ids?|api|server|host|box|format|layer|output|runner|rate|loading|logic|names?|values?|level|size|limit|handling|messages?|codes?|model)\b)(?![-/.]\w)`,
  "gi",
);
// "that box", "those two columns", "that flaky step again": a distal demonstrative before any noun
// at the end of its phrase. "that" as a conjunction ("make sure that tests pass", "so that it
// works") is excluded by what precedes it and by the noun not being followed by a verb.
// Sixteenth session: after "not" it is a degree adverb before the word that ends its phrase ("well not
// that quick, sorry", "not that urgent"): it qualifies an adjective and points at nothing.
// Twelfth session: after a closing bracket "that" resumes a sentence an aside interrupted ("a few
// buyers wrote in (Priya forwarded the tickets) that searching … behaves weirdly"): a conjunction.
export const DISTAL_ANY =
  /\b(that|those)(?<!\b(?:so|such|sure|ensure|says?|said|know|knew|think|check|checks|verify|means?|note|hope|assume|show|shows|prove|confirm|is|was|are|and|but|than|now|given|except|seems?|mean|realize|realise|found|see|saw|not)\s(?:that|those))(?<!\)\s(?:that|those))\s+(?:(?:two|three|other|same|old|flaky|weird|new|broken|one|big|little)\s+)?(?!(?:it|is|was|are|they|we|you|he|she|i|this|the|a|an|there|will|would|can|could|should|must|has|have|had|does|did|do|way|much|many|one|ones)\b)([a-z][\w-]*)(?=\s*(?:[.,;!?)]|$)|\s+(?:again|on|in|to|from|for|please|pls|at|of|too|first|already|anymore|once|right now|now|today|tonight|currently|still|yet)\b)/gi;
// Fourteenth session: after an auxiliary in a question "that"/"those" can only be a determiner ("which
// agent version does that customer run again?", "is that cron still running?"), whatever follows.
export const DISTAL_QUESTION =
  /(?<=\b(?:does|did|do|is|was|are|were|has|have|can|will)\s)(that|those)\s+(?!(?:it|is|the|a|an|this|they|we|you|there|one|ones|much|many|way|enough|all)\b)[a-z][\w-]*\b(?=[^.;!?]*\?)/gi;
// A qualifier after the noun says which one ("the bug in X", "the one called Y", "the test that fails on CI"),
// and so does a path-like name right after it ("the branch release/7.2", twelfth session).
export const QUALIFIED =
  /^\s*(?:(?:again|now|please|pls|asap|too|also|here|there|for me|real quick|today),?\s+)*(?:in|on|at|of|for|from(?!\s+(?:this morning|yesterday|last|the meeting|the standup|the call|the retro|the demo|slack|the thread|the chat|the review|the ticket|the screenshot|the customer|the conversation|the spreadsheet|the wiki|the doc\b|before|earlier|friday|monday|the other day))|inside|under|with|where|that|which|who|called|named|between|behind|about|causing|caused|affecting|reported|around|like|#|`|"|'|:|\(|\d|[\w@/.-]+\s+(?:(?:to|until|at|version)\s+v?\d|v?\d+\.\d)|[\w@~-][\w@~.-]*\/[\w./-]*\w)/i;
export const PRONOUN_ACTION =
  /\b(?:fix|change|update|refactor|remove|delete|improve|debug|revert|undo|redo|handle|clean up|rewrite|finish|deploy|ship|review|look at|check|investigate|make|sort out|do|test|document|optimi[sz]e|merge|apply|run|repeat|use|restart|reproduce|correct|repair|move|put|rename|copy|split|extract|inline|convert|port|replace|swap|drop|kill|bump|upgrade|rotate|finish|solve|silence|undo|redeploy|rerun|re-run|retry|roll back|add|skip|include|exclude|ignore|allow|block|allowlist|whitelist|blacklist)\s+(it|this|that|them|those|these)\b(?!\s+(?:\w+\s+)?(?:function|file|bug|issue|test|method|class|module|error|problem|page|one|way)s?\b)(?!\s*:)/i;
export const SUBJECT_PRONOUN =
  /^(?:is|was|are|were|does|did|has|can|will)\s+(it|this|that|they)\b(?=[^.;]*\?)|^(?:(?:and|but|so|also|again|hmm|ugh|well)\s+)*(it|this|that|they)\s*(?:is|'s|are|keeps|still|doesn'?t|does not|broke|fails|crashed|crashes|stopped|isn'?t|won'?t|is broken|happens|happened|looks)\b|\b(?:why|how) (?:is|are|does) (this|that|it)\b/i;
// Anaphora that point back at a change or a list: "update the tests accordingly", "fix the remaining ones".
// Fourteenth session: so does "those" standing alone after a quantifier ("how many of those are
// running in prod right now?").
export const ANAPHOR =
  /\bof those\b(?=\s+(?:are|is|were|was|have|has|did|do|does|still|can|will|would|two|three|four)\b|\s*(?:[?.,;!]|$))|\b(?:accordingly|the (?:remaining|rest of the) (?:ones|tests|files|bugs|errors|warnings|items|cases|places|calls)|the rest(?= of it\b|\s*$))\b/i;
// Events outside the request: a conversation, an earlier change, a convention never stated.
export const EXTERNAL_EVENT =
  /\b(?:as|like)\s+(?:we|i|you)\s+(?:did|do|had|have done|discussed|agreed|talked about|said|planned)(?:\s+(?:before|last time|earlier|previously|yesterday|last week))?\b|\blike\s+(?:we|you)\s+(?:have|use|used)\b(?=\s+(?:it\s+)?(?:in|on|for|with)\b)|\b(?:like|as)\s+(?:last time|before|usual|always)\b|\bthe (?:usual|normal) way\b|\bthe same (?:way|thing|fix|approach)(?:\s+as\s+(?:before|last time|in the other repo))?\b(?!\s+(?:the|as the|as in|that|for the)\s)|\bas (?:discussed|agreed|requested|planned|promised|mentioned)\b|\b(?:we|i|you)\s+(?:discussed|talked about|spoke about|agreed on)\b|\b(?:we|i)\s+(?:discussed|talked about|talk|talked|mentioned|saw|looked at|spoke about|agreed on|made|started|did)\b[^.;,]{0,20}?\b(?:yesterday|last week|last time|earlier|before|on friday|this morning|in the meeting)\b|\b(?:you|he|she|they)\s+(?:wrote|found|did|sent|made|mentioned|asked for)\b(?:\s+(?:me|you|earlier|yesterday|before|in the meeting))*|\bthe one (?:\w+\s+)?(?:mentioned|from|we|you|i)\b|\b(?:i|we)\s+(?:sent|shared|gave|posted|forwarded)(?:\s+(?:you|to you))?\b(?!\s+(?:below|above|here))|\b(?:of|from)\s+(?:the meeting|the other day|last (?:time|sprint))\b|\bthe thing of yesterday\b|\b(?:as|like)\s+before\b|\bprevious approach\b|\b(?:see|check|read|per|from|of|in|on|according to|as (?:in|per)|following|described in|mentioned in|discussed in|reported in)\s+(?:(?:the|our|my|your|his|her|their|that|this|yesterday'?s|today'?s|last week'?s)\s+(?:\w+'s\s+)?(?:screenshots?|thread|conversation|meeting|call|stand-?up|spreadsheet|ticket|complaint|discussion|retro|demo|dm|wiki|doc|email|slack (?:thread|message))|slack|jira|notion|confluence|teams)\b(?![\w/.-])(?!\s+(?:in|at|on|under|from)\s+\S*[/.]\S)(?!\s+(?:page|screen|form|tab|step|template|view|component|modal|table|service|module|queue|app|flow|widget|panel|button|api|endpoint|folder|directory|channel|bot|integration|notifications?|sender|feature|settings|link|handler|webhook|client|centre|center|room|desk|team|agents?|staff))(?!\s*(?:#\d|https?:|`|"|\())|\bwhat (?:you|we|i|he|she|\w+) (?:did|asked for|started|wrote)\b/gi;

// An artefact the request may carry inside a document it names (resolved-references.ts).
export const ARTEFACT = /\b(?:screenshots?|mockups?|mock-ups?|wireframes?|recordings?|images?|diagrams?)\b/i;
export const RELATIVE = 'opens a relative clause about the noun before it ("that" is a pronoun there, not a demonstrative)';
export const COUNTED = "points back at the plural its sentence counts first";
export const DOCUMENT = /\b(?:runbooks?|handbooks?|advisory|advisories|manuals?|spreadsheets?|slide decks?)$/i;
export const PART_TAKEN = /\d\s*%|\b(?:first|one|some|half|a few|most|\d+)\b/i;
export const UPGRADED_TO = /\b(?:update|upgrade|bump|move|migrate|raise)\b.*\b(?:to|on)\s+v?\d+(?:\.\d+)+\b/i;
export const KEPT_AS_IS =
  /\b(?:must|should|shall|will|still|keep|keeps|continue to|need to|has to|have to)\s+(?:\w+\s+)?(?:work|behave|run|function)\s+(?:exactly\s+|just\s+)?(?:the\s+)?(?:same\s+)?$/i;

// A clause that is only a wish or a complaint describes nothing.
// Thirteenth session: "This morning NV302 showed green …" opens with a time adverbial, not a pronoun.
export const VAGUE_CLAUSE =
  /^(?:it|this|that|they)\b(?!\s+(?:morning|afternoon|evening|night|week|weekend|month|quarter|year|sprint|season)\b)|\b(?:same as|as (?:last time|before|usual)|again)\s*$/i;
export const ANCHOR =
  /`[^`]+`|"[^"]{3,}"|'[^']{3,}'|#\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\b[1-5]\d\d\b|\bERR_[A-Z_]+\b|\bE[A-Z]{4,}\b|\b[A-Z][a-zA-Z]+(?:Error|Exception)\b|\b(?:PR|pr|[Pp]ull request|[Ii]ssue|[Tt]icket)\s*#?\d+|\b[Cc]ommit\s+[0-9a-f]{7,40}\b/;

// Thirty-second session (guide: "A reference with no antecedent in the text: 'it', 'that
// function'"). After a preposition "that"/"those" cannot be a conjunction or a relative pronoun,
// only a determiner: "which pods are in CrashLoopBackOff on that cluster rn" (bh-180), "which flags
// are on for that rollout in prod?" (fh-068), "how many pods are running now on that cluster?"
// (fn-162) point at one thing the request never names, whatever word follows the noun (DISTAL_ANY
// needs the noun to end its phrase). A noun that points back at the sentence's own words ("in that
// order", "at that point", "for that reason") names no thing outside it.
export const DISTAL_AFTER_PREPOSITION =
  /(?<=\b(?:on|in|for|of|from|at|with|about|into|onto|inside|under|behind|across)\s)(that|those)\s+(?!(?:it|is|was|are|the|a|an|this|they|we|you|there|one|ones|much|many|way|enough|all|order|case|point|time|moment|reason|end|sense|regard|note|matter|extent|day|stage)\b)[a-z][\w-]*\b/gi;
// Thirty-second session (the same principle): in a question the pronoun a preposition or an
// auxiliary governs ("which version of it is on staging?" dh-114, "how many pods does it have
// now?" dp-022, "what node version are they on now?" bn-079, "how many of them are still pending
// in prod?" bc-184) stands for the thing the question asks about; the question's own words before
// it are what is asked, not its antecedent, so it resolves only as a distal word does (an
// identifier beside it, or a description earlier in the request). A pronoun before "to" + verb is
// the empty subject of what follows ("how long does it take to build?"), no reference.
export const QUESTION_PRONOUN =
  /(?<=\b(?:of|on|in|for|from|with|about|does|did|do|is|are|was|were|has|have)\s)(it|them|they)\b(?![^.;!?]{0,40}\bto\s+[a-z])/gi;
/** A question about something: a wh-word opens it and a question mark ends it. */
export const WH_QUESTION = /^(?:how|what|which|where|when|who|whose|why)\b[^\n]*\?\s*$/i;
// The words of such a question before its pronoun when they are only the question's own phrase
// ("which version of", "how many pods does", "what node version are"): no noun phrase with a
// determiner, no second clause, nothing the pronoun could point back at. "Where in the ski rental
// code does it decide …" (bj-096), "How many claims-worker pods are running in prod-eu-1 and which
// image tag are they on?" (bc-037) name its antecedent first.
export const ONLY_THE_QUESTION =
  /^(?:how|what|which|where|when|who|whose|why)(?:\s+(?!(?:the|a|an|our|my|your|his|her|their|its|this|these|that|those|and|or|but|which|what|when|who|where)\b)[a-z%'-]+){0,4}\s+$/i;
