/** A contract path with its ':name' parts filled in, each value safely encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));
}
