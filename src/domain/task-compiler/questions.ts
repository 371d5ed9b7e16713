// Questions among the opening clauses of a request, as type evidence (docs/task-compiler.md,
// "Pipeline", step 2; split from classify.ts in the thirteenth session). A question that asks for
// a finding is an investigation, unless it asks about the running environment: what is
// installed, running, deployed or enabled right now is OBSERVE_ENVIRONMENT.
import type { TaskType } from "../../contracts/task-ir.js";

/**
 * A question that asks for a finding (where, why, which line, what causes, is it used) is an
 * investigation, unless it asks about the running environment (what is installed, running, up).
 */
const FINDING_QUESTION =
  /^(?:(?:so|and|but|hmm|ok)\s+)?(?!what do you think)(?:(?:i (?:want|need|would like|'d like) to know|i wonder|i'?m curious)\s+)?(?:where|why|how (?:much|many|big|large|long|old|often|full|is|are|can|would)|which\b|are (?:all|any|there|the|our)\b|is there\b|should (?:we|i)\b|when (?:does|do|did|is|was)\b|who\b|what\b|does\b|do (?:we|you) (?:have|use|know)\b|did (?:the )?\S+|is (?:the |this |that )?[\w`'".()-]+(?: [\w`'".()-]+)? (?:still )?used|is (?:the )?[\w-]+(?: [\w-]+){0,3} (?:running|up|down|healthy)|(?:what|which) [\w ]{0,30}should (?:we|i) use|which (?:line|commit|change|file|function|component|endpoint|module|part|query|test|service)|what(?:'s| is)? (?:causing|calls|causes|triggers|wrong|calling|the reason)|what (?:changed|happened|broke)|how (?:does|do|did|come)|for what reason|is (?:it|this|the \w+) (?:safe|still used|used|possible|thread-?safe)|is [`'"]?[\w.()`'"-]+ still used|who (?:calls|uses|writes))\b/i;
// Fourteenth session: what ran, succeeded or went out (a scheduled run's outcome, a release) is a
// fact about the running system as much as what runs now ("Which tenants ran payroll in the last
// 24h?", "did the fix go out?", "did the nightly backup succeed?": 13 of 14 such questions in the
// development split; the other asks which commit made a build slow, a cause). Fifteenth session: what
// is scheduled to run ("is the nightly reserving job still scheduled in Airflow?") is as much a fact
// about the running system. Nineteenth session: so is what a setting is set to or configured with,
// or what a host's file says for a key ("What is SAML_IDP_METADATA_URL set to in … on
// sso-gw-prod-2?", "What does …config.toml on COUNTER-AMS-04 say for terminal_id?": fk-163, fl-024;
// 8 of 9 such development questions OBSERVE_ENVIRONMENT, e.g. ez-021, cd-127).
const ENVIRONMENT_QUESTION =
  /\b(set to|configured|says? for|ran|go(?:ne)? out|went out|succeed(?:ed)?|(?:still )?scheduled|running|still runs?|runs? [\w .-]{0,20}?\bv?\d+\.\d+|installed|mounted|up|down|healthy|deployed|version|revision|disk|memory|cpu|uptime|free|left|lag|behind|enabled|right now|currently|current|at the moment)\b/i;
/** Why, where and what causes ask for a cause, even about the environment. */
const CAUSE_QUESTION =
  /^(why|where|how (does|do|did|come|is)|for what reason|which [\w ]{0,30}should|should)\b|\bwhat(?:'s| is)? (?:causing|the (?:cause|reason))|\bwhat causes\b/i;
export const FINDING_WEIGHT = 9;

/**
 * Thirteenth session: a yes/no question ("is it deployed yet?", "Is TLS 1.0 still enabled on
 * archive-view-01?", "is the dashboard getting live data or cached?") or a short verbless one
 * about the environment now ("current prod release tag?", "libvips version on the worker image in
 * prod?"; PRESENT_STATE: "crash on login since version 2.3?" is a report) asks for a fact as much
 * as "which version …?" does, though it opens with no question word. A request in question form
 * ("can you check …?", "is it okay if you take it live?") is an imperative, and a question about a
 * cause anywhere in the clause ("is it down because of …?") is an investigation: neither counts.
 */
const YES_NO = /^(?:is|are|was|were|has|have)\b/i;
/**
 * A yes/no question in statement order, as non-native writers and chat ask it ("the adviser app is
 * down for everybody or only for our branch?"): the question mark makes it one, and it asks what a
 * "Is the adviser app down …?" asks (sixteenth session).
 */
const STATEMENT_YES_NO =
  /^(?:the |our |my |this |that )?(?!(?:can|could|would|will|do|does|did|is|are)\b)[\w-]+(?: [\w-]+){0,3} (?:is|are|was|were) (?:still |currently |really )?(?:up|down|running|live|deployed|installed|online|offline|enabled)\b/i;
/** An auxiliary or modal verb: a clause without one has no finite verb in most requests. */
export const AUXILIARY =
  /\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|will|would|should|shall|may|might|must)\b|(?<=\w)'(?:re|ve|ll|d)\b/i;
const VERBLESS_WORDS = 12;
const REQUEST_QUESTION =
  /\b(?:can|could|would|will)\s+(?:you|u|we|someone|somebody|i)\b|\b(?:please|pls|plz)\b|\bis it (?:ok(?:ay)?|fine|alright|possible)\b/i;
const ANY_CAUSE = /\b(?:why|cause[sd]?|causing|because|reason|how come)\b/i;
const LIVE = /\b(?:live|yet|online|offline)\b/i;
/**
 * The question names the present state of the running system: a time ("right now", "yet",
 * "still", "current"; since the fourteenth session also a recent window, "in the last 24h", "last
 * night", for what ran) or a state ("running", "deployed", "enabled", "in prod"). Such a question
 * is the whole ask, and these words are a second piece of evidence beside the question's form:
 * together they outweigh what the words of a short text suggest to the learned model (a "release
 * tag" reads like a deploy, a "dashboard" like a feature).
 */
const PRESENT_STATE =
  /\b(?:(?:in |over |during )?the (?:last|past) (?:\d+\s*)?(?:h|hrs?|hours?|days?|night|24h|week)\b|last night|this (?:morning|week)|today|yesterday|right now|currently|current|at the moment|atm|now|yet|still|live|anymore|running|installed|deployed|enabled|disabled|mounted|online|offline|down|healthy|(?:in|on) (?:prod(?:uction)?|staging)\b)/i;
const PRESENT_STATE_WEIGHT = 6;

export interface QuestionVote {
  type: TaskType;
  weight: number;
  /** How many characters of the stripped clause carry the vote, from its start. */
  length: number;
  why: string;
}

/**
 * The votes of an opening clause that asks for a finding (`text` as written, `stripped` without
 * its lead filler), or null when it asks none.
 */
export function findingQuestion(text: string, stripped: string): QuestionVote[] | null {
  const question = FINDING_QUESTION.exec(stripped);
  const isQuestion = text.trimEnd().endsWith("?");
  const yesNo =
    !question &&
    isQuestion &&
    !REQUEST_QUESTION.test(text) &&
    !ANY_CAUSE.test(stripped) &&
    ((YES_NO.test(stripped) && (ENVIRONMENT_QUESTION.test(stripped) || LIVE.test(stripped))) ||
      STATEMENT_YES_NO.test(stripped) ||
      (!AUXILIARY.test(stripped) &&
        stripped.split(/\s+/).length <= VERBLESS_WORDS &&
        ENVIRONMENT_QUESTION.test(stripped) &&
        PRESENT_STATE.test(stripped)));
  if (!question && !yesNo) return null;
  const type: TaskType =
    yesNo || (ENVIRONMENT_QUESTION.test(stripped) && !CAUSE_QUESTION.test(stripped)) ? "OBSERVE_ENVIRONMENT" : "INVESTIGATE";
  const asked = question ? question[0] : stripped.trimEnd();
  const votes: QuestionVote[] = [
    {
      type,
      weight: FINDING_WEIGHT,
      length: asked.length,
      why: question ? `question "${asked}" asks for a finding` : `question "${asked}" asks for a fact about the environment`,
    },
  ];
  const present = type === "OBSERVE_ENVIRONMENT" && isQuestion ? PRESENT_STATE.exec(stripped) : null;
  if (present)
    votes.push({
      type,
      weight: PRESENT_STATE_WEIGHT,
      length: asked.length,
      why: `the question asks about the present state ("${present[0]}")`,
    });
  return votes;
}
