// The one Pothos builder. Type modules import it and register themselves; schema.ts imports
// them all and prints the schema.
import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import type { JsonObject } from "../contracts/agent-state.js";
import type { RunWatcher } from "../store/run-watch.js";
import type { RunsWatcher } from "../store/runs-watch.js";
import type { ArchivingRunStore } from "../store/run-archive-store.js";
import type { TaskStore } from "../store/task-store.js";

export interface GraphQLContext {
  store: ArchivingRunStore;
  watcher: RunWatcher;
  runsWatcher: RunsWatcher;
  tasks: TaskStore;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    JSONObject: { Input: JsonObject; Output: object };
    DateTime: { Input: Date; Output: Date };
  };
}>({
  plugins: [ErrorsPlugin, RelayPlugin],
  defaultFieldNullability: false,
  relay: { clientMutationId: "omit", cursorType: "String", nodesQueryOptions: false },
  errors: { defaultTypes: [] },
});

builder.queryType({ description: "Read runs and their canonical state." });
builder.mutationType({ description: "Every write is compare-and-swap: it names the version it read." });
builder.subscriptionType({ description: "Watch runs change, from a version, without gaps or duplicates." });
