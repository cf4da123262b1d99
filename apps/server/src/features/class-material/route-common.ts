import { errorAnswerSchema, feeRefusalSchema } from '@academy/contract';

/** What every class-material route shares in its OpenAPI description. */
export const tags = ['class material'];
export const security = [{ bearer: [] }];
/** A 403 may be a locked fee month, whose answer names what to pay (`feeLocked`). */
export const denied = { 401: errorAnswerSchema, 403: feeRefusalSchema };
