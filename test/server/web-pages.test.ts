// The pages Canon serves to browsers, over plain HTTP: GraphiQL and the dashboard come from
// Canon's own origin, carry no token in their HTML, and send strict security headers; assets
// are served only from their folders. (The browser tests are in dashboard.browser.test.ts.)
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const html = { accept: "text/html" };

describe(`browser pages on ${backendName}`, () => {
  let canon: TestCanon;
  let origin: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ["scripts/build-web.mjs"], { cwd: repoRoot, stdio: "inherit" });
    canon = await startTestCanon();
    origin = new URL(canon.url).origin;
  });
  afterAll(() => canon.stop());

  const expectTokenPageHeaders = (response: Response, styles: string) => {
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'self'; script-src 'self'; ${styles}; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  };

  it("serves GraphiQL with its assets from Canon itself, the token out of the page, and strict headers", async () => {
    const response = await fetch(`${canon.url}?token=${canon.token}`, { headers: html });
    const page = await response.text();
    expect(response.status).toBe(200);
    expectTokenPageHeaders(response, "style-src 'self' 'unsafe-inline'");
    expect(page).not.toContain(canon.token);
    expect(page).not.toMatch(/unpkg|jsdelivr|cdn\./i);
    expect(page).not.toMatch(/<script>(?!<)/); // no inline script: only src= and a JSON data block
    expect([...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "data:,",
      "/graphiql/graphiql.css",
      "/graphiql/boot.js",
      "/graphiql/yoga-graphiql.umd.js",
    ]);
    // The default document is the options' query.
    expect(page).toContain("mutation StartRun");
    for (const asset of [
      "/graphiql/graphiql.css",
      "/graphiql/boot.js",
      "/graphiql/yoga-graphiql.umd.js",
      "/graphiql/monacoeditorwork/graphql.worker.js",
    ]) {
      const served = await fetch(origin + asset);
      expect(served.status, asset).toBe(200);
      await served.body?.cancel();
    }
  });

  it("serves the dashboard page with a strict CSP (no inline styles either) and its bundle", async () => {
    const response = await fetch(`${origin}/dashboard?token=${canon.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectTokenPageHeaders(response, "style-src 'self'");
    const page = await response.text();
    expect(page).not.toContain(canon.token);
    expect((await fetch(`${origin}/dashboard/`)).status).toBe(200);
    const bundle = await fetch(`${origin}/dashboard/assets/app.js`);
    expect(bundle.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(bundle.headers.get("cache-control")).toBe("no-cache");
    const etag = bundle.headers.get("etag")!;
    await bundle.body?.cancel();
    expect((await fetch(`${origin}/dashboard/assets/app.js`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const head = await fetch(`${origin}/dashboard/assets/app.css`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
  });

  it("serves nothing outside the asset folders, and refuses writes", async () => {
    for (const probe of [
      "/dashboard/assets/../index.html",
      "/dashboard/assets/%2e%2e/%2e%2e/package.json",
      "/graphiql/../../package.json",
      "/graphiql/..%2f..%2fpackage.json",
      "/dashboard/assets/missing.js",
      "/dashboard/index.html",
    ]) {
      const response = await fetch(origin + probe);
      const body = await response.text();
      expect(response.status, probe).toBe(404);
      expect(body, probe).not.toContain('"name": "canon"');
    }
    expect((await fetch(`${origin}/dashboard`, { method: "POST", body: "x" })).status).toBe(405);
  });

  it("turns the dashboard off when configured, and leaves the API alone", async () => {
    const closed = await startTestCanon({ dashboard: false });
    try {
      const origin = new URL(closed.url).origin;
      expect((await fetch(`${origin}/dashboard`)).status).toBe(404);
      expect((await fetch(`${origin}/dashboard/assets/app.js`)).status).toBe(404);
      expect((await closed.gql(`{ __typename }`)).data).toEqual({ __typename: "Query" });
    } finally {
      await closed.stop();
    }
  });
});
