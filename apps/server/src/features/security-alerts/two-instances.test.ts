import { describe, expect, it } from 'vitest';
import { signedInStudent } from '../../../test/factories';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';

// Two instances behind a load balancer count one student's refusals together in Redis: two
// refusals on each reach the threshold of four, which neither instance reaches alone, and raise
// exactly one alert between them.

const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`security alerts on two instances, one PostgreSQL, one Redis${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances({ SECURITY_ALERT_ACCESS_REFUSED: '4', SECURITY_ALERT_WINDOW: '10m' });

  it('counts the refusals both instances answered and raises one alert', async () => {
    const student = await signedInStudent(pair.first);
    const refuse = async (base: string) => {
      const response = await fetch(`${base}/api/audit-log/entries`, { headers: student.headers });
      expect(response.status).toBe(403);
    };
    await refuse(pair.urls.first);
    await refuse(pair.urls.second);
    await refuse(pair.urls.first);
    await Promise.all([pair.first.securityAlerts.idle(), pair.second.securityAlerts.idle()]);
    const none = await pair.database.db.selectFrom('security_alerts').selectAll().execute();
    expect(none).toEqual([]);

    await refuse(pair.urls.second);
    await refuse(pair.urls.first);
    await Promise.all([pair.first.securityAlerts.idle(), pair.second.securityAlerts.idle()]);
    const alerts = await pair.database.db.selectFrom('security_alerts').selectAll().execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'access-refused', subject: `account:${student.student._id}`, count: 4 });
  });
});
