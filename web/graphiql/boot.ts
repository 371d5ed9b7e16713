// Starts yoga's GraphiQL from Canon's own origin. Loaded before yoga-graphiql.umd.js: Monaco
// reads MonacoEnvironment when it starts its editor workers, which come from /graphiql too
// (yoga's own page fetches them from unpkg). The page's options come as JSON in the HTML (no
// inline script, so the page can forbid them); the token comes from the URL or this tab.
import { takeToken } from "../shared/token";

declare global {
  interface Window {
    MonacoEnvironment?: unknown;
    YogaGraphiQL?: { renderYogaGraphiQL(root: Element, options: Record<string, unknown>): void };
  }
}

const WORKERS: Record<string, string> = {
  editorWorkerService: "/graphiql/monacoeditorwork/editor.worker.js",
  json: "/graphiql/monacoeditorwork/json.worker.js",
  graphql: "/graphiql/monacoeditorwork/graphql.worker.js",
};

window.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: (_moduleId: string, label: string) => WORKERS[label] ?? WORKERS.editorWorkerService,
};

document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("root")!;
  const options = JSON.parse(document.getElementById("graphiql-options")?.textContent ?? "{}") as Record<string, unknown>;
  const token = takeToken();
  if (!window.YogaGraphiQL) {
    root.textContent = "GraphiQL's assets are missing: run `npm run build`.";
    return;
  }
  // A query in the URL (`?query=`, which GraphiQL keeps up to date as one edits) wins over the default document.
  const fromUrl = new URLSearchParams(location.search).get("query");
  window.YogaGraphiQL.renderYogaGraphiQL(root, {
    ...options,
    ...(fromUrl ? { query: fromUrl } : {}),
    // Sent with every request (HTTP and SSE); not persisted beyond the tab.
    ...(token ? { headers: JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2) } : {}),
    shouldPersistHeaders: false,
  });
});
