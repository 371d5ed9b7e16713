// Input that no later step can handle is refused here, with ERR_INVALID_INPUT naming where it
// sat, before it reaches a recursive function or the database:
// - nesting: the query text's brackets ({ [ and ( together) and the variables' levels are
//   bounded (QUERY_LIMITS.maxNesting). graphql-js parses, validates and coerces recursively, and
//   JSON.stringify of a 150,000-deep variable overflows the stack; both checks here are loops.
// - NUL (U+0000): PostgreSQL can store it in neither text nor jsonb, so a string holding one
//   could only fail later, as an internal error.
// - lone UTF-16 surrogates ("\ud800" as a JSON or GraphQL escape): not Unicode text; they have
//   no UTF-8 form and no RFC 8785 canonical JSON, so no state could hash them.
// Every string of a request is checked, in variables (values and object keys) and in the
// query's literals, over HTTP and graphql-ws alike.
import { GraphQLError, Kind, Lexer, Source, TokenKind, visit, type ASTNode, type DocumentNode, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { InputProblem } from "../contracts/errors.js";
import { QUERY_LIMITS } from "./limits.js";

const MAX_PROBLEMS = 20;
const OPENERS = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSERS = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string of a request, if anything. */
export function stringProblem(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character (U+0000), which Canon cannot store";
  if (LONE_SURROGATE.test(text)) return "contains a lone UTF-16 surrogate, which is not Unicode text";
  return null;
}

/** The query text's bracket nesting, counted token by token (a loop, never a recursion). */
export function queryNestingProblem(query: string, max = QUERY_LIMITS.maxNesting): InputProblem | null {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (CLOSERS.has(token.kind)) depth--;
      else if (OPENERS.has(token.kind) && ++depth > max) {
        return { path: "/query", message: `nests deeper than ${max} levels of brackets (at line ${token.line}, column ${token.column})` };
      }
    }
  } catch {
    return null; // a syntax error: the parser reports it with its position
  }
  return null;
}

/** Where a value sits: its container's place and its key, spelled out only for a problem. */
interface Place {
  up: Place | null;
  key: string;
}

const pointerOf = (root: string, place: Place | null): string => {
  const keys: string[] = [];
  for (let at = place; at; at = at.up) keys.push(pointerEscape(at.key));
  return keys.length ? `${root}/${keys.reverse().join("/")}` : root;
};

/**
 * Depth, NUL and surrogate problems of a JSON value (variables), walked with an explicit stack.
 * Every request's variables pass here: a value's JSON pointer is built only when it has a problem.
 */
export function jsonValueProblems(value: unknown, path: string, max = QUERY_LIMITS.maxNesting): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: [unknown, Place | null, number][] = [[value, null, 0]];
  while (stack.length && problems.length < MAX_PROBLEMS) {
    const [current, place, depth] = stack.pop()!;
    if (typeof current === "string") {
      const problem = stringProblem(current);
      if (problem) problems.push({ path: pointerOf(path, place), message: problem });
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) {
      problems.push({ path: pointerOf(path, place), message: `nests deeper than ${max} levels` });
      continue;
    }
    if (Array.isArray(current)) {
      current.forEach((child, index) => stack.push([child, { up: place, key: String(index) }, depth + 1]));
      continue;
    }
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      const child: Place = { up: place, key };
      const keyProblem = stringProblem(key);
      if (keyProblem) problems.push({ path: pointerOf(path, child), message: `has a key that ${keyProblem}` });
      stack.push([(current as Record<string, unknown>)[key], child, depth + 1]);
    }
  }
  return problems.slice(0, MAX_PROBLEMS);
}

/**
 * The problems of each document seen: yoga's parse cache hands back the same document for the
 * same query text, and this hook runs on every request, so a document is walked once.
 */
const literalProblemsSeen = new WeakMap<DocumentNode, InputProblem[]>();

/** NUL and surrogate problems of the query's string literals, with the argument path to each. */
export function literalProblems(document: DocumentNode): InputProblem[] {
  let problems = literalProblemsSeen.get(document);
  if (!problems) literalProblemsSeen.set(document, (problems = walkLiterals(document)));
  return problems;
}

function walkLiterals(document: DocumentNode): InputProblem[] {
  const problems: InputProblem[] = [];
  visit(document, {
    StringValue(node, _key, parent, path, ancestors) {
      const problem = stringProblem(node.value);
      if (problem && problems.length < MAX_PROBLEMS) problems.push({ path: literalPath([...ancestors, parent!], path), message: problem });
    },
  });
  return problems;
}

/** `/field/argument/objectField/index…` for a literal, from the visitor's ancestors and keys. */
function literalPath(chain: readonly (ASTNode | readonly ASTNode[])[], keys: readonly (string | number)[]): string {
  const parts: string[] = [];
  chain.forEach((container, index) => {
    if (Array.isArray(container)) {
      const owner = chain[index - 1] as ASTNode | undefined;
      if (owner?.kind === Kind.LIST) parts.push(String(keys[index]));
      return;
    }
    const node = container as ASTNode;
    if (node.kind === Kind.FIELD) parts.push((node.alias ?? node.name).value);
    else if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) parts.push(node.name.value);
    else if (node.kind === Kind.VARIABLE_DEFINITION) parts.push(`$${node.variable.name.value}`);
  });
  return `/${parts.map(pointerEscape).join("/")}`;
}

const pointerEscape = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

export const invalidInput = (problems: InputProblem[]) =>
  new GraphQLError(`the request is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join("; ")}`, {
    extensions: { family: "INPUT", code: "ERR_INVALID_INPUT", retryable: false, details: { problems }, http: { status: 400 } },
  });

const refusal = (problems: InputProblem[]): ExecutionResult => ({ errors: [invalidInput(problems)] });

/**
 * Query texts whose nesting was counted and found within bounds. Clients send the same few
 * texts again and again (yoga's parse cache relies on it too), and lexing a text costs more than
 * looking it up; the oldest entry goes first past the capacity.
 */
const nestingPassed = new Set<string>();
const NESTING_PASSED_CAPACITY = 1_000;

export function useInputGuard(): Plugin {
  // Variables already checked over HTTP (onParams) are not walked again at execution.
  const checked = new WeakSet<object>();
  const variableProblems = (variables: unknown): InputProblem[] => {
    if (variables === null || typeof variables !== "object" || checked.has(variables)) return [];
    checked.add(variables);
    return jsonValueProblems(variables, "/variables");
  };
  return {
    onParams({ params, setResult }) {
      const problems = variableProblems(params.variables);
      if (problems.length) setResult(refusal(problems));
    },
    onParse({ params }) {
      const text = typeof params.source === "string" ? params.source : params.source.body;
      if (!nestingPassed.has(text)) {
        const nesting = queryNestingProblem(text);
        if (nesting) throw invalidInput([nesting]);
        nestingPassed.add(text);
        if (nestingPassed.size > NESTING_PASSED_CAPACITY) nestingPassed.delete(nestingPassed.values().next().value!);
      }
      return ({ result, replaceParseResult }) => {
        if (result instanceof Error || !result) return;
        const problems = literalProblems(result as DocumentNode);
        if (problems.length) replaceParseResult(invalidInput(problems));
      };
    },
    // graphql-ws hands its variables straight to execute/subscribe.
    onExecute({ args, setResultAndStopExecution }) {
      const problems = variableProblems(args.variableValues);
      if (problems.length) setResultAndStopExecution(refusal(problems));
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const problems = variableProblems(args.variableValues);
      if (problems.length) setResultAndStopExecution(refusal(problems));
    },
  };
}
