// What every fees route's schema shares: its tag and bearer security in the API docs, and the
// refusals any fees call may answer (each route adds its own 409, 413, 415 or 429).
import { errorAnswerSchema } from '@academy/contract';

export const tags = ['fees'];
export const security = [{ bearer: [] }];
export const refused = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };
