import type { Clock } from "../kernel/clock.ts";

/**
 * One connection's OAuth2 access token. Reused until shortly before it expires (60 s, or half
 * its life when that is shorter: Itaú's tokens live 5 minutes, Inter's 60) so a burst of calls
 * costs one token request; concurrent callers share one in-flight request; `invalidate` after a
 * 401 makes the next `get` fetch a fresh one.
 */
export type AccessToken = { accessToken: string; expiresInSec: number };

export class TokenCache {
  private token: string | undefined;
  private refreshAt = 0;
  private inFlight: Promise<string> | undefined;

  constructor(
    private readonly fetchToken: () => Promise<AccessToken>,
    private readonly clock: Clock,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.clock.now().getTime() < this.refreshAt) return this.token;
    if (!this.inFlight) {
      this.inFlight = this.fetchToken()
        .then((t) => {
          const lifeMs = Math.max(0, t.expiresInSec) * 1000;
          const margin = Math.min(60_000, lifeMs / 2);
          this.token = t.accessToken;
          this.refreshAt = this.clock.now().getTime() + lifeMs - margin;
          return t.accessToken;
        })
        .finally(() => {
          this.inFlight = undefined;
        });
    }
    return this.inFlight;
  }

  /** Forget `token` (the PSP refused it); a newer token fetched meanwhile is kept. */
  invalidate(token: string): void {
    if (this.token === token) {
      this.token = undefined;
      this.refreshAt = 0;
    }
  }
}
