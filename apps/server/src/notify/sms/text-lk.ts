import { balanceOf, callProvider, outcomeOf, providerUrl, type SmsOutcome, type SmsProvider, type SmsProviderSettings } from './provider';

// Text.lk (https://text.lk/docs/send-sms): POST /api/v3/sms/send with `Authorization: Bearer <key>`
// and JSON {recipient, sender_id, type: "plain", message}; it answers {"status": "success", …} or
// {"status": "error", "message"}. "plain" is the only type its documentation names for text; its
// unit guide counts Sinhala as Unicode on its own, so the gateway picks the encoding and the
// `unicode` flag changes nothing here (notifications.md, 'Open questions': unverified against the
// real service). GET /api/v3/balance is what Text.lk's own PHP SDK calls; the field read from its
// answer is not documented (unverified as well).

export interface TextLkSettings extends SmsProviderSettings {
  apiKey: string;
  senderId: string;
}

export class TextLkProvider implements SmsProvider {
  readonly name = 'text.lk';

  constructor(private readonly settings: TextLkSettings) {}

  async send(to: string, text: string, _unicode: boolean, signal?: AbortSignal): Promise<SmsOutcome> {
    const body = JSON.stringify({ recipient: to, sender_id: this.settings.senderId, type: 'plain', message: text });
    const answer = await callProvider(
      providerUrl(this.settings.baseUrl, 'api/v3/sms/send'),
      { method: 'POST', headers: { ...this.headers(), 'content-type': 'application/json' }, body },
      this.settings,
      signal,
    );
    return outcomeOf(answer);
  }

  async balance(signal?: AbortSignal): Promise<number> {
    const answer = await callProvider(providerUrl(this.settings.baseUrl, 'api/v3/balance'), { method: 'GET', headers: this.headers() }, this.settings, signal);
    return balanceOf(answer, (data) => data.remaining_unit);
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.settings.apiKey}`, accept: 'application/json' };
  }
}
