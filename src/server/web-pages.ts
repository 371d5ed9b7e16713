// The browser pages Canon serves itself: the dashboard (/dashboard) and GraphiQL's assets
// (/graphiql/*). Both are built into dist/web by scripts/build-web.mjs, so nothing is loaded from
// another origin. Pages may carry a token in their URL (`?token=`), hence the strict headers.
import { createReadStream, statSync, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** dist/web, from src/server (tests, tsx) and from dist/server (the build) alike. */
export const WEB_ROOT = fileURLToPath(new URL("../../dist/web/", import.meta.url));

/**
 * Headers for every page that may carry a token. Scripts, styles, workers and connections
 * (HTTP, SSE and same-host WebSocket) may come only from Canon itself; no inline script; the
 * URL never leaves in a Referer; the page is never cached. GraphiQL's editor (Monaco) injects
 * <style> elements for its themes, so its page alone allows inline styles.
 */
export function pageSecurityHeaders(page: "dashboard" | "graphiql"): Record<string, string> {
  return {
    "content-security-policy": [
      "default-src 'self'",
      "script-src 'self'",
      page === "graphiql" ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/** `/dashboard/assets/<file>` and `/graphiql/<file>` (one optional sub-folder), nothing else. */
const ASSET = /^\/(dashboard\/assets|graphiql)\/((?:[A-Za-z0-9_-]+\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*)$/;

/**
 * Answers the request if it is for a page or asset (returns true), else leaves it (false).
 * `/dashboard` is one HTML page; its views are URL fragments (#/runs, #/run/<id>, #/task/<id>).
 */
export function serveWebPage(req: IncomingMessage, res: ServerResponse, options: { dashboard: boolean }): boolean {
  const path = (req.url ?? "/").split(/[?#]/, 1)[0]!;
  const isPage = path === "/dashboard" || path === "/dashboard/";
  const asset = ASSET.exec(path);
  if (!isPage && !asset) return false;
  if (!options.dashboard && (isPage || asset?.[1] === "dashboard/assets")) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return true;
  }
  const file = isPage ? join(WEB_ROOT, "dashboard", "index.html") : join(WEB_ROOT, asset![1]!, asset![2]!);
  const stats = statOrNull(file);
  if (!stats?.isFile()) {
    res
      .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
      .end(isPage ? "The dashboard is not built: run `npm run build`.\n" : "Not found\n");
    return true;
  }
  const headers: Record<string, string | number> = isPage
    ? pageSecurityHeaders("dashboard")
    : // Assets hold no token; revalidate them so an upgrade is picked up at once.
      {
        "cache-control": "no-cache",
        etag: `"${stats.size.toString(36)}-${stats.mtimeMs.toString(36)}"`,
        "x-content-type-options": "nosniff",
      };
  if (!isPage && req.headers["if-none-match"] === headers.etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  res.writeHead(200, {
    ...headers,
    "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    "content-length": stats.size,
  });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
  return true;
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}
