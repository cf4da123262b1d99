import { MESSAGES_PATHS, messageEventSchema, type MessageEvent } from '@academy/contract';
import { readApiStream } from '../../../lib/api-stream';

/**
 * Reads the live stream of the account's feed and calls `onEvent` for each change; `onOpen` once
 * connected. Resolves when the server ends the stream; throws ApiError on a refusal.
 */
export function streamMessageEvents(options: { signal: AbortSignal; onOpen: () => void; onEvent: (event: MessageEvent) => void }): Promise<void> {
  return readApiStream(MESSAGES_PATHS.stream, {
    signal: options.signal,
    onOpen: options.onOpen,
    onEvent: (event) => {
      const parsed = messageEventSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) options.onEvent(parsed.data);
      else console.error('Ignored a live update the app does not understand', event);
    },
  });
}
