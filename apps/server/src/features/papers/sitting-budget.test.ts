// The sitting calls' budgets (papers.md 'Settings'): a school hall shares one address, so the
// address budget is the large `sitting` one, and what bounds one student's client is a count per
// account (PAPER_SAVES_PER_MINUTE). Here the address budget is lifted (as every test suite lifts
// it) and the per-account count is small: one student over it is refused, the hall is not.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXT, startedSitting, type ErrorAnswer, type QuestionsAnswer, type StartAnswer } from '@academy/contract';
import type { Db } from '../../db/database';
import type { TokenClaims } from '../../plugins/auth';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, createClass, createSubfolder } from '../class-material/test-helpers';
import { choose, type Headers, type Sitting } from './sitting-helpers';
import { createPaper } from './test-helpers';

const PER_ACCOUNT = 3;
const HALL = 300;
const HALL_ADDRESS = '198.51.100.40';
const BATCH = '2026';
const CLASS_TYPE = 'Theory';

/**
 * A hall of signed-in students of one batch, written straight into the database with a session
 * each: signing 300 in through the API would spend the test's time on password hashing.
 */
async function seedHall(db: Db, sign: (claims: TokenClaims) => string): Promise<Headers[]> {
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const students = Array.from({ length: HALL }, (_, i) => ({ id: randomUUID(), sid: randomUUID(), i }));
  for (let start = 0; start < students.length; start += 100) {
    const part = students.slice(start, start + 100);
    await db
      .insertInto('accounts')
      .values(
        part.map(({ id, i }) => ({
          id,
          email: `sitter${i}.${id.slice(0, 6)}@hall.example.lk`,
          email_key: `sitter${i}.${id.slice(0, 6)}@hall.example.lk`,
          password_hash: 'not-used',
          name: `Sitter ${i}`,
          account_type: 'student',
          account_state: 'active',
          batch: BATCH,
          class_type: CLASS_TYPE,
          history_type: 'Indian',
          whatsapp_no: '0771234567',
          additional_no: '',
          district: 'Colombo',
          scl: 'Royal College',
          address: '',
          student_id_img: '',
          reg_no: null,
          profile_img: '',
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(part.map(({ id, sid }) => ({ id: sid, account_id: id, token_version: 0, device: 'hall', ip: HALL_ADDRESS, created_at: at, last_seen_at: at, expires_at: expires })))
      .execute();
  }
  return students.map(({ id, sid }) => ({ authorization: `Bearer ${sign({ sub: id, sid, tv: 0 })}` }));
}

describe('the sitting budgets', () => {
  const t = useTestApp({ PAPER_SAVES_PER_MINUTE: String(PER_ACCOUNT) });

  it('lets a hall of 300 behind one address sit, and refuses only the one account over its own count', { timeout: 120_000 }, async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const folder = await createSubfolder(t.app, admin, classFolder.id, 'Papers');
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/folders/access/batch',
      headers: admin,
      payload: { className: classFolder.name, batch: BATCH, classType: CLASS_TYPE },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const paper = await createPaper(t.app, admin, folder.id);
    const hall = await seedHall(t.database.db, (claims) => t.app.jwt.sign(claims));
    const post = (headers: Headers, call: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/papers/${paper.id}/${call}`, headers, payload, remoteAddress: HALL_ADDRESS });

    const starts = await Promise.all(hall.map((headers) => post(headers, 'start', { deviceKey: randomUUID().replaceAll('-', '') })));
    expect(starts.map((response) => response.statusCode)).toEqual(hall.map(() => 200));
    // Each screen then reads the paper's questions (the same answer for all), as the sitting screen does.
    const questions = await Promise.all(hall.map((headers) => t.app.inject({ url: `/api/papers/${paper.id}/questions`, headers, remoteAddress: HALL_ADDRESS })));
    expect(questions.map((response) => response.statusCode)).toEqual(hall.map(() => 200));
    const sittings: Sitting[] = starts.map((response, i) =>
      startedSitting(response.json<StartAnswer>().data, (questions[i]?.json<QuestionsAnswer>().data.questions ?? [])),
    );
    // Every student saves twice, all at once: well within each account's count.
    const saves = await Promise.all(
      hall.flatMap((headers, i) => [1, 2].map((seq) => post(headers, 'answers', { device: 1, saves: [choose(sittings[i] as Sitting, seq - 1, 0, seq)] }))),
    );
    expect(saves.filter((response) => response.statusCode !== 200).map((response) => response.body)).toEqual([]);

    const [busy, neighbour] = hall as [Headers, Headers];
    const third = await post(busy, 'answers', { device: 1, saves: [] });
    expect(third.statusCode, third.body).toBe(200);
    const over = await post(busy, 'answers', { device: 1, saves: [] });
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json<ErrorAnswer>().message).toBe(SERVER_TEXT.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The count is per call: the same student may still hand in, and the student beside them save.
    expect((await post(busy, 'hand-in', { device: 1 })).statusCode).toBe(200);
    expect((await post(neighbour, 'answers', { device: 1, saves: [] })).statusCode).toBe(200);
  });
});
