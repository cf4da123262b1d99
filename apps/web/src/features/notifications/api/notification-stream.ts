import { NOTIFICATIONS_PATHS, notificationStreamEventSchema, type NotificationStreamEvent } from '@academy/contract';
import { readApiStream } from '../../../lib/api-stream';

/**
 * Reads the bell's live stream (created, read, withdrawn, each with the unread count) and calls
 * `onEvent` for each; `onOpen` once connected. Resolves when the server ends the stream; throws
 * ApiError on a refusal.
 */
export function streamNotificationEvents(options: {
  signal: AbortSignal;
  onOpen: () => void;
  onEvent: (event: NotificationStreamEvent) => void;
}): Promise<void> {
  return readApiStream(NOTIFICATIONS_PATHS.stream, {
    signal: options.signal,
    onOpen: options.onOpen,
    onEvent: (event) => {
      const parsed = notificationStreamEventSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) options.onEvent(parsed.data);
      else console.error('Ignored a bell update the app does not understand', event);
    },
  });
}
