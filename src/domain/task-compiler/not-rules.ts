// Words that read like a rule and state none (twenty-first session). The guide's HARD is a
// prohibition or obligation on the work; these clauses describe, or close the message.
import { gatedTest } from "./literal-gates.js";
import { isGreeting, type Clause } from "./segment.js";
import { blank } from "./blanks.js";

// "never" opening a clause before a verb in the third person with its object or complement says what
// something does, not what the agent may do: the report of a defect ("…, but never checks that
// `booking.visitor_id` matches", bk-011; "the reload job never reloads it", "never compares it with
// the session's restaurant") or where a failure shows ("fails 1 run in 10 on CI, never locally",
// ft-035, fu-052, eg-127, fe-194). Of the development split's 31 such clauses none is labelled a rule;
// a rule's "never" takes the bare verb ("never edit the XML by hand", "never call solve_day twice").
const DESCRIBING_NEVER =
  /^(?:(?:and|but|so|it|that|which)\s+)?never\s+(?:(?:locally|on\s+local)\b|\w+[^s\W]s\s+(?:the|it|them|that|this|its|their|a|an|to|by|with|from|between|back|down|up|any)\b)/i;

/** Whether a clause opening with "never" describes what something does (DESCRIBING_NEVER). */
// Behind its literal gate (twenty-fifth session, speed): every clause's hardness asks it.
export const describesWithNever = (words: string): boolean => gatedTest(DESCRIBING_NEVER, words);

// A line that signs a message off, a name with its role in brackets ("_Hannah (product)_", ft-021;
// "Owen (product, ex-Y6 teacher, …)", fl-003), or a thanks ("Thanks!!" after a "Rules: …" line,
// cd-013), states no rule though it stands under a rules or out-of-scope heading.
const SIGN_OFF = /^(?:[-–—]\s*)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*\([^()]{1,80}\)[_*]*$/;

/** Whether a clause under a rules heading only signs off or thanks (SIGN_OFF, isGreeting). */
export const closesLetter = (clause: Clause, words: string): boolean => isGreeting(clause) || (!clause.bullet && SIGN_OFF.test(words));

// Twenty-fourth session (guide24): a stop condition says when to come back to the caller or undo a
// step ("If the canary shows any \`AMOUNT_FORMAT_INVALID\`, stop and roll back", dc-047; "If it
// doesn't fit, stop and report what's left", dc-173; "Stop if more than 2 devices fail to report
// back", ed-008), as an approval gate says when to wait, and the guide's approval gates are no rule:
// 23 of the 30 development entries with one, by 22 writers, label it no rule (the guide's settled
// row). So a rules heading or a list of rules does not make it one; a clause that binds by its own
// words beside it ("…, stop and don't deploy") still does.
const STOP_CONDITION =
  /^(?:(?:and|then|but)\s+)?(?:(?:if|when|should|once)\s[^;]{1,120}?,\s+(?:(?:just|please|then|immediately)\s+)*(?:stop|halt|abort|pause|roll\s*back|revert)\b|(?:please\s+)?(?:stop|halt|abort|pause)\b[^;,]{0,40}?\s(?:if|when|as\s+soon\s+as|once)\s)/i;

/** Whether a clause only says when to stop, come back or roll back (STOP_CONDITION). */
export const stopsOnCondition = (words: string): boolean => STOP_CONDITION.test(words);

// "can't be" / "cannot be" binds only before a verb of change ("save.py cannot be modified", bn-169).
// Before any other verb it states what is impossible, as a defect ("can't be used with a keyboard",
// "Certificates can't be downloaded by learners with non-Latin names") or as the goal of the ask
// ("return 404, not 403, so ids can't be probed", fl-165; "a unique index so the same learner cannot
// be enrolled twice"; "- a 6th beneficiary can't be added" in a list of tests to write, ft-097): of
// the development split's 33 such clauses read as rules, none is labelled one. Those words are
// blanked before a clause is read for its hardness, so a rule beside them still binds.
const IMPOSSIBILITY =
  /\b(?:cannot|can'?t)\s+be\s+(?!(?:changed|modified|edited|touched|deleted|removed|renamed|moved|dropped|altered|overwritten|rewritten|reverted)\b)\w+/gi;

// Twenty-fifth session (speed): made once, not a new RegExp each call (a literal in a function body is a
// new object every time it runs).
const CANNOT = /\bcan(?:not|'?t)\b/i;

/** A clause's words with its statements of what is impossible blanked (IMPOSSIBILITY). */
export const withoutImpossibility = (words: string): string => (CANNOT.test(words) ? words.replace(IMPOSSIBILITY, blank) : words);

// Twenty-second session: quoted text is data (the guide's "quoted errors, log lines"), and so is a
// piece of a quotation the segmenter cut at a dash or a full stop inside it, which maskQuoted cannot
// blank because the clause holds only its end: "DO NOT WEIGH` in red)" of "the kiosk shows
// `INDICATOR TIMEOUT - DO NOT WEIGH` in red" (ga-058), 'Keep your receipt."' of 'ReceiptFooter="…
// shrubs. Keep your receipt."' (ga-177). A clause opens inside a quotation when its line holds an odd
// number of backticks or of straight double quotes before it; a clause that opens a quotation and is
// cut inside it keeps its words before the mark ("No behaviour change: `npm test -- …` must pass").

/**
 * Reads a text's clauses in order and tells whether each opens inside a quotation begun earlier on
 * its line; one pass over the text for all of them.
 */
export function quotationReader(text: string): (start: number) => boolean {
  let scanned = 0;
  let ticks = 0;
  let doubles = 0;
  return (start: number): boolean => {
    for (; scanned < start && scanned < text.length; scanned++) {
      const char = text[scanned];
      if (char === "\n") ticks = doubles = 0;
      else if (char === "`") ticks++;
      else if (char === '"') doubles++;
    }
    return ticks % 2 === 1 || doubles % 2 === 1;
  };
}
