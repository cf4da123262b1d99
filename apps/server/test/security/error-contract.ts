import type { Answer } from './call-route';

/**
 * How a 4xx answer breaks the error contract (PRODUCT.md 'API contract'), or [] when it keeps it:
 * a JSON body whose `code` mirrors the status, a `message` that says something (a sentence, or one
 * per refused field) and gives away no internals, and `data: null`. A HEAD answer has no body.
 */
export function errorContractProblems(response: Answer, method: string): string[] {
  if (method === 'HEAD') return [];
  let body: { code?: unknown; message?: unknown; data?: unknown };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    return [`the body is not JSON: ${response.body.slice(0, 120)}`];
  }
  if (typeof body !== 'object' || body === null) return [`the body is not an object: ${response.body.slice(0, 120)}`];
  const problems: string[] = [];
  if (body.code !== response.statusCode) problems.push(`code ${String(body.code)} does not mirror status ${response.statusCode}`);
  const messages = Array.isArray(body.message) ? body.message : [body.message];
  if (messages.length === 0 || !messages.every((m) => typeof m === 'string' && m.trim().length > 0)) {
    problems.push(`message ${JSON.stringify(body.message)} does not name the problem`);
  }
  if (messages.some((m) => typeof m === 'string' && /\bat .+:\d+:\d+|node_modules|SQLITE_|syntax error at/i.test(m))) {
    problems.push(`message ${JSON.stringify(body.message)} shows internals`);
  }
  if (body.data !== null) problems.push('data is not null');
  return problems;
}
