// What an entry keeps of a change: a small JSON object. Whatever a caller hands in, a key that
// names a secret is dropped here, so a password, token or code can never reach the log,
// and long texts and lists are cut so one entry stays small.

const SECRET_KEY = /pass|token|otp|secret|hash|code/i;
const MAX_TEXT = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 3;

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => clean(item, depth + 1) ?? null);
  if (typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) continue;
      const cleaned = clean(item, depth + 1);
      if (cleaned !== undefined) kept[key] = cleaned;
    }
    return kept;
  }
  return undefined;
}

export function safeDetail(detail: Record<string, unknown>): Record<string, unknown> {
  return clean(detail, 0) as Record<string, unknown>;
}
