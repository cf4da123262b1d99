// What every papers route's schema shares: its tag and bearer security in the API docs, and the
// refusals any papers call may answer (each route adds its own 409, 413, 415 or 429).
import { errorAnswerSchema, feeRefusalSchema } from '@academy/contract';

export const tags = ['papers'];
export const security = [{ bearer: [] }];
/** A 403 may be the class fees' locked month (papers are located through class material): it names what to pay. */
export const refused = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: feeRefusalSchema, 404: errorAnswerSchema };
