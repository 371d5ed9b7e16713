// Interaction mode (docs/task-labelling.md, "mode"): the words that limit the answer to advice or ask
// the caller to be consulted (modeOfText), else the risk's gate (modeOfRisk). Split from risk.ts in
// the twentieth session.
import type { InteractionMode, RiskClass, TaskType } from "../../contracts/task-ir.js";
import { personsApprovalGate } from "./approval-gates.js";
import { gatedExec } from "./literal-gates.js";
import { spanIn, type Finding } from "./risk.js";
import type { Clause } from "./segment.js";

// Advice asked for is the verb or "a/your recommendation" ("the changes it recommends" reports
// someone else's advice: the third person is never the ask); "the recommendation engine", "the new
// recommendations model", "suggestions dropdown" name a part of the system (a determiner before
// the noun, or the noun used as a modifier of a component), not advice (sixth session, 2nd round).
// Fourteenth session: "report back" alone is no limit to advice ("find out … and report back": the
// finding is the task; "the pentest report back", "meters fail to report back" ask nothing); "just
// report back" still is, and so is "only explain/tell me" as "just tell me" is.
// Fifteenth session: "don't change anything matching <glob>" scopes the rule to those files, as
// "… under <folder>" does (bd-134, ea-077: AUTONOMOUS).
// Sixteenth session: "just list them" names the form of the answer, not a limit to advice, as
// "report back" does: alone it is AUTONOMOUS on an inventory or a look at a host (bz-156, dg-058)
// and gated on a rewrite that lists the rows it leaves ("leave rows that don't match untouched,
// just list their ids", ev-196); the two RECOMMEND_ONLY entries that say it also say "don't change
// anything" or "no changes", which this expression still reads.
// Eighteenth session: "advice" is asked for where it stands alone or after "your", "only", "some",
// "for" and the like ("I only want your advice", "Advice only"); after another noun it names a
// document of a trade ("the remittance advice PDF", "UNA service string advice" of EDIFACT), and the
// work on it is change work (dr-197, ew-180, fe-158, three parts, were read RECOMMEND_ONLY). So is
// "no system changes" a limit to advice as "no changes to any system" is (fg-146; fa-115, fb-011).
// Nineteenth session: a recommendation with a subject of its own ("fix it like they recommend", "the
// way the Nextflow people recommend", "what the Microsoft docs suggest") reports someone else's
// advice, as the third person does; and the words inside a path or a route ("dispatch/recommend/",
// "GET /api/geocode/suggest?q=") or after "in" ("horror movies in recommendation") name a part of
// the system (fk-065, dd-175, el-142, bo-027, bf-011, en-051: change work, AUTONOMOUS).
// Twenty-first session: so does one the work follows ("following the audit recommendation, could
// you please add two-factor authentication …", fu-074; "per their recommendation", df-068): the
// reason for the change, not advice asked of the agent.
// Twenty-second session: nor a word inside a file's name ("docs/partners/payment-advice.md", fw-134)
// or after a quoted name, which names a part of the product ("the 'Complete the look'
// recommendations on the PDP", fs-177): both requests are AUTONOMOUS.
const RECOMMEND =
  /\b((?<!\b(?:the|our|this|that|these|those|its|their|new|old|they|people|docs|vendors?|in) )(?<![/\w])(?<!['"’] )(?<!\b(?:following|per|after) (?:the |an? |our |their )?(?:[\w-]+ )?)(recommend(ations?)?|suggest(ions?)?)(?!\/|\?\w)(?!\s+(?:engine|model|service|system|feed|api|widget|algorithm|panel|carousel|endpoint|job|pipeline|module|dropdown|box|list|logic|ranking)\b)|(?<![a-z]\s)(?<![-/\w.])advice|(?<=\b(?:your|some|any|only|just|for|need|want|give|me|us|my|our|no|an?)\s)advice|advise|what do you think|what you think|should (i|we)\b|your (opinion|thoughts|take)|(don'?t|do not|without) ((make|making|change|changing|apply|applying|edit|editing) (any )?(changes|anything|nothing|edits|code|files)|(modify|modifying|touch|touching) (any )?(code|files))(?!\s+(in|under|inside|outside|within|to|of|from|matching)\s+(?!(the\s+)?(code|codebase|repo|repository|anything|files)\b))(?!\s+(?:there|here|else|in it|under it)\b)|(?:just|only) (tell|report|explain|describe)|propose (a |an )?(plan|fix|approach)|no (?:system )?changes(?!\s+(?:to|in|outside|under)\b)|just advise|only report|report only|not (?:changing|touching|modifying|editing) anything|only (?:an? )?explanations?|explanations? only|dry[- ]run only|(don'?t|do not) implement)\b/i;
// Fourteenth session: "approval" naming a part of the system ("the approval list", "the time-off
// approval flow", "needs manager approval": 4 of 4 such requests AUTONOMOUS) asks nobody to be
// consulted; the caller's own approval still does ("wait for approval", "needs my approval").
// Seventeenth session: so is an approval the system asks of two people ("turn on dual approval for
// trust transfers", "the four-eyes approval on manual payouts").
// Fifteenth session: the same decision kept in other words ("nothing changes until Colette has
// signed off", 39 of 39 gated; "Before you touch anything, send me a plan … Once I OK it, go
// ahead"); "X asked me to …" reports why the caller asks, it asks nobody to be consulted.
// Twelfth session: a decision the caller keeps until they have seen the result is a gate as well
// ("wait for the go-ahead", "don't merge until I've run the smoke tests", "leave the PR open for
// me to review", "Dry run first and show me the counts", "I'll give the go-ahead myself").
// Nineteenth session: the caller asks to be consulted where the decision on this work waits for them
// or a party they name, not wherever the words of approval appear. Not gates (writers of many parts
// label them AUTONOMOUS): "ask me" said of others ("the CEO will ask me", "operators ask me every
// day", "new people in team always ask me this": 12 requests; "ask me before …" and "you ask me" stay
// gates); "I want to see" something the system does or finds ("I want to see the test go red first",
// "the cause first", "As a claims handler I want to see the policy excess": 11 requests), while
// seeing the work's own result before it lands ("the diff before anything is committed", "the plan
// first") still is one; a sign-off or an approval that is a step of another process, done or dated
// ("the DCO sign-off", "it blocks the 3.14 release sign-off", "Approval: approved by J. Okafor",
// "every PR needs one approval", "the project approval number": 14 requests). Gates in more words
// (bc-036, db-199, dc-194, dk-040, dn-173, dv-173, fk-195): "run it past me", "don't merge until
// I've looked", "Don't merge until Treasury says go", "hold the merge until Femke signs off",
// "Legal has to approve the wording before it's merged", "Send it to me before committing",
// "leave it there for me", "let me read it before it is merged", "I'd like to proofread it".
// Twenty-second session: "nothing changes" holds with a place between ("nothing changes on www until
// Dan has signed it off", fw-176: gated).
const CONSULT =
  /\b(check with (me|us)|(get|wait for|need|with) (my|our|an?) ?(approval|sign[- ]off|ok|go[- ]ahead)|before you (merge|apply|push|commit|deploy|change|touch|start)|once (i|we)('ve| have)? (ok|okay|ok'd|okayed|approved?|signed? off)\b|(show|send|give) (me|us)\b[^.;]{0,100}?\b(first|before (you|we|it|anything|\w+ing)\b)|(until|till|before) (i|we)('ve| have| had) (signed off|signed it|approved|reviewed|okayed|ok'?d|confirmed|said so|given|looked|checked|seen|read)|(?:hold|don'?t|do not)\b[^.;]{0,40}?\b(?:until|till) (?!(?:i|we|it|they|this|that)\b)(?:the )?[\w-]+(?: team)? (?:signs? off|signed off|approves|has approved|says go|gives the go-?ahead|confirms|has confirmed|OKs)|send (?:it|them|this|the [\w-]+(?: [\w-]+)?) (?:to|over to) (?:me|us)\b[^.;]{0,20}?\b(?:first|before)|leave (?:it|them|the pr)(?: there| open)? for (?:me|us)|(i|we)('ll| will| must| have to) (approve|sign off on|okay|ok) (it|them|this|that|the \w+)? ?before|nothing (gets|is|will be|should be|may be|can be) (changed|merged|deployed|touched|applied|pushed|done|shipped) (until|before|without)|nothing changes (?:[\w./-]+ ){0,4}?(until|before|without)|confirm with (me|us)|run (?:it|this|that|them|the \w+) (?:by|past) (?:me|us)|let (me|us) (review|approve|see|check|read|proofread)|after (?:the )?(?:[\w-]+ ){0,2}?[\w-]+['’]s (?:approval|sign-?off)|(?:approval|sign-?off) (?:of|from|by) [\w@.-]+(?: [\w@.-]+){0,3}? (?:first|before)|(?:needs?|requires?|wait(?:ing)? for|pending) (?:the |an? )?sign-?off|(?:must|has to|have to|needs? to) (?:approve|sign off|ok|okay) (?:it|them|this|the [\w-]+(?: [\w-]+)?) (?:first|before)|show me (the \w+ |it |them )?first|(until|till|before) (i|we) (say so|give (you )?(the |my |our |an? )?(ok|okay|go-?ahead|green light|thumbs up)|approve|confirm|sign off|say go)|wait (for )?(my|our) (go-?ahead|ok|okay|approval|sign-?off|review)|wait (for )?the (go-?ahead|ok|okay|approval|sign-?off)|(until|before) (i|we)('ve| have)? (run|tested|read|reviewed|seen|checked|looked at)\b|for (me|us) to (review|read|check|approve|see|sign off)|(i|we)('ll| will) give (you )?the (go-?ahead|ok|okay|green light)|hold (it|this|them|that)? ?for (my|our) (ok|okay|approval|go-?ahead|sign-?off)|(i'?d|we'?d|i would|we would) like to (read|proofread|review|see|check) (it|them|the \w+)|show (it|them|this|that|the \w+) to (me|us)|\bfirst\b[^.;]{0,30}?\b(show|send) (me|us)|leave (the )?(merg(e|ing)|approval|release|deploy) to (me|us)|pause and ask|you ask me|ask me (for|before)|(plan|proposal|diff) first|wait for approval|before you start|send me (a |the )?(plan|proposal)|before (touching|changing) anything|ping me before|no (?:code|changes?|edits?|merges?|commits?)\b[^.;]{0,20}?\b(?:until|till|before) (?:i|we)\b|(?:until|till) (?:i|we) (?:both )?agree|let (me|us) know before|check in with (me|us)|hold off (on )?(merging|deploying|pushing|applying)|(i|we) (want|need|would like) to (review|see|approve|read|check) (?:it|them|this|that|the (?!(?:cause|reason|root|answer)\b)[\w-]+(?: [\w-]+)?) (?:first|before)|ask (me |us )?before|needs? (my|our|an?) (approval|sign-?off|ok))\b/i;

// A proposal the caller will approve ("propose a plan first and wait for my go-ahead") leads to changes.
const PROPOSAL = /^(suggest(ions?)?|recommend(ation)?s?|propose (a |an )?(plan|fix|approach))$/i;

// "No need to run it by me", "go ahead without asking me": the consultation is waived, not asked.
const WAIVED = /\b(no need to|(?:do not|don'?t|won'?t) need to|needn'?t|without (?:having to )?|not necessary to)\s*$/i;

// Twentieth session: the change lands (is merged, committed, deployed, published, applied) only after
// someone has reviewed, approved, tried or seen it, whoever that is and in whatever voice ("The change
// is to be reviewed by the Compliance function before it is deployed", "the standards editor must
// sign off before it's published", "Needs a +1 from the DBA on-call before merge", "The HSM team has
// to approve the PR", "Don't merge until I've tried it on my phone", "I'll apply it myself … after
// reading the plan"): the guide's approval gate, 7 requests of 7 parts read AUTONOMOUS (fn-056, dk-141,
// dc-011, dc-132, ee-030, eu-094, bc-059); a look before something else happens ("see whether the
// feeder is energised before they arrive", "wants to see the cause before anything changes") is none.
// Twenty-second session: a page "goes up" as a release goes live ("He'll check it before it goes up",
// ga-150: the syllabus page is published once the instructor has checked it).
const LANDS_AFTER_APPROVAL =
  /(?:\b(?:review(?:ed|s)?|approv(?:e|ed|es|al)|sign(?:s|ed)? off|sign-?off|tried|tested|see|read|check(?:ed)?)\b|\+1\b)[^.;]{0,60}?\bbefore (?:(?:it|anything|this|they|the (?:pr|change|changes))(?:'s| is| are| gets?| goes| being)? )?(?:merg|commit|deploy|publish|releas|ship|appl(?:y|ied)|go(?:es)? (?:live|up))\w*|\b(?:has|have|needs?|must) to approve (?:the|this|it)\b|\b(?:until|till|before) (?:i|we)(?:'ve| have)? (?:tried|tested)\b|\b(?:i|we)(?:'ll| will) [^.;]{0,60}?\bafter (?:reading|reviewing|seeing|checking)\b/i;

/** The caller's request to be consulted in this clause, unless the words before it waive it. */
function consultation(clause: Clause): RegExpExecArray | null {
  // Twenty-fifth session (speed): run behind its literal gate (literal-gates.ts), which skips only texts the expression cannot match:
  // most clauses hold none of its words, and it was the costliest expression a short request ran ungated.
  const match = gatedExec(CONSULT, clause.text) ?? gatedExec(LANDS_AFTER_APPROVAL, clause.text) ?? personsApprovalGate(clause.text);
  return match && !WAIVED.test(clause.text.slice(0, match.index)) ? match : null;
}

// "Fix it, but no code changes, we're in a freeze": work that can only be done by changing code,
// under a rule that forbids any code change, leaves only advice (docs/task-labelling.md, "mode":
// RECOMMEND_ONLY and LOW, 12 of 12). A rule scoped elsewhere ("no code changes other than
// docstrings", "… to src/legacy/") or on docs, tests and configuration does not reach the ask.
const NO_CODE_CHANGES =
  /\b(?:no |without (?:any )?)code changes?\b(?!\s+(?:to|in|inside|outside|under|within|other than|except|beyond|besides|apart from)\b)/i;
// Twentieth session: the rule scoped to a place is the same rule for work in that place ("Can you
// refactor it …? No code changes in billing-engine this sprint though", where the module is "in
// billing-engine"; "fix the VAT rounding in invoicer/tax.py? Please no code changes in invoicer"):
// RECOMMEND_ONLY and LOW (fj-086, fl-091; "No code changes in billing/ this week" beside a fix in
// scheduler/ stays AUTONOMOUS, ey-109). The place is named again elsewhere in the request.
const NO_CODE_CHANGES_IN = /\b(?:no |without (?:any )?)code changes? (?:in|inside|under|within|to) (?:the )?([\w.-]+(?:\/[\w.-]+)*)/i;
const NAME_CHARACTER = /[\w-]/;
/** Whether `name` stands in `text` as a word or a path's part (not inside a longer name). */
function namesPlace(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + name.length] ?? " ";
    if (!NAME_CHARACTER.test(before) && !NAME_CHARACTER.test(after)) return true;
  }
  return false;
}
/** The first scoped rule of no code changes whose place the request's work is in, if any. */
function codeFrozenWhereWorked(clauses: Clause[]): [Clause, RegExpExecArray] | null {
  for (const clause of clauses) {
    const match = NO_CODE_CHANGES_IN.exec(clause.text);
    if (!match) continue;
    const place = match[1]!.replace(/[./]+$/, "");
    return place && clauses.some((other) => other !== clause && namesPlace(other.text, place)) ? [clause, match] : null;
  }
  return null;
}
// Fourteenth session: "please do not change the code" leaves only a finding or advice, as "don't
// touch the code" and "don't change anything" do (the investigations that say it: RECOMMEND_ONLY,
// e.g. "Find the commit, don't change the code"); on docs work it only keeps the docs out of the
// code ("explain the params … Do not change the code": 3 of 3 DOCS requests AUTONOMOUS). The code
// of one place ("the code in X", "the code itself") is a scope, not the whole task.
const CODE_LEFT_ALONE =
  /\b(?:don'?t|do not|not|without) (?:change|changing|touch|touching|modify|modifying) the code\b(?!\s+(?:in|under|of|itself|for|inside|outside)\b)/i;
const CODE_CHANGE_TYPES: TaskType[] = ["BUG_FIX", "FEATURE", "REFACTOR", "PERFORMANCE", "SECURITY_FIX"];

/**
 * The mode the words set (advice, a rule of no code changes, a review, a consultation), or null
 * where they set none and the risk decides (modeOfRisk): the compiler reads the words once and
 * asks the risk twice, before the risk is settled and after.
 */
// Twentieth session: the work a finding asks for changes nothing, so on an investigation or a look at
// the environment a denial of any change in other verbs limits the answer to a report as "don't
// change anything" does ("Don't flip anything", "Please do not alter any settings", "Don't activate or
// change anything", "do not alter any data or code", "Don't write anything to the database": 8
// development requests of 8 parts were read AUTONOMOUS, du-139, en-066, fj-179, fl-092). A denial of
// one kind of action ("Don't restart anything", "don't delete any of them", "Don't change the DNS
// records") keeps the look read-only and stays AUTONOMOUS, as the guide's "read-only" does, and so
// does a denial with "yet", which defers the change (below; ec-135 "Don't patch anything yet").
const FINDING_TYPES: TaskType[] = ["INVESTIGATE", "OBSERVE_ENVIRONMENT"];
const NO_CHANGE_AT_ALL =
  /\b(?:don'?t|dont|do not|never)\s+(?:(?:alter|flip|activate|toggle|patch|write|reflash)|[a-z]+ (?:or|and) (?:change|modify|edit|touch))\s+(?:anything|nothing|any (?:data|code|settings|config\w*|files)(?: (?:or|and) (?:data|code|settings|config\w*|files))?)\b(?!\s+yet\b)/i;
// Twentieth session: "don't change anything yet" on a finding defers the change as "don't fix it yet"
// does (docs/task-labelling.md, "mode": the finding is the whole task, AUTONOMOUS): hh-033, bo-129,
// bg-196 were read RECOMMEND_ONLY; with "tell me" beside it the answer is a report to the caller
// (fresh5-144 "Find which query causes it and tell me; don't change anything yet", bz-154).
const DENIES_CHANGE = /^(?:don'?t|do not|without)\b/i;
const YET = /^\s+yet\b/i;
const TELL_ME = /\btell (?:me|us)\b/i;
const deniesChangeYet = (clause: Clause, match: RegExpExecArray): boolean =>
  DENIES_CHANGE.test(match[0]) && YET.test(clause.text.slice(match.index + match[0].length));

export function modeOfText(clauses: Clause[], type: TaskType): Finding<InteractionMode> | null {
  const consulted = clauses.some((clause) => consultation(clause) !== null);
  const finding = FINDING_TYPES.includes(type);
  // Read once, and only where a finding denies change "yet": the loop below asks it per clause.
  let toldMe: boolean | undefined;
  for (const clause of clauses) {
    const match = gatedExec(RECOMMEND, clause.text);
    if (match && consulted && PROPOSAL.test(match[0])) continue;
    if (match && finding && deniesChangeYet(clause, match) && !(toldMe ??= clauses.some((each) => TELL_ME.test(each.text)))) continue;
    // Nineteenth session: a denial of change that lasts until the caller has approved ("propose a
    // fix; don't apply anything until I've signed off", "nothing changes on the gateways until I've
    // signed it") keeps the decision for later: the guide's approval gate (bv-128, dr-135, dg-180),
    // not a limit to advice.
    if (match && consultation(clause) !== null) continue;
    // Fifteenth session: on docs work "don't change any code" keeps the docs out of the code, as
    // CODE_LEFT_ALONE below (3 of 3 DOCS requests that say it AUTONOMOUS: "Don't change any code,
    // docstrings only").
    if (match && type === "DOCS" && /\bcode$/i.test(match[0])) continue;
    if (match) return { value: "RECOMMEND_ONLY", span: spanIn(clause, match), reason: "the caller asks for advice, not changes" };
  }
  if (finding)
    for (const clause of clauses) {
      const match = NO_CHANGE_AT_ALL.exec(clause.text);
      if (match) return { value: "RECOMMEND_ONLY", span: spanIn(clause, match), reason: "the caller asks for a report, not changes" };
    }
  if (type !== "DOCS")
    for (const clause of clauses) {
      const match = gatedExec(CODE_LEFT_ALONE, clause.text);
      if (match) return { value: "RECOMMEND_ONLY", span: spanIn(clause, match), reason: "the caller asks for advice, not changes" };
    }
  if (CODE_CHANGE_TYPES.includes(type)) {
    for (const clause of clauses) {
      const match = gatedExec(NO_CODE_CHANGES, clause.text);
      if (match)
        return {
          value: "RECOMMEND_ONLY",
          span: spanIn(clause, match),
          reason: `${type} work under a rule of no code changes can only be advice`,
        };
    }
    const frozen = codeFrozenWhereWorked(clauses);
    if (frozen)
      return {
        value: "RECOMMEND_ONLY",
        span: spanIn(frozen[0], frozen[1]),
        reason: `${type} work in a place under a rule of no code changes can only be advice`,
      };
  }
  if (type === "REVIEW") return { value: "RECOMMEND_ONLY", span: null, reason: "a review recommends; it does not change" };
  for (const clause of clauses) {
    const match = consultation(clause);
    if (match) return { value: "APPROVAL_GATED", span: spanIn(clause, match), reason: "the caller asks to be consulted" };
  }
  return null;
}

/** The mode where the words set none. */
export function modeOfRisk(risk: RiskClass): Finding<InteractionMode> {
  if (risk === "HIGH" || risk === "CRITICAL") return { value: "APPROVAL_GATED", span: null, reason: `${risk} risk needs approval` };
  return { value: "AUTONOMOUS", span: null, reason: "low or medium risk and no request to be consulted" };
}
