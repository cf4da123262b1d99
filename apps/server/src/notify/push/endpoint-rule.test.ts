import { describe, expect, it } from 'vitest';
import { checkEndpoint, ENDPOINT_REFUSALS, isPublicAddress, type HostLookup } from './endpoint-rule.js';

// Names resolve through this table instead of DNS, so a push-service name can be made to point
// anywhere (a name that re-binds into a private network), and the test needs no network.
const resolving =
  (table: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

const dns = resolving({
  'fcm.googleapis.com': ['142.250.4.95', '2404:6800:4003:c00::5f'],
  'web.push.apple.com': ['17.188.143.34'],
  'rebind.fcm.googleapis.com': ['142.250.4.95', '10.1.2.3'],
  'mapped.fcm.googleapis.com': ['::ffff:192.168.1.1'],
});

const TEST_ORIGIN = 'https://127.0.0.1:8443';

describe('the endpoint rule', () => {
  it('accepts a push service whose every address is public', async () => {
    expect(await checkEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', dns)).toBeNull();
    expect(await checkEndpoint('https://web.push.apple.com/QGx2', dns)).toBeNull();
  });

  it.each([
    ['http, not https', 'http://fcm.googleapis.com/fcm/send/x', ENDPOINT_REFUSALS.notHttps],
    ['a user name and password', 'https://user:pw@fcm.googleapis.com/fcm/send/x', ENDPOINT_REFUSALS.notHttps],
    ['not a URL', 'fcm.googleapis.com/fcm/send/x', ENDPOINT_REFUSALS.notHttps],
    ['over 1,024 characters', `https://fcm.googleapis.com/${'x'.repeat(1024)}`, ENDPOINT_REFUSALS.notHttps],
    ['a host no browser pushes through', 'https://push.example.com/x', ENDPOINT_REFUSALS.notPushService],
    ['a look-alike host', 'https://evilfcm.googleapis.com/x', ENDPOINT_REFUSALS.notPushService],
    ['a port other than 443', 'https://fcm.googleapis.com:8443/fcm/send/x', ENDPOINT_REFUSALS.notPushService],
    ['a private IPv4 literal', 'https://10.0.0.1/x', ENDPOINT_REFUSALS.privateNetwork],
    ['loopback, at a port other than the test origin', 'https://127.0.0.1:1/x', ENDPOINT_REFUSALS.privateNetwork],
    ['IPv6 loopback', 'https://[::1]/x', ENDPOINT_REFUSALS.privateNetwork],
    ['a private address inside IPv4-mapped IPv6', 'https://[::ffff:192.168.1.1]/x', ENDPOINT_REFUSALS.privateNetwork],
    ['the link-local metadata address', 'https://169.254.169.254/latest', ENDPOINT_REFUSALS.privateNetwork],
    ['carrier-grade NAT', 'https://100.64.0.1/x', ENDPOINT_REFUSALS.privateNetwork],
    ['a push-service name that resolves to a private address too', 'https://rebind.fcm.googleapis.com/x', ENDPOINT_REFUSALS.privateNetwork],
    ['a push-service name that resolves to IPv4-mapped private', 'https://mapped.fcm.googleapis.com/x', ENDPOINT_REFUSALS.privateNetwork],
  ])('refuses %s', async (_case, endpoint, refusal) => {
    expect(await checkEndpoint(endpoint, dns, { serviceHosts: ['fcm.googleapis.com', 'push.apple.com'], testOrigin: TEST_ORIGIN })).toBe(refusal);
  });

  it('does not refuse when the name cannot be resolved at that moment (every connection is checked again)', async () => {
    expect(await checkEndpoint('https://gone.fcm.googleapis.com/x', dns)).toBeNull();
  });

  it('accepts the test origin, and only that exact origin', async () => {
    const settings = { serviceHosts: ['fcm.googleapis.com'], testOrigin: TEST_ORIGIN };
    expect(await checkEndpoint(`${TEST_ORIGIN}/push/1`, dns, settings)).toBeNull();
    expect(await checkEndpoint('https://127.0.0.1:8444/push/1', dns, settings)).toBe(ENDPOINT_REFUSALS.privateNetwork);
    expect(await checkEndpoint(`${TEST_ORIGIN}/push/1`, dns)).toBe(ENDPOINT_REFUSALS.privateNetwork);
  });

  it("with '*' accepts any host whose addresses are public, and still no private one", async () => {
    const any = { serviceHosts: '*' as const, testOrigin: null };
    expect(await checkEndpoint('https://web.push.apple.com/x', dns, any)).toBeNull();
    expect(await checkEndpoint('https://8.8.8.8/x', dns, any)).toBeNull();
    expect(await checkEndpoint('https://rebind.fcm.googleapis.com/x', dns, any)).toBe(ENDPOINT_REFUSALS.privateNetwork);
  });

  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not-an-ip'])(
    '%s is not public',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );

  it.each(['142.250.4.95', '17.188.143.34', '2404:6800:4003:c00::5f', '::ffff:142.250.4.95'])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
});
