import { describe, expect, it } from 'vitest';
import { signedInStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { adminHeaders } from '../class-material/test-helpers';

// Alerts on unusual activity (docs/security.md 'Alerts on unusual activity'): counted per subject
// in a sliding window, one alert of a kind per window, a row the admins list and `security.alert`
// to every active admin.

const MINUTE = 60_000;
let now = Date.parse('2026-11-28T08:00:00Z');
const t = useTestApp(
  { SECURITY_ALERT_WINDOW: '10m', SECURITY_ALERT_ACCESS_REFUSED: '3', SECURITY_ALERT_SIGN_IN_FAILURES: '4', SECURITY_ALERT_RATE_LIMITED: '2', RATE_LIMIT_WRITE: '2', SECURITY_ALERT_BULK_READS: '2' },
  { securityClock: () => now },
);

const ADMIN_ONLY = '/api/audit-log/entries';

async function alertsOfKind(kind: string) {
  await t.app.securityAlerts.idle();
  return t.database.db.selectFrom('security_alerts').selectAll().where('kind', '=', kind).orderBy('raised_at').execute();
}

async function alertNotifications() {
  return t.database.db.selectFrom('notifications').select(['subject_key', 'params_json', 'audience_json']).where('kind', '=', 'security.alert').execute();
}

describe('security alerts', () => {
  it('raise exactly one alert of a kind per window, with a notification to the admins, then another once the window has passed', async () => {
    const first = await signedInStudent(t.app);
    const second = await signedInStudent(t.app);
    const probe = (headers: Record<string, string>) => t.app.inject({ url: ADMIN_ONLY, headers });

    for (let i = 0; i < 2; i += 1) expect((await probe(first.headers)).statusCode).toBe(403);
    expect(await alertsOfKind('access-refused')).toEqual([]);

    // The third refusal crosses the threshold; more from the same account, and a second account
    // crossing too, stay inside the window: still one alert.
    for (let i = 0; i < 4; i += 1) await probe(first.headers);
    for (let i = 0; i < 3; i += 1) await probe(second.headers);
    const alerts = await alertsOfKind('access-refused');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ subject: `account:${first.student._id}`, count: 3, threshold: 3, window_ms: 10 * MINUTE });

    const notifications = await alertNotifications();
    expect(notifications).toHaveLength(1);
    const params = JSON.parse(notifications[0]?.params_json ?? '{}') as Record<string, string>;
    expect(params).toMatchObject({ count: '3', threshold: '3', minutes: '10' });
    // No account id, address, name or e-mail in what is pushed and mailed: the list has the subject.
    expect(JSON.stringify(params)).not.toContain(first.student._id);
    expect(JSON.stringify(params)).not.toContain(first.body.email);

    // A refusal older than the window no longer counts; past the window a new crossing alerts again.
    now += 11 * MINUTE;
    for (let i = 0; i < 2; i += 1) await probe(second.headers);
    expect(await alertsOfKind('access-refused')).toHaveLength(1);
    await probe(second.headers);
    const later = await alertsOfKind('access-refused');
    expect(later).toHaveLength(2);
    expect(later[1]?.subject).toBe(`account:${second.student._id}`);
  });

  it('counts refused sign-ins per address and 429s, and lists the alerts to admins only', async () => {
    const student = await signedInStudent(t.app);
    for (let i = 0; i < 4; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: student.body.email, password: `wrong-password-${i}` } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    const signIns = await alertsOfKind('sign-in-failures');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]?.subject).toBe('address:127.0.0.1');

    // RATE_LIMIT_WRITE=2: the third and fourth calls of one write route answer 429.
    const admin = await adminHeaders(t.app);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: student.headers, payload: { ids: [] } })).statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(await alertsOfKind('rate-limited')).toHaveLength(1);

    now += 11 * MINUTE;
    const listed = await t.app.inject({ url: '/api/security-alerts', headers: admin });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: Array<{ kind: string }> }).data.map((alert) => alert.kind)).toEqual(expect.arrayContaining(['access-refused', 'sign-in-failures', 'rate-limited']));
    expect((await t.app.inject({ url: '/api/security-alerts', headers: student.headers })).statusCode).toBe(403);
  });

  it('counts an admin\'s CSV exports and bulk pages of students as bulk reads', async () => {
    const admin = await adminHeaders(t.app);
    const exported = await t.app.inject({ method: 'POST', url: '/api/students/student/export', headers: admin, payload: { password: TEST_ADMIN.password } });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(await alertsOfKind('bulk-reads')).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/students/student/export', headers: admin, payload: { password: TEST_ADMIN.password } });
    const alerts = await alertsOfKind('bulk-reads');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toMatch(/^account:/);
  });
});
