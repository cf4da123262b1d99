/** A contract path such as 'students/student/update/:id' with its `:name` parts filled in, encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (part, name: string) => (name in values ? encodeURIComponent(values[name] ?? '') : part));
}

/** '/students/student/update/:id' with the id filled in, safely encoded. */
export function withId(path: string, id: string): string {
  return fillPath(path, { id });
}
