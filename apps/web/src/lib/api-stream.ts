import { API_BASE } from '@academy/contract';
import { ApiError } from './api-error';
import { readEventStream, type StreamEvent } from './event-stream';
import { readSession } from './session';

/**
 * Opens one of the API's live streams with the session's bearer header (fetch, not EventSource,
 * so the token stays out of the address) and calls `onEvent` for each event. Calls `onOpen` once
 * connected. Resolves when the server ends the stream; throws ApiError on a refusal.
 */
export async function readApiStream(
  path: string,
  options: { signal: AbortSignal; onOpen: () => void; onEvent: (event: StreamEvent) => void },
): Promise<void> {
  const token = readSession()?.token;
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: options.signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) throw new ApiError(response.status, await response.json().catch(() => null));
  options.onOpen();
  await readEventStream(response.body, options.onEvent);
}
