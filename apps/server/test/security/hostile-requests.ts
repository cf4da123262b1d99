import { createHmac } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { multipartFiles } from '../multipart-form';

// Hostile versions of a valid request (fast-check arbitraries): the request of a route's example
// with one part corrupted (a body field, the whole body, the JSON text, the content type, a path
// parameter, the query string, a header, a multipart part) or grown past every limit. Starting
// from a valid request lets the corruption reach past the first check into the route's own code.

/** Strings attackers and broken clients send: injections, traversal, odd unicode, numbers that do not fit. */
const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE accounts; --",
  '1; SELECT pg_sleep(5)--',
  '" OR ""="',
  "admin'--",
  '\\',
  '%',
  '_',
  '{"$gt": ""}',
  '{"$where": "sleep(1000)"}',
  '[$ne]=1',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//etc/passwd',
  'file.pdf\u0000.png',
  '\u0000',
  '\u202egnp.exe',
  'a\u200b\u200bb',
  '\ud800',
  '𝕳𝖎𝖘𝖙𝖔𝖗𝖞 ඉතිහාසය இந்தியா',
  'Z̸̡̛̗̝͇̈́ả̷̜l̶̢̛g̵o̴',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}%s%n',
  '1e309',
  '-1',
  '0x7fffffffffffffff',
  '99999999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '',
  ' ',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS).map((s) => s.repeat(3000)) },
);

/** Values of any JSON type where a field expects one: wrong types, huge numbers, operator objects. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      -0,
      0.5,
      -1,
      2 ** 31,
      true,
      false,
      null,
      [],
      {},
      { $gt: '' },
      { $ne: null },
      ['a', 'b'],
      [{ $where: '1' }],
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // Deep enough to hurt a recursive walker, shallow enough for the test's own JSON.stringify.
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000 }).map(nested) },
);

/** `[[[…]]]` or `{"a":{"a":…}}`, deeper than any form: the parser and the validator must not fall over. */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** JSON text that is not JSON, or is JSON with poisoned keys a naive merge would obey. */
const BROKEN_JSON = [
  '{"email": ',
  "{'email': 'a@b.lk'}",
  '{"a":1,}',
  '{"a":1}}',
  'NaN',
  '[',
  '"',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":1e99999}',
  '{"__proto__":{"isAdmin":true,"accountType":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '['.repeat(100_000),
  ' ',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/jsonp',
  'image/png',
  '*/*',
  'application/json, text/plain',
];

/** A token we never issued: no signature, another secret, garbage. */
function forgedBearers(): string[] {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = part({ sub: 'admin', sid: '00000000-0000-4000-8000-000000000000', tv: 0, exp: 9_999_999_999 });
  const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${claims}.`;
  const header = part({ alg: 'HS256', typ: 'JWT' });
  const otherSecret = createHmac('sha256', 'not-the-server-secret-at-all-123456').update(`${header}.${claims}`).digest('base64url');
  return ['Bearer', 'Bearer ', `Bearer ${unsigned}`, `Bearer ${header}.${claims}.${otherSecret}`, 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', 'bearer null'];
}

const HOSTILE_HEADERS: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom(...forgedBearers()).map((authorization) => ({ authorization })),
  fc
    .constantFrom('bytes=-1', 'bytes=999999999999999999999-', 'bytes=5-1', 'bytes=0-0,1-1,2-2,3-3,4-4,5-5', 'bytes=', 'items=0-10', 'bytes=-0')
    .map((range) => ({ range })),
  fc.constantFrom('1', 'admin', "' OR 1=1 --").map((value) => ({ admin_id: value })),
  fc.constantFrom("' OR 1=1 --", '999.999.999.999', 'unknown, 10.0.0.1').map((value) => ({ 'x-forwarded-for': value })),
  fc.constantFrom('gzip;q=2, br, zstd, nonsense', 'identity;q=0', '*;q=0').map((value) => ({ 'accept-encoding': value })),
  fc.constantFrom('text/csv', 'application/xml', '*/*;q=0').map((value) => ({ accept: value })),
  fc.constantFrom('https://evil.example', 'null').map((origin) => ({ origin })),
  // Printable ASCII only: a header with control characters never leaves a real HTTP client.
  fc.string({ unit: 'binary-ascii', maxLength: 200 }).map((value) => ({ 'x-anything': value.replace(/[^\x20-\x7e]/g, '') })),
);

export type Mutation = (request: InjectOptions) => InjectOptions;

const isMultipart = (request: InjectOptions) => String(request.headers?.['content-type'] ?? '').startsWith('multipart/');
const bodyObject = (request: InjectOptions) =>
  request.payload && typeof request.payload === 'object' && !Buffer.isBuffer(request.payload) ? (request.payload as Record<string, unknown>) : null;

/** Replaces, or adds, one field of a JSON body ('__proto__' as a key of its own, as JSON carries it). */
const fieldMutation = (keys: string[]): fc.Arbitrary<Mutation> =>
  fc.tuple(fc.constantFrom(...keys, 'unexpected', 'isAdmin', 'accountType', 'email', '__proto__', 'constructor', 'prototype'), nastyValue).map(([key, value]) => (request) => ({
    ...request,
    payload: { ...(bodyObject(request) ?? {}), [key]: value },
  }));

const wholeBodyMutation: fc.Arbitrary<Mutation> = nastyValue.map((value) => (request) => ({
  ...request,
  payload: JSON.stringify(value) ?? 'null',
  headers: { ...request.headers, 'content-type': 'application/json' },
}));

const brokenJsonMutation: fc.Arbitrary<Mutation> = fc.constantFrom(...BROKEN_JSON).map((text) => (request) => ({
  ...request,
  payload: text,
  headers: { ...request.headers, 'content-type': 'application/json' },
}));

/** JSON text nested far deeper than a client's serializer would allow (the server's parser is iterative). */
const deepJsonMutation: fc.Arbitrary<Mutation> = fc
  .tuple(fc.integer({ min: 1_000, max: 30_000 }), fc.boolean())
  .map(([depth, objects]) => (request) => ({
    ...request,
    payload: objects ? `${'{"a":'.repeat(Math.floor(depth / 3))}1${'}'.repeat(Math.floor(depth / 3))}` : `${'['.repeat(depth)}${']'.repeat(depth)}`,
    headers: { ...request.headers, 'content-type': 'application/json' },
  }));

const contentTypeMutation: fc.Arbitrary<Mutation> = fc.constantFrom(...WRONG_CONTENT_TYPES).map((type) => (request) => ({
  ...request,
  payload: request.payload ?? '{"a":1}',
  headers: { ...request.headers, 'content-type': type },
}));

const oversizedMutation: fc.Arbitrary<Mutation> = fc.integer({ min: 65 * 1024, max: 300 * 1024 }).map((size) => (request) => ({
  ...request,
  payload: JSON.stringify({ ...(bodyObject(request) ?? {}), filler: 'x'.repeat(size) }),
  headers: { ...request.headers, 'content-type': 'application/json' },
}));

/**
 * A path segment as a browser sends one (every byte but the unreserved ones %-escaped), or raw:
 * printable ASCII kept as it is ('..', '%2f', a lone '%'), only what would end the path escaped.
 * Bytes, not characters, so a lone surrogate is sent as the replacement character a client would send.
 */
function pathSegment(value: string, raw: boolean): string {
  const kept = raw ? /[!-~]/ : /[A-Za-z0-9\-_.!~*'()]/;
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return kept.test(char) && char !== '?' && char !== '#' ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** One path segment (a parameter of the route's pattern) replaced. */
function paramMutation(pattern: string): fc.Arbitrary<Mutation> | null {
  const positions = pattern.split('/').flatMap((segment, index) => (segment.startsWith(':') ? [index] : []));
  if (positions.length === 0) return null;
  return fc.tuple(fc.constantFrom(...positions), nastyString, fc.boolean()).map(([position, value, raw]) => (request) => {
    const [path = '', query] = String(request.url).split('?');
    const segments = path.split('/');
    segments[position] = pathSegment(value, raw);
    return { ...request, url: `${segments.join('/')}${query === undefined ? '' : `?${query}`}` };
  });
}

/** A query parameter added or replaced, as one value, a repeated key, or bracket syntax. */
const queryMutation: fc.Arbitrary<Mutation> = fc
  .tuple(
    fc.constantFrom('search', 'page', 'pageSize', 'batch', 'state', 'before', 'id', 't', '__proto__[isAdmin]', 'constructor[prototype][x]', 'page[]'),
    nastyString,
    fc.constantFrom('single', 'repeated'),
  )
  .map(([key, value, shape]) => (request) => {
    const url = new URL(String(request.url), 'http://portal.test');
    url.searchParams.set(key, value);
    if (shape === 'repeated') url.searchParams.append(key, value);
    return { ...request, url: `${url.pathname}${url.search}` };
  });

const headerMutation: fc.Arbitrary<Mutation> = HOSTILE_HEADERS.map((extra) => (request) => ({ ...request, headers: { ...request.headers, ...extra } }));

/** A multipart body with a hostile file name, field, type or content, or no proper end. */
const multipartMutation: fc.Arbitrary<Mutation> = fc
  .record({
    field: fc.constantFrom('file', 'image', 'image1', 'image4', '__proto__', '', 'file"; name="x'),
    filename: fc.oneof(nastyString, fc.constantFrom('../../escape.pdf', '..\\..\\escape.mp4', '/etc/passwd', 'a.pdf\u0000.exe', '.pdf', 'CON.pdf')),
    contentType: fc.constantFrom('application/pdf', 'video/mp4', 'image/png', 'text/csv', 'application/octet-stream', 'text/html'),
    bytes: fc.uint8Array({ maxLength: 2048 }),
    cut: fc.boolean(),
  })
  .map(({ field, filename, contentType, bytes, cut }) => (request) => {
    const form = multipartFiles([{ field, filename: filename.replace(/[\r\n]/g, ''), contentType, bytes: Buffer.from(bytes) }]);
    // A cut body ends before its closing boundary, as a dropped connection leaves it.
    const payload = cut ? form.payload.subarray(0, Math.floor(form.payload.length / 2)) : form.payload;
    return { ...request, payload, headers: { ...request.headers, ...form.headers } };
  });

const isForm = (request: InjectOptions) => String(request.headers?.['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * One field of a form body (PayHere's notification, the only one the portal takes) replaced,
 * given twice, or dropped; or a field of its own added.
 */
function formMutation(example: InjectOptions): fc.Arbitrary<Mutation> {
  const keys = [...new URLSearchParams(String(example.payload ?? '')).keys()];
  return fc
    .tuple(fc.constantFrom(...keys, 'unexpected', '__proto__', 'constructor'), nastyString, fc.constantFrom('replace', 'twice', 'drop'))
    .map(([key, value, how]) => (request) => {
      const form = new URLSearchParams(String(request.payload ?? ''));
      if (how === 'replace') form.set(key, value);
      else if (how === 'twice') form.append(key, value);
      else form.delete(key);
      return { ...request, payload: form.toString() };
    });
}

/** A form body past its 16 KB limit. */
const oversizedFormMutation: fc.Arbitrary<Mutation> = fc.integer({ min: 17 * 1024, max: 300 * 1024 }).map((size) => (request) => ({
  ...request,
  payload: `${String(request.payload ?? '')}&filler=${'x'.repeat(size)}`,
}));

/** The ways a body is corrupted, by the kind of body the example sends. */
function bodyMutations(example: InjectOptions): fc.Arbitrary<Mutation>[] {
  if (isMultipart(example)) return [multipartMutation, multipartMutation, contentTypeMutation, brokenJsonMutation];
  if (isForm(example)) return [formMutation(example), formMutation(example), formMutation(example), contentTypeMutation, brokenJsonMutation, oversizedFormMutation];
  const keys = Object.keys(bodyObject(example) ?? {});
  return [fieldMutation(keys), fieldMutation(keys), wholeBodyMutation, deepJsonMutation, brokenJsonMutation, contentTypeMutation, oversizedMutation];
}

/** Every way this test corrupts a request of the route `pattern`, given its valid example. */
export function hostileMutations(pattern: string, example: InjectOptions): fc.Arbitrary<Mutation> {
  const param = paramMutation(pattern);
  const body = bodyMutations(example);
  return fc.oneof(...body, queryMutation, headerMutation, ...(param ? [param, param] : []));
}
