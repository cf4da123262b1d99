import { z } from 'zod';

/** Every call lives under this base (spec section 7). */
export const API_BASE = '/api/';

/** Success code in every answer body; error answers mirror their HTTP status here. */
export const OK = 200;

/** One field the server refused, named as the request names it. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The body of every error answer (PRODUCT.md, 'API contract'): `code` mirrors the HTTP status,
 * `message` is a sentence, or one sentence per refused field, and `errors` names those fields.
 */
export const errorAnswerSchema = z.object({
  code: z.number().int(),
  message: z.union([z.string(), z.array(z.string())]),
  data: z.null(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** An answer whose payload is in `data`. */
export function dataAnswer<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(OK), message: z.string(), data });
}

export const healthAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  data: z.object({ database: z.literal('up'), version: z.string() }),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
