import { errorAnswerSchema, type ErrorAnswer, type FieldError } from '@academy/contract';
import { translateServerMessage } from '../i18n/server-text';

/**
 * A non-2xx answer. `body` is the JSON as sent, so callers can read fields beyond the contract's;
 * `message` and `fieldErrors` are in the reader's language (i18n/server-text.ts).
 */
export class ApiError extends Error {
  readonly answer: ErrorAnswer | null;

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const parsed = errorAnswerSchema.safeParse(body);
    const answer = parsed.success ? parsed.data : null;
    super(answer ? messageText(answer.message) : `HTTP ${status}`);
    this.name = 'ApiError';
    this.answer = answer;
  }

  /** The refused fields, each message in the reader's language. */
  get fieldErrors(): FieldError[] {
    return (this.answer?.errors ?? []).map((error) => ({ field: error.field, message: translateServerMessage(error.message) }));
  }

  /** The server's sentence about one field, to show beside it; undefined when it named others. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

function messageText(message: string | string[]): string {
  return Array.isArray(message) ? message.map(translateServerMessage).join(', ') : translateServerMessage(message);
}
