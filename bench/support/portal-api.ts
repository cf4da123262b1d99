import { openAsBlob } from 'node:fs';
import { CLASS_FILE_FIELD, type DriveItem, type DriveListingAnswer, type LessonProcessing, type LoginAnswer } from '@academy/contract';

import { adminSignIn } from './admin-sign-in';

// The portal's API as the benches call it: JSON in and out, a bearer token when given, and a
// student of the bench's own (batch 2026, Indian history, Theory) given one class.

/**
 * A GET that is sent again once when the connection it went out on was closed under it: fetch
 * reuses a kept-alive connection, and one left idle about as long as the server keeps it (72 s;
 * the forensics bench encodes a recording between two calls, longer on a busy machine) can be
 * closed by the server as the request goes out ("other side closed"). A GET is safe to repeat.
 */
export async function get(url: string | URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

export async function api<T>(base: string, pathname: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const url = `${base}/api/${pathname}`;
  const headers = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) };
  const response = options.body ? await fetch(url, { method: 'POST', headers, body: JSON.stringify(options.body) }) : await get(url, { headers });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const BENCH_STUDENT = {
  name: 'Bench Student', email: 'bench.student@example.lk', whatsAppNo: '0771234567', district: 'Kandy', password: 'bench-student-pw',
  indianHistory: true, europeHistory: false, historyType: 'Indian', batch: '2026', classType: 'Theory', consent: true,
} as const;

/** A student registered (BENCH_STUDENT with `who` over it) and given `className`: their sign-in. */
export async function registeredStudent(base: string, admin: string, className: string, who: { name?: string; email?: string } = {}): Promise<LoginAnswer> {
  const body = { ...BENCH_STUDENT, ...who };
  await api(base, 'students/student/register', { body });
  await api(base, 'students/student/give-additional-access', { token: admin, body: { email: body.email, className } });
  return api<LoginAnswer>(base, 'students/student/login', { body: { email: body.email, password: body.password } });
}

/** The bench admin's token, and the bench student's once registered and given `className`. */
export async function adminAndStudent(base: string, className: string): Promise<{ admin: string; student: string }> {
  const admin = await adminSignIn(base);
  const student = await registeredStudent(base, admin.token, className);
  return { admin: admin.token, student: student.token };
}

/** A video uploaded by the admin into a folder, through the multipart route: its drive item. */
export async function uploadVideo(base: string, admin: string, folderId: string, file: string, name: string): Promise<DriveItem> {
  const form = new FormData();
  form.append(CLASS_FILE_FIELD, await openAsBlob(file, { type: 'video/mp4' }), name);
  const answer = await fetch(`${base}/api/folders/folder/${encodeURIComponent(folderId)}/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  if (!answer.ok) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: DriveItem }).data;
}

/** A video's processing as the admin's drive listing shows it. */
export async function lessonProcessing(base: string, admin: string, folderId: string, fileId: string): Promise<LessonProcessing | undefined> {
  const listing = await api<DriveListingAnswer>(base, `folders/folderContent/${encodeURIComponent(folderId)}`, { token: admin });
  return listing.files.find((item) => item.id === fileId)?.processing;
}
