const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '90m', '12h', '30d' (the form config.ts accepts for TOKEN_TTL) in milliseconds. */
export function durationMs(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text);
  if (!match) throw new Error(`not a duration: ${text}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
