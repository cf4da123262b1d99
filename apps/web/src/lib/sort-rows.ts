// The tutor's tables (a lesson's viewers, a paper's results and question statistics) sort by any
// column the same way.

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorted by one value; rows without one (null) last whichever way, `name` breaking ties. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, direction: SortDirection, name: (row: T) => string): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a) ?? null;
    const y = value(b) ?? null;
    if (x === null || y === null) return x === y ? collator.compare(name(a), name(b)) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return order * sign || collator.compare(name(a), name(b));
  });
}
