// Executes a subscription event once per operation, however many subscribers receive it. With a
// thousand dashboards on one run, every event used to be executed a thousand times over the
// same entry with the same selection; now subscribers whose operation is the same document with
// the same variables share one result. Events are shared objects (a commit's entry is handed to
// every watcher of the run, and catch-up pages are shared by SharedReads), so the event itself
// is the cache key and the cache goes when the event does.
//
// What a resolver returns depends on who asked (redaction by trust class, run restrictions), so
// the key includes the caller's token: only subscriptions of the same principal share results.
import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from "graphql";
import { isAsyncIterable, mapAsyncIterator, type Plugin } from "graphql-yoga";

type Result = ExecutionResult | Promise<ExecutionResult>;

export function useSharedSubscriptionExecution(): Plugin {
  const documents = new WeakMap<DocumentNode, number>();
  let nextDocument = 0;
  const results = new WeakMap<object, Map<string, Result>>();
  const operationKey = (args: ExecutionArgs) => {
    let id = documents.get(args.document);
    if (id === undefined) documents.set(args.document, (id = nextDocument++));
    const caller = (args.contextValue as { principal?: { tokenId?: string } | null } | undefined)?.principal?.tokenId ?? "";
    return `${caller}\u0000${id}\u0000${args.operationName ?? ""}\u0000${JSON.stringify(args.variableValues ?? {})}`;
  };
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn((async (args: ExecutionArgs) => {
        const stream = await createSourceEventStream(args);
        if (!isAsyncIterable(stream)) return stream;
        const key = operationKey(args);
        return mapAsyncIterator(stream as AsyncIterable<unknown>, (payload): Result => {
          if (payload === null || typeof payload !== "object") return execute({ ...args, rootValue: payload });
          let perEvent = results.get(payload);
          if (!perEvent) results.set(payload, (perEvent = new Map()));
          let result = perEvent.get(key);
          if (!result) perEvent.set(key, (result = execute({ ...args, rootValue: payload })));
          return result;
        });
      }) as never);
    },
  };
}
