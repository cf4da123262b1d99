import { viewerAddress } from '@academy/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, createSubfolder, giveAccess, uploadFile } from '../class-material/test-helpers';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForLesson } from '../lessons/test-helpers';
import { bell, itemAbout } from './test-helpers';

// A lesson notifies once, when its processing first finishes, exactly the students who may open it;
// deleting it takes it out of their bells.

describe('a new lesson in the bell', () => {
  const t = useTestApp({ TRANSCODE_CONCURRENCY: '1' });

  it(
    'reaches the students granted its class, not others, not a suspended one; deleting the lesson withdraws it',
    async () => {
      const admin = await adminHeaders(t.app);
      const [granted, outsider, suspended] = [await signedInStudent(t.app), await signedInStudent(t.app), await signedInStudent(t.app)];
      const classFolder = await createClass(t.app, admin);
      for (const student of [granted, suspended]) await giveAccess(t.app, admin, student.body.email, classFolder.name);
      const suspend = await t.app.inject({ method: 'PUT', url: `/api/students/student/state/update/${suspended.student._id}`, headers: admin, payload: { state: 'de-active', password: TEST_ADMIN.password } });
      expect(suspend.statusCode, suspend.body).toBe(200);
      const folder = await createSubfolder(t.app, admin, classFolder.id, 'Week 1');
      const video = await uploadFile(t.app, admin, folder.id, 'Cold War.mp4', testVideo({ seconds: 2, width: 320, height: 240 }));
      await waitForLesson(t.app, admin, folder.id, video.id);

      const item = await itemAbout(t.app, granted.headers, 'Cold War');
      expect(item).toMatchObject({ kind: 'lesson.new', params: { className: classFolder.name, title: 'Cold War' }, link: viewerAddress(video.id).slice('/#'.length) });
      const notification = await t.database.db.selectFrom('notifications').selectAll().where('kind', '=', 'lesson.new').executeTakeFirstOrThrow();
      await vi.waitFor(async () => expect((await t.database.db.selectFrom('notifications').select('state').where('id', '=', notification.id).executeTakeFirstOrThrow()).state).toBe('sent'));
      const reached = await t.database.db.selectFrom('notification_recipients').select('account_id').where('notification_id', '=', notification.id).execute();
      expect(reached.map((row) => row.account_id)).toEqual([granted.student._id]);
      expect((await bell(t.app, outsider.headers)).items).toEqual([]);

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${encodeURIComponent(video.id)}`, headers: admin });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await bell(t.app, granted.headers)).items).toEqual([]);
    },
    TRANSCODE_TEST_TIMEOUT_MS,
  );
});
