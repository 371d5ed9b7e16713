// Headless Chromium (Debian's `chromium`, which .ci/run installs when missing) driven by
// playwright-core, for the browser pages' end-to-end tests.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CANON_CHROMIUM ?? "/usr/bin/chromium";
/** CI (.ci/run) sets CANON_REQUIRE_BROWSER=1: there a missing Chromium fails the browser tests instead of skipping them. */
export const runBrowserTests = existsSync(CHROMIUM) || process.env.CANON_REQUIRE_BROWSER === "1";

export function warnIfChromiumMissing(suite: string) {
  if (!runBrowserTests)
    console.warn(`${suite}: no Chromium at ${CHROMIUM} (install Debian's chromium, or set CANON_CHROMIUM); the browser tests skip`);
}

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM });

/** Where the browser tests keep their screenshots (gitignored). */
export function screenshotPath(name: string): string {
  const dir = path.resolve(import.meta.dirname, "../../test-output/dashboard");
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** Every URL the page requests (documents, scripts, workers, fetches, WebSockets), and its errors. */
export function recordTraffic(page: Page) {
  const urls: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("websocket", (socket) => urls.push(socket.url()));
  page.on("requestfailed", (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return { urls, problems };
}

/** The URLs that are not on `origin` (http and ws alike). */
export function foreign(urls: string[], origin: string): string[] {
  const host = new URL(origin).host;
  return urls.filter((url) => !(url.startsWith("data:") || (/^(http|ws)s?:$/.test(new URL(url).protocol) && new URL(url).host === host)));
}
