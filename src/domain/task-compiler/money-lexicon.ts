// Money read from a general lexicon, not from each domain's words (nineteenth session): the nouns
// WordNet classes as money spent, paid or owed, an amount of money or a bill (remittance, royalty,
// levy, tithe, toll, rebate, reimbursement, arrears), generated into money-lexicon.generated.ts by
// scripts/money-lexicon.ts. The guide (docs/task-labelling.md, "risk") counts code that computes,
// charges, pays, refunds, invoices or taxes money as CRITICAL whatever the domain calls the money;
// each session's domains had brought nouns the hand-grown lists lacked (tariffs, arrears, deposits).
import { MONEY_LEXICON } from "./money-lexicon.generated.js";

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

/**
 * The first money noun of the lexicon in a text, a phrase of up to three words ("purchase order",
 * "value-added tax") read before a single word, or null.
 */
export function lexiconMoney(text: string): LexiconMoney | null {
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
