import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildRegistration, registerStudent, signedInStudent, signIn } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import type { Db } from '../../db/database';
import { deleteApproved } from '../approvals/test-helpers';

// Every call of student administration against the five callers below. The target of each call is
// the 'student' caller's own account (or, for restore, a deleted student), and every refused call
// must leave that account exactly as it was.

type Actor = 'anonymous' | 'student' | 'otherStudent' | 'suspendedStudent' | 'admin';
type Headers = Record<string, string>;

interface World {
  headers: Record<Actor, Headers>;
  /** The account the call is about. */
  targetId: string;
  /** For restore: a student an admin deleted. */
  deletedId: string;
}

interface Call {
  name: string;
  request: (w: World) => { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: unknown; headers?: Headers };
  expected: Record<Actor, number>;
}

const ADMIN_ONLY: Record<Actor, number> = { anonymous: 401, student: 403, otherStudent: 403, suspendedStudent: 401, admin: 200 };
const OWN_OR_ADMIN: Record<Actor, number> = { anonymous: 401, student: 200, otherStudent: 403, suspendedStudent: 401, admin: 200 };

const pngBytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0A5F6F' } }).png().toBuffer();
const csvText = `name,email,whatsAppNo,district,batch,classType,historyType\nCsv Pupil,csv.${crypto.randomUUID().slice(0, 8)}@example.lk,0771234567,Kandy,2025,Paper,Indian\n`;

const CALLS: Call[] = [
  { name: 'GET getallstudents', request: () => ({ method: 'GET', url: '/api/students/student/getallstudents' }), expected: ADMIN_ONLY },
  {
    name: 'PUT state/update',
    request: (w) => ({ method: 'PUT', url: `/api/students/student/state/update/${w.targetId}`, payload: { state: 'de-active', password: TEST_ADMIN.password } }),
    expected: ADMIN_ONLY,
  },
  {
    name: 'DELETE deletestudent',
    request: (w) => ({ method: 'DELETE', url: `/api/students/student/deletestudent/${w.targetId}`, payload: { password: TEST_ADMIN.password } }),
    // The admin's deletion waits for a second admin's approval (features/approvals).
    expected: { ...ADMIN_ONLY, admin: 202 },
  },
  { name: 'GET deleted', request: () => ({ method: 'GET', url: '/api/students/student/deleted' }), expected: ADMIN_ONLY },
  {
    name: 'PUT restore',
    request: (w) => ({ method: 'PUT', url: `/api/students/student/restore/${w.deletedId}` }),
    expected: ADMIN_ONLY,
  },
  {
    name: 'POST export',
    request: () => ({ method: 'POST', url: '/api/students/student/export', payload: { password: TEST_ADMIN.password } }),
    expected: ADMIN_ONLY,
  },
  {
    name: 'POST import',
    request: () => {
      const form = multipartForm('file', 'students.csv', 'text/csv', Buffer.from(csvText));
      return { method: 'POST', url: '/api/students/student/import', payload: form.payload, headers: form.headers };
    },
    expected: ADMIN_ONLY,
  },
  {
    name: 'GET getbyid',
    request: (w) => ({ method: 'GET', url: `/api/students/student/getbyid/${w.targetId}` }),
    expected: OWN_OR_ADMIN,
  },
  {
    name: 'PUT update',
    request: (w) => ({ method: 'PUT', url: `/api/students/student/update/${w.targetId}`, payload: { address: 'Changed by caller' } }),
    expected: OWN_OR_ADMIN,
  },
  {
    name: 'PUT updatepassword',
    request: (w) => ({
      method: 'PUT',
      url: `/api/students/student/updatepassword/${w.targetId}`,
      payload: { oldPassword: 'correct-horse-9', newPassword: `new-password-${crypto.randomUUID().slice(0, 6)}` },
    }),
    // Only the account itself: an admin cannot set someone's password through this call.
    expected: { ...OWN_OR_ADMIN, admin: 403 },
  },
  {
    name: 'POST profile-image',
    request: (w) => {
      const form = multipartForm('image', 'me.png', 'image/png', pngBytes);
      return { method: 'POST', url: `/api/students/student/profile-image/${w.targetId}`, payload: form.payload, headers: form.headers };
    },
    expected: OWN_OR_ADMIN,
  },
];

async function buildWorld(app: FastifyInstance, db: Db): Promise<World> {
  const adminLogin = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const admin = { authorization: `Bearer ${adminLogin.token}` };
  const [student, other, suspended] = await Promise.all([signedInStudent(app), signedInStudent(app), signedInStudent(app)]);
  const deleted = await registerStudent(app);
  const suspend = await app.inject({
    method: 'PUT',
    url: `/api/students/student/state/update/${suspended.student._id}`,
    headers: admin,
    payload: { state: 'de-active', password: TEST_ADMIN.password },
  });
  expect(suspend.statusCode).toBe(200);
  const remove = await deleteApproved(app, db, { method: 'DELETE', url: `/api/students/student/deletestudent/${deleted.student._id}`, headers: admin, payload: { password: TEST_ADMIN.password } });
  expect(remove.statusCode).toBe(200);
  return {
    headers: { anonymous: {}, student: student.headers, otherStudent: other.headers, suspendedStudent: suspended.headers, admin },
    targetId: student.student._id,
    deletedId: deleted.student._id,
  };
}

describe('access to every students call', () => {
  const t = useTestApp();

  const snapshot = (id: string) => t.database.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const accountCount = async () =>
    Number((await t.database.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  describe.each(CALLS)('$name', (call) => {
    it('answers each caller as the rules say, and a refused call changes nothing', async () => {
      const world = await buildWorld(t.app, t.database.db);
      // Refused callers first, the admin last: the admin's call may change or remove the target.
      const order: Actor[] = ['anonymous', 'otherStudent', 'suspendedStudent', 'student', 'admin'];
      for (const actor of order) {
        const before = [await snapshot(world.targetId), await snapshot(world.deletedId), await accountCount()];
        const { headers, ...request } = call.request(world);
        const response = await t.app.inject({ ...request, headers: { ...headers, ...world.headers[actor] } } as never);
        expect({ actor, status: response.statusCode }, response.body).toEqual({ actor, status: call.expected[actor] });
        if (String(response.headers['content-type']).startsWith('application/json')) {
          expect(response.json().code).toBe(call.expected[actor]);
        }
        if (response.statusCode !== 200) {
          expect([await snapshot(world.targetId), await snapshot(world.deletedId), await accountCount()]).toEqual(before);
        }
      }
    });
  });

  it('ignores an admin_id header: a student who sends the admin id is still refused', async () => {
    const world = await buildWorld(t.app, t.database.db);
    const adminLogin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await t.app.inject({
      url: '/api/students/student/getallstudents',
      headers: { ...world.headers.student, admin_id: adminLogin.studentId },
    });
    expect(response.statusCode).toBe(403);
  });

  it('serves a stored profile picture to anyone who has its address, and 404 for an unknown one', async () => {
    const me = await signedInStudent(t.app, buildRegistration());
    const form = multipartForm('image', 'me.png', 'image/png', pngBytes);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/students/student/profile-image/${me.student._id}`,
      payload: form.payload,
      headers: { ...form.headers, ...me.headers },
    });
    const url: string = upload.json().data.profileImg;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/students/profile-images/${'0'.repeat(64)}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/students/profile-images/..%2F..%2Fportal.sqlite' })).statusCode).toBe(400);
  });
});
