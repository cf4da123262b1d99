// An entry's detail as lines a person reads: an edit's fields as 'batch: 2026 → 2027', anything
// else as 'key: value'.

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function detailLines(detail: Record<string, unknown>): string[] {
  const { changed, before, after, ...rest } = detail;
  const lines: string[] = [];
  if (Array.isArray(changed) && isRecord(before) && isRecord(after)) {
    for (const field of changed.map(String)) lines.push(`${field}: ${shown(before[field])} → ${shown(after[field])}`);
  } else if (before !== undefined || after !== undefined) {
    lines.push(`${shown(before)} → ${shown(after)}`);
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${key}: ${shown(value)}`);
  return lines;
}
