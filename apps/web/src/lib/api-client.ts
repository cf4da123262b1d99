import { ADMIN_MFA_TEXT, API_BASE, isAdmin } from '@academy/contract';
import { sendToSecondFactorSetUp } from '../features/admin-mfa/lib/second-factor-due';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { readSession } from './session';
import { endRefusedSession } from './sign-out';
import { postFormWithProgress } from './upload-with-progress';

export { ApiError } from './api-error';

interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks the success answer, so a caller gets typed data or an error, never a guess. */
  schema: T;
  /** Lets the request outlive the page (a progress report sent as the tab closes); the body must stay under 64 KB. */
  keepalive?: boolean;
}

/**
 * Calls the API under `/api/`. Throws ApiError on a non-2xx answer; a failed request throws the
 * browser's own error, which callers treat as 'Something Went Wrong'.
 */
export async function apiRequest<T extends z.ZodType>(path: string, options: RequestOptions<T>): Promise<z.output<T>> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) {
    headers.Authorization = `Bearer ${session.token}`;
    // The old server read the admin's id from this header; ours ignores it (PRODUCT.md 'API contract').
    if (isAdmin(session.accountType)) headers.admin_id = session.id;
  }

  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    keepalive: options.keepalive,
  });
  const body: unknown = await response.json().catch(() => null);

  if (!response.ok) {
    if (response.status === 401 && session) endRefusedSession();
    const refusal = new ApiError(response.status, body);
    // An admin session from before their second factor was required: to the set-up page.
    if (response.status === 403 && refusal.answer?.message === ADMIN_MFA_TEXT.enrolRequired) sendToSecondFactorSetUp();
    throw refusal;
  }
  return options.schema.parse(body);
}

/** The bearer header of the signed-in session, for calls that are not JSON (uploads, downloads). */
function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { Authorization: `Bearer ${session.token}` } : {};
}

function refusal(status: number, body: unknown): ApiError {
  if (status === 401 && readSession()) endRefusedSession();
  return new ApiError(status, body);
}

interface UploadOptions<T extends z.ZodType> {
  form: FormData;
  schema: T;
  /** Called with 0…1 as the form is sent; the upload then goes by XMLHttpRequest, which reports it. */
  onProgress?: (fraction: number) => void;
}

/** POSTs a multipart form (the browser sets its boundary); the answer is JSON checked by `schema`. */
export async function apiUpload<T extends z.ZodType>(path: string, options: UploadOptions<T>): Promise<z.output<T>> {
  const url = `${API_BASE}${path}`;
  const headers = { Accept: 'application/json', ...authHeaders() };
  let status: number;
  let body: unknown;
  if (options.onProgress) {
    ({ status, body } = await postFormWithProgress(url, options.form, headers, options.onProgress));
  } else {
    const response = await fetch(url, { method: 'POST', headers, body: options.form });
    status = response.status;
    body = await response.json().catch(() => null);
  }
  if (status < 200 || status >= 300) throw refusal(status, body);
  return options.schema.parse(body);
}

/**
 * GETs a file with the session's token, with the name the server gave it; with a `body`, POSTs it
 * as JSON instead (the CSV export, whose body carries the admin's password).
 */
export async function apiDownload(path: string, body?: unknown): Promise<{ blob: Blob; filename: string | null }> {
  const init: RequestInit =
    body === undefined
      ? { headers: authHeaders() }
      : { method: 'POST', headers: { 'Content-Type': 'application/json', ...authHeaders() }, body: JSON.stringify(body) };
  const response = await fetch(`${API_BASE}${path}`, init);
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
