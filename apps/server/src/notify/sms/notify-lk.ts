import { balanceOf, callProvider, outcomeOf, providerUrl, type SmsOutcome, type SmsProvider, type SmsProviderSettings } from './provider';

// Notify.lk (https://developer.notify.lk/api-endpoints): /api/v1/send takes user_id, api_key,
// sender_id, to (9471XXXXXXX), message (at most 621 characters) and type=unicode for a text outside
// GSM-7, by GET or POST, and answers {"status": "success", "data": "Sent"}. It is called with a POST
// and a form body, as its own generated SDK does, so the API key never sits in an address a proxy
// logs. /api/v1/status answers {"status": "success", "data": {"active", "acc_balance"}}; it is
// documented as a GET only, so there the key has to travel in the query.

export interface NotifyLkSettings extends SmsProviderSettings {
  userId: string;
  apiKey: string;
  senderId: string;
}

export class NotifyLkProvider implements SmsProvider {
  readonly name = 'notify.lk';

  constructor(private readonly settings: NotifyLkSettings) {}

  async send(to: string, text: string, unicode: boolean, signal?: AbortSignal): Promise<SmsOutcome> {
    const form = new URLSearchParams({ ...this.credentials(), sender_id: this.settings.senderId, to, message: text });
    if (unicode) form.set('type', 'unicode');
    const answer = await callProvider(
      providerUrl(this.settings.baseUrl, 'api/v1/send'),
      { method: 'POST', headers: { accept: 'application/json' }, body: form },
      this.settings,
      signal,
    );
    return outcomeOf(answer);
  }

  async balance(signal?: AbortSignal): Promise<number> {
    const url = providerUrl(this.settings.baseUrl, 'api/v1/status');
    url.search = new URLSearchParams(this.credentials()).toString();
    const answer = await callProvider(url, { method: 'GET', headers: { accept: 'application/json' } }, this.settings, signal);
    return balanceOf(answer, (data) => data.acc_balance);
  }

  private credentials(): Record<string, string> {
    return { user_id: this.settings.userId, api_key: this.settings.apiKey };
  }
}
