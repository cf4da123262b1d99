import { usePreferencesQuery } from '../api/get-preferences';
import { pushSupport, readPushEnvironment } from '../lib/push-support';
import { useRefreshPushSubscription } from './use-push-device';

/**
 * The signed-in shell, on each start: where this browser already allows notifications, the
 * preferences are read for the server's key and the subscription is refreshed or renewed with it.
 * Anywhere else nothing is asked, so most starts cost no request.
 */
export function useRefreshThisDevice(): void {
  const granted = pushSupport(readPushEnvironment()) === 'granted';
  const { data } = usePreferencesQuery(granted);
  useRefreshPushSubscription(data?.pushKey ?? null, data?.language ?? 'en');
}
