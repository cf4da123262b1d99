// i18next reads a dot in a key as nesting, so names such as 'student.suspend' are stored as
// 'student_suspend' (and 'banner.delete-all' as 'banner_delete_all').

export type Underscored<S extends string> = S extends `${infer A}.${infer B}`
  ? Underscored<`${A}_${B}`>
  : S extends `${infer A}-${infer B}`
    ? Underscored<`${A}_${B}`>
    : S;

export function underscored<S extends string>(name: S): Underscored<S> {
  return name.replace(/[.-]/g, '_') as Underscored<S>;
}

export function underscoredKeys<T extends Record<string, string>>(labels: T): { [K in keyof T & string as Underscored<K>]: string } {
  return Object.fromEntries(Object.entries(labels).map(([name, label]) => [underscored(name), label])) as { [K in keyof T & string as Underscored<K>]: string };
}
