// How a request opens, as type evidence beside its predicate (split from classify.ts in the
// seventeenth session): lines of paths above the ask, a pull request as the subject, a second
// request numbered on the first one's line, and openings that name no work at all.
import type { Clause } from "./segment.js";
import { LEAD_FILLER } from "./type-predicates.js";

/** A line of paths only: each word holds a slash or a backslash, or is a file name with an extension. */
const PATH_WORD = /^(?:[\w.~:@-]*[\\/][\w.~\\/*@-]*|[\w-]+\.[a-z]{1,5})$/i;
// Read word by word: as one expression (words and separators repeated), a line that is not all paths
// was tried against every way of cutting it into paths, 11.7% of a short request's time in the
// fourteenth session's profile.
// Every path word holds a slash, a backslash or a dot: a line with none of them is not split at all.
export const isPathLine = (text: string): boolean => {
  if (!/[./\\]/.test(text)) return false;
  const words = text
    .replace(/^\s*(?:[-*•]\s+)?/, "")
    .split(/[,;]?\s+|[,;]/)
    .filter((word) => word !== "");
  return words.length > 0 && words.every((word) => PATH_WORD.test(word));
};

/** A pull request as the subject a request opens with ("PR #1780 bumps …", "MR !52 adds …"). */
export const PR_SUBJECT = /^(?:PR|MR|pull request|merge request) [!#]?\d+\b/i;

/** The number of a second request written on the same line as the first ("… Safari 17  2) bump …"). */
export const SECOND_ITEM = /\S\s+\(?2[.)]\s+[a-z]/i;

/**
 * An opening that only tells or thanks: "FYI …", "just so you know …", "just wanted to
 * say …". Read by the type (a remark that asks nothing names no work) and by risk (risk.ts: where no
 * type fits, a text that opens so asks no work). Eighteenth session: one expression for both (risk had
 * its own list). A "heads-up" is not one: it often announces the work ("heads up: CVE-2024-37890, `ws`
 * below 8.17.1 …", bz-099), and reading it as a remark broke two development requests.
 * Thanks and praise open a remark the same way ("thx for the pick list fix yesterday!!", "nice work
 * on the withdrawal fix yesterday, support says the complaints stopped": the guide's praise, three
 * writers of parts 98k-98m); a thank-you that goes on to ask ("Thanks for the help. Please
 * investigate …") has its ask read first, and a "please" or a "can you" anywhere keeps it a request.
 */
export const REMARK_OPENING =
  /^\W*(?:(?:hi|hey|hello)(?: all| team| everyone| folks)?[,!]?\s+)?(?:just\s+)?(?:fyi|for your information|so you know|wanted to (?:say|let you know)|thx|thanks|thank you|cheers|kudos|(?:nice|great|good|awesome|brilliant) (?:work|job)|well done)\b/i;
/**
 * Nineteenth session: thanks or praise addressed to the people who did the work ("thanks all",
 * "well done everyone who worked on it", "great work everyone", "Thank you all") make a remark
 * wherever they stand: a text that asks nothing and closes so passes praise on (the guide's
 * praise; 7 of the 9 development texts that say it are UNCLASSIFIED, six writers, fk-164, fl-036,
 * ff-092; the other two ask for work by a predicate, which the caller has ruled out).
 */
const GROUP_PRAISE =
  /\b(?:thanks|thank you|well done|kudos|cheers|(?:great|nice|good) (?:work|job))(?: to)? (?:all|everyone|everybody|folks|the team|y'all)\b/i;
/** Words that ask someone to do something, anywhere in a text. */
const REQUEST_WORDS = /\b(?:can|could|would|will) (?:you|u|someone|somebody)\b|\b(?:please|pls|plz)\b/i;
/** "do the same (thing) as last time", "do the usual for …": the object names no work. */
const SAME_AGAIN = /^do (?:the )?(?:same|usual)(?: (?:thing|things|stuff))?(?= (?:as|like|for|before|on|with|again)\b|[.,!]?$)/i;

/**
 * Why a request that has no predicate and no question names no kind of work, or null. The caller
 * has checked that nothing was asked (no main predicate, question, commit prefix or label).
 *
 * "FYI the outage map was down for about 10 minutes … I don't think there's anything to do", "just
 * wanted to say the new engineer app is great": a remark that asks for nothing (no question, no "can
 * you"/"please") tells no kind of work; the words of what it reports (a health check, "failed")
 * describe what happened, not a task. The guide: UNCLASSIFIED when nothing tells the kind of work, and
 * a request with no ask is ambiguous (seventeenth session: 25 of the 26 development requests that
 * open so and ask nothing are UNCLASSIFIED, eighteen writers; the other reports a leaked key and asks
 * to revoke it).
 *
 * "please do same as last time for the new joiner", "do the usual for month end", "do the same thing
 * for the Leeds clinic": a light verb whose object is only "the same" or "the usual" names no work
 * (the guide's "the same way as last time" is a reference, and UNCLASSIFIED when nothing tells the
 * kind); with a work noun ("do the usual Friday release", "the same fix") the noun decides (the
 * work-noun cues). Seventeenth session: 18 of the 20 development requests that open so are
 * UNCLASSIFIED, fourteen writers (one relabelled, el-069).
 */
export function namesNoWork(opening: Clause, clauses: readonly Clause[]): string | null {
  if (
    (REMARK_OPENING.test(opening.text) || clauses.some((clause) => GROUP_PRAISE.test(clause.text))) &&
    !clauses.some((clause) => clause.text.trimEnd().endsWith("?") || REQUEST_WORDS.test(clause.text))
  )
    return "the text is a remark that asks for nothing (an FYI, praise)";
  const same = SAME_AGAIN.exec(opening.text.replace(LEAD_FILLER, ""));
  return same ? `"${same[0].trim()}" points at earlier work without naming its kind` : null;
}
