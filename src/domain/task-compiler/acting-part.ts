// What a clause asks to do, for risk (risk.ts reads only the acting part of each clause: work put
// off, done by hand, said to be unneeded, left alone or forbidden is not the work). Split from
// risk.ts in the twenty-second session, when its rules passed 400 lines.
import { isNegated } from "./clause-hardness.js";
import type { Clause } from "./segment.js";

const CALLERS_OWN_WORK = /\b(?:I'?d do it myself,? but|I'?m (?:stuck|busy|swamped|drowning|tied up|buried) (?:in|with)\b)/i;
const LATER_WORK =
  /\b(?:in|for|with) (?:a|the) (?:later|follow-?up|separate|future|next) (?:PR|pull request|ticket|change|release|sprint|iteration)\b|\b(?:is|are) (?:a |for a )?(?:later|follow-?up|separate|future) (?:ticket|PR|task|story)\b/i;
const NOT_NEEDED = /\bno [\w-]+(?: [\w-]+)? (?:is|are) (?:needed|necessary|required)\b|\b(?:is|are) not (?:needed|necessary|required)\b/i;
const BY_HAND = /\b(?:by hand|manually)\b/i;
// Twenty-first session: a clause that says what the work leaves alone ("No change to the scoring or
// payment screens", "no charge from the site, reception decides …", "None of this touches payments",
// "- no change to how damage is charged") names what is not the work, whether or not it reads as a
// rule (bk-180, fu-083, fv-121, fk-199 were raised by the money they deny).
// Twenty-fifth session (risk25): also after "nothing in it" ("nothing in it touches payments",
// dc-014), whatever the thing is ("no rating or payment changes": not-the-work.ts).
// Twenty-eighth session (riskA28): "nothing" as the subject of a change in any form names what is
// left alone, wherever it stands and whatever comes between ("nothing touching quotes or invoices",
// gh-053; "Nothing changes for commission or the income statements", gb-022; "so nothing in
// core-adapters/balance/ has to change", di-111): the guide's risk is raised by "a risk cue in the
// work itself", and a thing said to get no change is not the work.
// Review (twenty-eighth session): not across a comma ("The report shows nothing, change the late-fee
// rounding" asks for the change): 0 development rows hold "nothing" so far from its verb.
const DENIES_CHANGE =
  /\bno (?:changes?|charges?) (?:to|from|in|on|for)\b|\bnone of (?:this|these|it|them)\b[^.;]{0,20}?\b(?:touch|chang|affect)\w*|\bnothing\b[^.;,]{0,40}?\b(?:touch|chang|affect)\w*/i;
// Twenty-eighth session (riskA28): also a part said to be correct or right ("The till is correct.",
// gk-072; "The invoice PDF is correct, only the email is wrong", br-094): what works is named to
// show where the defect is not, as "X is fine" is.
const WORKS = /\b(?:is|are)(?: still)? (?:fine|ok|okay|unaffected|correct|right)\s*(?:[.!]?\s*$|,\s*only\b)/i;
// Twenty-fifth session (risk25): a thing said not to be affected, changed or touched by the work
// ("Prices, totals and payment aren't affected by this", bm-059) is its subject, named to be left
// alone, as "X is fine" names what works: the whole clause is not the work.
// Twenty-eighth session (riskA28): so is a thing said to stay or be kept as it is today ("The normal
// appointments stay exactly as they are", gh-151; "Each member keeps his own hire fee and damage
// deposit as today", ge-063): the guide's keep rule (HARD, "it holds a thing as it is") names what
// sits beside the change, not the change.
const LEFT_ALONE =
  /\b(?:is|are|was|were|will)(?:n't| not)(?: be)? (?:affected|changed|touched|impacted)\b|\bwon't be (?:affected|changed|touched|impacted)\b|\b(?:stays?|remains?|keeps?)\b[^.;]{0,60}?\bas (?:it is|they are|it was|they were|today|before|now|things are)\b|\b(?:stays?|remains?) (?:the same|unchanged|untouched)\b/i;
// Twenty-fifth session (risk25): a part said to be someone else's ("box-office/payments/ is owned by
// the ticketing-integration team now", bi-052; "the refunds API is owned by the payments team",
// dc-198) is the guide's path reserved to someone else (HARD, forbidden): what the work stays out of.
// The clause before it, up to a comma, colon or semicolon, may still ask (read as the denial is).
const RESERVED_ELSEWHERE = /\b(?:is|are)(?: now)? (?:owned|maintained) by\b/i;
const lastBreak = (text: string): number => Math.max(0, text.lastIndexOf(","), text.lastIndexOf(";"), text.lastIndexOf(":"));

/**
 * What a clause asks to do: all of it, unless it states a rule; then the part before its first comma
 * or dash when that part states none ("Delete the archive backups older than 10 years, the retention
 * schedule says we're not allowed to keep them": the reason after the comma is no rule on the ask).
 */
export function actingPart(clause: Clause): Clause[] {
  // "Priya will wire the payroll cutoff e-mails to it in a later PR", "OCR is a later ticket": work
  // put off to another change is not the work asked (fourteenth session).
  if (LATER_WORK.test(clause.text)) return [];
  // "I already refunded her delivery fee by hand", "Denise will correct the balances by hand",
  // "accountants copy the numbers by hand for their own billing": work a person does or did by hand
  // is what the change works around, not the change (fourteenth session).
  if (BY_HAND.test(clause.text)) return [];
  // "home volumes are already owned by 1000, so no chown step is needed": a step said to be
  // unneeded is not part of the work (fourteenth session).
  if (NOT_NEEDED.test(clause.text)) return [];
  // "Order confirmation and password reset emails are fine" names what works, not what changes.
  if (WORKS.test(clause.text) || LEFT_ALONE.test(clause.text)) return [];
  const reserved = RESERVED_ELSEWHERE.exec(clause.text);
  if (reserved) {
    const before = clause.text.slice(0, reserved.index);
    const head = before.slice(0, lastBreak(before));
    return head.split(/\s+/).filter(Boolean).length >= 3 ? actingPart({ ...clause, text: head }) : [];
  }
  // What the work leaves alone is not the work: the clause up to the denial still is.
  const denial = DENIES_CHANGE.exec(clause.text);
  if (denial) {
    const head = clause.text.slice(0, denial.index);
    return head.split(/\s+/).filter(Boolean).length >= 3 ? actingPart({ ...clause, text: head }) : [];
  }
  // "I'd do it myself but I'm stuck in the payments stuff all day": the caller's own workload is
  // why they ask, not the work asked (thirteenth session).
  const own = CALLERS_OWN_WORK.exec(clause.text);
  if (own) return actingPart({ ...clause, text: clause.text.slice(0, own.index) });
  if (!isNegated(clause.text)) return [clause];
  const head = headBeforeBreak(clause.text);
  return head && head.split(/\s+/).length >= 3 && !isNegated(head) ? [{ ...clause, text: head }] : [];
}

/**
 * The clause up to its first comma or spaced dash, without the space before it; none where a
 * semicolon comes first. Thirty-second session: the expression this replaces,
 * /^[^,;]*?(?=\s*(?:,|\s[-–—]\s))/, tried its look-ahead's whitespace run from every position of a
 * long one (the expression audit's 128 ms on a 2,000-character line); the same head, found once.
 */
function headBeforeBreak(text: string): string | undefined {
  const found = /[,;]|\s[-–—]\s/.exec(text);
  if (!found || found[0] === ";") return undefined;
  return text.slice(0, found.index).trimEnd();
}
