// The commit mutations (commitState, commitStates) execute through graphql-jit: an agent sends
// the same document on every step, and graphql-js would coerce its variables (the operations,
// as input objects) and walk its selections anew each time, which the commit path's profile
// showed as the largest GraphQL cost (docs/benchmark-log.md). graphql-jit compiles the document
// once (cached by document: yoga's parse cache hands back the same one) into a function that
// coerces and resolves it. Everything else keeps graphql-js's executor: reads, subscriptions and
// rare mutations gain little and would only widen what the compiled executor must get right.
import { useGraphQlJit } from "@envelop/graphql-jit";
import { Kind, type DocumentNode, type ExecutionArgs } from "graphql";
import type { Plugin } from "graphql-yoga";

/** The mutations worth compiling: each is a whole request on an agent's hot path. */
const COMPILED_FIELDS = new Set(["commitState", "commitStates"]);

const decided = new WeakMap<DocumentNode, boolean>();

/** A document whose one operation is a mutation selecting only commit fields (no fragments, no directives). */
function isCommitDocument(document: DocumentNode): boolean {
  let verdict = decided.get(document);
  if (verdict === undefined) {
    const [operation, ...others] = document.definitions;
    verdict =
      others.length === 0 &&
      operation?.kind === Kind.OPERATION_DEFINITION &&
      operation.operation === "mutation" &&
      operation.selectionSet.selections.every(
        (selection) => selection.kind === Kind.FIELD && COMPILED_FIELDS.has(selection.name.value) && !selection.directives?.length,
      );
    decided.set(document, verdict);
  }
  return verdict;
}

export const useCompiledCommits = (): Plugin =>
  useGraphQlJit({}, { enableIf: (args: ExecutionArgs) => isCommitDocument(args.document) }) as Plugin;
