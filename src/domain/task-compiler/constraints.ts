// Constraints (HARD: must not, never, do not, only, without; SOFT: prefer, ideally, if
// possible, avoid). The acceptance criteria the caller stated are read in criteria.ts.
// How hard one clause binds is read in clause-hardness.ts (split from here in the twenty-fifth
// session, when this file passed 400 lines); here the request's clauses are read in order: rules
// lists and acceptance items, a rule continued in its sentence, a trailing keep, a rule before a wish.
import type { Clause } from "./segment.js";
import { normalizeText, sentenceCase } from "./segment.js";
import { ACCEPTANCE_INVARIANCE, TRAILING_DENIAL } from "./constraint-forms.js";
import { WORK_SCOPED_DENIAL } from "./later-constraint-forms.js";
import {
  BARE_DENIAL,
  RULE_SOURCE_ALONE,
  RULE_SOURCE_LABEL,
  RULE_DOCUMENT_LABEL,
  RULES_LIST_LABEL,
  unchecked,
  unmarked,
} from "./rule-source-labels.js";
import { binds, hardnessOf, HARD_PHRASE, maskQuoted, NEGATED_LEAD, SOFT, type Hardness } from "./clause-hardness.js";
import { gatedMatchAll, gatedTest } from "./literal-gates.js";
import { ACCEPTANCE_DENIAL, DATA_DENIED, ITEM_DENIAL, SAME_ACROSS_CASES, TRAILING_LIMIT } from "./rule-phrasings.js";
import { invarianceListHead } from "./invariance-lists.js";
import { quotationReader, stopsOnCondition } from "./not-rules.js";
import {
  ACCEPTANCE_KEPT,
  KEEP,
  KEEP_EXISTING,
  KEEP_RULE,
  KEEP_SAFEGUARD,
  KEEP_WORKING,
  KEPT_BY_OWNER,
  KEPT_SETTING,
  KEPT_AT_VALUE,
  OTHERS_KEPT,
  keepsNamedThing,
  LEAD,
  TRAILING_KEPT,
  UNCHANGED_BY_OWNER,
} from "./keep-rules.js";
import { CONTINUED_NEVER, joinedFrom, type RuleAt } from "./rule-joins.js";
import { besideQuestionOrRule, changeKeepsResults, keepsSameResults, trailingSameResults } from "./kept-results.js";
import type { TaskType } from "../../contracts/task-ir.js";

export interface ExtractedConstraint {
  clause: Clause;
  text: string;
  hardness: Hardness;
  /** Shown only inside the text of the rule after it, which completes it (rule-joins.ts). */
  joined?: boolean;
}

// Seventeenth session: a short verbless denial after a rule in its sentence continues that rule
// ("Keep the tests pure; no DB", as "Comments only, no pushes"); alone it may state a fact ("no
// default", "no rush"), so only after a rule, and not when it releases ("no bump needed").
const SHORT_DENIAL =
  /^(?:and\s+|but\s+)?no\s+(?![^;]{0,30}\b(?:needed|required|necessary|rush|worries|problem|pressure)\b)[\w.-]+(?:\s+[\w.-]+){0,2}\s*[.!]?$/i;

const FORBIDS = new RegExp(
  `${NEGATED_LEAD.source}|${HARD_PHRASE.source}|\\bmust\\s+(?:not|never)\\b|\\bmustn'?t\\b|${LEAD}no\\s+(?:[\\w-]+\\s+)?changes?\\s+(?:to|in)\\b`,
  "i",
);

const QUOTE_LINE = /^>/;
// An obligation's modal, which a continuing denial shares (CONTINUED_NEVER above).
const OBLIGATION = /\b(?:must|has to|have to|shall)\b/i;
// The words by which a clause under a rules heading states a rule of its own (nineteenth session).
const RULE_WORD =
  /\b(?:must|should|shall|has to|have to|needs? to|may|can(?:not)?|no|not|never|nothing|none|nobody|only|stays?|remains?|keep|frozen|locked)\b|n't\b/i;
/** Whether a clause is the whole start of a "-" or "*" list item (rule-phrasings.ts, ITEM_DENIAL). */
const opensDashItem = (clause: Clause, text: string): boolean =>
  /^[ \t]*[-*•][ \t]+$/.test(text.slice(text.lastIndexOf("\n", clause.start - 1) + 1, clause.start));
/** Whether a clause opens a numbered list item ("2. Readers mid-session keep …": a step of a plan). */
const opensNumberedItem = (clause: Clause, text: string): boolean =>
  /^[ \t]*\d{1,3}[.)][ \t]+$/.test(text.slice(text.lastIndexOf("\n", clause.start - 1) + 1, clause.start));
const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
// Twenty-third session: under a rules heading, a bullet's clause with no word of obligation, denial
// or limit before the clause that states the rule is what the rule is about, as one after it is its
// reason (nineteenth session): it is shown only inside the joined rule ("- docs/ is generated from
// Backstage TechDocs, never hand-edit anything in docs/", dq-171; "- android/build.gradle.kts is
// managed by the platform team, don't edit android/build.gradle.kts", cd-189).
const describesForRule = (rule: { entry: ExtractedConstraint } | null): boolean =>
  rule !== null && rule.entry.clause.section === "constraints" && !RULE_WORD.test(rule.entry.clause.text);
/**
 * Whether a clause after the request's first keeps something as a rule, in one of keep-rules.ts's
 * forms: what exists kept in a short clause, an imperative keep, a code name kept (twenty-third
 * session: "The REST API keeps `patronId` in JSON"), or a view, copy or backup of the old state kept.
 */
function keepsAsRule(clause: Clause, masked: string): boolean {
  return (
    (words(clause.text) <= 8 && KEEP_EXISTING.test(clause.text)) ||
    KEEP_RULE.test(masked) ||
    keepsNamedThing(clause.text) ||
    KEEP_SAFEGUARD.test(unmarked(masked))
  );
}
/** Whether a clause alone reads HARD (kept-results asks it of the clauses beside a "same …"). */
const isHard = (clause: Clause): boolean => hardnessOf(clause) === "HARD";
/** A bullet, or a line quoted under a line naming rules: an item of a rules list (extractConstraints). */
const listItem = (clause: Clause | undefined): boolean => clause !== undefined && (clause.bullet || QUOTE_LINE.test(clause.text));

export function extractConstraints(clauses: Clause[], text: string, taskType?: TaskType): ExtractedConstraint[] {
  const found: ExtractedConstraint[] = [];
  const keepsResults = changeKeepsResults(taskType);
  let previous: { clause: Clause; hardness: Hardness | null } | null = null;
  let ruleBefore: (RuleAt & { entry: ExtractedConstraint }) | null = null;
  // Inside a list under a line that names rules (RULES_LIST_LABEL): a bullet is a rule, as under a
  // "Constraints" heading, unless another clause of it states the rule in its own words; then the
  // rest is its reason or its way ("…; never edit them by hand", "…; use \`tests/fakes/rds.py\`").
  // The list ends at the first line that is not a bullet.
  // Eighteenth session: a line quoted under such a line is an item of the list as a bullet is ("From
  // RELEASING.md:\n> No production deploys on Fridays.").
  let rulesList = false;
  const insideQuotation = quotationReader(text);
  const worded = new Set(clauses.filter((clause) => listItem(clause) && hardnessOf(clause)).map((clause) => clause.sentence));
  for (const [index, clause] of clauses.entries()) {
    if (!listItem(clause))
      rulesList =
        !clause.code &&
        (gatedTest(RULES_LIST_LABEL, clause.text) || gatedTest(RULE_DOCUMENT_LABEL, clause.text)) &&
        listItem(clauses[index + 1]);
    // A piece of a quotation cut by the segmenter is data wherever it stands (not-rules.ts).
    if (insideQuotation(clause.start)) {
      previous = { clause, hardness: null };
      continue;
    }
    if (clause.section === "acceptance") {
      // An acceptance item that opens with a prohibition ("- [ ] don't change the payout schedule",
      // "No fix in this ticket") binds the work like a rule, as does one that denies something in the
      // work itself ("- [ ] no data fix in this PR, Denise will correct the balances by hand",
      // fourteenth session), or one that forbids with "must not" ("The false reject rate of the existing
      // classes must not go above 1.5 %", fifteenth session); the other items say when it is done and
      // stay criteria. ("card details never touch our servers" is left out: contradictions.ts reads
      // "touch" there as a ban on the change itself.)
      const item = unmarked(maskQuoted(clause.text));
      if (
        !clause.code &&
        (FORBIDS.test(item) ||
          ACCEPTANCE_INVARIANCE.test(item) ||
          WORK_SCOPED_DENIAL.test(item) ||
          ACCEPTANCE_DENIAL.test(item) ||
          ACCEPTANCE_KEPT.test(item) ||
          KEPT_BY_OWNER.test(item))
      ) {
        // Twenty-third session: an item's denial that leans on the clause before it is shown with it,
        // as outside the list ("- log only counts per club, never member ids", fc-036).
        const join = joinedFrom(clauses, index, text, null);
        const from = join ? { ...join.from, text: text.slice(join.from.start, clause.end) } : clause;
        found.push({ clause, text: sentenceCase(normalizeText(unchecked(from.text))), hardness: "HARD" });
      }
      continue;
    }
    // Twenty-eighth session (speed): the clause's words with quoted text blanked (clause-hardness.ts),
    // made once for the dozen rules below and the helpers they call, which each made their own.
    const masked = maskQuoted(clause.text);
    let hardness = hardnessOf(clause);
    const opensSentence = clauses[index - 1]?.sentence !== clause.sentence;
    // Nineteenth session: under a rules heading, too, a bullet's first clause is the rule and a later
    // clause without a word of obligation, denial or limit is its reason ("**Rules**\n- Do not drop
    // the old \`translations\` column in this change; we drop it in a later release", ei-184), as in a
    // list under a line naming rules; "; the report totals must match to the litre" (bp-154) and
    // "; staging stays at 40" (dc-011) continue the rule.
    if (
      hardness === "HARD" &&
      clause.section === "constraints" &&
      listItem(clause) &&
      !opensSentence &&
      previous?.hardness === "HARD" &&
      !RULE_WORD.test(clause.text)
    )
      hardness = null;
    // The bullet's first clause is the rule; the rest is its reason or way ("Keep controllers thin;
    // logic goes in app/Services/").
    if (
      !hardness &&
      rulesList &&
      listItem(clause) &&
      opensSentence &&
      !clause.code &&
      !worded.has(clause.sentence) &&
      !stopsOnCondition(masked)
    )
      hardness = "HARD";
    if (!hardness && index > 0 && !clause.code && keepsAsRule(clause, masked)) hardness = "HARD";
    if (!hardness && keepsResults && keepsSameResults(clauses, index, isHard)) hardness = "HARD";
    if (!hardness && clause.bullet && !clause.code && opensDashItem(clause, text) && ITEM_DENIAL.test(masked)) hardness = "HARD";
    if (
      !hardness &&
      index > 0 &&
      !clause.code &&
      !clause.heading &&
      !opensNumberedItem(clause, text) &&
      (KEPT_BY_OWNER.test(masked) ||
        (opensSentence && UNCHANGED_BY_OWNER.test(masked)) ||
        ((opensSentence || (previous?.hardness === "HARD" && previous.clause.sentence === clause.sentence)) &&
          KEPT_SETTING.test(unmarked(clause.text))) ||
        OTHERS_KEPT.test(unmarked(clause.text)) ||
        KEPT_AT_VALUE.test(unmarked(clause.text)))
    )
      hardness = "HARD";
    if (!hardness && index > 0 && !clause.code && opensSentence && KEEP_WORKING.test(masked)) hardness = "HARD";
    if (!hardness && index > 0 && !clause.code && TRAILING_DENIAL.test(masked)) hardness = "HARD";
    if (!hardness && index > 0 && !clause.code && DATA_DENIED.test(masked)) hardness = "HARD";
    if (
      !hardness &&
      previous?.clause.sentence === clause.sentence &&
      gatedTest(RULE_SOURCE_ALONE, previous.clause.text) &&
      BARE_DENIAL.test(unmarked(masked))
    )
      hardness = "HARD";
    if (
      !hardness &&
      previous?.hardness === "HARD" &&
      previous.clause.sentence === clause.sentence &&
      !clause.code &&
      (KEEP.test(clause.text) || SHORT_DENIAL.test(unmarked(masked)))
    )
      hardness = "HARD";
    // Twenty-sixth session (hard26): a passive "never" that continues the clause before it in its
    // sentence (rule-joins.ts, CONTINUED_NEVER) binds where that clause does: a rule ("The PIN is
    // never stored in clear and never written to logs", gf-181), an obligation ("… must be marked as
    // reruns and never sent to the member", ft-085) or a line under a label naming a rule's source
    // ("House rule: the audit log is kept for 10 years and never deleted", hj-180). After a
    // description it describes ("`starts_at` is stored in UTC and never converted", ee-153; "was
    // added … and never removed", eo-065: no rule in the labels).
    if (
      !hardness &&
      !clause.code &&
      previous?.clause.sentence === clause.sentence &&
      CONTINUED_NEVER.test(masked) &&
      (previous.hardness === "HARD" || OBLIGATION.test(previous.clause.text) || gatedTest(RULE_SOURCE_LABEL, previous.clause.text))
    )
      hardness = "HARD";
    // Read last, so that a clause another rule makes HARD whole keeps its one constraint.
    const sameKept = keepsResults && /\bsame\b/i.test(clause.text) && !besideQuestionOrRule(clauses, index, isHard);
    const kept = !hardness && !clause.code ? trailingKeep(clause, masked, sameKept) : null;
    const others = !kept && !hardness && !clause.code ? othersKept(clause) : null;
    if (others) found.push({ clause: others, text: sentenceCase(normalizeText(others.text)), hardness: "HARD" });
    if (kept) found.push({ clause: kept, text: sentenceCase(normalizeText(kept.text)), hardness: "HARD" });
    previous = { clause, hardness };
    if (!hardness) continue;
    const split = hardness === "SOFT" && !clause.code ? ruleBeforeWish(clause, masked) : null;
    if (split) {
      found.push({ clause: split[0], text: sentenceCase(normalizeText(labelled(split[0]))), hardness: "HARD" });
      found.push({ clause: split[1], text: sentenceCase(normalizeText(split[1].text)), hardness: "SOFT" });
      ruleBefore = null;
      continue;
    }
    // A rule that completes the one before it in its sentence is shown with it (rule-joins.ts).
    const join: { from: Clause; leans: boolean } | null = hardness === "HARD" ? joinedFrom(clauses, index, text, ruleBefore) : null;
    const entry: ExtractedConstraint = { clause, text: sentenceCase(normalizeText(labelled(clause))), hardness };
    if (join) {
      entry.text = sentenceCase(normalizeText(labelled({ ...join.from, text: text.slice(join.from.start, clause.end) })));
      if ((join.leans || describesForRule(ruleBefore)) && ruleBefore?.index === index - 1) ruleBefore.entry.joined = true;
    }
    // An invariance that opens a list of rules is shown alone as well (invariance-lists.ts).
    const head = hardness === "HARD" && !join && !clause.code ? invarianceListHead(clause, masked, binds) : null;
    if (head) found.push({ clause: head, text: sentenceCase(normalizeText(labelled(head))), hardness: "HARD" });
    found.push(entry);
    ruleBefore = { index, hardness, from: join?.from ?? clause, entry };
  }
  const looking = found.some((rule) => rule.hardness === "HARD") ? undefined : clauses.find(onlyLooks);
  if (looking) found.push({ clause: looking, text: sentenceCase(normalizeText(unchecked(looking.text))), hardness: "HARD" });
  return found;
}

// Thirtieth session (hard30): "only look / only find / only read", a clause of its own, limits the
// work to finding out, the guide's "Don't fix it yet" and non-native "not fix, only find" (HARD, 13 of
// 13) said by its positive half: "Only find reason." (fx-056), "Please only look, it is night hatch"
// (gr-123), "Only look please, no update from remote" (gc-025). Read only where the text states no
// other rule: where "Not fix yet." or "Don't change anything" stands beside it, writers label that
// denial and not the "only" (fr-008, fp-004, gm-056). Of the development rows it changes, 3 writers
// label it HARD and 1 does not (dp-160, whose reason names who will fix it).
const ONLY_LOOKS = /^(?:(?:please|pls|and|but)\s+)*only\s+(?:look|find|read)\b/i;
const onlyLooks = (clause: Clause): boolean => !clause.code && !clause.heading && ONLY_LOOKS.test(clause.text.trim());

// Seventeenth session: "…, so please keep the plain-English style of the existing text" too (after a
// reason; "If both have it, please keep the PubMed one" picks a survivor). Twenty-second session: a
// trailing ", same <output> for every …" is the same kind of rule after the ask (SAME_ACROSS_CASES in
// rule-phrasings.ts: "move licence fee calculation from views.py into fees.py, same outputs for every
// licence type", fy-154; "…, same output to the cent", fv-083).
// And a trailing elliptical limit (TRAILING_LIMIT in rule-phrasings.ts: ", not before 2am", ", not
// production", ", no major version bumps").
// Twenty-third session: a participle or third-person "keep" holding what exists (", keeping the old
// column until …", ", and keeps full_name for now": TRAILING_KEPT in keep-rules.ts).
// Thirty-first session (hard31): ", keep X working" after the ask is the sentence-opening "Keep X
// working" (KEEP_WORKING) said after a comma ("fix in src/autoHeight.ts, keep Safari 15 working",
// fd-051; fv-145); ", and keep X working" stays part of the ask, as KEEP_WORKING's note says.
const TRAILING_RULE =
  /,\s+(?:and\s+|but\s+|so\s+(?:please\s+)?)?(?=(?:must\s+)?(?:keep|keeps|keeping|preserve|retain)\s|same\s|not\s|no\s)/gi;
const SAME_RULE = new RegExp(SAME_ACROSS_CASES, "i");
const LIMIT_RULE = new RegExp(TRAILING_LIMIT, "i");

/**
 * The ", keep X" that ends a clause as a clause of its own, when it states a rule by KEEP_RULE (in
 * the request's first clause too: "chore(deps): upgrade spring-boot …, keep the Java 21 baseline"). After
 * an ask that removes data it is a retention, a rule as the thirteenth session reads it ("set
 * \`phone\`, \`email\` to NULL …, keep the rest of the row (billing needs the shipment)").
 */
function trailingKeep(clause: Clause, masked: string, sameKept: boolean): Clause | null {
  for (const match of gatedMatchAll(TRAILING_RULE, masked)) {
    const from = match.index + match[0].length;
    const rest = masked.slice(from);
    if (
      KEEP_RULE.test(rest) ||
      SAME_RULE.test(rest) ||
      LIMIT_RULE.test(rest) ||
      TRAILING_KEPT.test(rest) ||
      (KEEP_WORKING.test(rest) && !/^,\s+and\s/i.test(match[0])) ||
      (sameKept && trailingSameResults(masked.slice(0, match.index), clause.text.slice(from)))
    )
      return { ...clause, text: clause.text.slice(from), start: clause.start + from };
  }
  return null;
}

// Thirty-second session (hard32): "<the ask or its limit>, the others stay …" in one clause (the
// segmenter keeps a comma's halves together): the others' half is a rule of its own (OTHERS_KEPT in
// keep-rules.ts), shown alone after the ask ("Upgrade phoenix to 1.7.14 please, other deps stay like
// now", gs-169) and with a short only-limit before it, whose pair the writers quote ("Only this value,
// the other stay", gk-023; "Only these six bores, the others stay at 60", gt-103).
const COMMA = /,\s+/g;
const SHORT_ONLY_LIMIT = /^(?:(?:[\w-]+\s+){0,4}only|only(?:\s+[\w-]+){1,4})$/i;

/** The clause, or its part after a comma, that holds the others beside the change as they are. */
function othersKept(clause: Clause): Clause | null {
  const text = unmarked(clause.text);
  for (const match of text.matchAll(COMMA)) {
    const from = match.index + match[0].length;
    if (!OTHERS_KEPT.test(text.slice(from))) continue;
    if (SHORT_ONLY_LIMIT.test(text.slice(0, match.index).trim())) return clause;
    return { ...clause, text: clause.text.slice(from), start: clause.start + from };
  }
  return null;
}

// Fifteenth session: a rule and a wish in one clause ("Don't change the model hyperparameters, and
// try not to add nodes to the cluster") are two constraints: the words before the wish bind on their
// own, and the hedge ("try not to", "ideally", "if possible") softens only what follows it. A wish
// first and a rule after it stays one SOFT constraint, as before.
const WISH_AFTER = /,\s+(?:and\s+|but\s+)?(?=(?:please\s+)?(?:try\s+(?:not\s+)?to|ideally|if\s+possible|preferably|where\s+possible)\b)/i;

/** The rule and the wish of a SOFT clause whose words before a trailing hedge bind alone. */
function ruleBeforeWish(clause: Clause, masked: string): [Clause, Clause] | null {
  const match = WISH_AFTER.exec(masked);
  if (!match) return null;
  const head = unmarked(masked.slice(0, match.index));
  if (SOFT.test(head) || !binds(head)) return null;
  const from = match.index + match[0].length;
  return [
    { ...clause, text: clause.text.slice(0, match.index), end: clause.start + match.index },
    { ...clause, text: clause.text.slice(from), start: clause.start + from },
  ];
}

/** A clause's words as a rule's text, with the forbidden section's inline label that opened it. */
const labelled = (clause: Clause): string => (clause.label ? `${clause.label}: ${unchecked(clause.text)}` : unchecked(clause.text));
