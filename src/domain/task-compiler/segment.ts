// Splits a request into clauses with their exact spans, so every extracted field can point at
// the words it came from. Headings ("Acceptance criteria:", "Out of scope:") give the bullets
// under them a section, which outranks the wording of the bullet itself.

/** Half-open UTF-16 offsets into the request text. */
export interface Span {
  start: number;
  end: number;
}

export type Section = "acceptance" | "constraints" | "forbidden" | "scope";

/**
 * What a part of a long request is for, from the heading it sits under (until the next heading):
 * the ask or goal, the criteria that say when it is done, the rules it is done under, background
 * (what happened, steps, context, notes) and data the request quotes (code blocks, table rows,
 * quoted lines). A clause under no heading, or under one Canon does not know, has no role.
 */
export type Role = "ask" | "acceptance" | "rules" | "background" | "data";

export interface Clause extends Span {
  text: string;
  /** Index of the sentence the clause belongs to, in request order. */
  sentence: number;
  section: Section | null;
  bullet: boolean;
  /** A markdown heading line ("## What happened"): it names a part of the text, it asks nothing. */
  heading?: boolean;
  /** The first sentence under a heading that names the ask ("## Task", "## Ask"): the main predicate is there. */
  asks?: boolean;
  /** A line inside a fenced code block (\`\`\`): data the request quotes, never a rule. */
  code?: boolean;
  /** The role of the part of the text the clause sits in (see Role); absent when unknown. */
  role?: Role;
  /**
   * The inline label of a forbidden section that opened the clause's line ("Out of scope: ota-server/"):
   * the words after it are no rule alone, so the rule's text keeps it (thirteenth session).
   */
  label?: string;
}

// Headings under which the caller states what to do, wherever they stand in a long issue body.
// Fifteenth session: a heading that asks ("### Please", "## What we want", "## Change request",
// "## Action items") heads the ask as "## Task" does.
const ASK_HEADING =
  /^(?:(?:the )?(?:task|ask|request|todo|to do|action|what to do|what i need|what we need|what i want|what we want|proposal|fix|goal|summary|please|change request|requested change|what to change|review request|action items))$/i;

const SECTION_NAMES: [RegExp, Section][] = [
  [
    /^(acceptance criteria|acceptance|done when|definition of done|success criteria|requirements|expected( behaviou?r)?|it should|must)$/i,
    "acceptance",
  ],
  // Twenty-second session: a heading that is only a prohibition ("### Don't", "## Do not") heads a list
  // of rules as "## Rules" does; read as a clause it was a rule of its own, "Don't" (fy-142, ex-180,
  // fa-187, fb-082, el-154: five writers, each bullet under it labelled, the heading never).
  [/^(constraints?|rules|limits|restrictions|guardrails|don'?t|do not|never)$/i, "constraints"],
  // Twenty-fourth session (guide24): "## Not in this ticket" heads what the work leaves out, as "## Out
  // of scope" does, and so does the inline label ("Not in this ticket: changing the points statement
  // page", fs-118): the guide's settled scope-words row (85 of 86 entries with such a heading label
  // the lines under it HARD; fx-146, fl-127).
  [
    /^(out of scope|not in scope|not in this (?:ticket|issue|pr|change|release)|(?:do )?not to touch|do not touch|don'?t touch|off[- ]limits|forbidden|hands off|leave alone|non[- ]goals)$/i,
    "forbidden",
  ],
  // "Notes" give context: a bullet under them is a rule only by its own words ("- the charts use
  // recharts" states a fact, "- never call the live API" a rule).
  [/^(scope|in scope|files|paths|where|affected files|context|notes?)$/i, "scope"],
];

// Nineteenth session: a line that is only bold words ("**Acceptance**", "__Out of scope__") heads a
// part as "### Acceptance" does: the bullets under it are that part's (fj-013's "- [ ] no other column
// changed" under "**Acceptance**").
const BOLD_HEADING = /^(?:\*\*|__)[A-Za-z][\w' -]{0,40}(?:\*\*|__)$/;
const BULLET = /^(?:[-*•+]|\d{1,3}[.)]|\[[ xX]\])\s+/;
const HEADING_MARKUP = /^(?:#{1,6}\s*|\*\*|__)/;
// "e.g." and "i.e." introduce an example inside the sentence; they never end one (twelfth session).
const SENTENCE_END = /(?<=[.!?])(?<!\b(?:e\.g|i\.e)\.)\s+|\n/gi;
// Clause boundaries inside a sentence: before a negation, preference or condition that starts a
// new instruction, and at semicolons, dashes and "but". A label ending in a colon before a rule
// ("Rule for this repo: no new test files") ends a clause too, also with a source in brackets or
// markup around it ("Repo rule (CONTRIBUTING.md): never …", "**Rules (pinned):** do not …", twelfth
// session; a commit scope, "fix(scheduler): don't …", has no space before its bracket and is no
// label). Only a label of plain words: a path
// before the colon is the rule's subject ("src/gen/: do not edit"), and an error name is data
// ("Error: no such file").
// "without …" starts a rule about how the agent works, except where it is the manner of something
// else: after a preference adverb it is what the preference is about ("preferably without touching
// the trait" is one SOFT clause), and after a verb whose subject is code (a pronoun, a relative
// pronoun, or a named file opening the sentence or following a colon: "it joins the name to the dir without cleaning it", "a flag that prints
// the files without deleting them", "\`link.ts\` builds the URL without encoding the slug") it
// describes what that code does.
const PREFERENCE = String.raw`\b(?:preferably|ideally|optionally|possibly|if possible|if you can)`;
const CODE_SUBJECT = String.raw`(?:\b(?:it|that|which|who|he|she)\s+(?:\w{2,}(?:s|ed)|would|will|can|could)\b|(?:^|[:;(]\s*)\W*[\w./\\-]+\.[a-z]{1,5}\W*\s+\w+s\b)[^,;:]*`;
// Eighteenth session: "but" after a negative pronoun means "except" and joins no clauses ("nobody but
// the council's comms team may edit docs/permits/", "nothing but the README").
const CLAUSE_BREAK = new RegExp(
  String.raw`;\s*|\s+[-–—]{1,2}\s+|,?(?<!\b(?:nobody|no one|nothing|none))\s+but\s+|,?\s+(?:and|while|though)\s+(?=(?:please\s+)?(?:don'?t|do not|never|leave|avoid|keep|make sure|ensure)\b)|,\s+(?=(?:please\s+)?(?:don'?t|do not|never|without|leave|avoid|prefer|ideally|make sure|ensure|so that|and (?:make sure|ensure)|no (?:changes|new|edits|modifications|behaviou?r changes?|functional changes?)|keep (?:all|every))\b)|\s*\((?=(?:please\s+)?(?:don'?t|do not|never)\b|but\s)|:(?<=^(?:\(|\*\*|__)?[A-Za-z][A-Za-z\u00C0-\u024F' ]{0,60}(?:\s+\([^()]{1,40}\))?:)(?<!(?:error|exception|warning|fatal|panic):)(?:\*\*|__)?\s+(?=(?:no|never|don'?t|do not|nothing)\s)|(?=\s+without\s+(?:\w+ing\b|any\b|new\b|downtime|breaking))(?<!${PREFERENCE})(?<!${CODE_SUBJECT})\s+|\s+(?=so that\s)`,
  "gi",
);

// Headings of the parts of an issue that describe rather than ask: what happened, how to get
// there, why, and what else is around it.
const BACKGROUND_HEADING =
  /^(?:background|context|notes?|(?:steps|how) to reproduce|steps|repro(?:duction)?|actual(?: behaviou?r| result)?|what happened|observed|current(?: behaviou?r| state)?|today|problem|symptoms?|(?:root )?cause|analysis|investigation|environment|setup|logs?|stack ?trace|errors?|output|details|history|timeline|impact|motivation|why|ps|p\.s)$/i;

/** A heading's name without its markdown markup and trailing colon (untrimmed). */
const headingName = (heading: string): string => heading.replace(HEADING_MARKUP, "").replace(/[*_:]+$/g, "");

function roleOf(heading: string): Role | null {
  const name = headingName(heading)
    .replace(/^(?:the|our|my)\s+/i, "")
    .trim();
  if (ASK_HEADING.test(name)) return "ask";
  const section = sectionOf(name);
  // "## Target", "## Success metrics": the part that says when the ask is done.
  if (section === "acceptance" || /^(?:targets?|objectives?|success metrics?|metrics|budgets?)$/i.test(name)) return "acceptance";
  if (section === "constraints" || section === "forbidden") return "rules";
  if (BACKGROUND_HEADING.test(name)) return "background";
  return null;
}

function sectionOf(heading: string): Section | null {
  const name = headingName(heading).trim();
  for (const [pattern, section] of SECTION_NAMES) if (pattern.test(name)) return section;
  return null;
}

// Seventeenth session: the longest line a person wrote in the development corpus has ~700
// characters. A longer line (a runaway model, a pasted minified file) is read as lines of at most
// MAX_LINE characters, cut at a space where one is near, so that no rule expression scans more
// than that at once: several are quadratic in what they scan (a run of spaces, dots or words), and
// 60 KiB on one line took minutes.
const MAX_LINE = 2000;

/** The text's lines with their offsets, a line longer than MAX_LINE cut into pieces. */
function* linesOf(text: string): Generator<{ line: string; start: number }> {
  let start = 0;
  for (const line of text.split("\n")) {
    if (line.length <= MAX_LINE) yield { line, start };
    else
      for (let at = 0; at < line.length;) {
        let end = Math.min(line.length, at + MAX_LINE);
        const space = end < line.length ? line.lastIndexOf(" ", end) : -1;
        if (space > at + MAX_LINE / 2) end = space;
        yield { line: line.slice(at, end), start: start + at };
        at = end;
      }
    start += line.length + 1;
  }
}

/** Splits `text` into clauses, keeping offsets; never throws. */
export function segment(text: string): Clause[] {
  const clauses: Clause[] = [];
  let section: Section | null = null;
  // Sixteenth session: under a markdown heading that forbids ("### Not in scope"), a paragraph is
  // forbidden as a bullet is ("Late fees per payer; that's a follow-up."), until the next heading.
  let forbiddenHeading = false;
  let sentence = 0;
  let askSentence = -1;
  let fenced = false;
  // The role of the current part of the text: set by every heading, kept across its paragraphs.
  let role: Role | null = null;
  for (const { line, start: lineStart } of linesOf(text)) {
    const lead = line.length - line.trimStart().length;
    let body = line.trim();
    if (!body) continue;
    const fence = body.startsWith("```");
    if (fence) fenced = !fenced;
    const code = fenced || fence ? { code: true } : {};
    let start = lineStart + lead;
    const bullet = BULLET.exec(body);
    if (bullet) {
      start += bullet[0].length;
      body = body.slice(bullet[0].length);
    }
    const heading = /^(?:#{1,6}\s*)?(?:\*\*|__)?([A-Za-z][A-Za-z' -]{1,40}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s*(.*)$/.exec(body);
    const headingSection = heading ? sectionOf(heading[1]!) : null;
    // A markdown heading, or a line of bold words alone (BOLD_HEADING).
    const headingLine = /^#{1,6}\s/.test(body) || (!bullet && BOLD_HEADING.test(body));
    // A label line ("Notes:", "Expected: …") moves to its part when the label names a section or
    // the ask, or stands alone; "Error: no such file" inside a paragraph is no heading of a part.
    if (heading && !bullet && !code.code && (headingSection || ASK_HEADING.test(heading[1]!.trim()) || !heading[2] || /^#/.test(body)))
      role = roleOf(heading[1]!);
    else if (headingLine) role = roleOf(body);
    let label: string | undefined;
    // Sixteenth session: a label inside a bullet with its content after it ("- Out of scope:
    // interfaces/mirth/channels/") names that item's part only; the next item is back in the list's
    // own part ("- a short README in libs/hl7-parse/ would be nice" is no forbidden scope).
    // Only a forbidden label: an "expected: …" item may head the bullets after it (er-116).
    const itemOnly = Boolean(bullet && heading?.[2] && headingSection === "forbidden");
    const listSection = section;
    if (heading && headingSection) {
      section = headingSection;
      forbiddenHeading = false;
      if (!heading[2]) continue;
      const rest = heading[2];
      if (headingSection === "forbidden") label = heading[1]!.trim();
      start += body.length - rest.length;
      body = rest;
    } else if (headingLine && sectionOf(body)) {
      section = sectionOf(body);
      forbiddenHeading = section === "forbidden";
      continue;
    } else if (!bullet) {
      // A paragraph (or a heading Canon has no section for) ends the list under a heading.
      if (!forbiddenHeading || /^#{1,6}\s/.test(body)) section = null;
      forbiddenHeading &&= section !== null;
      const markup = /^#{1,6}\s*/.exec(body);
      if (markup) {
        start += markup[0].length;
        body = body.slice(markup[0].length);
        const trimmed = trimSpan(body, start);
        if (trimmed) clauses.push(clauseOf(trimmed, sentence, section, false, { heading: true, role }));
        if (ASK_HEADING.test(body.replace(/[*_:]+$/g, "").trim())) askSentence = sentence + 1;
        sentence++;
        continue;
      }
    }
    // Code and quoted lines are data wherever they stand; a table row belongs to its part ("## Today"
    // holds today's numbers, "## Targets" the goal's).
    const lineRole: Role | null = code.code || body.startsWith(">") ? "data" : role;
    for (const piece of splitKeeping(body, SENTENCE_END)) {
      for (const clause of splitKeeping(piece.text, CLAUSE_BREAK)) {
        const trimmed = trimSpan(clause.text, start + piece.start + clause.start);
        if (trimmed)
          clauses.push(
            clauseOf(trimmed, sentence, section, Boolean(bullet), {
              asks: sentence === askSentence,
              code: code.code,
              role: lineRole,
              label,
            }),
          );
        label = undefined;
      }
      sentence++;
    }
    if (itemOnly) section = listSection;
  }
  return clauses;
}

/**
 * A clause with every field of Clause present, in one order, an absent flag or part undefined
 * (never a key left out): V8 gives objects of one set of keys in one order one hidden class, so
 * every rule that reads a clause's text, role or section reads one shape. Nineteenth session
 * (speed): built with optional spreads, clauses came in up to sixteen shapes, and the functions
 * that read them most (riskOf, extractScope, unresolvedReference, compileText) were deoptimised
 * and recompiled for "wrong map" again and again in a warm process.
 */
function clauseOf(
  span: Span & { text: string },
  sentence: number,
  section: Section | null,
  bullet: boolean,
  { heading, asks, code, role, label }: { heading?: boolean; asks?: boolean; code?: boolean; role?: Role | null; label?: string },
): Clause {
  return {
    text: span.text,
    start: span.start,
    end: span.end,
    sentence,
    section,
    bullet,
    heading: heading || undefined,
    asks: asks || undefined,
    code: code || undefined,
    role: role || undefined,
    label: label || undefined,
  };
}

function splitKeeping(text: string, separator: RegExp): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  let last = 0;
  separator.lastIndex = 0;
  for (let match = separator.exec(text); match; match = separator.exec(text)) {
    if (match[0].length === 0) {
      separator.lastIndex++;
      continue;
    }
    pieces.push({ text: text.slice(last, match.index), start: last });
    last = match.index + match[0].length;
  }
  pieces.push({ text: text.slice(last), start: last });
  return pieces;
}

/** Trims whitespace and closing punctuation, moving the span with it. */
function trimSpan(text: string, start: number): { text: string; start: number; end: number } | null {
  const lead = text.length - text.trimStart().length;
  const trimmed = withoutClosing(text.trim());
  if (!trimmed || !/[\p{L}\p{N}]/u.test(trimmed)) return null;
  return { text: trimmed, start: start + lead, end: start + lead + trimmed.length };
}

// Thirty-second session (speed): the closing run of whitespace and ". , ; : !" is read back from the
// end. The expression /[\s.,;:!]+$/u it replaces was tried from every position of every clause (a
// space run ends before the text does, so each fails late): about 1% of a short request. The same
// characters: \s is what trim() removes (WhiteSpace and LineTerminator).
function withoutClosing(text: string): string {
  let end = text.length;
  while (end > 0 && closes(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

const closes = (code: number): boolean =>
  code === 46 ||
  code === 44 ||
  code === 59 ||
  code === 58 ||
  code === 33 ||
  code === 32 ||
  (code >= 9 && code <= 13) ||
  (code > 127 && String.fromCharCode(code).trim() === "");

/** Collapses whitespace: the normal form of any extracted text. */
export const normalizeText = (text: string): string => text.replace(/\s+/g, " ").trim();

/** A text with its first letter upper-cased: the form of an extracted rule, criterion or objective. */
export const sentenceCase = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/**
 * How many matches a global expression has in a text (text.match(pattern)?.length for one that
 * never matches an empty string), counted with `test`, without the array of matched strings
 * (twenty-first session, speed).
 */
export function countMatches(pattern: RegExp, text: string): number {
  let count = 0;
  pattern.lastIndex = 0;
  while (pattern.test(text)) count++;
  return count;
}

/**
 * How many words a text holds: whitespace-separated pieces with a letter or a digit in them (the
 * pieces of text.split(/\s+/) that /[\p{L}\p{N}]/u finds something in). Each such piece is one
 * match of WORD_REST, its first letter or digit and the rest of the piece: about 2.5 times faster
 * than the split's array and a Unicode expression per piece (some twenty of each per short
 * request), with the same count.
 */
export const wordCount = (text: string): number => countMatches(WORD_REST, text);

const WORD_REST = /[\p{L}\p{N}]\S*/gu;

// Words that open a clause without saying what to do ("please", "can you", "just", "we need to").
export const FILLER =
  /^(?:(?:please|pls|plz|can you|could you|would you|will you|just|kindly|hey|hi|ok|okay|so|now|go ahead and|and|again|quickly|asap|you|we|i|need to|have to|must|should|let'?s|gotta|need you to|want you to|i need|i want)\b[\s,!]*)*/i;

/** A clause's span in the request. */
export const spanOf = (clause: Clause): Span => ({ start: clause.start, end: clause.end });

const GREETING =
  /^(hi|hey|hello|yo|good (morning|afternoon|evening)|thanks|thank you|thx|cheers|ty|quick one|quick question|ok|okay|so|urgent|asap|please|pls)(\s+(all|team|there|folks|everyone|guys|again|a lot|so much|in advance))?$/i;

/** A clause that only greets, thanks or fills ("Hi team", "thanks in advance"). */
export const isGreeting = (clause: Clause): boolean => GREETING.test(clause.text.replace(/[!.,]+/g, "").trim());
