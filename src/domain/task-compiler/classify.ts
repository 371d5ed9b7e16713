// Task type from the request's wording. Each type has cue phrases with weights: specific cues
// ("XSS", "bump", "backfill") outweigh generic verbs ("fix", "add"), and the first sentence
// counts double because that is where people say what they want. A tie between different
// types is not broken by guessing: the result is UNCLASSIFIED and the tied types become the
// options of the question. The cues and labels are in type-cues.ts, the main predicates and commit
// prefixes in type-predicates.ts, the questions that ask for a finding in questions.ts.
import { TASK_TYPES, type TaskType } from "../../contracts/task-ir.js";
import { isNegated } from "./clause-hardness.js";
import { gatedMatchAll, gatedReplace, gateFor, mayMatch } from "./literal-gates.js";
import { kindOfPath } from "./path-kinds.js";
import { AUXILIARY, FINDING_WEIGHT, findingQuestion } from "./questions.js";
import { forbids } from "./forbidding-clauses.js";
import { refsIn } from "./resource-refs.js";
import type { Clause, Span } from "./segment.js";
import { keyedObject } from "./keyed-object.js";
import type { Classification, Evidence } from "./classification.js";
import { CUES, LABELS, type Cue } from "./type-cues.js";
import { isPathLine, namesNoWork, PR_SUBJECT, SECOND_ITEM } from "./type-openings.js";
import {
  CONVENTIONAL,
  INVESTIGATE_THEN_FIX,
  LEAD_FILLER,
  mainPredicate,
  OBJECT_PREDICATE_WEIGHT,
  OBJECT_PREDICATES,
  OPENING_SUBJECT,
  OWN_SUBJECT,
  PREDICATE_WEIGHT,
  PREDICATES,
  PRONOUN_FIX,
  RESTORED,
  TEST_REPAIR,
  WISH,
} from "./type-predicates.js";
import { blank } from "./blanks.js";

/**
 * Words that place the request in time ("since Friday's deploy", "after the last release")
 * describe when something started, not what to do: their cues do not vote. A change named as an
 * event ("since the locale refactor", "after the config refactor", "before the redesign") is
 * background the same way (sixteenth session): a refactor is asked with a verb, not a noun after
 * "since"; "before you refactor" still asks for one. A bump is an upgrade in other words ("failing
 * since the date-fns bump", "flaky since the pandas bump": the tests are the work; seventeenth session).
 */
const BACKGROUND =
  /\b(?:ever since|since|after|following|before|from)\b[^.;:]{0,40}?\b(?:deploy(?:ed|ment|ing|s)?|released?|releases|roll-?out|rolled out|upgraded?|updated?|bump(?:ed)?|migration|migrated|(?<=\b(?:the|that|this|our|last|recent|big|[\w-]+'s)\s+(?:[\w-]+\s+){0,2})(?:refactor|rewrite|redesign))\b(?:\s+(?:v?\d[\w.]*|of [\w.-]+|the new [\w ]{0,20}?(?:driver|version|build)))?/gi;

export const withoutBackground = (text: string): string => gatedReplace(BACKGROUND, text, blank);

/** An ask for advice on how to do something: "tell me how you'd fix it", "show me how to rotate …". */
const ADVICE_ON = /^(?:just\s+)?(?:tell|show) (?:me|us) how (?:you'?d|you would|to|we (?:should|could|would)|i (?:should|could|would)) /i;

/** Enough evidence to explain a decision; a 60 KiB request need not list every cue. */
const MAX_EVIDENCE = 64;

// Each cue with the literal gate read off its expression (literal-gates.ts): most cues cannot match most clauses.
const CUE_LIST = (Object.entries(CUES) as [TaskType, Cue[]][]).map(
  ([type, cues]) => [type, cues.map(([pattern, weight]) => [pattern, weight, gateFor(pattern)] as const)] as const,
);

// Tied scores are ranked by the types' names as localeCompare orders them, looked up rather than
// compared: localeCompare asks ICU each time, about 1% of a short request.
const BY_NAME = [...TASK_TYPES].sort((a, b) => a.localeCompare(b));
const TYPE_ORDER = Object.fromEntries(BY_NAME.map((type, rank) => [type, rank])) as Record<TaskType, number>;

/** A cue's or a predicate's vote for a type, with the words it came from and why. */
type Vote = (type: TaskType, weight: number, span: Span & { weight: number }, why: string) => void;

/** `source` is the text the clauses were cut from (their spans index it); without it no topic line is seen. */
export function classify(clauses: Clause[], labels: readonly string[], source = ""): Classification {
  // Hash tables (keyed-object.ts): which types a request's cues find, and in what order, differs
  // with every request.
  const scores: Partial<Record<TaskType, number>> = keyedObject();
  const spans: Partial<Record<TaskType, Span & { weight: number }>> = keyedObject();
  const evidence: Evidence[] = [];
  const vote: Vote = (type, weight, span, why) => {
    scores[type] = (scores[type] ?? 0) + weight;
    if (!spans[type] || spans[type]!.weight < span.weight) spans[type] = span;
    if (evidence.length < MAX_EVIDENCE) evidence.push({ type, weight, why });
  };
  // A title line that ends with a colon before a list ("2FA for agency admins:") names the list's
  // topic; its first item is where the first ask is said, and counts as the first sentence too. A
  // line that asks ("release checklist, please do these:") makes the items steps of the task it
  // names: the first of them is no more the ask than the others (thirteenth session).
  const topic =
    clauses[0] &&
    !clauses[0].bullet &&
    clauses[1]?.bullet &&
    source[clauses[0].end] === ":" &&
    !AUXILIARY.test(clauses[0].text) &&
    !/\b(?:please|pls|plz)\b/i.test(clauses[0].text);
  // Lines that hold nothing but paths ("src\\OpsDesk\\Pricing\\Parser.cs" above the request) say where
  // the work is, not what it is: the first sentence is the first one with words (fourteenth session).
  const opening = clauses.find((clause) => !isPathLine(clause.text)) ?? clauses[0];
  const firstSentences = new Set([opening?.sentence ?? 0, ...(topic ? [clauses[1]!.sentence] : [])]);
  // A line that introduces quoted lines ("Review comment from Mateus on the showtimes PR:" before
  // "> This is getting really hard to follow …") names whose words follow: someone else's review or
  // report, quoted as data. It asks nothing itself, and its words cast no vote (thirteenth session).
  const quoteLabels = new Set(
    clauses.filter((clause, i) => source[clause.end] === ":" && !clause.role && clauses[i + 1]?.text.startsWith(">")),
  );
  voteCues(clauses, firstSentences, quoteLabels, vote);
  const testCues = scores.TEST ?? 0;
  const bugCues = scores.BUG_FIX ?? 0;
  votePathKind(clauses, vote);
  let predicateType: TaskType | null = null;
  let asked = false;
  let stepTest = false;
  let fixingTests = false;
  const conventional = clauses[0] ? CONVENTIONAL.find(([pattern]) => pattern.test(clauses[0]!.text)) : undefined;
  if (conventional) {
    const match = conventional[0].exec(clauses[0]!.text)!;
    vote(
      conventional[1],
      2 * PREDICATE_WEIGHT,
      { start: clauses[0]!.start, end: clauses[0]!.start + match[0].length, weight: 2 * PREDICATE_WEIGHT },
      `commit prefix "${match[0]}"`,
    );
  }
  // The main predicate among the opening clauses, and a question that asks for a finding.
  // The imperative may follow a problem statement in the same sentence ("X takes 45 s, get it under 10 s").
  // A long issue body states its ask under a heading ("## Task", "## Ask"): that sentence comes first.
  const askClauses = clauses.filter((clause) => clause.asks);
  // Each piece after a comma or an "and", with the words that joined it to what came before.
  const joints = new Map<Clause, string>();
  const openings = [...askClauses, ...clauses.slice(0, 4)].flatMap((clause) => {
    const after = afterCommas(clause);
    for (const [piece, joint] of after) joints.set(piece, joint);
    return [clause, ...after.map(([piece]) => piece)];
  });
  const prSubject = clauses.slice(0, 2).some((clause) => PR_SUBJECT.test(clause.text.replace(LEAD_FILLER, "")));
  for (const clause of conventional ? [] : openings) {
    if (clause.section === "forbidden" || isNegated(clause.text) || quoteLabels.has(clause)) continue;
    // A line of a code block or a quoted line is data the request carries ("Debug info: ERROR: …"
    // in a pasted trace): it asks nothing, so it holds no main predicate and no question; its
    // words still vote as cues, as a stack trace is what a bug report carries (fifteenth session).
    if (clause.code || clause.role === "data") continue;
    const stripped = clause.text.replace(LEAD_FILLER, "");
    const offset = clause.start + clause.text.length - stripped.length;
    // A heading is a template label ("## What happened"), a question only when it ends with "?".
    // After a comma, a question word in a sentence that asks nothing ("… come out as 1234.56, which
    // DATEV then reads as 123456", "(current stage -> new stage, and which version gets archived)")
    // opens a relative or an embedded clause: a description, not a question (fourteenth session).
    const embedded = joints.get(clause)?.startsWith(",") && !clause.text.trimEnd().endsWith("?") && source[clause.end] !== "?";
    const question = asked || embedded || (clause.heading && !clause.text.endsWith("?")) ? null : findingQuestion(clause.text, stripped);
    if (question) {
      asked = true;
      // "PR #1780 bumps Spring Boot 3.2 to 3.3. What's the migration risk?": where the request opens
      // with a pull request as its subject, a question asks what the change does or risks, an opinion
      // on it: a review (the guide's table; seventeenth session: 21 of the 23 development requests
      // that open so are REVIEW, the other two ask for work on the branch, not a question).
      const onChange = prSubject && question.some((q) => q.type === "INVESTIGATE" || q.type === "OBSERVE_ENVIRONMENT");
      for (const { type, weight, length, why } of question)
        vote(
          onChange ? "REVIEW" : type,
          weight,
          { start: offset, end: offset + length, weight },
          onChange ? `${why.replace(/ asks for .*/, "")} asks about the pull request the request opens with` : why,
        );
      // "…? if so, rotate it": an imperative after the question is asked for too.
      continue;
    }
    // "just tell me how you'd fix it": advice on how to do a piece of work is of that work's kind
    // (the guide: RECOMMEND_ONLY is the mode, not the type; 5 of 5 such asks took the type of the
    // verb advised on). Where the verb names no kind ("how you'd do it"), "tell me how" stands.
    const advice = ADVICE_ON.exec(stripped);
    const advised = advice ? mainPredicate(stripped.slice(advice[0].length)) : undefined;
    if (advice && advised) {
      const match = advised[0].exec(stripped.slice(advice[0].length))!;
      const at = offset + advice[0].length;
      vote(advised[1], PREDICATE_WEIGHT, { start: at, end: at + match[0].length, weight: PREDICATE_WEIGHT }, `advice on "${match[0]}"`);
      predicateType = advised[1];
      break;
    }
    // A wish names its object's kind; with no kind named (no predicate or cue of another type in
    // it), what is wished for is a new capability (sixteenth session).
    const wish = WISH.exec(stripped);
    const wished = wish ? stripped.slice(wish[0].length) : "";
    if (wish && !RESTORED.test(wished) && !mainPredicate(wished) && !namesAKind(wished)) {
      const weight = PREDICATE_WEIGHT;
      vote(
        "FEATURE",
        weight,
        { start: offset, end: offset + wish[0].length, weight },
        `a wish for "${wished.split(/[,.;?]/)[0]!.slice(0, 40)}", naming no other kind of work`,
      );
      predicateType = "FEATURE";
      break;
    }
    if (joints.has(clause) && OWN_SUBJECT.test(stripped)) continue;
    const referred = PRONOUN_FIX.exec(stripped);
    const referent =
      referred && opening && opening.sentence !== clause.sentence
        ? OPENING_SUBJECT.find(([pattern]) => pattern.test(opening.text.replace(LEAD_FILLER, "")))
        : undefined;
    if (referred && referent) {
      const weight = OBJECT_PREDICATE_WEIGHT;
      vote(
        referent[1],
        weight,
        { start: offset, end: offset + referred[0].length, weight },
        `"${referred[0]}" fixes what the request opens with (${referent[1]})`,
      );
      predicateType = referent[1];
      fixingTests = referent[1] === "TEST";
      break;
    }
    const predicate = mainPredicate(stripped);
    if (!predicate) continue;
    // "Charge it once per invoice, and add a test with a three-instalment invoice": a test asked
    // after "and" follows a change asked before it, whose type no predicate here names. The change
    // is the main work and the test a step of it, as with "fix X and add a regression test" (the
    // guide: 6 of 6): the test is not the main predicate and its cues do not vote (fourteenth session).
    if (predicate[1] === "TEST" && /\band\s+$/i.test(joints.get(clause) ?? "")) {
      stepTest = true;
      break;
    }
    const match = predicate[0].exec(stripped)!;
    // A predicate that names its object ("write a SECURITY.md", "add tests") says more than a verb alone.
    const weight = PREDICATES.indexOf(predicate) < OBJECT_PREDICATES ? OBJECT_PREDICATE_WEIGHT : PREDICATE_WEIGHT;
    vote(predicate[1], weight, { start: offset, end: offset + match[0].length, weight }, `main predicate "${match[0]}"`);
    // "Find out why X and fix it" asks for a finding and for the fix it leads to (the guide: 4 of
    // 4 are fixes). The finding is a step of the fix, so the weight its question would have carried
    // goes to the fix: the clause asks one thing, and as strongly as a question alone would
    // (fourteenth session).
    if (predicate[0] === INVESTIGATE_THEN_FIX)
      vote(
        predicate[1],
        FINDING_WEIGHT,
        { start: offset, end: offset + match[0].length, weight: FINDING_WEIGHT },
        "the finding it asks for is a step toward the fix",
      );
    predicateType = predicate[1];
    fixingTests = predicate[1] === "TEST" && TEST_REPAIR.test(stripped);
    break;
  }
  // A report that opens with what happened (a title, a description, a quoted trace) and only then
  // asks ("Why does the seat resolver even run for infants?") asks in that later question: with no
  // ask among the openings, the first question after them that asks for a finding is the ask
  // (thirteenth session). Quoted lines and code are data and ask nothing.
  if (!asked && !predicateType && !conventional) voteLaterQuestion(clauses, vote);
  // "Fix X and add a regression test": the fix is the main work and the test a step of it, so
  // the words asking for the test do not vote (thirteenth session; the guide counts 6 of 6).
  const fixType = conventional?.[1] ?? predicateType;
  const stepOf = fixType === "BUG_FIX" || fixType === "SECURITY_FIX" ? "fix" : stepTest ? "change asked before them" : null;
  // "Maria's settlement tests broken again. fix them", "fix the failing checkout specs": where the
  // work is repairing tests, "broken", "failing" and "fix" describe the tests, which is what a test
  // fix is (the guide: fixing tests is TEST). The bug-report cues do not vote (sixteenth session).
  if (bugCues && fixingTests) {
    scores.BUG_FIX! -= bugCues;
    if (!scores.BUG_FIX) delete scores.BUG_FIX;
  }
  if (testCues && stepOf) {
    scores.TEST! -= testCues;
    if (!scores.TEST) delete scores.TEST;
  }
  return settleType(
    { scores, spans, evidence },
    { asked, predicateType, conventional: !!conventional, labels, opening, clauses, testCues, bugCues, fixingTests, stepOf, fixType },
  );
}

/**
 * Every cue of every type over the clauses (the cue table is type-cues.ts). Nineteenth session
 * (speed): classify's parts are functions of their own, so that V8 optimises and re-optimises
 * each apart (classify was recompiled seven times in a warm process, ~0.8 s of compiler time each).
 */
function voteCues(clauses: readonly Clause[], firstSentences: ReadonlySet<number>, quoteLabels: ReadonlySet<Clause>, vote: Vote): void {
  for (const clause of clauses) {
    if (clause.section === "forbidden" || isNegated(clause.text) || quoteLabels.has(clause)) continue;
    // A question's nouns are its topic, not an action: they count once.
    const factor = firstSentences.has(clause.sentence) && !clause.text.endsWith("?") ? 2 : 1;
    // "1) fix the carousel … 2) bump next to 14.2.15 … 3) add …" on one line: the first request is
    // the one the text opens with (the guide: a multi text has its first request's type), so words
    // after a second item's number are not the opening and count once.
    const second = factor === 2 ? SECOND_ITEM.exec(clause.text) : null;
    const opens = second ? second.index + 1 : Infinity;
    const text = withoutBackground(clause.text);
    const fixing = INVESTIGATE_THEN_FIX.test(clause.text.replace(LEAD_FILLER, ""));
    // Indexed loops: destructuring iterators here allocated a third of classify's garbage.
    for (let t = 0; t < CUE_LIST.length; t++) {
      const [type, cues] = CUE_LIST[t]!;
      if (fixing && type === "INVESTIGATE") continue;
      for (let c = 0; c < cues.length; c++) {
        const { 0: pattern, 1: weight, 2: gate } = cues[c]!;
        if (!mayMatch(gate, text)) continue;
        const match = pattern.exec(text);
        if (!match) continue;
        const start = clause.start + match.index;
        const times = match.index < opens ? factor : 1;
        vote(type, weight * times, { start, end: start + match[0].length, weight: weight * times }, `cue "${match[0]}"`);
      }
    }
  }
}

/**
 * A report that opens with what happened and asks only later: the first question after the
 * openings that asks for a finding, or a finding-and-fix (thirteenth and eighteenth sessions).
 */
function voteLaterQuestion(clauses: readonly Clause[], vote: Vote): void {
  for (const clause of clauses.slice(4)) {
    if (clause.code || clause.role === "data" || clause.heading || forbids(clause) || isNegated(clause.text)) continue;
    const stripped = clause.text.replace(LEAD_FILLER, "");
    const offset = clause.start + clause.text.length - stripped.length;
    // Eighteenth session: "Find out why it doesn't end up in the filing and fix it." after a
    // title, a description and a quoted rejection: the finding-and-fix is the ask, as it is in
    // the opening (the guide: 4 of 4 such asks are fixes), and a fix, not the question it holds.
    const fixing = INVESTIGATE_THEN_FIX.exec(stripped);
    if (fixing) {
      const weight = PREDICATE_WEIGHT + FINDING_WEIGHT;
      vote("BUG_FIX", weight, { start: offset, end: offset + fixing[0].length, weight }, `"${fixing[0]}" after the report asks for a fix`);
      return;
    }
    // "Does that make sense?" asks about the request itself, not for a finding.
    if (!clause.text.endsWith("?") || /\b(?:make sense|work for you|sound (?:ok|okay|good|right))\b/i.test(clause.text)) continue;
    const question = findingQuestion(clause.text, stripped);
    if (!question) continue;
    for (const { type, weight, length, why } of question)
      vote(type, weight, { start: offset, end: offset + length, weight }, `${why}, after the report`);
    break;
  }
}

/** What the cues and predicates found, read into the type (or the tie, or no work named). */
interface Found {
  asked: boolean;
  predicateType: TaskType | null;
  conventional: boolean;
  labels: readonly string[];
  opening: Clause | undefined;
  clauses: Clause[];
  testCues: number;
  bugCues: number;
  fixingTests: boolean;
  stepOf: string | null;
  fixType: TaskType | null;
}

function settleType(
  {
    scores,
    spans,
    evidence,
  }: { scores: Partial<Record<TaskType, number>>; spans: Partial<Record<TaskType, Span & { weight: number }>>; evidence: Evidence[] },
  { asked, predicateType, conventional, labels, opening, clauses, testCues, bugCues, fixingTests, stepOf, fixType }: Found,
): Classification {
  // A remark that asks for nothing, or "do the same as last time": no kind of work is named (type-openings.ts).
  const noWork = !asked && !predicateType && !conventional && !labels.length && opening ? namesNoWork(opening, clauses) : null;
  if (noWork) return { type: "UNCLASSIFIED", span: null, scores, candidates: [], evidence, noWork };
  for (const label of labels) {
    const type = LABELS.find(([pattern]) => pattern.test(label.trim()))?.[1];
    if (type) {
      scores[type] = (scores[type] ?? 0) + 6;
      evidence.push({ type, weight: 6, why: `label "${label}"` });
    }
  }
  const ranked = (Object.entries(scores) as [TaskType, number][]).sort((a, b) => b[1] - a[1] || TYPE_ORDER[a[0]] - TYPE_ORDER[b[0]]);
  const top = ranked[0];
  if (!top) return { type: "UNCLASSIFIED", span: null, scores, candidates: [], evidence };
  // The note goes with the fix, or, where the change the test is a step of has no predicate, with
  // whichever type wins.
  if (testCues && stepOf)
    evidence.unshift({
      type: stepOf === "fix" ? fixType! : top[0],
      weight: 0,
      why: `the TEST cues (${testCues}) do not vote, the tests asked for being a step of the ${stepOf}`,
    });
  if (bugCues && fixingTests)
    evidence.unshift({ type: "TEST", weight: 0, why: `the BUG_FIX cues (${bugCues}) do not vote, the tests being what is repaired` });
  const tied = ranked.filter(([, score]) => score === top[1]).map(([type]) => type);
  // The main predicate breaks a tie: what the request asks to do outranks what it mentions.
  if (tied.length > 1 && predicateType && tied.includes(predicateType)) {
    evidence.push({ type: predicateType, weight: 0, why: "wins the tie as the main predicate" });
    return { type: predicateType, span: spanOf(spans[predicateType]), scores, candidates: [], evidence };
  }
  if (tied.length > 1) return { type: "UNCLASSIFIED", span: spanOf(spans[top[0]]), scores, candidates: tied, evidence };
  return { type: top[0], span: spanOf(spans[top[0]]), scores, candidates: [], evidence };
}

/** Whether any type's cue other than FEATURE's speaks in the text. */
const namesAKind = (text: string): boolean =>
  CUE_LIST.some(([type, cues]) => type !== "FEATURE" && cues.some(([pattern, , gate]) => mayMatch(gate, text) && pattern.test(text)));

/** How much the kind of the files a request changes weighs: more than a generic verb's cue, less than a predicate. */
const PATH_KIND_WEIGHT = 5;

/**
 * The files the request asks to change (paths outside forbidding clauses) vote for the kind of
 * work they imply when they all imply the same one: test files for TEST, docs for DOCS, config
 * files for CONFIG_CHANGE. Ordinary code, or a mix, says nothing.
 */
function votePathKind(clauses: Clause[], vote: Vote): void {
  let kind: TaskType | null | undefined;
  let first: (Span & { ref: string }) | null = null;
  for (const clause of clauses) {
    if (forbids(clause) || isNegated(clause.text)) continue;
    for (const found of refsIn(clause.text)) {
      if (!found.ref.startsWith("fs:")) continue;
      const pathKind = kindOfPath(found.ref.slice(3));
      if (kind !== undefined && pathKind !== kind) return;
      kind = pathKind;
      first ??= { start: clause.start + found.index, end: clause.start + found.index + found.length, ref: found.ref };
    }
  }
  if (!kind || !first) return;
  vote(
    kind,
    PATH_KIND_WEIGHT,
    { start: first.start, end: first.end, weight: PATH_KIND_WEIGHT },
    `the files it names are ${kind} files (${first.ref})`,
  );
}

// Where a clause's next piece starts: after a comma, a colon before a question word, an "and" before an imperative.
// Made once here (twentieth session, speed): a literal in the function was a new expression on every call.
const PIECE_JOINT =
  /,\s+(?:and\s+|so\s+|then\s+)?|:\s+(?=which|where|why|what|how|who|when)|\s+and\s+(?=(?:please\s+)?(?:fix|add|make|get|update|write|remove|find|check|rotate|bump|set|deploy|migrate|refactor|tell|explain|report|show)\b)/gi;

/** The pieces of a clause after each ", " or "; ": where an imperative often follows a statement. */
function afterCommas(clause: Clause): [Clause, string][] {
  const pieces: [Clause, string][] = [];
  for (const match of gatedMatchAll(PIECE_JOINT, clause.text)) {
    const start = match.index + match[0].length;
    pieces.push([{ ...clause, text: clause.text.slice(start), start: clause.start + start }, match[0]]);
  }
  return pieces;
}

const spanOf = (span: (Span & { weight: number }) | undefined): Span | null => (span ? { start: span.start, end: span.end } : null);
