// Assembles the schema: each module registers its types on the shared builder when imported.
import { lexicographicSortSchema, printSchema } from "graphql";
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

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql (sorted, so diffs show real changes only). */
export const printCanonSchema = (): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
