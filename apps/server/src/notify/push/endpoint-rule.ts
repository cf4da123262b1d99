import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

// A student hands the server an address the server will later POST to, so that address must not
// lead into a private network (notifications.md, 'The endpoint rule'; ASVS 5.2.6, 12.6.1). This
// file judges an endpoint when it is subscribed; transport.ts judges every connection again.

/** The push services of Chrome and Android browsers, Firefox, Safari and Edge (host suffixes). */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export const ENDPOINT_MAX_LENGTH = 1024;

/** The refusals, in the words of the subscriptions route's 400 (notifications.md, 'Refusals'). */
export const ENDPOINT_REFUSALS = {
  notHttps: 'endpoint must be an https address',
  notPushService: "endpoint must be the address of a browser's push service",
  privateNetwork: 'endpoint must not point to a private or local network',
} as const;

export interface EndpointRuleSettings {
  /** Host suffixes an endpoint may have, or '*' for any host whose addresses are public. */
  serviceHosts: readonly string[] | '*';
  /** One exact https origin tests name for the local push service; null in production. */
  testOrigin: string | null;
}

export const DEFAULT_ENDPOINT_RULE: EndpointRuleSettings = { serviceHosts: DEFAULT_PUSH_SERVICE_HOSTS, testOrigin: null };

/** Every address a host name resolves to. Injected, so tests can make a name resolve anywhere. */
export type HostLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (hostname) => (await dnsLookup(hostname, { all: true })).map((answer) => answer.address);

/**
 * True when `address` is public unicast. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged
 * as the IPv4 address it carries; everything ipaddr.js names otherwise (loopback, private,
 * linkLocal, carrierGradeNat, uniqueLocal, multicast, reserved, unspecified, ...) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL without the brackets of an IPv6 literal. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function isKnownPushService(hostname: string, serviceHosts: EndpointRuleSettings['serviceHosts']): boolean {
  if (serviceHosts === '*') return true;
  const host = hostname.toLowerCase();
  return serviceHosts.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * Why `endpoint` may not be subscribed, as the sentence the route answers, or null when it may.
 * A DNS failure at this moment does not refuse: the transport checks every connection anyway.
 */
export async function checkEndpoint(endpoint: string, lookup: HostLookup, settings: EndpointRuleSettings = DEFAULT_ENDPOINT_RULE): Promise<string | null> {
  if (endpoint.length > ENDPOINT_MAX_LENGTH || !URL.canParse(endpoint)) return ENDPOINT_REFUSALS.notHttps;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return ENDPOINT_REFUSALS.notHttps;
  if (settings.testOrigin !== null && url.origin === settings.testOrigin) return null;

  const hostname = bareHostname(url);
  if (ipaddr.isValid(hostname) && !isPublicAddress(hostname)) return ENDPOINT_REFUSALS.privateNetwork;
  // Push services listen on 443; any other port is not the address of one.
  if (url.port !== '' || !isKnownPushService(hostname, settings.serviceHosts)) return ENDPOINT_REFUSALS.notPushService;
  if (ipaddr.isValid(hostname)) return null;

  const addresses = await lookup(hostname).catch(() => []);
  return addresses.every(isPublicAddress) ? null : ENDPOINT_REFUSALS.privateNetwork;
}
