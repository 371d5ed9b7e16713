// The rule expressions' literal gates (src/domain/task-compiler/literal-gates.ts): a gate may skip an
// expression only where the expression cannot match. The words are read off each expression's
// source; these tests pin the reading on small expressions. That no gate ever skips a clause its
// expression matches, over every development request and every fourth one upper-cased, is checked
// in test/domain/task-compiler-corpus.test.ts ("never lets a literal gate skip ..."): the skip check
// is on during that file's one compile of the split, instead of a third compile of it here.
import { describe, expect, it } from "vitest";
import { literalGateOf, mayMatch } from "../../src/domain/task-compiler/literal-gates.js";

const words = (pattern: RegExp) => literalGateOf(pattern)?.words ?? null;

describe("literal gates", () => {
  it("reads the words one of which every match holds", () => {
    expect(words(/\b(fix(es|ed|ing)?|repair|resolve)\b/i)).toEqual(["fix", "repair", "resolve"]);
    expect(words(/\b(?:Bump|UPGRADE)\s+\w+/i)).toEqual(["bump", "upgrade"]);
    // A letter under "?" ends the literal; an optional group says nothing; the longer literal is kept.
    expect(words(/colou?r/)).toEqual(["colo"]);
    expect(words(/(?:abc)?defg/)).toEqual(["defg"]);
    expect(words(/\bstack ?trace\b/)).toEqual(["stack"]);
    // Width-zero parts join the characters on their two sides.
    expect(words(/(?<![\w-])\.env\b(?!\.example)/)).toEqual([".env"]);
    expect(words(/\btime(?=out)out/)).toEqual(["timeout"]);
    // Escaped punctuation is itself; a repeated letter counts once.
    expect(words(/a\.b\/cd/)).toEqual(["a.b/cd"]);
    expect(words(/xyz+w/)).toEqual(["xyz"]);
  });

  it("gives up where the reading is not certain or not worth having", () => {
    // Code points, back-references, Unicode mode and sticky expressions are not read.
    expect(literalGateOf(/abc\x41def/)).toBeNull();
    expect(literalGateOf(/(abc)\1def/)).toBeNull();
    expect(literalGateOf(/abcdef/u)).toBeNull();
    expect(literalGateOf(/abcdef/y)).toBeNull();
    // An alternative with no literal, or only short ones, lets every text through.
    expect(literalGateOf(/abcdef|\d+/)).toBeNull();
    expect(literalGateOf(/abcdef|de/)).toBeNull();
    expect(literalGateOf(/(?:abcdef)*/)).toBeNull();
    expect(literalGateOf(/[abc]{3}/)).toBeNull();
  });

  it("matches case as the expression does, and lets any text that is not all ASCII through", () => {
    const exact = literalGateOf(/Traceback/)!;
    expect(mayMatch(exact, "a Traceback here")).toBe(true);
    expect(mayMatch(exact, "a traceback here")).toBe(false);
    const caseless = literalGateOf(/traceback/i)!;
    expect(mayMatch(caseless, "A TRACEBACK HERE")).toBe(true);
    expect(mayMatch(caseless, "a stack trace")).toBe(false);
    // Only ASCII case folding is modelled: a text with any other character is never skipped.
    expect(mayMatch(caseless, "naïve")).toBe(true);
  });
});
