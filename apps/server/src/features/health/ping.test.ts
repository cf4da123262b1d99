import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';

describe('GET /api/ping', () => {
  const t = useTestApp();

  it('answers a constant to anyone, without touching the database', async () => {
    await t.database.db.destroy();
    const response = await t.app.inject({ url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'pong', data: null });
    // The same app's health check, which does read the database, now fails.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
  });
});
