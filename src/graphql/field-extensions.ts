// Field extensions the server layer reads from the schema.

/**
 * A subscription field whose resolver returns the event whatever its arguments say (they only
 * choose which events arrive): subscribers whose operations differ only in those arguments can
 * share one execution per event (src/server/shared-execution.ts).
 */
export const EVENTS_IGNORE_ARGUMENTS = { eventsIgnoreArguments: true } as const;
