// Money read from a general lexicon, not from each domain's words (nineteenth session): the nouns
// WordNet classes as money spent, paid or owed, an amount of money or a bill (remittance, royalty,
// levy, tithe, toll, rebate, reimbursement, arrears), generated into money-lexicon.generated.ts by
// scripts/money-lexicon.ts. The guide (docs/task-labelling.md, "risk") counts code that computes,
// charges, pays, refunds, invoices or taxes money as CRITICAL whatever the domain calls the money;
// each session's domains had brought nouns the hand-grown lists lacked (tariffs, arrears, deposits).
import { MONEY_LEXICON } from "./money-lexicon.generated.js";
import { blank } from "./blanks.js";

/** Each money lemma ("purchase_order") and the word WordNet classes it under ("payment"). */
const CLASS_OF = new Map<string, string>(
  MONEY_LEXICON.trim()
    .split("\n")
    .flatMap((line) => {
      const [name, lemmas] = line.split(": ");
      return lemmas!.split(" ").map((lemma): [string, string] => [lemma, name!]);
    }),
);
/** The most words a lemma has ("cost_of_living" has three). */
const LONGEST = 3;

// A word standing alone: not inside a path, a file name, a hyphenated name or an identifier
// ("tax-portal", `src/billing/`, `fee_engine`, whose rules are MONEY_NAMES' and the path rules').
const WORD = /(?<![-/\\\w.@#$])[A-Za-z]+(?![-/\\\w@]|\.\w)/g;

/** The lemma a word may be an inflection of: itself, or a plural's singular. */
function lemmaOf(word: string): string | undefined {
  if (CLASS_OF.has(word)) return word;
  if (word.endsWith("ies") && CLASS_OF.has(`${word.slice(0, -3)}y`)) return `${word.slice(0, -3)}y`;
  if (word.endsWith("es") && CLASS_OF.has(word.slice(0, -2))) return word.slice(0, -2);
  if (word.endsWith("s") && CLASS_OF.has(word.slice(0, -1))) return word.slice(0, -1);
  return undefined;
}

export interface LexiconMoney {
  /** Where the words are in the text, and what they are. */
  match: RegExpExecArray;
  /** The lemma WordNet lists ("royalty"). */
  lemma: string;
}

/** The word WordNet classes a money phrase the lexicon found under ("royalties" → "payment"). */
export const moneyClassOf = (phrase: string): string | undefined => {
  const lemma = lemmaOf(phrase.toLowerCase().replace(/ /g, "_"));
  return lemma === undefined ? undefined : CLASS_OF.get(lemma);
};

// Twentieth session: a money noun is money work only where it names the money the work computes,
// charges, pays or changes (docs/task-labelling.md, "risk"), not where it is a verb ("what they'll
// have to pay", "they fund the compiler", "which costs us a fortune"), nor where it qualifies another
// noun, a team, a screen or a document ("the sales team", "the benefits portal", "the currency
// formatting", "Fatima from revenue management"), unless that noun is the amount itself: its
// calculation, split, total, statement or run ("the per-drop pay calculation", fm-177; "the courier
// pay statement", fm-139; "the weekly earnings summary", ek-064). Grammar decides, not a list of
// each domain's words: a subject, "to" or a modal before the word makes it a verb; an object
// pronoun or "down" after it does too; the last of the words after it before a function word is
// the noun it qualifies; an item of a list ("differences in the XML names and the currency", eg-069)
// is one field among things of other kinds. This let twelve words of the nineteenth session's stop
// list go (scripts/money-lexicon.ts, which counts them); the words of a software sense stay there.
const VERB_BEFORE =
  /(?:^|[^\w'])(?:to|i|we|you|they|he|she|it|who|which|can|could|will|would|should|must|may|might|shall|do|does|did|'ll|'d)(?:\s+not|n't)?\s+$/i;
const VERB_AFTER = /^\s+(?:us|them|you|me|him|her|down)\b/i;
/** The words after a money word up to the next punctuation: the noun it qualifies is the last before a function word. */
const NEXT_WORDS = /^(?: [A-Za-z]+(?![-\w/]))+/;
/** A list item after "and", "or" or a comma ("the XML names and the currency"): one field among things of other kinds. */
const LISTED = /(?:,|\band|\bor)\s+(?:the |a |an |their |its |our )?$/i;
// Twenty-first session: a money noun after a comma that a verb follows starts a clause of its own
// ("The calculation … is wrong, the lump sum is too low", ft-045): it is the subject the defect is
// stated of, not one item of a list (docs/task-labelling.md, "risk": a defect in money is the work).
const SUBJECT_OF_VERB = /^\s+(?:is|are|was|were|has|have|had|gets?|got|keeps?|kept|looks?|seems?)\b/i;
/** Words that end a noun phrase: determiners, prepositions, conjunctions, auxiliaries and the like. */
const FUNCTION_WORD =
  /^(?:a|an|the|of|in|on|at|to|for|from|by|with|without|into|onto|per|via|about|against|across|among|around|between|during|like|over|through|under|within|and|or|but|nor|is|are|was|were|be|been|being|has|have|had|do|does|did|will|would|can|could|should|must|may|might|shall|that|which|who|whose|when|where|while|if|as|than|so|because|since|until|before|after|this|these|those|it|its|their|our|your|his|her|my|no|not|now|still|all|each|every|any|some|too|twice|again|only|also|just|yet|instead|vs|out|off|up|i|we|you|they|he|she)$/i;
// Twenty-ninth session (riskB29): a return filed on a money noun ("the Q3 royalty return", gl-100) is
// the statement of that money owed to the party it is filed with, as a tax return is: the money
// itself (the guide's "taxes money"), not a document about something else.
/** What an amount of money is, computed or paid: a noun a money word may qualify and still be the money. */
const AMOUNT_OF_MONEY =
  /^(?:calc\w*|computations?|splits?|totals?|amounts?|rounding|runs?|statements?|returns?|summar(?:y|ies)|contributions?|deductions?|lines?|figures?)$/i;

/** Whether a money word found at `start`..`end` of `text` names money (a noun, the head of what it names). */
function namesMoney(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 12), start);
  const next = text.slice(end, end + 8);
  if (VERB_BEFORE.test(before) || VERB_AFTER.test(next) || (LISTED.test(before) && !SUBJECT_OF_VERB.test(next))) return false;
  const after =
    NEXT_WORDS.exec(text.slice(end, end + 60))?.[0]
      .trim()
      .split(" ") ?? [];
  return qualifiesAmount(COORDINATED.test(after[0] ?? "") && headOf(after.slice(1)).length > 1 ? headOf(after.slice(1)) : headOf(after));
}
// Twenty-second session: a money word coordinated with another noun before the noun both qualify
// ("abandoned on the income and outgoings step", fz-078: a step of a form) qualifies that noun, as
// it does alone; one coordinated with a money noun heading its own phrase ("fees and charges are
// wrong") or before an amount ("rent and deposit amounts") is still the money.
const COORDINATED = /^(?:and|or)$/i;
/** The words of a noun phrase up to its first function word. */
const headOf = (words: string[]): string[] => {
  const phraseEnd = words.findIndex((word) => FUNCTION_WORD.test(word));
  return phraseEnd < 0 ? words : words.slice(0, phraseEnd);
};
/** Whether the phrase after a money word leaves it the head, or makes it qualify an amount of money. */
const qualifiesAmount = (phrase: string[]): boolean =>
  phrase.length === 0 || AMOUNT_OF_MONEY.test(phrase.at(-1)!) || (phrase.length === 1 && MONEY_CODE.test(phrase[0]!));
// Twenty-sixth session (riskA26): the code named by the money it computes, the money noun right
// before it ("The rebates code is spaghetti", ge-105; "the royalty logic", "the commission module"),
// is the code that computes, charges or pays that money (docs/task-labelling.md, "risk": code that
// computes money is CRITICAL), as "price band code" and "pricing logic" name the code that prices
// (money-prices.ts, PRICE_SET). Only directly before: a word between names another thing ("the
// currency formatting code" formats, which the guide's formatting of a price is not money work).
const MONEY_CODE = /^(?:code|codebase|logic|modules?|maths?|engines?|calculators?)$/i;

// Twenty-ninth session (riskB29): the guide's dye vat is no money, and the tax is an acronym: VAT,
// written in capitals in every one of the 155 development requests whose prose names the tax, while
// a vat in lower case, or capitalised inside a sentence, may be a vessel ("Crash when a dye vat is
// taken out of service", bs-066; "vat 7 liquor ratio", gc-111). The review narrowed it to the
// vessel's grammar: a vessel is counted ("a dye vat is …", "any vat has", "vats", "vat 7", "per vat") and
// heads its phrase, and the tax, a mass noun, is not counted ("the vat calc is wrong", "vat on
// delivery charges") or only qualifies the counted noun ("add a vat line"): both still money, as a
// chat writer's lower-case tax must be. An uncounted vat beside counted ones is still read as the
// tax (bs-066's "firstSlot(vat)" in its code block, a clause of its own): the under-read of a
// chat writer's tax costs more than a vessel's over-read. Read here and by the hand money words
// (money.ts).
const VESSEL_VAT = /^(?:vat|Vat)s?$/;
const OPENS_SENTENCE = /(?:^|[.!?:\n]\s*)$/;
/** A count just before a noun, one modifier word allowed between ("a dye ", "each ", "two "). */
const COUNTED_BEFORE = /(?:^|[^\w-])(?:an?|any|each|every|one|two|three|four|five|six|\d+)\s+(?:[a-z][\w-]{0,20}\s+)?$/i;
const NEXT_WORD = /^\s+([a-z]+)/i;
/** "per vat", "the per-vat override": what is counted per unit is a thing, never the tax. */
const PER_BEFORE = /\bper[\s-]$/i;
/** Whether the word at `end` of `text` heads its phrase: no noun follows it (a function word, a stop or the end does). */
function headsPhrase(text: string, end: number): boolean {
  const next = NEXT_WORD.exec(text.slice(end, end + 24));
  return !next || FUNCTION_WORD.test(next[1]!);
}
/** Whether the word `word` found at `index` of `text` is a vat that holds liquid, not the tax: a counted vat (above). */
export const namesVessel = (text: string, word: string, index: number): boolean =>
  VESSEL_VAT.test(word) &&
  (word.startsWith("v") || !OPENS_SENTENCE.test(text.slice(Math.max(0, index - 4), index))) &&
  (word.endsWith("s") ||
    /^\s+#?\d/.test(text.slice(index + word.length, index + word.length + 4)) ||
    PER_BEFORE.test(text.slice(Math.max(0, index - 4), index)) ||
    (COUNTED_BEFORE.test(text.slice(Math.max(0, index - 32), index)) && headsPhrase(text, index + word.length)));

/**
 * The first money noun of the lexicon in a text that names money (namesMoney), a phrase of up to
 * three words ("purchase order", "value-added tax") read before a single word, or null; `skip` passes
 * over a noun another rule reads.
 */
export function lexiconMoney(text: string, skip: (word: string) => boolean = () => false): LexiconMoney | null {
  // An aside in parentheses names who asks or gives examples ("(Fatima, enterprise sales)", "dispute
  // evidence (receipts, delivery proof)"), not the money the work changes: blanked, spans kept.
  text = text.includes("(") ? text.replace(/\([^()]*\)/g, blank) : text;
  const words: { start: number; end: number; word: string }[] = [];
  WORD.lastIndex = 0;
  for (let found = WORD.exec(text); found; found = WORD.exec(text))
    words.push({ start: found.index, end: found.index + found[0].length, word: found[0].toLowerCase() });
  // The phrase of words i to last, each after a single space, is asked for as "a_b_c"; read in
  // place (twentieth session, speed: the phrase's arrays and closures were a request's largest
  // allocation after the models').
  for (let i = 0; i < words.length; i++) {
    for (let last = Math.min(i + LONGEST, words.length) - 1; last >= i; last--) {
      if (!spaceJoined(text, words, i, last)) continue;
      let key = words[i]!.word;
      for (let k = i + 1; k <= last; k++) key += `_${words[k]!.word}`;
      const lemma = lemmaOf(key);
      if (!lemma) continue;
      const start = words[i]!.start;
      const end = words[last]!.end;
      const match = Object.assign([text.slice(start, end)], { index: start, input: text }) as RegExpExecArray;
      if (skip(match[0].toLowerCase()) || namesVessel(text, match[0], start) || !namesMoney(text, start, end)) break;
      return { match, lemma };
    }
  }
  return null;
}

/** Whether words first to last each follow the one before after exactly one space. */
function spaceJoined(text: string, words: readonly { start: number; end: number }[], first: number, last: number): boolean {
  for (let k = first + 1; k <= last; k++)
    if (words[k]!.start !== words[k - 1]!.end + 1 || text.charCodeAt(words[k - 1]!.end) !== 32) return false;
  return true;
}
