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
import type { ReferenceCandidate } from "./referents.js";
import { wordCount, type Clause, type Role } from "./segment.js";

/** A long request: 40 words or 6 lines, the length at which the model stops trusting the detectors. */
const LONG_WORDS = 40;
const LONG_LINES = 6;

export const isLongRequest = (text: string): boolean => text.split("\n").length >= LONG_LINES || wordCount(text) >= LONG_WORDS;

// Twenty-third session (branch `esc23`): only a reference that points outside the request stands.
// On the 6,400 blind development requests of parts 98d-98zi, each read by the compiler of its day
// with its escalation model (before any rule or model had seen the part), the standing findings
// this module kept escalated 85 clear requests and rescued 14 ambiguous ones, and three kinds of
// finding rescued none: a goal with no measure beside it (14 clear, 0 ambiguous: "too slow" above a
// pasted benchmark and its target, fp-167 and gc-051; "Too big" as a dropdown option, fs-075), and
// a reference back into the request (23 clear, 0 ambiguous: "that status" after "a MAINTENANCE_BLOCK
// room status", fu-143; "then delete the old module" after the move, ft-139; "Check the other
// routes for the same thing", fy-158). The guide's reading: a reference is clear where the text
// itself resolves it by a description before or after, and a long request is mostly description;
// what the guide never counts resolved is content outside it (people, meetings, earlier changes),
// which is what still stands here. The model weighs the others as it does on a short request.
/** The soft findings that can be about the ask: what it points at outside the request. */
const ASK_KINDS: ReadonlySet<string> = new Set(["unresolved_reference"]);

/** Parts that describe, rule or quote: a finding there is not about the ask. */
const AROUND_THE_ASK: ReadonlySet<Role> = new Set(["background", "rules", "data"]);

// "post the results on this ticket", "see the log in this issue": the text is the ticket, so a
// reference to it is resolved by the request itself.
const SELF_REFERENCE = /\bthis (?:ticket|issue|request|message|thread|task|card|story)\b/i;

const CATAPHORA = /^[^.;:]{0,40}:\s*\S+(?:\s+\S+){3}/;

// Twenty-sixth session (branch `esc26`): two kinds of outside reference the request or the agent
// resolves, which stood here on clear requests only. Counted on the 10,600 study rows (parts
// 97zzm-98zm), each compiled with today's rules and with the ambiguity and escalation models trained
// without its half of the parts (as a new part meets them): this module's findings escalated 37
// clear requests and rescued 26 ambiguous ones (the fitted models hide the rescues: 45 clear
// against 0). Of those, 12 clear and 0 ambiguous were these two kinds.
// - An event the request tells, its subject pronoun first ("after we sent the completion monies this
//   morning", fa-103; "so we gave the weather credit to all the group lessons", gf-012; "Oskar
//   reviews, he wrote most of it", fx-091): the guide's reference points at a thing, and a told event
//   names its own object, which a long request goes on to describe. "the fix we did", "the way
//   Dmytro did", "whatever we agreed" (a thing defined by the event) still stand.
// - A document of the project or its vendor named by its kind, with no person whose copy it is ("the
//   runbook", ev-008; "the QA handbook", eo-021; "the install manual", ge-174; "in our spreadsheet",
//   fq-048): the agent opens it, while "the spreadsheet Ilse sent" or "her spreadsheet" is one only
//   that person has (the guide: a reference is unresolved where nothing the agent can look up says
//   which). An attachment, a screenshot or an e-mail is carried by nobody the agent can ask, and stands.
const TOLD_EVENT = /^(?:we|they|he|she|I|you)\s+[a-z]+$/i;
const LOOKED_UP =
  /^(?:(?:in|from|per|see|check)\s+)?(?:the|our)\s+(?:[\w-]+\s+){0,2}(?:handbook|manual|runbook|advisory|doc|docs|documentation|spreadsheet|wiki|playbook)$/i;

/**
 * Why `draft` stands on a long request whatever the model votes, or null when it does not: a
 * reference or a goal the detector could not resolve or measure, found in the part of the text
 * that states the ask, the goal or the acceptance criteria (or in a part with no heading).
 */
export function askFindingOnLongRequest(draft: AmbiguityDraft, clauses: readonly Clause[], text: string): string | null {
  if (!ASK_KINDS.has(draft.kind) || draft.refersBack || !draft.span || !isLongRequest(text)) return null;
  const at = draft.span.start;
  const clause = clauses.find((c) => c.start <= at && at < c.end);
  if (!clause || clause.heading) return null;
  if (clause.role && AROUND_THE_ASK.has(clause.role)) return null;
  const phrase = text.slice(draft.span.start, draft.span.end);
  if (SELF_REFERENCE.test(phrase)) return null;
  // "the one thing I need from you: add a banner …": what follows the colon says what it is.
  if (CATAPHORA.test(text.slice(draft.span.end, clause.end))) return null;
  if (TOLD_EVENT.test(phrase) || LOOKED_UP.test(phrase)) return null;
  const part = clause.role === "ask" ? "the ask" : clause.role === "acceptance" ? "the acceptance criteria" : "a part with no heading";
  return `on a long request a finding in ${part} stands`;
}

// What the other one, the old one, someone's one or the same one is, a long request's own
// description usually says; "the same X" points outside only where a clause after it tells who did
// it before ("the same way Thanh's script did it for Karrabin last month", fv-166).
const BACK_DETERMINER = /^(?:the other|the old|his|her|their|the same)\b/i;
const DONE_BEFORE = /^\s+(?:[\w'’-]+\s+){1,3}(?:did|had|made|used|wrote)\b/i;

/**
 * Whether a reference points back into the request rather than outside it: a demonstrative, a
 * pronoun, a definite noun, or "the other / the old / their / the same X" (twenty-third session).
 */
export function refersBack(candidate: ReferenceCandidate): boolean {
  if (candidate.kind !== "external") return true;
  if (candidate.outside || !BACK_DETERMINER.test(candidate.phrase)) return false;
  return !(/^the same\b/i.test(candidate.phrase) && DONE_BEFORE.test(candidate.clause.text.slice(candidate.index + candidate.length)));
}
