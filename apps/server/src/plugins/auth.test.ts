import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { migrateToLatest } from '../db/database';
import { MemoryEventBus } from '../events/memory-bus';
import { createSessionStore } from '../features/sessions/service';
import { authPlugin } from './auth';

// The access declaration is what keeps a new route from being open by omission.
describe('route access declarations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db, database.target.kind === 'postgres' ? database.target.schema : undefined);
  });
  afterAll(() => database.drop());

  async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    const sessions = await createSessionStore(database.db, { ttlMs: 3_600_000, admin: { idleMs: 1_800_000, maxMs: 43_200_000 }, bus: new MemoryEventBus() });
    await app.register(authPlugin, { sessions, secret: 'x'.repeat(32), tokenTtl: '1h' });
    register(app);
    return app;
  }

  it('refuses to register an API route that declares no access', async () => {
    await expect(appWith((a) => a.get('/api/forgotten', async () => 'open'))).rejects.toThrow(
      /GET \/api\/forgotten declares no access/,
    );
  });

  it('refuses an access value it does not know', async () => {
    const odd = { access: 'everyone' } as unknown as { access: 'public' };
    await expect(appWith((a) => a.get('/api/odd', { config: odd }, async () => 'open'))).rejects.toThrow(/declares no access/);
  });

  it('puts the check in front of the route: signed-in and admin routes refuse an anonymous call', async () => {
    const app = await appWith((a) => {
      a.get('/api/mine', { config: { access: 'signed-in' } }, async () => 'mine');
      a.get('/api/staff', { config: { access: 'admin' } }, async () => 'staff');
      a.get('/api/open', { config: { access: 'public' } }, async () => 'open');
    });
    expect((await app.inject({ url: '/api/mine' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/staff' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/open' })).body).toBe('open');
    await app.close();
  });

  it('records every declared API route with its access, HEAD twins included, for the access matrix', async () => {
    const app = await appWith((a) => {
      a.get('/api/mine', { config: { access: 'signed-in' } }, async () => 'mine');
      a.post('/api/staff', { config: { access: 'admin' } }, async () => 'staff');
      a.get('/index.html', async () => 'page');
    });
    await app.ready();
    expect(app.declaredRoutes).toEqual([
      { method: 'GET', url: '/api/mine', access: 'signed-in' },
      { method: 'HEAD', url: '/api/mine', access: 'signed-in' },
      { method: 'POST', url: '/api/staff', access: 'admin' },
    ]);
    await app.close();
  });

  it('leaves routes outside the API (the web app) alone', async () => {
    const app = await appWith((a) => a.get('/index.html', async () => 'page'));
    expect((await app.inject({ url: '/index.html' })).body).toBe('page');
    await app.close();
  });
});
