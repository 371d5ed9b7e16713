// What a clause names without it being the work (docs/task-labelling.md, "Order of decisions": risk
// is "the type's base, raised by a risk cue in the work itself"). Twenty-fifth session (risk25):
// three forms that name a risky thing without it being worked on, on any trade's words, blanked before
// risk.ts reads a clause (same length, so the spans of what is left still hold). Each was read as
// the work: the money or access word inside raised a plain change to CRITICAL or HIGH.
import { blank } from "./blanks.js";

// Earlier work named as the model of this one ("Refactor the rota scheduler like we did with the
// billing module", bc-108; "the way we did the payments one last quarter", dp-103; "restructure it
// like we do in the billing service", bo-159; "the same pagination bug the invoices page had",
// dh-068): the thing compared with is where the work was done before, not where it is done now,
// as a deploy named after "since" dates a bug and is no deploy (classify.ts, BACKGROUND). The
// comparison runs to the end of its sentence. Written case by case: a capital starts a person's
// name ("the way Piotr did the availability ones"), and "it does" or "people do" compare nothing.
const COMPARED_WITH =
  /\b(?:[Ll]ike|[Tt]he (?:same )?way|[Ss]ame (?:way )?as|as)\s+(?:we|you|they|I|someone|[A-Z][a-z]+)\s+(?:did|do|does|have done|had done)\b[^.;!?\n]*|\b[Tt]he same [\w-]+(?: [\w-]+)? (?:as |that )?(?:the|our) [^.;!?\n]{0,40}?\b(?:had|has)\b/g;

// An access mechanism the work reuses as it is ("Same auth middleware as the other /v1/vehicles
// routes", dl-096; "same auth as the other v2 endpoints", fi-196; "Use the existing student
// session, no new auth code", cd-159): the guide's access raise is for work on the check itself
// (login, sessions, roles, permissions), and a feature that sits behind an unchanged check changes
// none of it. Only the mechanism is blanked: "the same rounding as the other invoices" compares
// money, which stays read. The word before the mechanism is bounded: read at every word of a long
// hyphenated run, an unbounded one made the expression quadratic.
const ACCESS_MECHANISM = String.raw`(?:[\w-]{1,40} )?(?:auth\w*|sessions?|log-?ins?|sign-?ins?|middleware|roles?|permissions?|sso|guards?|checks?)`;
const REUSED_ACCESS = new RegExp(
  String.raw`\bsame ${ACCESS_MECHANISM} as (?:the |our |all )?(?:other|existing|rest)\b[^.;,!?\n]*|\b(?:use|uses|using|reuse|reuses|reusing|through|via|behind) (?:the |our )?(?:existing|current|same|usual) ${ACCESS_MECHANISM}\b|\bno new [\w-]+ code\b|\b${ACCESS_MECHANISM} (?:already exists?|is already there)\b`,
  "gi",
);

// The things a clause says get no change ("no rating or payment changes", dv-003; "No code changes
// in billing/ this week", ey-109): what the work
// leaves alone (acting-part.ts reads the same denial in other words). Only the denial is blanked:
// what follows it may still state the work ("No behaviour change, same payout totals to the cent",
// dj-165, a refactor of payout code).
const NO_CHANGES_TO = /\bno [\w-]+(?: (?:or|and) [\w-]+)? changes?\b(?: (?:in|to|on|for) (?:the )?[\w/.-]+)?/gi;

// Twenty-sixth session (riskA26): a run, close, window or batch named as when the work happens
// ("before the payroll run on the 24th", ft-158; "can u fix it before the billing run?", ez-019;
// "Do it after the 4:30pm settlement", fv-140; "Do not deploy between 16:00 and 18:00 UTC; that is
// the settlement window", dc-014) says when, as "since Friday's deploy" does (classify.ts,
// BACKGROUND) and as production named only as a later gate sets no risk (docs/task-labelling.md,
// "risk", twenty-fifth session): the work is what the clause asks around that time, and the money the
// run moves is someone else's routine. A determiner or a possessive opens the run's name, so "before
// you run" (an instruction) is not one.
const RUN_AS_TIME =
  /\b(?:before|after|once|until|till|during|ahead of|in time for) (?:the|our|their|tonight's|today's|this|next|each|every|[\w-]+'s)(?: [\w/:.-]+){0,3}? (?:runs?|close|settlements?|windows?|cut-?off|batch(?:es)?)\b|\b(?:that|this|it)(?:'s| is| was) (?:the|our)(?: [\w-]+){0,3}? (?:windows?|runs?|close)\b/gi;

// Twenty-sixth session (riskA26): another team's routine stated with how often it runs ("Finance
// reconciles each carrier's invoice against our shipment records once a month", de-155; "Finance
// reconcile hire invoices against this table every month", fo-150) is a statement of how things are,
// which the guide calls background (docs/task-labelling.md, twenty-fifth session: "what the team
// uses, needs, runs or ships"): it says who uses what the work produces, not what the work changes.
// A team that wants, needs or asks for something states the ask, and one that found or saw
// something reports a defect: those verbs are left alone.
const OTHERS_ROUTINE =
  /^(?:our |the )?(?:finance|accounting|accounts|accountants|auditors|ops|operations|compliance|support|treasury|revenue|[\w-]+ team)(?: team)? (?!(?:wants?|needs?|asks?|asked|says?|said|reports?|reported|found|finds|noticed|notices|sees?|saw|spotted|flagged|gets?|got|is|are|was|were|has|have|had|will|would|can|could|should|must|may|might)\b)[a-z]+ [^.;!?\n]{0,120}?\b(?:(?:once|twice) (?:a|an|per|every) (?:day|week|month|quarter|year)|(?:every|each) (?:day|night|morning|week|month|quarter|year)|daily|nightly|weekly|monthly|quarterly|yearly|annually)\b[^.;!?\n]*/gi;

// Twenty-eighth session (riskA28): a charge said not to be taken, standing on its own after a comma,
// colon or dash or opening its clause ("It is free like the others, no deposit.", gh-151; "The hold
// is not a booking: no deposit and no hire fee until they actually book", gn-102): the guide's money
// is what the work computes, charges or pays, and a result said to charge nothing takes no money.
// Not after a verb ("customers get no refund", "Invoice shows no VAT"): that states a defect.
const NOTHING_CHARGED =
  /(?:^|(?<=[,:;(–—-]\s?))\s*no (?:[\w-]+ )?(?:deposits?|fees?|charges?|payments?)(?: (?:and|or) no (?:[\w-]+ )?(?:deposits?|fees?|charges?|payments?))?\b/gi;

/** The clause's text with what it names only as a model, a mechanism reused, a thing left alone, a time or another team's routine blanked. */
export const withoutOtherWork = (text: string): string =>
  text
    .replace(COMPARED_WITH, blank)
    .replace(REUSED_ACCESS, blank)
    .replace(NO_CHANGES_TO, blank)
    .replace(RUN_AS_TIME, blank)
    .replace(OTHERS_ROUTINE, blank)
    .replace(NOTHING_CHARGED, blank);
