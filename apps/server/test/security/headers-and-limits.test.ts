import { mkdirSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ANNOTATIONS_BODY_LIMIT,
  BANNER_MAX_BYTES,
  PAGE_FIELD,
  PAPER_BODY_LIMIT,
  PAPER_IMAGE_FIELD,
  PAPER_IMAGE_MAX_BYTES,
  PAPER_IMPORT_FIELD,
  PAPER_IMPORT_MAX_BYTES,
  PAYHERE_NOTIFY_BODY_LIMIT,
  PROFILE_IMAGE_MAX_BYTES,
  SERVER_TEXT,
  SHEET_FIELD,
  SLIP_FILE_FIELD,
  SLIP_MAX_BYTES,
  STUDENT_IMPORT_MAX_BYTES,
  WRITTEN_LIMITS,
} from '@academy/contract';
import { JSON_BODY_LIMIT } from '../../src/app';
import { mp4Bytes, PDF_BYTES } from '../../src/features/class-material/test-helpers';
import type { DeclaredRoute } from '../../src/plugins/auth';
import { multipartFiles } from '../multipart-form';
import { startTestApp } from '../test-app';
import { requestFor, send, type Answer } from './call-route';
import { errorContractProblems } from './error-contract';
import { changes } from './fingerprint';
import { exampleOf, GRANTED, narrowerFor } from './route-examples';
import { useSecurityTestApp } from './security-app';

// Headers and limits, over every route of the real app: the security headers on every answer
// (no-store and a download disposition on every JSON one), no CORS grant to another origin, and
// each route's body limit answered with 413 and nothing stored, the JSON routes' one just above
// 64 KiB, each upload's its own.

const FOREIGN_ORIGIN = 'https://evil.example';
const MAX_UPLOAD_BYTES = 512 * 1024;

/** What is wrong with an answer's security headers, or []. */
function headerProblems(answer: Answer): string[] {
  const problems: string[] = [];
  const csp = String(answer.headers['content-security-policy'] ?? '');
  const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
  if (!directive('script-src').includes("'self'") || /unsafe-(inline|eval)/.test(directive('script-src'))) {
    problems.push(`script-src allows more than this origin: ${directive('script-src') || '(missing)'}`);
  }
  if (directive('default-src') !== "default-src 'self'") problems.push(`default-src is ${directive('default-src') || '(missing)'}`);
  if (directive('object-src') !== "object-src 'none'") problems.push(`object-src is ${directive('object-src') || '(missing)'}`);
  if (directive('frame-ancestors') !== "frame-ancestors 'none'") problems.push(`frame-ancestors is ${directive('frame-ancestors') || '(missing)'}`);
  if (answer.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods']) {
    if (answer.headers[name] !== undefined) problems.push(`${name}: ${String(answer.headers[name])}`);
  }
  return problems;
}

const isJsonAnswer = (answer: Answer) => String(answer.headers['content-type'] ?? '').startsWith('application/json');

/**
 * What is wrong with an API answer's caching, or []: a JSON answer (data, or an error) must say
 * `no-store`, so that no browser cache or proxy keeps a student's data for the next user of the
 * device. Images and files say what they allow themselves, and other tests hold them to it.
 */
function cacheProblems(answer: Answer): string[] {
  if (!isJsonAnswer(answer)) return [];
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  return cacheControl.split(',').map((d) => d.trim()).includes('no-store') ? [] : [`a JSON answer with Cache-Control ${cacheControl || '(none)'}`];
}

const JSON_DISPOSITION = 'attachment; filename="api.json"';

/**
 * What is wrong with an answer's Content-Disposition, or []: a JSON answer (data, or an error) is a
 * download named api.json, so a browser never renders one as a page; any other answer keeps its
 * own disposition (a class file shown inline, the CSV export) or has none.
 */
function dispositionProblems(answer: Answer): string[] {
  const disposition = answer.headers['content-disposition'];
  // A JSON answer is a download (never drawn as a page): api.json, or a name of its own such as a student's data export.
  if (isJsonAnswer(answer)) return String(disposition ?? '').startsWith('attachment; filename="') ? [] : [`a JSON answer with Content-Disposition ${String(disposition ?? '(none)')}`];
  return disposition === JSON_DISPOSITION ? [`a ${String(answer.headers['content-type'] ?? 'typeless')} answer named api.json`] : [];
}

// Each test below calls every API route (some twice, with a database fingerprint around each), so
// its time grows with the routes; the suite default of 20 s was hit on a loaded CI machine.
const EVERY_ROUTE = { timeout: 120_000 };

const isMultipart = (headers: Record<string, string> | undefined) => String(headers?.['content-type'] ?? '').startsWith('multipart/');

async function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

/** Bytes that start like a PNG and go on past `size`: refused by their size before anyone decodes them. */
const oversizedPng = async (size: number) => Buffer.concat([await noisyPng(8, 8), Buffer.alloc(size + 1)]).subarray(0, size + 1);

interface UploadLimit {
  maxBytes: number;
  /** A valid file above the JSON limit and within this cap, which must be taken. */
  within: () => Promise<{ field: string; filename: string; type: string; bytes: Buffer }>;
  /** A file one byte over the cap. */
  over: () => Promise<{ field: string; filename: string; type: string; bytes: Buffer }>;
}

/** Every upload route's own cap. A new upload route fails the test below until it is listed here. */
const UPLOAD_LIMITS: Record<string, UploadLimit> = {
  'POST /api/students/student/profile-image/:id': {
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    within: async () => ({ field: 'image', filename: 'me.png', type: 'image/png', bytes: await noisyPng(300, 300) }),
    over: async () => ({ field: 'image', filename: 'me.png', type: 'image/png', bytes: await oversizedPng(PROFILE_IMAGE_MAX_BYTES) }),
  },
  'POST /api/banners/upload-image': {
    maxBytes: BANNER_MAX_BYTES,
    within: async () => ({ field: 'image1', filename: 'banner.png', type: 'image/png', bytes: await noisyPng(600, 250) }),
    over: async () => ({ field: 'image1', filename: 'banner.png', type: 'image/png', bytes: await oversizedPng(BANNER_MAX_BYTES) }),
  },
  'POST /api/students/student/import': {
    maxBytes: STUDENT_IMPORT_MAX_BYTES,
    within: async () => {
      const row = `Csv Pupil,csv.${crypto.randomUUID().slice(0, 8)}@example.lk,0771234567,Kandy,2025,Paper,Indian,${'n'.repeat(100 * 1024)}`;
      return { field: 'file', filename: 'students.csv', type: 'text/csv', bytes: Buffer.from(`name,email,whatsAppNo,district,batch,classType,historyType,notes\n${row}\n`) };
    },
    over: async () => ({ field: 'file', filename: 'students.csv', type: 'text/csv', bytes: Buffer.alloc(STUDENT_IMPORT_MAX_BYTES + 1, 'a') }),
  },
  'POST /api/folders/folder/:folderId/files': {
    maxBytes: MAX_UPLOAD_BYTES,
    within: async () => ({ field: 'file', filename: `big-${crypto.randomUUID().slice(0, 6)}.pdf`, type: 'application/pdf', bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(200 * 1024, 32)]) }),
    over: async () => ({ field: 'file', filename: 'too-big.mp4', type: 'video/mp4', bytes: mp4Bytes(MAX_UPLOAD_BYTES + 1) }), // a real video padded to exactly this size
  },
  'POST /api/papers/import': {
    maxBytes: PAPER_IMPORT_MAX_BYTES,
    within: async () => {
      const rows = Array.from({ length: 100 }, (_, n) => `Question ${n},Mahaweli,Kelani,1,${'e'.repeat(1400)}`);
      return { field: PAPER_IMPORT_FIELD, filename: 'questions.csv', type: 'text/csv', bytes: Buffer.from(`question,option1,option2,correct,explanation\n${rows.join('\n')}\n`) };
    },
    over: async () => ({ field: PAPER_IMPORT_FIELD, filename: 'questions.csv', type: 'text/csv', bytes: Buffer.alloc(PAPER_IMPORT_MAX_BYTES + 1, 'a') }),
  },
  'POST /api/papers/images': {
    maxBytes: PAPER_IMAGE_MAX_BYTES,
    within: async () => ({ field: PAPER_IMAGE_FIELD, filename: 'diagram.png', type: 'image/png', bytes: await noisyPng(300, 300) }),
    over: async () => ({ field: PAPER_IMAGE_FIELD, filename: 'diagram.png', type: 'image/png', bytes: await oversizedPng(PAPER_IMAGE_MAX_BYTES) }),
  },
  'POST /api/fees/slips': {
    maxBytes: SLIP_MAX_BYTES,
    within: async () => ({ field: SLIP_FILE_FIELD, filename: 'slip.png', type: 'image/png', bytes: await noisyPng(300, 300) }),
    over: async () => ({ field: SLIP_FILE_FIELD, filename: 'slip.png', type: 'image/png', bytes: await oversizedPng(SLIP_MAX_BYTES) }),
  },
  'POST /api/forensics/traces': {
    maxBytes: MAX_UPLOAD_BYTES,
    within: async () => ({ field: 'file', filename: 'leak.mp4', type: 'video/mp4', bytes: mp4Bytes(200 * 1024) }),
    over: async () => ({ field: 'file', filename: 'leak.mp4', type: 'video/mp4', bytes: mp4Bytes(MAX_UPLOAD_BYTES + 1) }),
  },
  'POST /api/papers/:paperId/script/pages': {
    maxBytes: WRITTEN_LIMITS.pageMaxBytes,
    within: async () => ({ field: PAGE_FIELD, filename: 'page.png', type: 'image/png', bytes: await noisyPng(300, 300) }),
    over: async () => ({ field: PAGE_FIELD, filename: 'page.png', type: 'image/png', bytes: await oversizedPng(WRITTEN_LIMITS.pageMaxBytes) }),
  },
  'POST /api/papers/:paperId/written/sheet': {
    maxBytes: WRITTEN_LIMITS.sheetMaxBytes,
    within: async () => {
      // A sheet with a picture in it, past the JSON limit.
      const pdf = await PDFDocument.create();
      const picture = await pdf.embedPng(await noisyPng(300, 300));
      pdf.addPage([595, 842]).drawImage(picture, { x: 50, y: 400, width: 300, height: 300 });
      return { field: SHEET_FIELD, filename: 'questions.pdf', type: 'application/pdf', bytes: Buffer.from(await pdf.save()) };
    },
    over: async () => ({
      field: SHEET_FIELD,
      filename: 'questions.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(WRITTEN_LIMITS.sheetMaxBytes + 1)]).subarray(0, WRITTEN_LIMITS.sheetMaxBytes + 1),
    }),
  },
};

/**
 * JSON routes that take more than JSON_BODY_LIMIT, each tested at its own limit. A route with a
 * bigger limit and no entry here fails the body test below (its one byte over is not refused).
 */
/**
 * The routes that take a form body (ASVS 4.2.2: no other route does): PayHere's notification
 * (fees), and the one-click unsubscribe a mail client posts (RFC 8058, notifications).
 */
const FORM_ROUTES = new Set(['POST /api/fees/payhere/notify', 'POST /api/notifications/unsubscribe/:token']);

const JSON_BODY_LIMITS: Record<string, number> = {
  'POST /api/papers': PAPER_BODY_LIMIT,
  'PUT /api/papers/:paperId': PAPER_BODY_LIMIT,
  'PUT /api/papers/:paperId/scripts/:scriptId/pages/:pageId/annotations': ANNOTATIONS_BODY_LIMIT,
};

describe('headers and limits on every route', () => {
  const t = useSecurityTestApp({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
  const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
  /** The route's example as a caller it grants (the admin wherever the admin is granted). */
  async function grantedRequest(route: DeclaredRoute) {
    const example = exampleOf(route.method, route.url);
    if (!example) throw new Error(`${key(route)} has no example (the access matrix names it)`);
    const granted = GRANTED[route.access];
    const actor = granted.includes('admin') && !narrowerFor(example, 'admin') ? 'admin' : (granted.find((a) => a !== 'anonymous') ?? 'anonymous');
    const built = await example.build({ world: t.world, actor });
    return { example, built, request: requestFor(t.world, route, actor, built) };
  }

  it('sends the CSP, nosniff, no CORS grant and, on JSON, no-store and a download disposition on every answer, to a caller from another origin', EVERY_ROUTE, async () => {
    const problems: string[] = [];
    let jsonAnswers = 0;
    const ownDispositions = new Map<string, string>();
    for (const route of t.app.declaredRoutes) {
      const { example, request } = await grantedRequest(route);
      const answer = await send(t.app, { ...request, headers: { ...request.headers, origin: FOREIGN_ORIGIN } });
      // An example whose granted answer is a refusal (a lesson not streamed yet) is checked on that refusal.
      if (answer.statusCode >= 400 && answer.statusCode !== example.status) problems.push(`${key(route)}: the example was refused (${answer.statusCode})`);
      problems.push(...[...headerProblems(answer), ...cacheProblems(answer), ...dispositionProblems(answer)].map((p) => `${key(route)}: ${p}`));
      if (isJsonAnswer(answer)) jsonAnswers += 1;
      const disposition = answer.headers['content-disposition'];
      if (disposition !== undefined && disposition !== JSON_DISPOSITION) ownDispositions.set(key(route), String(disposition));
    }
    expect(problems).toEqual([]);
    // The check above looked at the answers that matter: most routes answer JSON.
    expect(jsonAnswers).toBeGreaterThan(t.app.declaredRoutes.length / 2);
    // ...and at answers that name their own disposition, which they keep: a class file, the CSV export and a student's own data.
    expect(ownDispositions.get('GET /api/secure-folders/secure-file')).toMatch(/^inline; filename="/);
    expect(ownDispositions.get('POST /api/students/student/export')).toMatch(/^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(ownDispositions.get('GET /api/privacy/mine/export')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  });

  it('names the JSON answers the router gives before any route is found a download as well', async () => {
    const answer = await send(t.app, { method: 'GET', url: '/api/students/%zz' });
    expect(answer.statusCode).toBe(400);
    expect(isJsonAnswer(answer)).toBe(true);
    expect([...headerProblems(answer), ...dispositionProblems(answer)]).toEqual([]);
  });

  it('keeps no-store and the download disposition on the refusals too: a missing token, a student at an admin route, an unknown id', async () => {
    const trace = '/api/forensics/traces';
    const refusals = [
      await send(t.app, { method: 'GET', url: `${trace}/${crypto.randomUUID()}` }),
      await send(t.app, { method: 'GET', url: `${trace}/${crypto.randomUUID()}`, headers: t.world.headers.student }),
      await send(t.app, { method: 'GET', url: `${trace}/${crypto.randomUUID()}`, headers: t.world.headers.admin }),
    ];
    expect(refusals.map((answer) => answer.statusCode)).toEqual([401, 403, 404]);
    expect(refusals.flatMap(cacheProblems)).toEqual([]);
    expect(refusals.flatMap(dispositionProblems)).toEqual([]);
  });

  it('grants no cross-origin preflight on any API address', EVERY_ROUTE, async () => {
    const problems: string[] = [];
    for (const route of t.app.declaredRoutes.filter((r) => r.method !== 'HEAD')) {
      const { request } = await grantedRequest(route);
      const answer = await send(t.app, {
        method: 'OPTIONS',
        url: request.url,
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': route.method, 'access-control-request-headers': 'authorization, content-type' },
      });
      if (answer.statusCode >= 500) problems.push(`${key(route)}: preflight answered ${answer.statusCode}`);
      problems.push(...headerProblems(answer).map((p) => `${key(route)} preflight: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('refuses a JSON body one byte over 64 KiB (or its own limit) on every route that reads one, with 413 and nothing stored, and takes one at the limit', EVERY_ROUTE, async () => {
    const problems: string[] = [];
    const bodyRoutes = t.app.declaredRoutes.filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method));
    for (const route of bodyRoutes) {
      const { request } = await grantedRequest(route);
      // Uploads have their own caps (below); PayHere's notification takes no JSON at all (below too).
      if (isMultipart(request.headers as Record<string, string>) || key(route) === 'POST /api/fees/payhere/notify') continue;
      const limit = JSON_BODY_LIMITS[key(route)] ?? JSON_BODY_LIMIT;
      // Counted in bytes: a body with Sinhala text has three bytes to a character.
      const padded = (size: number) => {
        const base = JSON.stringify({ ...(request.payload as object | undefined), filler: '' });
        return `${base.slice(0, -2)}${'x'.repeat(size - Buffer.byteLength(base))}"}`;
      };
      const headers = { ...request.headers, 'content-type': 'application/json' };
      const before = await t.fingerprints.take();
      const over = await send(t.app, { ...request, headers, payload: padded(limit + 1) });
      if (over.statusCode !== 413) problems.push(`${key(route)}: ${limit + 1} bytes answered ${over.statusCode}`);
      else if (JSON.parse(over.body).message !== SERVER_TEXT.bodyTooLarge) problems.push(`${key(route)}: 413 says ${over.body}`);
      problems.push(...errorContractProblems(over, route.method).map((p) => `${key(route)}: ${p}`));
      const changed = changes(before, await t.fingerprints.take());
      if (changed.length > 0) problems.push(`${key(route)}: the refused body changed ${changed.join(', ')}`);
      const { request: fresh } = await grantedRequest(route);
      const atLimit = await send(t.app, { ...fresh, headers: { ...fresh.headers, 'content-type': 'application/json' }, payload: padded(limit) });
      if (atLimit.statusCode === 413) problems.push(`${key(route)}: exactly ${limit} bytes answered 413`);
    }
    expect(bodyRoutes.length).toBeGreaterThan(20);
    expect(Object.keys(JSON_BODY_LIMITS).filter((name) => !bodyRoutes.some((route) => key(route) === name)), 'JSON_BODY_LIMITS names routes the app does not have').toEqual([]);
    expect(problems).toEqual([]);
  });

  it("answers a form post 415 on every route but the form routes; PayHere's notification takes forms only, up to 16 KB", EVERY_ROUTE, async () => {
    const problems: string[] = [];
    const bodyRoutes = t.app.declaredRoutes.filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method));
    expect([...FORM_ROUTES].filter((name) => !bodyRoutes.some((route) => key(route) === name)), 'FORM_ROUTES names routes the app does not have').toEqual([]);
    for (const route of bodyRoutes) {
      const { request } = await grantedRequest(route);
      const form = { ...request, headers: { ...request.headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'requestId=x&months=2026-11' };
      if (key(route) === 'POST /api/fees/payhere/notify') {
        const unsigned = await send(t.app, form);
        if (unsigned.statusCode !== 400) problems.push(`${key(route)}: a form without a signature answered ${unsigned.statusCode}`);
        const json = await send(t.app, { ...request, headers: { ...request.headers, 'content-type': 'application/json' }, payload: '{"order_id":"F1"}' });
        if (json.statusCode !== 415) problems.push(`${key(route)}: a JSON body answered ${json.statusCode}`);
        const before = await t.fingerprints.take();
        const over = await send(t.app, { ...request, payload: `${String(request.payload)}&filler=${'x'.repeat(PAYHERE_NOTIFY_BODY_LIMIT)}` });
        if (over.statusCode !== 413) problems.push(`${key(route)}: a form over 16 KB answered ${over.statusCode}`);
        const changed = changes(before, await t.fingerprints.take());
        if (changed.length > 0) problems.push(`${key(route)}: the refused form changed ${changed.join(', ')}`);
        continue;
      }
      if (FORM_ROUTES.has(key(route))) continue;
      const answer = await send(t.app, form);
      if (answer.statusCode !== 415) {
        problems.push(`${key(route)}: a form post answered ${answer.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("holds every upload to its own cap: one byte over is 413 with nothing stored, a file above the JSON limit but within the cap is taken", EVERY_ROUTE, async () => {
    const uploadRoutes: DeclaredRoute[] = [];
    for (const route of t.app.declaredRoutes) {
      const { request } = await grantedRequest(route);
      if (isMultipart(request.headers as Record<string, string>)) uploadRoutes.push(route);
    }
    expect(uploadRoutes.map(key).sort(), 'every upload route needs its cap in UPLOAD_LIMITS').toEqual(Object.keys(UPLOAD_LIMITS).sort());
    const problems: string[] = [];
    for (const route of uploadRoutes) {
      const limit = UPLOAD_LIMITS[key(route)] as UploadLimit;
      // Built before the fingerprint: an example may make what it uploads into (a class with fees).
      const prepare = async (file: Awaited<ReturnType<UploadLimit['over']>>) => {
        const { request, built } = await grantedRequest(route);
        const form = multipartFiles([{ field: file.field, filename: file.filename, contentType: file.type, bytes: file.bytes }], built.formFields);
        return { ...request, payload: form.payload, headers: { ...request.headers, ...form.headers } };
      };
      const attempt = async (file: Awaited<ReturnType<UploadLimit['over']>>) => send(t.app, await prepare(file));
      const overFile = await limit.over();
      expect(overFile.bytes.length).toBe(limit.maxBytes + 1);
      const overRequest = await prepare(overFile);
      const before = await t.fingerprints.take();
      const over = await send(t.app, overRequest);
      if (over.statusCode !== 413) problems.push(`${key(route)}: ${limit.maxBytes + 1} bytes answered ${over.statusCode} ${over.body.slice(0, 200)}`);
      problems.push(...errorContractProblems(over, route.method).map((p) => `${key(route)}: ${p}`));
      const changed = changes(before, await t.fingerprints.take());
      if (changed.length > 0) problems.push(`${key(route)}: the refused upload changed ${changed.join(', ')}`);
      const withinFile = await limit.within();
      expect(withinFile.bytes.length, key(route)).toBeGreaterThan(JSON_BODY_LIMIT);
      const within = await attempt(withinFile);
      if (within.statusCode !== 200) problems.push(`${key(route)}: ${withinFile.bytes.length} bytes answered ${within.statusCode} ${within.body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the checkout's origin in form-action", () => {
  const formAction = (headers: Record<string, unknown>) =>
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('form-action')) ?? '';

  it("is named beside 'self' only when PayHere is set, and the API answers' CSP is as before", async () => {
    const bare = await startTestApp();
    const payhere = await startTestApp({ PAYHERE_MERCHANT_ID: 'M1', PAYHERE_MERCHANT_SECRET: 'a-merchant-secret', PUBLIC_URL: 'https://portal.example.lk', PAYHERE_MODE: 'live' });
    try {
      const page = (app: typeof bare.app) => app.inject({ url: '/index.html' });
      expect(formAction((await page(bare.app)).headers)).toBe("form-action 'self'");
      expect(formAction((await page(payhere.app)).headers)).toBe("form-action 'self' https://www.payhere.lk");
      const api = async (app: typeof bare.app) => (await app.inject({ url: '/api/ping' })).headers['content-security-policy'];
      expect(await api(payhere.app)).toBe(await api(bare.app));
    } finally {
      for (const started of [bare, payhere]) {
        await started.app.close();
        await started.database.drop();
      }
    }
  });
});

describe('the web app', () => {
  it('is served with the same CSP and nosniff, no CORS grant, and nothing outside its folder', async () => {
    const bare = await startTestApp();
    await bare.app.close();
    const webDist = `${bare.database.dataDir}/web`;
    mkdirSync(`${webDist}/assets`, { recursive: true });
    writeFileSync(`${webDist}/index.html`, '<html><head><title>x</title><!--academy-branding--></head><body><script type="module" src="/assets/app-abc.js"></script></body></html>');
    writeFileSync(`${webDist}/assets/app-abc.js`, 'console.log(1)');
    writeFileSync(`${bare.database.dataDir}/outside.txt`, 'not part of the web app');
    const { app, database } = await startTestApp({ WEB_DIST: webDist });
    try {
      for (const url of ['/', '/index.html', '/assets/app-abc.js']) {
        const response = await app.inject({ url, headers: { origin: FOREIGN_ORIGIN } });
        expect(response.statusCode, url).toBe(200);
        expect(headerProblems({ statusCode: response.statusCode, headers: response.headers, body: response.body }), url).toEqual([]);
      }
      for (const url of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt', '/..%5coutside.txt']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain('not part of the web app');
      }
    } finally {
      await app.close();
      await database.drop();
      await bare.database.drop();
    }
  });
});
