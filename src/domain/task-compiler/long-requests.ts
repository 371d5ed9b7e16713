// Section-aware reading of long requests (docs/task-compiler-history.md, "Eighth session", "Long requests").
// In a long issue body or a long chatty message the detail that makes a request ambiguous sits in
// one place, and the escalation model, trained mostly on short requests, leans to "clear" on long
// texts whatever the detectors found: at first contact it let 38 of part 97i's 100 ambiguous
// requests through, most of them with the detector's own question outvoted. The detectors already
// read a long request by its parts (segment.ts gives every clause the role of the part it sits
// in); what this module decides is which of their soft findings are about the ask itself, and
// those the model may not outvote on a long request. A finding in the background (steps, what
// happened, notes, the cause), in a rule or in quoted data describes something around the ask; the
// model weighs it as before.
import type { AmbiguityDraft } from "./ambiguity.js";
import { wordCount, type Clause, type Role } from "./segment.js";

/** A long request: 40 words or 6 lines, the length at which the model stops trusting the detectors. */
const LONG_WORDS = 40;
const LONG_LINES = 6;

export const isLongRequest = (text: string): boolean => text.split("\n").length >= LONG_LINES || wordCount(text) >= LONG_WORDS;

/** The soft findings that can be about the ask: what it points at, and when it is done. */
const ASK_KINDS: ReadonlySet<string> = new Set(["unresolved_reference", "unmeasurable_goal"]);

/** Parts that describe, rule or quote: a finding there is not about the ask. */
const AROUND_THE_ASK: ReadonlySet<Role> = new Set(["background", "rules", "data"]);

// "post the results on this ticket", "see the log in this issue": the text is the ticket, so a
// reference to it is resolved by the request itself.
const SELF_REFERENCE = /\bthis (?:ticket|issue|request|message|thread|task|card|story)\b/i;

const CATAPHORA = /^[^.;:]{0,40}:\s*\S+(?:\s+\S+){3}/;
const PAIR = /\b(?:two|both|a pair of|2)\b/i;

/**
 * Why `draft` stands on a long request whatever the model votes, or null when it does not: a
 * reference or a goal the detector could not resolve or measure, found in the part of the text
 * that states the ask, the goal or the acceptance criteria (or in a part with no heading).
 */
export function askFindingOnLongRequest(draft: AmbiguityDraft, clauses: readonly Clause[], text: string): string | null {
  if (!ASK_KINDS.has(draft.kind) || !draft.span || !isLongRequest(text)) return null;
  const at = draft.span.start;
  const clause = clauses.find((c) => c.start <= at && at < c.end);
  if (!clause || clause.heading) return null;
  if (clause.role && AROUND_THE_ASK.has(clause.role)) return null;
  const phrase = text.slice(draft.span.start, draft.span.end);
  if (SELF_REFERENCE.test(phrase)) return null;
  // "the one thing I need from you: add a banner …": what follows the colon says what it is.
  if (CATAPHORA.test(text.slice(draft.span.end, clause.end))) return null;
  // "a test with two sessions where the other one gets 401": the pair is named before it.
  if (/\bthe other ones?\b/i.test(phrase) && PAIR.test(text.slice(clause.start, draft.span.start))) return null;
  const part = clause.role === "ask" ? "the ask" : clause.role === "acceptance" ? "the acceptance criteria" : "a part with no heading";
  return `on a long request a finding in ${part} stands`;
}
