// What identifies a reference right where it stands (split from referents.ts in the fourteenth
// session): an identifier, a path, an example or a description attached to it, and the places that
// are no source of content (a tool named bare, a ticket the answer is posted to).
import type { Clause } from "./segment.js";

/** Names that identify one thing: code, quoted text, numbers of issues and PRs, commit hashes. */
export const IDENTIFIER =
  /`[^`]+`|"[^"]{3,}"|#\d+|\b(?:PR|pull request|issue|ticket)\s*#?\d+|\b[0-9a-f]{7,40}\b|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\bE[A-Z]{4,}\b|\b[A-Z][a-zA-Z]+(?:Error|Exception)\b/;
// Twelfth session: a ticket or incident key names where the content is, not the content ("the fix
// from INC-3011", "the checks we listed in the INC-3398 review"): outside tickets are never
// resolved (docs/task-labelling.md), while a PR number or a commit names a change the repository
// holds ("as we did in PR #311").
export const TICKET_KEY = /\b[A-Z][A-Z0-9]+-\d+\b/g;
// Eighteenth session: one whitespace run between the bracket, the preposition and the name (three
// `\s*` in a row were cubic on a run of spaces after "the old function"; same language).
const EVENT_IDENTIFIED =
  /^\s*(?:\(\s*)?(?:(?:in|for|with|from|on)\s*)?(?:PR|pull request|commit|issue|ticket|#|`|"|v?\d)|^\s*(?:for|in) (?:the )?[\w-]+ (?:uploader|module|service|page|list|repo)\b/i;
// Twenty-second session: a name in kebab case of three parts or more ("review my branch
// recital-costume-fees against main", fy-194) names the thing as a path or snake-case name does.
const KEBAB_NAME = String.raw`[a-z][a-z0-9]*-[a-z0-9]+-[a-z0-9]+\b`;
// Twelfth session: an identifier, path or URL right after a reference names it, as an example
// ("about 40 of the old ones, e.g. /api/v2/datasets/…") or as an apposition after where it was
// mentioned ("the function Maria mentioned in the standup, `ward_for_address()` in gis/lookup.py").
// Where it was mentioned alone ("the checks we listed in the INC-3398 review") names nothing.
const NAMED_AFTER = new RegExp(
  String.raw`^\s*(?:(?:in|at|on|during|from)\s+(?:the |our |this |\w+'s )?[\w-]+(?:\s+[\w-]+)?\s*[,:(]|[,:(]|[-–—]\s)?\s*(?:(?:e\.g\.|for example|for instance|such as|namely|i\.e\.),?\s*)?` +
    String.raw`(?:\`[^\`]+\`|"[^"]{3,}"|#\d|https?:|[\w.~-]*\/[\w./{}-]*\w|\w+\(\)|[a-z][a-z0-9]*_[a-z0-9_]+\b|${KEBAB_NAME})`,
);
// "the screenshot in docs/setup.md" is located by its path; a link by its URL; "the entrapment
// runbook (docs/runbooks/entrapment.md)": a path in brackets after it too.
// Sixteenth session: so is one whose own predicate says where it is kept ("The list we want is
// already maintained in dispensing/config/high_risk_drugs.json").
const locatedAfter = (after: string): boolean =>
  /^\s*(?:(?:is|are)\s+(?:already\s+|now\s+|all\s+)?(?:(?:kept|maintained|stored|defined|listed|held|saved|written|configured)\s+)?)?(?:in|at|from|on|under)\s+(?:\S*[/.]\S|\S+\/)/.test(
    after,
  ) ||
  /^\s*(?:\(|:)?\s*https?:/.test(after) ||
  /^\s*\(\s*\S*[/.]\S/.test(after);
// Twelfth session: a place is a source only when the work reads something there. A tool named
// bare after "in"/"on" is where something was done or where the output goes ("I revoked it in
// Slack", "posts to #deploys on Slack"); it holds content only when the request names that content
// ("the checklist in Confluence"). A ticket or thread after a verb of posting is where the answer
// goes ("put the row counts in the ticket", "post the status on this ticket"), not what it needs.
const BARE_TOOL = /^(?:in|on)\s+(?:slack|jira|notion|confluence|teams)$/i;
const POSTED_TO = /^(?:in|on)\s+(?:the|this|our)\s+(?:ticket|thread|issue|channel|card)$/i;
// Twenty-sixth session (branch `esc26`): replying there is posting there ("Reply on the ticket with row
// counts before and after", fw-034; "Reply in this thread", fr-016), and what the product shows or
// prints on a ticket or card puts it there ("30% surcharge on the unit price, shown on the ticket and
// on the statement", gg-109): the place the output goes, which the work needs nothing from.
const POSTING =
  /\b(?:post|posts|posted|put|add|leave|write|paste|drop|attach|share|report|comment|note|record|reply|respond|answer|shown|printed|displayed)\b[^.;:!?]*$/i;
// Fourteenth session: a tool whose name is also a common word is the tool only when written as a
// name ("jobs of teams over their quota" is a plural, "ask in Teams" the tool).
const COMMON_WORD_TOOL = /\s(?:teams|notion)$/;
export const placeNotSource = (phrase: string, before: string): boolean =>
  (BARE_TOOL.test(phrase) && !/\bthe\s+[\w-]+\s+$/i.test(before)) ||
  (POSTED_TO.test(phrase) && POSTING.test(before)) ||
  COMMON_WORD_TOOL.test(phrase);

/** An identifier attached to a reference to something outside the request: what identifies it. */
// A description in brackets or after a colon gives the content, also after the ticket it came from
// ("the hang Priya reported in VET-1182 (the label printer freezes after printing …)").
// Fourteenth session: a bracket stating today's value ("the size they recommended (it's 1048576
// now)") describes what is there now, not the content the reference points at.
// Sixteenth session: nor does a bracket that adds to what the reference covers ("as described in
// section 5 of the attachment (including the grace period …)"): it widens the content, it gives none.
const DESCRIBED_AFTER =
  /^\s*(?:(?:in|from|on)\s+(?:the\s+)?\S+\s*)?[(:]\s*(?!(?:it['’]?s|it is|currently|now|today|including|incl|excluding|except|apart from|plus|besides|especially|notably)\b)[A-Za-z][\w'-]*(?:\s+[\w'-]+){2}/;
// Fourteenth session: the number of the next item of an inline list ("2) fix the typo Denise
// screenshotted 3) bump black") starts another request and identifies nothing.
// Sixteenth session: a reference that owns a thing identified right after it ("comments on the doc's
// PR (#2305)") is identified with it.
const OWNS = /^['’]s\s+[\w-]+/;
export const identifiedAfter = (after: string): boolean =>
  (OWNS.test(after) && identifiedAfter(after.replace(OWNS, ""))) ||
  (!/^\s*\d{1,2}\)\s/.test(after) && EVENT_IDENTIFIED.test(after)) ||
  NAMED_AFTER.test(after) ||
  locatedAfter(after) ||
  DESCRIBED_AFTER.test(after);

// The sentences around a reference (moved from referents.ts in the fifteenth session).
/** The sentence of a clause and the one before it, where a contrast ("the new one") is near. */
export const nearSentences = (content: Clause[], clause: Clause): string =>
  content
    .filter((c) => c.sentence === clause.sentence || c.sentence === clause.sentence - 1)
    .map((c) => c.text)
    .join(" ");
/** The words of a clause's sentence before a position in it, earlier clauses of the sentence included. */
export const sentenceBefore = (content: Clause[], clause: Clause, index: number): string =>
  [...content.filter((c) => c.sentence === clause.sentence && c.start < clause.start).map((c) => c.text), clause.text.slice(0, index)].join(
    " ",
  );
