// Executes a subscription event once per operation, however many subscribers receive it. With a
// thousand dashboards on one run, every event used to be executed a thousand times over the
// same entry with the same selection; now subscribers whose operation is the same document with
// the same variables share one result. Events are shared objects (a commit's entry is handed to
// every watch of the run, and so is each page the run's catch-up loop reads: run-group.ts), so the event itself
// is the cache key and the cache goes when the event does.
//
// What a resolver returns depends on who asked (redaction by trust class, run restrictions), so
// the key includes the caller's token: only subscriptions of the same principal share results.
//
// A transport that writes events itself (graphql-ws: socket-sink.ts) is the context's `delivery`
// (a WatchDelivery, set when the server creates the context). A subscription's stream (a
// SinkStream: a run watch or a runsChanged subscription) is then redirected into the sink it
// makes, with each event encoded once per operation as well, and the stream itself only reports
// how it ended.
import {
  createSourceEventStream,
  execute,
  getOperationAST,
  Kind,
  visit,
  type ASTNode,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import { isAsyncIterable, mapAsyncIterator, type Plugin } from "graphql-yoga";
import type { Logger } from "pino";
import { EVENTS_IGNORE_ARGUMENTS } from "../graphql/field-extensions.js";
import type { GraphQLContext } from "../graphql/builder.js";
import { SinkStream } from "../live/sink-stream.js";
import type { EncodedEvent, EventEncoder } from "../live/watch-delivery.js";
import { codedError } from "./error-codes.js";

type MaybePromise<T> = T | Promise<T>;

/** One value per (event, operation key), kept as long as the event is. */
class PerEvent<T> {
  private readonly values = new WeakMap<object, Map<string, T>>();

  get(event: object, key: string, make: () => T): T {
    let perKey = this.values.get(event);
    if (!perKey) this.values.set(event, (perKey = new Map()));
    let value = perKey.get(key);
    if (value === undefined) perKey.set(key, (value = make()));
    return value;
  }
}

const variablesIn = (nodes: readonly ASTNode[]): Set<string> => {
  const names = new Set<string>();
  for (const node of nodes) visit(node, { Variable: (variable) => void names.add(variable.name.value) });
  return names;
};

/**
 * The variables that can change what an event executes to. When the one root field is marked
 * EVENTS_IGNORE_ARGUMENTS (runStateChanged: `afterVersion` only decides where the stream starts),
 * variables used nowhere but in its arguments are left out, so dashboards that joined at
 * different versions share one execution per event.
 */
export function variablesThatShapeEvents(args: ExecutionArgs): Record<string, unknown> {
  const variables = args.variableValues ?? {};
  const operation = getOperationAST(args.document, args.operationName);
  const root = operation?.selectionSet.selections;
  if (operation?.operation !== "subscription" || root?.length !== 1 || root[0]!.kind !== Kind.FIELD) return variables;
  const field = root[0]!;
  const extensions = args.schema.getSubscriptionType()?.getFields()[field.name.value]?.extensions ?? {};
  if (extensions.eventsIgnoreArguments !== EVENTS_IGNORE_ARGUMENTS.eventsIgnoreArguments) return variables;
  const onlyArguments = variablesIn(field.arguments ?? []);
  const fragments = args.document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
  for (const name of variablesIn([...(field.directives ?? []), ...(field.selectionSet ? [field.selectionSet] : []), ...fragments]))
    onlyArguments.delete(name);
  return Object.fromEntries(Object.entries(variables).filter(([name]) => !onlyArguments.has(name)));
}

export function useSharedSubscriptionExecution(logger: Logger): Plugin {
  const documents = new WeakMap<DocumentNode, number>();
  let nextDocument = 0;
  const results = new PerEvent<MaybePromise<ExecutionResult>>();
  const encodings = new PerEvent<MaybePromise<EncodedEvent>>();
  const operationKey = (args: ExecutionArgs) => {
    let id = documents.get(args.document);
    if (id === undefined) documents.set(args.document, (id = nextDocument++));
    const caller = (args.contextValue as { principal?: { tokenId?: string } | null } | undefined)?.principal?.tokenId ?? "";
    return `${caller}\u0000${id}\u0000${args.operationName ?? ""}\u0000${JSON.stringify(variablesThatShapeEvents(args))}`;
  };
  // As graphql-ws would send it, with errors masked as yoga masks them everywhere else.
  const encode = (result: ExecutionResult, requestId: string | undefined): EncodedEvent => {
    const errors = result.errors?.map((error) => codedError(error, logger, requestId));
    return {
      json: JSON.stringify(errors ? { ...result, errors } : result),
      errorCodes: errors?.map((error) => error.extensions.code) ?? [],
    };
  };
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn((async (args: ExecutionArgs) => {
        const stream = await createSourceEventStream(args);
        if (!isAsyncIterable(stream)) return stream;
        const key = operationKey(args);
        const run = (event: object) => results.get(event, key, () => execute({ ...args, rootValue: event }));
        const delivery = (args.contextValue as GraphQLContext | undefined)?.delivery;
        if (delivery && stream instanceof SinkStream) {
          const requestId = (args.contextValue as GraphQLContext).requestId;
          const encoder: EventEncoder = (event) =>
            encodings.get(event, key, () => {
              const result = run(event);
              return result instanceof Promise ? result.then((done) => encode(done, requestId)) : encode(result, requestId);
            });
          stream.redirect(delivery.sinkFor(encoder));
          return stream;
        }
        return mapAsyncIterator(stream as AsyncIterable<unknown>, (payload): MaybePromise<ExecutionResult> =>
          payload !== null && typeof payload === "object" ? run(payload) : execute({ ...args, rootValue: payload }),
        );
      }) as never);
    },
  };
}
