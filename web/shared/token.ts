// The token flow shared by the dashboard and GraphiQL: the first-start URL carries `?token=`;
// the page keeps it for this tab only (sessionStorage, never a cookie) and takes it out of the
// address bar, so it stays out of history, bookmarks and screenshots.
const KEY = "canon.token";
const TOKEN = /^canon_[A-Za-z0-9_-]{1,100}$/;

/** The token from the URL (kept for the tab), else the one kept earlier in this tab, else null. */
export function takeToken(): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get("token");
  if (fromUrl !== null) {
    if (TOKEN.test(fromUrl)) sessionStorage.setItem(KEY, fromUrl);
    url.searchParams.delete("token");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem(KEY);
}

export function keepToken(token: string): boolean {
  if (!TOKEN.test(token)) return false;
  sessionStorage.setItem(KEY, token);
  return true;
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}
