import { visitAnswerSchema, WATCHING_PATHS } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';

/** The student is on the drive screen: "New" counts from their previous visit. */
export function recordVisit() {
  return apiRequest(WATCHING_PATHS.visit, { method: 'POST', schema: visitAnswerSchema });
}
