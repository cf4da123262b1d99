import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { bareHostname, isPublicAddress } from './endpoint-rule.js';

// Sending a push, ours rather than web-push's sendNotification (notifications.md, 'Our sender'):
// one keep-alive agent per push-service origin, whose lookup refuses a non-public answer on every
// connection (a name that re-binds to 10.0.0.1 after it was subscribed is never reached), a time
// budget per request, and no redirect followed.

export const PUSH_TIMEOUT_MS = 10_000;

export interface PushAnswer {
  status: number;
  /** Seconds from the Retry-After header (a number or an HTTP date), or null without one. */
  retryAfter: number | null;
}

/** Why a request got no answer: it was never sent (`refused-address`), or none came in time or at all. */
export type PushTransportFailure = 'refused-address' | 'timeout' | 'connection';

export class PushTransportError extends Error {
  constructor(
    readonly failure: PushTransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PushTransportError';
  }
}

/** The shape of dns.lookup with `all: true`, injectable so tests can make a name resolve anywhere. */
export type ResolveAll = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export interface PushTransportOptions {
  /** Sockets per push-service origin (PUSH_CONCURRENCY). */
  maxSockets: number;
  /** The local push service's origin (PUSH_TEST_ORIGIN), reached without the address check. */
  testOrigin?: string | null;
  /** The PEM certificate trusted for the test origin only (PUSH_TEST_CA_FILE). */
  testCaFile?: string | null;
  timeoutMs?: number;
  resolve?: ResolveAll;
}

/** A connection lookup that answers only when every address of the name is public. */
export function publicOnlyLookup(resolve: ResolveAll = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const first = addresses[0];
      if (!first || !addresses.every((answer) => isPublicAddress(answer.address))) {
        const refusal = Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'EPUSHPRIVATE' });
        return callback(refusal, '', 0);
      }
      if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** Seconds the Retry-After header asks for, or null when it is absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export class PushTransport {
  private readonly agents = new Map<string, https.Agent>();
  private readonly timeoutMs: number;

  constructor(private readonly options: PushTransportOptions) {
    this.timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  }

  /** POSTs `body` to `endpoint` and answers the status; rejects with a PushTransportError otherwise. */
  post(endpoint: string, headers: Record<string, string | number>, body: Buffer, signal?: AbortSignal): Promise<PushAnswer> {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (url?.protocol !== 'https:') return Promise.reject(new PushTransportError('refused-address', 'the endpoint is not an https address'));
    const isTestOrigin = url.origin === this.options.testOrigin;
    const hostname = bareHostname(url);
    // A literal address is connected to without a lookup, so it is judged here instead.
    if (!isTestOrigin && isIP(hostname) && !isPublicAddress(hostname)) {
      return Promise.reject(new PushTransportError('refused-address', `${url.origin} is not a public address`));
    }
    return new Promise((resolve, reject) => {
      const request = https.request(url, { method: 'POST', headers, agent: this.agentFor(url.origin, isTestOrigin), signal });
      const timer = setTimeout(() => request.destroy(new PushTransportError('timeout', `${url.origin} gave no answer in ${this.timeoutMs} ms`)), this.timeoutMs);
      request.on('response', (response) => {
        // Redirects are answers like any other: a push service has no reason to redirect a POST.
        response.resume();
        response.on('error', () => undefined); // an answer cut short is judged on 'close' below
        response.on('close', () => {
          clearTimeout(timer);
          if (response.complete) resolve({ status: response.statusCode ?? 0, retryAfter: retryAfterSeconds(response.headers['retry-after']) });
          else reject(new PushTransportError('connection', `${url.origin} cut its answer short`));
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error instanceof PushTransportError) return reject(error);
        const failure = error.code === 'EPUSHPRIVATE' ? 'refused-address' : 'connection';
        reject(new PushTransportError(failure, `${url.origin}: ${error.message}`));
      });
      request.end(body);
    });
  }

  /** Closes every kept-alive connection. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private agentFor(origin: string, isTestOrigin: boolean): https.Agent {
    let agent = this.agents.get(origin);
    if (!agent) {
      const common = { keepAlive: true, maxSockets: this.options.maxSockets };
      // The test origin's trust (the public roots and its own certificate) is one secure context
      // made once: given as `ca`, the agent would join the roots' 200 KB into every request's
      // socket key and parse them again for every connection.
      agent = isTestOrigin
        ? new https.Agent({ ...common, secureContext: createSecureContext({ ca: [...rootCertificates, ...this.testCa()] }) })
        : new https.Agent({ ...common, lookup: publicOnlyLookup(this.options.resolve) });
      this.agents.set(origin, agent);
    }
    return agent;
  }

  private testCa(): string[] {
    return this.options.testCaFile ? [readFileSync(this.options.testCaFile, 'utf8')] : [];
  }
}
