// The one Pothos builder. Type modules import it and register themselves; schema.ts imports
// them all and prints the schema.
import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type { JsonObject } from "../contracts/agent-state.js";
import type { Principal } from "../domain/principal.js";
import type { RunWatcher } from "../live/run-watch.js";
import type { RunsWatcher } from "../live/runs-watch.js";
import type { WatchDelivery } from "../live/watch-delivery.js";
import type { RunStore } from "../store/run-store.js";
import type { TaskStore } from "../store/task-store.js";
import type { TokenStore } from "../store/token-store.js";
import { authScopeLoaders, unauthorizedError, type CanonAuthScopes } from "./auth-scopes.js";
import type { WriteLimits } from "./rate-limit.js";
import type { ReadGuard } from "./read-guard.js";
import type { TokenSessions } from "./token-sessions.js";

/** What every request shares (one per instance). */
export interface CanonServices {
  store: RunStore;
  watcher: RunWatcher;
  runsWatcher: RunsWatcher;
  tasks: TaskStore;
  tokens: TokenStore;
  commitLimiter: WriteLimits;
  sessions: TokenSessions;
  /** Byte budgets and per-token concurrency of expensive reads (read-guard.ts). */
  reads: ReadGuard;
}

export interface GraphQLContext extends CanonServices {
  /** The authenticated caller; requests without a valid token never reach a resolver. */
  principal: Principal | null;
  requestId: string;
  /**
   * Set when the transport writes a subscription's events itself (graphql-ws); null for HTTP,
   * SSE and in-process callers, whose subscriptions are read as async iterators.
   */
  delivery: WatchDelivery | null;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: CanonAuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    JSONObject: { Input: JsonObject; Output: object };
    DateTime: { Input: Date; Output: Date };
  };
}>({
  // Relay before scope-auth so auth functions see parsed global ids; scope-auth before errors so
  // that an auth failure is raised (errors[].extensions.code), not returned as a result type.
  plugins: [RelayPlugin, ScopeAuthPlugin, ErrorsPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    nodesQueryOptions: false,
    // `node` reaches runs only; the Run type's own scopes apply the token's restriction.
    nodeQueryOptions: {
      skipTypeScopes: true,
      authScopes: { scope: "run:read" },
      description: "Any object with a global id (runs and tasks).",
      args: { id: { description: "A global id, as the object's `id` field gives it." } },
    },
    // Relay's shared plumbing, described once for every connection.
    nodeTypeOptions: { description: "An object with a global id, fetchable with `node(id)`." },
    idFieldOptions: { description: "A global id, for `node(id)`." },
    pageInfoTypeOptions: { description: "Where a page of a connection sits: cursors, and whether more items exist." },
    hasNextPageFieldOptions: { description: "Whether more items follow this page." },
    hasPreviousPageFieldOptions: { description: "Whether items precede this page." },
    startCursorFieldOptions: { description: "Cursor of the page's first item." },
    endCursorFieldOptions: { description: "Cursor of the page's last item: pass it as `after` for the next page." },
    edgesFieldOptions: { description: "The items of this page, each with its cursor." },
    pageInfoFieldOptions: { description: "Cursors, and whether more items follow." },
    cursorFieldOptions: { description: "This item's cursor, for `after`." },
    nodeFieldOptions: { description: "The item." },
    firstArgOptions: { description: "How many items to return after `after`." },
    afterArgOptions: { description: "Return items after this cursor." },
    lastArgOptions: { description: "How many items to return before `before`." },
    beforeArgOptions: { description: "Return items before this cursor." },
  },
  errors: { defaultTypes: [] },
  scopeAuth: {
    // Checked once when a subscription starts, not on every event.
    authorizeOnSubscribe: true,
    authScopes: authScopeLoaders,
    unauthorizedError,
  },
});

// DEFAULT DENY: every root field must declare its own scopes with `skipTypeScopes: true` (see
// auth-scopes.ts). A field added without them is refused at run time, and
// test/graphql/auth-coverage.test.ts fails.
builder.queryType({ description: "Read runs and their canonical state.", authScopes: { undeclared: true } });
builder.mutationType({ description: "Every write is compare-and-swap: it names the version it read.", authScopes: { undeclared: true } });
builder.subscriptionType({
  description: "Watch runs change, from a version, without gaps or duplicates.",
  authScopes: { undeclared: true },
});
