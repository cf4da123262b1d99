import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { signIn } from '../../test/factories';
import { startTestApp, TEST_ADMIN, useTestApp } from '../../test/test-app';

describe('the platform: health, docs, errors and headers', () => {
  const t = useTestApp();

  it('GET /api/health answers 200 after checking the database', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { database: 'up' } });
  });

  it('serves an OpenAPI document generated from the contract schemas', async () => {
    // To a signed-in admin: API_DOCS' default (plugins/api-docs.test.ts tries every setting).
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await t.app.inject({ url: '/api/docs/json', headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const register = document.paths['/api/students/student/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'email', 'whatsAppNo', 'historyType', 'batch', 'classType']),
    );
    expect(document.paths['/api/students/student/getbyid/{id}']).toBeDefined();
  });

  it('answers an unknown API path with the 404 error body', async () => {
    const response = await t.app.inject({ url: '/api/no/such/call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: SERVER_TEXT.routeNotFound, data: null });
  });

  it('sends a CSP that allows only same-origin scripts and no framing, plus nosniff', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a failure inside a handler', () => {
  it('answers 500 with a plain sentence and no stack trace or internal detail', async () => {
    const { app, database } = await startTestApp();
    try {
      app.get('/api/test-only/explode', { config: { access: 'public', budget: 'read' } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
      const response = await app.inject({ url: '/api/test-only/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, message: SERVER_TEXT.internal, data: null });
      expect(response.body).not.toMatch(/secret|at .*\.ts|stack/);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('the built web app', () => {
  it('is served on the API port with the branding block in index.html and a long cache on assets', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { app, database } = await startTestApp();
    await app.close();
    const webDist = `${database.dataDir}/web`;
    mkdirSync(`${webDist}/assets`, { recursive: true });
    writeFileSync(`${webDist}/index.html`, '<html><head><title>x</title><!--academy-branding--></head><body></body></html>');
    writeFileSync(`${webDist}/assets/app-abc123.js`, 'console.log(1)');
    const withWeb = await startTestApp({ WEB_DIST: webDist, BRANDING_TITLE: 'Sejaya </script> Academy' });
    try {
      const page = await withWeb.app.inject({ url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>Sejaya &#60;/script&#62; Academy</title>');
      expect(page.body).toContain('<script type="application/json" id="academy-branding">');
      expect(page.body).toContain('Sejaya \\u003c/script> Academy');
      const asset = await withWeb.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await withWeb.app.close();
      await withWeb.database.drop();
      await database.drop();
    }
  });
});
