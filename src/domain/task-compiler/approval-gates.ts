import { gatedExec } from "./literal-gates.js";

// Twenty-sixth session (branch `esc26`): a denial that lasts only until a person approves is the
// guide's approval gate, not a prohibition (docs/task-labelling.md: "a change that lands after
// someone approves it is gated"; the labels9 corrections removed the approval gate from rpm-11's
// HARD list, and the settled stop-condition row reads gates as no rule). "Nothing under
// cpa-collect/deploy/ changes without Chloe's sign-off, so send it to her first" (gb-153), "don't
// merge until I say so" (bb-110, cf-195), "Do not force-push without Dana's go-ahead" (dc-161),
// "nothing changes on www until Dan has signed it off" (fw-176): the work is done, then waits for
// that person; it forbids no path, states no rule, and gates the mode. Counted on the development
// split: a denial held until the caller or a named person approves is labelled no rule in 15 of
// 17 sentences (13 writers; hf-094 and hg-136 label "don't merge until I say so" HARD against the
// guide). A group, a role or a standing process approving ("until legal signs off", "until QA
// signs off", "without QG4 sign-off", "without platform approval", "until the auditors sign off
// the year end") is a standing rule of the organisation, and its 9 sentences are all labelled HARD,
// so only the caller (I, we, my, our) or a person named by a capitalised first name counts here.
// Confirming is no approval: "Don't go beyond 5% until I confirm the battery numbers look fine"
// (bg-092) holds a limit until a fact is known, and its limit is HARD.
const CALLERS_APPROVAL = String.raw`(?:I|we)(?:'ve|'d| have| had)?\s+(?:say|said|sign|signed|approve|approved|ok|okay|okayed|give|gave|given)\b`;
const POSSESSED_APPROVAL = String.raw`(?:my|our|[A-Z][a-z]+['’]s)\s+(?:explicit\s+|written\s+)?(?:sign-?off|approval|go-?ahead|ok(?:ay)?|green light)\b`;
const NAMED_APPROVER = String.raw`[A-Z][a-z]+\s+(?:has\s+|have\s+)?(?:(?:signs?|signed)\s+(?:it\s+|this\s+|them\s+)?off|approves|has approved|says so|says go|gives the go-?ahead|OKs)\b`;
const PERSONS_APPROVAL = new RegExp(
  String.raw`\b(?:[Uu]ntil|[Tt]ill|[Uu]nless|[Ww]ithout|[Bb]efore)\s+(?:${CALLERS_APPROVAL}|${POSSESSED_APPROVAL}|${NAMED_APPROVER})`,
);
// The denial the gate qualifies: a negated verb or a negative subject before it in the clause.
const DENIAL_BEFORE = /\b(?:don'?t|do not|never|nothing|no|not|must not|mustn'?t|may not|shall not)\b/i;

/** The gate of a clause whose denial holds only until the caller or a named person approves, or null. */
// Twenty-seventh session (speed): run behind its literal gate ("ntil", "ill", "nless", "ithout",
// "efore", read off the expression): the three callers (clause hardness, the forbidding check, the
// mode's consultation) ask about every clause, and most clauses hold none of those words.
// Twenty-eighth session (speed): the three callers mostly ask about one clause's same words in turn,
// so the last text's answer is kept (the answer depends on the text alone).
let lastText: string | null = null;
let lastGate: RegExpExecArray | null = null;
export function personsApprovalGate(text: string): RegExpExecArray | null {
  if (text === lastText) return lastGate;
  const gate = gatedExec(PERSONS_APPROVAL, text);
  lastGate = gate && DENIAL_BEFORE.test(text.slice(0, gate.index)) ? gate : null;
  lastText = text;
  return lastGate;
}

export const awaitsAPersonsApproval = (text: string): boolean => personsApprovalGate(text) !== null;
