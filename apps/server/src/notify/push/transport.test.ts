import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../../../test/fake-push-service.js';
import { publicOnlyLookup, PushTransport, retryAfterSeconds, type ResolveAll } from './transport.js';

// The transport's own guards, on every connection: a stored push-service name that later resolves
// into a private network is never connected to, even where something listens at that address.

const resolvingTo =
  (addresses: string[]): ResolveAll =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('the push transport', () => {
  let service: FakePushService;
  let port: string;
  beforeAll(async () => {
    service = await startFakePushService();
    port = new URL(service.origin).port;
  });
  afterAll(() => service.close());

  const post = (transport: PushTransport, endpoint: string) => transport.post(endpoint, { TTL: 60 }, Buffer.alloc(0)).finally(() => transport.close());

  it.each([
    ['only to loopback', ['127.0.0.1']],
    ['to a public address and a private one', ['142.250.4.95', '10.1.2.3']],
    ['to IPv4-mapped loopback', ['::ffff:127.0.0.1']],
  ])('never connects to a push-service name that now resolves %s', async (_case, addresses) => {
    const device = service.subscribe('key');
    const before = service.received.length + service.refused.length;
    const transport = new PushTransport({ maxSockets: 1, resolve: resolvingTo(addresses) });
    await expect(post(transport, `https://rebind.fcm.googleapis.com:${port}${new URL(device.endpoint).pathname}`)).rejects.toMatchObject({ failure: 'refused-address' });
    expect(service.received.length + service.refused.length).toBe(before);
  });

  it('never connects to a private address written in the endpoint itself, unless it is the test origin', async () => {
    const device = service.subscribe('key');
    await expect(post(new PushTransport({ maxSockets: 1 }), device.endpoint)).rejects.toMatchObject({ failure: 'refused-address' });
    const answer = await post(new PushTransport({ maxSockets: 1, testOrigin: service.origin, testCaFile: service.caFile }), device.endpoint);
    expect(answer.status).toBe(401); // reached: the service refuses a push without a VAPID token
  });

  it("trusts the test origin's certificate only through PUSH_TEST_CA_FILE", async () => {
    const device = service.subscribe('key');
    await expect(post(new PushTransport({ maxSockets: 1, testOrigin: service.origin }), device.endpoint)).rejects.toMatchObject({ failure: 'connection' });
  });

  it('gives up on a push service that does not answer in time', async () => {
    const device = service.subscribe('key');
    service.slow(device, 1000);
    const transport = new PushTransport({ maxSockets: 1, testOrigin: service.origin, testCaFile: service.caFile, timeoutMs: 100 });
    await expect(post(transport, device.endpoint)).rejects.toMatchObject({ failure: 'timeout' });
  });

  it('answers a connection with the addresses of a name whose every address is public, in either form net asks for', async () => {
    const lookup = publicOnlyLookup(resolvingTo(['142.250.4.95', '2404:6800:4003:c00::5f']));
    const all = await new Promise((resolve) => lookup('fcm.googleapis.com', { all: true }, (error, addresses) => resolve({ error, addresses })));
    expect(all).toEqual({ error: null, addresses: [{ address: '142.250.4.95', family: 4 }, { address: '2404:6800:4003:c00::5f', family: 6 }] });
    const one = await new Promise((resolve) => lookup('fcm.googleapis.com', {}, (error, address, family) => resolve({ error, address, family })));
    expect(one).toEqual({ error: null, address: '142.250.4.95', family: 4 });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-04T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Wed, 04 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Wed, 04 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});
