import { get, useFormState, type FieldPath } from 'react-hook-form';
import type { PaperFormValues } from '../lib/paper-form';
import { fieldProblemWords } from '../lib/problem-words';

/**
 * Reads the editor's refusals for the fields under `name` (the whole paper when left out), worded
 * for the field: whoever found them, the schema or the server, stored the English sentence end.
 */
export function useFieldProblems(name?: FieldPath<PaperFormValues>) {
  const { errors } = useFormState<PaperFormValues>({ name });
  return (path: string): string | undefined => {
    const node: unknown = get(errors, path);
    if (typeof node !== 'object' || node === null) return undefined;
    const { message, root } = node as { message?: unknown; root?: { message?: unknown } };
    const sentence = typeof message === 'string' && message !== '' ? message : root?.message;
    return typeof sentence === 'string' && sentence !== '' ? fieldProblemWords({ path, sentence }) : undefined;
  };
}
