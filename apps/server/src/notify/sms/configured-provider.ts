import type { SmsConfig } from '../../config';
import { NotifyLkProvider } from './notify-lk';
import type { SmsProvider } from './provider';
import { TextLkProvider } from './text-lk';

/** The provider SMS_PROVIDER names, with its credentials; null when SMS is off. */
export function smsProviderOf(config: SmsConfig | null): SmsProvider | null {
  if (!config) return null;
  const { credentials } = config;
  if (config.provider === 'notify.lk' && 'userId' in credentials) {
    return new NotifyLkProvider({ baseUrl: config.apiUrl, userId: credentials.userId, apiKey: credentials.apiKey, senderId: config.senderId });
  }
  return new TextLkProvider({ baseUrl: config.apiUrl, apiKey: credentials.apiKey, senderId: config.senderId });
}
