import type { ServerResponse } from "node:http";

/**
 * Requests each token has open (from authentication until the response closes, whether it was
 * sent or the connection dropped), so one token cannot hold hundreds of connections with bodies
 * it never finishes. Counted per process, like the in-process rate limit.
 */
export function makeOpenRequests(limit: number) {
  const open = new Map<string, number>();
  const leave = (tokenId: string) => {
    const n = (open.get(tokenId) ?? 1) - 1;
    if (n <= 0) open.delete(tokenId);
    else open.set(tokenId, n);
  };
  return {
    limit,
    /** Takes a slot until `res` closes; false (and nothing taken) when all are in use. */
    enter(tokenId: string, res: ServerResponse): boolean {
      const n = open.get(tokenId) ?? 0;
      if (n >= limit) return false;
      open.set(tokenId, n + 1);
      // Freed when the response is finished, or its connection closes first. 'close' alone comes
      // late on a keep-alive connection (after the client may already have sent its next
      // request), so a client with N connections could be counted with up to 2N open.
      let freed = false;
      const free = () => {
        if (freed) return;
        freed = true;
        leave(tokenId);
      };
      res.once("finish", free);
      res.once("close", free);
      return true;
    },
    /** Requests open for a token (tests). */
    count: (tokenId: string) => open.get(tokenId) ?? 0,
  };
}
