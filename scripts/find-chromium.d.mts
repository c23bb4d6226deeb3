export function findChromium(env?: Record<string, string | undefined>): string | undefined;
