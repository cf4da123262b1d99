import { API_BASE, isAdmin } from '@academy/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { readSession } from './session';
import { endRefusedSession } from './sign-out';

export { ApiError } from './api-error';

interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks the success answer, so a caller gets typed data or an error, never a guess. */
  schema: T;
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
  });
  const body: unknown = await response.json().catch(() => null);

  if (!response.ok) {
    if (response.status === 401 && session) endRefusedSession();
    throw new ApiError(response.status, body);
  }
  return options.schema.parse(body);
}

/** The bearer header of the signed-in session, for calls that are not JSON (uploads, downloads). */
function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { Authorization: `Bearer ${session.token}` } : {};
}

async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401 && readSession()) endRefusedSession();
  return new ApiError(response.status, body);
}

/** POSTs a multipart form (the browser sets its boundary); the answer is JSON checked by `schema`. */
export async function apiUpload<T extends z.ZodType>(path: string, options: { form: FormData; schema: T }): Promise<z.output<T>> {
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', ...authHeaders() },
    body: options.form,
  });
  if (!response.ok) throw await refusal(response);
  return options.schema.parse(await response.json());
}

/** GETs a file (e.g. a CSV export) with the session's token, with the name the server gave it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(`${API_BASE}${path}`, { headers: authHeaders() });
  if (!response.ok) throw await refusal(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
