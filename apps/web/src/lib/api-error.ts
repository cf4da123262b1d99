import { errorAnswerSchema, type ErrorAnswer, type FieldError } from '@academy/contract';

/** A non-2xx answer. `body` is the JSON as sent, so callers can read fields beyond the contract's. */
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

  get fieldErrors(): FieldError[] {
    return this.answer?.errors ?? [];
  }

  /** The server's sentence about one field, to show beside it; undefined when it named others. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

function messageText(message: string | string[]): string {
  return Array.isArray(message) ? message.join(', ') : message;
}
