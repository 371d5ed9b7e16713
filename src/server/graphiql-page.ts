// GraphiQL's page, served from Canon's own origin: the same GraphiQL yoga renders by default,
// with its assets from /graphiql (copied from @graphql-yoga/graphiql at build time) instead of
// unpkg.com. No inline script: the options travel as JSON data, read by /graphiql/boot.js, and
// the token is never written into the page (boot.js takes it from the URL).
import { GRAPHIQL_DEFAULT_QUERY, GRAPHIQL_DEFAULT_VARIABLES } from "./graphiql-default-query.js";

export const GRAPHIQL_OPTIONS = {
  title: "Canon GraphiQL",
  // `query` is what the packaged GraphiQL (@graphql-yoga/graphiql 4.5) reads; `defaultQuery` is
  // yoga's documented name for it.
  query: GRAPHIQL_DEFAULT_QUERY,
  defaultQuery: GRAPHIQL_DEFAULT_QUERY,
  defaultVariableEditorOpen: true,
  variables: GRAPHIQL_DEFAULT_VARIABLES,
  // SSE rather than WS: subscriptions then carry the same Authorization header.
  subscriptionsProtocol: "SSE",
} as const;

/** JSON that is safe inside a <script type="application/json"> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export const renderGraphiQLPage = (options: Record<string, unknown>): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canon GraphiQL</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/graphiql/graphiql.css">
<script type="application/json" id="graphiql-options">${scriptJson(options)}</script>
<script src="/graphiql/boot.js"></script>
<script src="/graphiql/yoga-graphiql.umd.js"></script>
</head>
<body class="no-focus-outline">
<noscript>GraphiQL needs JavaScript.</noscript>
<div id="root">Loading GraphiQL…</div>
</body>
</html>
`;
