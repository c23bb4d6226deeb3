// npm only warns (EBADENGINE) when the running Node is older than `engines` asks, and then runs
// anyway: on Node 20 a user saw four generic warnings and a service that might fail later in a
// way that names nothing. The start and the CLI ask this first and stop with one line instead.

/**
 * The line that refuses `running` (process.version) for the `engines.node` range of
 * package.json, or undefined when it is new enough. Only the `>=X.Y.Z` form is read (the one
 * package.json uses, test/engines.test.ts); any other form is never a refusal.
 */
export function nodeVersionRefusal(running: string, enginesNode: string): string | undefined {
  const floor = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(enginesNode.trim());
  const cur = /^v?(\d+)\.(\d+)\.(\d+)/.exec(running);
  if (!floor || !cur) return undefined;
  const need = floor.slice(1, 4).map(Number);
  const have = cur.slice(1, 4).map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return undefined;
    if ((have[i] ?? 0) < (need[i] ?? 0)) return refusal(need, cur[0].replace(/^v/, ""));
  }
  return undefined;
}

function refusal(need: number[], found: string): string {
  const [major, minor, patch] = need;
  const wanted = patch ? `${major}.${minor}.${patch}` : `${major}.${minor}`;
  return (
    `Tostão needs Node.js ${wanted} or later, and this is Node.js ${found}: ` +
    `install Node.js ${major} (with a version manager, e.g. \`nvm install ${major}\`, ` +
    "or the official binary from https://nodejs.org), then run the command again"
  );
}
