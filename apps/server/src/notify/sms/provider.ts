// The one interface the notifications centre sends SMS through, whichever Sri Lankan provider the
// academy uses (notifications.md, 'SMS'), and the HTTP call both adapters share: a timeout, the
// caller's abort, no redirect followed (an SMS goes only to the configured host), and one reading
// of what a failure means for retrying.

export interface SmsProvider {
  readonly name: 'notify.lk' | 'text.lk';
  /** `to` is 947XXXXXXXX; `unicode` when the text is not GSM-7 (smsParts). Never throws. */
  send(to: string, text: string, unicode: boolean, signal?: AbortSignal): Promise<SmsOutcome>;
  /** The account's balance as the provider counts it; throws when it cannot be read. */
  balance(signal?: AbortSignal): Promise<number>;
}

/** `retry` for what may pass later (5xx, timeout, connection); a refusal in the answer is final. */
export type SmsOutcome = { ok: true } | { ok: false; retry: boolean; reason: string };

export interface SmsProviderSettings {
  /** The provider's address (`https://app.notify.lk`), or a local stand-in's in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/** As the push transport's: a provider slower than this is treated as down and the SMS retried. */
export const SMS_TIMEOUT_MS = 10_000;

/** What both providers answer: `{"status": "success", …}` or `{"status": "error", "message" | "errors"}`. */
export interface ProviderBody {
  status?: unknown;
  message?: unknown;
  errors?: unknown;
  data?: unknown;
}

export type ProviderAnswer = { reached: true; status: number; body: ProviderBody | null } | { reached: false; outcome: SmsOutcome & { ok: false } };

export function providerUrl(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

function parseBody(text: string): ProviderBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ProviderBody) : null;
  } catch {
    return null;
  }
}

export async function callProvider(url: URL, init: RequestInit, settings: SmsProviderSettings, signal?: AbortSignal): Promise<ProviderAnswer> {
  const timeout = AbortSignal.timeout(settings.timeoutMs ?? SMS_TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    return { reached: true, status: response.status, body: parseBody(await response.text()) };
  } catch {
    const reason = timeout.aborted ? 'timeout' : signal?.aborted ? 'aborted' : 'connection';
    return { reached: false, outcome: { ok: false, retry: true, reason } };
  }
}

/**
 * The provider's own words on a refusal, for the delivery's record and the log: cut short, with
 * any long run of digits (a phone number it echoes) masked, since neither may hold personal data.
 */
function refusalWords(body: ProviderBody | null): string {
  const words = typeof body?.message === 'string' ? body.message : Array.isArray(body?.errors) ? body.errors.join('; ') : typeof body?.data === 'string' ? body.data : '';
  return words.replace(/\d{6,}/g, '…').slice(0, 120);
}

/** Any answer but `status: success` is a failure; only a 5xx may pass on a later try. */
export function outcomeOf(answer: ProviderAnswer): SmsOutcome {
  if (!answer.reached) return answer.outcome;
  if (answer.status >= 500) return { ok: false, retry: true, reason: `http-${answer.status}` };
  if (answer.status < 300 && answer.body?.status === 'success') return { ok: true };
  const words = refusalWords(answer.body);
  return { ok: false, retry: false, reason: `refused (http-${answer.status})${words ? `: ${words}` : ''}` };
}

/** A balance the provider gave as a number or a numeric string (`"1,250.00"`). */
export function balanceOf(answer: ProviderAnswer, read: (data: Record<string, unknown>) => unknown): number {
  const outcome = outcomeOf(answer);
  if (!outcome.ok) throw new Error(`the SMS provider's balance could not be read: ${outcome.reason}`);
  const data = answer.reached && typeof answer.body?.data === 'object' && answer.body.data !== null ? (answer.body.data as Record<string, unknown>) : {};
  const value = read(data);
  const figure = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/,/g, '')) : Number.NaN;
  if (!Number.isFinite(figure)) throw new Error("the SMS provider's balance answer holds no figure");
  return figure;
}
