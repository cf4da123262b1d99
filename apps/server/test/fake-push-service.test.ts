import { createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPush } from '../src/notify/push/sender.js';
import { generateVapidKeys, type VapidKeys } from '../src/notify/push/vapid-keys.js';
import { decryptPushBody, deriveMessageKeys, startFakePushService, type FakePushService, type ReceiverKeys } from './fake-push-service.js';

// The local push service's decryption is its own code, so the server's pushes are checked by
// something that shares nothing with web-push. This proves that code against the one example
// published with the standard: RFC 8291 Appendix A (https://www.rfc-editor.org/rfc/rfc8291#appendix-A).

const b64 = (value: string) => Buffer.from(value, 'base64url');

const APPENDIX_A = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  ecdhSecret: 'kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs',
  prkKey: 'Snr3JMxaHVDXHWJn5wdC52WjpCtd2EIEGBykDcZW32k',
  keyInfo:
    'V2ViUHVzaDogaW5mbwAEJXGyvs3942BVGq8e0PTNNmwRzr5VX4m8t7GGpTM5FzFo7OLr4BhZe9MEebhuPI-OztV3ylkYfpJGmQ22ggCLDgT-M_SrDepxkU21WCP3O1SUj0EwbZIHMtu5pZpTKGSCIA5Zent7wmC6HCJ5mFgJkuk5cwAvMBKiiujwa7t45ewP',
  ikm: 'S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg',
  prk: '09_eUZGrsvxChDCGRCdkLiDXrReGOEVeSCdCcPBSJSc',
  cek: 'oIhVW04MRdy2XN9CiKLxTg',
  nonce: '4h_95klXJ5E_qnoN',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const receiver: ReceiverKeys = { privateKey: b64(APPENDIX_A.uaPrivate), publicKey: b64(APPENDIX_A.uaPublic), authSecret: b64(APPENDIX_A.authSecret) };

describe('the fake push service decrypts as RFC 8291 says', () => {
  it('derives every intermediate value Appendix A lists from its keys and salt', () => {
    const keys = deriveMessageKeys(receiver, b64(APPENDIX_A.asPublic), b64(APPENDIX_A.salt));
    expect(keys.ecdhSecret.toString('base64url')).toBe(APPENDIX_A.ecdhSecret);
    expect(keys.prkKey.toString('base64url')).toBe(APPENDIX_A.prkKey);
    expect(keys.keyInfo.toString('base64url')).toBe(APPENDIX_A.keyInfo);
    expect(keys.ikm.toString('base64url')).toBe(APPENDIX_A.ikm);
    expect(keys.prk.toString('base64url')).toBe(APPENDIX_A.prk);
    expect(keys.cek.toString('base64url')).toBe(APPENDIX_A.cek);
    expect(keys.nonce.toString('base64url')).toBe(APPENDIX_A.nonce);
  });

  it("opens Appendix A's message to its plaintext", () => {
    expect(decryptPushBody(b64(APPENDIX_A.body), receiver).toString('utf8')).toBe(APPENDIX_A.plaintext);
  });

  it('refuses the message when one octet of it was changed, or the auth secret is another', () => {
    const altered = b64(APPENDIX_A.body);
    altered[altered.length - 20] = (altered[altered.length - 20] ?? 0) ^ 0x01;
    expect(() => decryptPushBody(altered, receiver)).toThrow();
    expect(() => decryptPushBody(b64(APPENDIX_A.body), { ...receiver, authSecret: Buffer.alloc(16) })).toThrow();
  });

  it('refuses a header whose keyid is not a 65-octet key', () => {
    const body = b64(APPENDIX_A.body);
    body[20] = 64;
    expect(() => decryptPushBody(body, receiver)).toThrow(/65-octet/);
  });
});

/** An ES256 VAPID token with the claims given, signed by `signer` (RFC 8292 §2). */
function vapidToken(signer: VapidKeys, claims: Record<string, unknown>): string {
  const point = Buffer.from(signer.publicKey, 'base64url');
  const key = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: signer.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const signed = `${Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signed}.${sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('the fake push service refuses what a push service refuses', () => {
  let service: FakePushService;
  const keys = generateVapidKeys();
  const vapid = { subject: 'mailto:office@academy.lk', ...keys };
  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(() => service.close());

  const post = (endpoint: string, headers: Record<string, string | number>, body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const sent = request(endpoint, { method: 'POST', headers, ca: readFileSync(service.caFile, 'utf8') }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.on('error', reject);
      sent.end(body);
    });

  const push = (payload = '{"id":"n-1"}') => {
    const subscription = service.subscribe(keys.publicKey);
    return buildPush({ subscription, payload, ttlSeconds: 60, urgency: 'normal' }, vapid);
  };
  const withToken = (claims: Record<string, unknown>, signer: VapidKeys = keys) => `vapid t=${vapidToken(signer, claims)}, k=${keys.publicKey}`;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it("serves a P-256 certificate made for this run, for the IP address 127.0.0.1", () => {
    const certificate = new X509Certificate(readFileSync(service.caFile));
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('accepts a push as the sender builds it, and records its plaintext', async () => {
    const built = push('{"id":"n-2"}');
    expect(await post(built.endpoint, built.headers, built.body)).toBe(201);
    expect((await service.waitFor((received) => built.endpoint.endsWith(received.subscriptionId))).payload).toEqual({ id: 'n-2' });
  });

  it.each([
    ['no TTL', (headers: Record<string, string | number>) => ({ ...headers, TTL: '' }), 400],
    ['another content encoding', (headers: Record<string, string | number>) => ({ ...headers, 'Content-Encoding': 'aesgcm' }), 400],
    ['no VAPID token', (headers: Record<string, string | number>) => ({ ...headers, Authorization: '' }), 401],
    ['a token signed by another key than k', (headers: Record<string, string | number>) => ({ ...headers, Authorization: withToken({ aud: service.origin, exp: inAnHour(), sub: vapid.subject }, generateVapidKeys()) }), 401],
    ['a token for another origin', (headers: Record<string, string | number>) => ({ ...headers, Authorization: withToken({ aud: 'https://fcm.googleapis.com', exp: inAnHour(), sub: vapid.subject }) }), 401],
    ['an expired token', (headers: Record<string, string | number>) => ({ ...headers, Authorization: withToken({ aud: service.origin, exp: inAnHour() - 7200, sub: vapid.subject }) }), 401],
    ['a token valid for more than 24 hours', (headers: Record<string, string | number>) => ({ ...headers, Authorization: withToken({ aud: service.origin, exp: inAnHour() + 24 * 3600, sub: vapid.subject }) }), 401],
    ['a token without a mailto: or https: contact', (headers: Record<string, string | number>) => ({ ...headers, Authorization: withToken({ aud: service.origin, exp: inAnHour(), sub: 'office@academy.lk' }) }), 401],
  ])('refuses %s', async (_case, change, status) => {
    const built = push();
    expect(await post(built.endpoint, change(built.headers), built.body)).toBe(status);
  });

  it('refuses a body over 4,096 octets with 413', async () => {
    const built = push();
    const body = Buffer.concat([built.body, Buffer.alloc(4097 - built.body.length)]);
    expect(await post(built.endpoint, { ...built.headers, 'Content-Length': body.length }, body)).toBe(413);
  });
});
