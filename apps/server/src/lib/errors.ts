import { SERVER_TEXT, type FieldError } from '@academy/contract';

/**
 * A refusal the server means to give: its HTTP status, a sentence for the user and, for field
 * errors, the fields. The error plugin turns it into the contract's error body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldError[] = [],
    readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// Named factories keep status codes and wording in one place.
export const errors = {
  badRequest: (message: string, fields: FieldError[] = []) => new AppError(400, message, fields),
  field: (field: string, message: string, status = 400) => new AppError(status, message, [{ field, message }]),
  unauthorized: (message: string = SERVER_TEXT.signInRequired) => new AppError(401, message),
  forbidden: (message: string = SERVER_TEXT.adminOnly, extra: Record<string, unknown> = {}) =>
    new AppError(403, message, [], extra),
  notFound: (message: string = SERVER_TEXT.routeNotFound) => new AppError(404, message),
  conflict: (field: string, message: string) => new AppError(409, message, [{ field, message }]),
  requestTimeout: (message: string = SERVER_TEXT.bodyTimeout) => new AppError(408, message),
  tooManyRequests: (message: string = SERVER_TEXT.tooManyRequests, retryAfterSeconds?: number) =>
    new AppError(429, message, [], {}, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }),
  unavailable: (message: string) => new AppError(503, message),
};
