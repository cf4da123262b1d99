import { createPaperBodySchema, PAPERS_TEXT, type CreatePaperInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { formValuesToBody, type PaperFormValues } from './paper-form';

// The editor is checked by the contract's own schema, the one the server checks the body with: the
// form's Sri Lanka times become instants first, and every other field has the body's path, so a
// refusal lands on the field that holds it.

const bodyResolver = zodResolver(createPaperBodySchema);

type PaperResolver = Resolver<PaperFormValues, unknown, CreatePaperInput>;
type ResolverOptions = Parameters<PaperResolver>[2];

/**
 * Every option's path. Told to the resolver as fields, so a refusal of a question's whole list
 * ("must be different from each other") is kept as the list's `root` beside its options' own
 * refusals, instead of replacing them.
 */
function optionPaths(values: PaperFormValues): string[] {
  return values.questions.flatMap((question, index) => question.options.map((_, at) => `questions.${index}.options.${at}`));
}

/** Empty options are "the same" as each other too: while some are refused on their own, that says nothing more. */
function withoutEmptyDuplicates(errors: Record<string, unknown>): void {
  const questions = errors.questions;
  if (!Array.isArray(questions)) return;
  for (const question of questions as ({ options?: Record<string, unknown> & { root?: { message?: string } } } | undefined)[]) {
    const options = question?.options;
    if (!options?.root || options.root.message !== PAPERS_TEXT.optionsDistinct) continue;
    if (Object.keys(options).some((key) => /^\d+$/.test(key))) delete options.root;
  }
}

export const paperFormResolver: PaperResolver = async (values, context, options) => {
  const names = [...(options.names ?? []), ...optionPaths(values)] as ResolverOptions['names'];
  const result = await bodyResolver(formValuesToBody(values), context, { ...options, names } as unknown as Parameters<typeof bodyResolver>[2]);
  withoutEmptyDuplicates(result.errors as Record<string, unknown>);
  return result as unknown as Awaited<ReturnType<PaperResolver>>;
};
