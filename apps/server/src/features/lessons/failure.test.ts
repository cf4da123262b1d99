import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import * as repo from './repo';

// A try that fails: a lesson still being made goes back to the queue (or fails for good); a ready
// lesson being made again (leak marks added to an older lesson) stays ready on the ladder it has.

describe('lessons: a failed try', () => {
  const t = useTestApp();

  async function lesson(state: string): Promise<string> {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await repo.insert(t.database.db, { id, file_id: `file-${id}`, state, duration_seconds: null, width: null, height: null, key_hex: '00', iv_hex: '00', created_at: now, updated_at: now });
    return id;
  }

  it('queues a lesson being made again, or fails it for good, with the reason', async () => {
    const id = await lesson('processing');
    await repo.recordFailure(t.database.db, id, 'ffmpeg stopped', 'queued');
    expect(await repo.findById(t.database.db, id)).toMatchObject({ state: 'queued', error: 'ffmpeg stopped' });
    await repo.recordFailure(t.database.db, id, 'ffmpeg stopped again', 'failed');
    expect(await repo.findById(t.database.db, id)).toMatchObject({ state: 'failed', error: 'ffmpeg stopped again' });
  });

  it('keeps a ready lesson ready (and its students on the ladder they stream), with the reason', async () => {
    const id = await lesson('ready');
    await repo.recordFailure(t.database.db, id, 'the source is gone', 'failed');
    expect(await repo.findById(t.database.db, id)).toMatchObject({ state: 'ready', error: 'the source is gone' });
  });
});
