// Open subscriptions by the token that opened them, so that revoking a token ends them. A
// revocation made through this instance ends them at once; one made elsewhere (the CLI, another
// instance) arrives as a NOTIFY (PostgreSQL) or, failing that, is noticed by a periodic re-check
// of the tokens that have open subscriptions or sit in the token store's verified cache.
import { UnauthenticatedError } from "../contracts/errors.js";
import type { TokenStore } from "../store/token-store.js";

type End = () => void;

export class TokenSessions {
  private readonly open = new Map<string, Set<End>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly tokens: TokenStore) {}

  /** Re-checks every `intervalMs` whether tokens with open subscriptions were revoked. */
  start(intervalMs: number) {
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => void this.recheck().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  async recheck() {
    const ids = new Set([...this.open.keys(), ...this.tokens.cachedTokenIds()]);
    for (const tokenId of await this.tokens.revokedAmong([...ids])) this.revoked(tokenId);
  }

  /** The token was revoked (here, elsewhere, noticed late): forget it and end its subscriptions. */
  revoked(tokenId: string) {
    this.tokens.forget(tokenId);
    this.endToken(tokenId);
  }

  /** Calls `end` when the token is revoked; returns the function that forgets it. */
  register(tokenId: string, end: End): () => void {
    const ends = this.open.get(tokenId) ?? new Set<End>();
    ends.add(end);
    this.open.set(tokenId, ends);
    return () => {
      ends.delete(end);
      if (!ends.size && this.open.get(tokenId) === ends) this.open.delete(tokenId);
    };
  }

  endToken(tokenId: string) {
    const ends = this.open.get(tokenId);
    this.open.delete(tokenId);
    for (const end of ends ?? []) end();
  }

  /** Calls `end` with ERR_UNAUTHENTICATED when the token is revoked; returns the function that forgets it. */
  onRevoked(tokenId: string, end: (error: UnauthenticatedError) => void): () => void {
    return this.register(tokenId, () => end(new UnauthenticatedError("the token was revoked")));
  }

  /** Ends `watch` with ERR_UNAUTHENTICATED when the token is revoked. */
  guard(tokenId: string, watch: { end(error: unknown): void; ended: Promise<void> }): void {
    void watch.ended.then(this.onRevoked(tokenId, (error) => watch.end(error)));
  }
}
