import { errorAnswerSchema } from '@academy/contract';

/** What every class-material route shares in its OpenAPI description. */
export const tags = ['class material'];
export const security = [{ bearer: [] }];
export const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };
