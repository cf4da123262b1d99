import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '@academy/contract';
import { signedInStudent, signIn } from '../../test/factories';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';

// The OpenAPI document maps every call the portal answers: API_DOCS decides who gets it. The
// default serves it to signed-in admins only; 'on' to anyone; 'off' to nobody.

const DOCUMENT = '/api/docs/json';

/** One app per setting, each on its own database; undefined: the default. */
function appWith(setting: string | undefined) {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await startTestApp(setting === undefined ? {} : { API_DOCS: setting }));
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.drop();
  });
  return holder;
}

describe('API_DOCS unset: signed-in admins only', () => {
  const t = appWith(undefined);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('answers the document to an admin, 401 to nobody signed in and 403 to a student, as JSON and as YAML', async () => {
    expect(t.config.apiDocs).toBe('admins');
    const admin = { authorization: `Bearer ${(await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token}` };
    const student = (await signedInStudent(t.app)).headers;
    for (const url of [DOCUMENT, '/api/docs/yaml']) {
      const answer = await get(url, admin);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body).toContain('/api/students/student/register');
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body).not.toContain('/api/students');
      const refused = await get(url, student);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain('/api/students');
      expect((await get(url, { authorization: 'Bearer not-a-token' })).statusCode, url).toBe(401);
    }
  });

  it('serves the page, which sends the signed-in account\'s token with its calls', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/api/students');
    const script = await get('/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    // The web app keeps the bearer token under this key (apps/web/src/lib/session.ts).
    expect(SESSION_KEYS).toContain('token');
    expect(script.body).toMatch(/requestInterceptor[\s\S]*localStorage\.getItem\("token"\)[\s\S]*Authorization/);
  });
});

describe('API_DOCS=on', () => {
  const t = appWith('on');

  it('answers the document to anyone', async () => {
    const answer = await t.app.inject({ url: DOCUMENT });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ paths: Record<string, unknown> }>().paths['/api/students/student/register']).toBeDefined();
  });
});

describe('API_DOCS=off', () => {
  const t = appWith('off');

  it('answers 404 at every address of the documentation, to an admin too', async () => {
    const admin = { authorization: `Bearer ${(await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token}` };
    for (const url of ['/api/docs', '/api/docs/', DOCUMENT, '/api/docs/yaml', '/api/docs/static/swagger-initializer.js']) {
      expect((await t.app.inject({ url, headers: admin })).statusCode, url).toBe(404);
    }
  });
});

it('refuses another value of API_DOCS by name', () => {
  expect(() => loadConfig({ DATA_DIR: '/tmp/academy-api-docs-config', API_DOCS: 'public' })).toThrow(/API_DOCS.*must be 'on', 'admins' or 'off'/);
});
