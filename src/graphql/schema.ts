// Assembles the schema: each module registers its types on the shared builder when imported.
import { isInputObjectType, lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { builder } from "./builder.js";
import "./scalars.js";
import "./errors.js";
import "./agent-state.js";
import "./identity-types.js";
import "./run.js";
import "./operations.js";
import "./history.js";
import "./receipts.js";
import "./model-events.js";
import "./mutations.js";
import "./tasks.js";
import "./tokens.js";
import "./subscriptions.js";
import "./runs-changed.js";
import "./archive.js";

export const schema = withFastInputFieldMaps(builder.toSchema());

/**
 * graphql-js keeps an input type's fields in an `Object.create(null)` map, which V8 holds in
 * dictionary mode, and its variable coercion (`coerceInputValue`) calls `Object.values()` on that
 * map for every input object it coerces. On a dictionary that costs about 100 ns a field: 4.8 µs
 * for each `StateOperation` (49 fields, a one-of), most of the ~20 µs GraphQL spent coercing each
 * batched commit (docs/benchmark-log.md, 2026-12-04 evening). Each map is replaced here by a copy
 * that holds the same fields in the same order, also without a prototype (so that a field named
 * like an Object.prototype member is still unknown), built so that V8 keeps it in fast mode:
 * 0.45 µs a call. graphql-js offers no option for this and no maintained package does it; if a
 * graphql-js release no longer keeps the map where this looks for it, nothing is replaced (a test
 * says so). The schema is the same: same types, fields, order and SDL.
 */
function withFastInputFieldMaps(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!isInputObjectType(type)) continue;
    const fields = type.getFields();
    const holder = type as unknown as { _fields?: unknown };
    if (holder._fields !== fields) continue;
    // Object.fromEntries makes a fast-mode object; taking its prototype away afterwards keeps it fast.
    holder._fields = Object.setPrototypeOf(Object.fromEntries(Object.entries(fields)), null) as typeof fields;
  }
  return built;
}

/** The SDL committed as schema.graphql (sorted, so diffs show real changes only). */
export const printCanonSchema = (): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
