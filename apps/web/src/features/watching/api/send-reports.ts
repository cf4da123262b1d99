import { reportBatchAnswerSchema, WATCHING_PATHS, type ReportBatchBody } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * One batch of progress reports. `keepalive` lets it finish after the tab closes: fetch's keepalive
 * carries the bearer header, which sendBeacon cannot (docs/watching.md, 'Tab close').
 */
export function sendReports(body: ReportBatchBody, keepalive = false) {
  return apiRequest(WATCHING_PATHS.reports, { method: 'POST', body, schema: reportBatchAnswerSchema, keepalive });
}
