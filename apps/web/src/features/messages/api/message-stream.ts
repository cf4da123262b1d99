import { API_BASE, MESSAGES_PATHS, messageEventSchema, type MessageEvent } from '@academy/contract';
import { ApiError } from '../../../lib/api-client';
import { readEventStream } from '../../../lib/event-stream';
import { readSession } from '../../../lib/session';

/**
 * Opens the live stream of the account's feed with the session's bearer header (fetch, not
 * EventSource, so the token stays out of the address) and calls `onEvent` for each change. Calls
 * `onOpen` once connected. Resolves when the server ends the stream; throws ApiError on a refusal.
 */
export async function streamMessageEvents(options: {
  signal: AbortSignal;
  onOpen: () => void;
  onEvent: (event: MessageEvent) => void;
}): Promise<void> {
  const token = readSession()?.token;
  const response = await fetch(`${API_BASE}${MESSAGES_PATHS.stream}`, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: options.signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) throw new ApiError(response.status, await response.json().catch(() => null));
  options.onOpen();
  await readEventStream(response.body, (event) => {
    const parsed = messageEventSchema.safeParse(JSON.parse(event.data));
    if (parsed.success) options.onEvent(parsed.data);
    else console.error('Ignored a live update the app does not understand', event);
  });
}
