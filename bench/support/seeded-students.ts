import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../../apps/server/src/db/database';

// Students and their sessions written straight into a bench's database, each with a token signed
// with the run's JWT_SECRET: signing thousands in through the API would time argon2, not what the
// bench measures.

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** An HS256 token as @fastify/jwt signs it: the session's claims (sub, sid, tv) and an expiry. */
export function sessionToken(secret: string, sub: string, sid: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify({ sub, sid, tv: 0, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `${head}.${body}.${base64url(createHmac('sha256', secret).update(`${head}.${body}`).digest())}`;
}

/** What sets one seeded student apart; the rest is a registration's ordinary values. */
export interface SeedStudent {
  email: string;
  name: string;
  regNo: string;
  batch: string;
  classType: string;
  district: string;
  school: string;
}

export interface SeededStudent {
  id: string;
  token: string;
}

/** The students, active, with one session each (in slices of 200 rows, one transaction): their ids and tokens. */
export async function seedStudents(db: Db, jwtSecret: string, students: readonly SeedStudent[]): Promise<SeededStudent[]> {
  const now = new Date();
  const at = now.toISOString();
  const expires = new Date(now.getTime() + 24 * 3600 * 1000).toISOString();
  const rows = students.map((student) => ({ ...student, id: randomUUID(), sid: randomUUID() }));
  await db.transaction().execute(async (tx) => {
    for (let start = 0; start < rows.length; start += 200) {
      const part = rows.slice(start, start + 200);
      await tx
        .insertInto('accounts')
        .values(
          part.map((student) => ({
            id: student.id,
            email: student.email,
            email_key: student.email.toLowerCase(),
            password_hash: 'not-used',
            name: student.name,
            account_type: 'student',
            account_state: 'active',
            batch: student.batch,
            class_type: student.classType,
            history_type: 'Indian',
            whatsapp_no: '0771234567',
            additional_no: '',
            district: student.district,
            scl: student.school,
            address: 'Road',
            student_id_img: '',
            reg_no: student.regNo,
            profile_img: '',
            created_at: at,
            updated_at: at,
            deleted_at: null,
          })),
        )
        .execute();
      await tx
        .insertInto('sessions')
        .values(part.map(({ id, sid }) => ({ id: sid, account_id: id, token_version: 0, device: 'bench', ip: '127.0.0.1', created_at: at, last_seen_at: at, expires_at: expires })))
        .execute();
    }
  });
  return rows.map(({ id, sid }) => ({ id, token: sessionToken(jwtSecret, id, sid) }));
}
