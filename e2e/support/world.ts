import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerByApi, signInByApi, uniqueTag } from './accounts';
import { buildFeeAdminWorld, type FeeAdminWorld } from './fee-admin-world';
import { buildFeeWorld, type FeeWorld } from './fee-world';
import { buildPaperWorld, type PaperWorld } from './paper-world';
import { buildScriptWorld, type ScriptWorld } from './script-world';
import { onePagePdf } from './pdf';
import { ADMIN } from './server-env';

/** Someone the specs sign in as: their e-mail and password. */
export interface Account {
  email: string;
  password: string;
}

/**
 * What a screen shows when it has data: a class with a folder and a handout, a student given it, a
 * message, another student, and (when asked for) papers in the class in each state a paper screen shows.
 */
export interface World {
  admin: Account;
  student: Account;
  className: string;
  classId: string;
  fileId: string;
  /** The world's message, deleted by clearWorld. */
  messageId: string;
  papers?: PaperWorld;
  /** The admins' fee screens' class, students, payments and slips (fee-admin-world.ts). */
  feesAdmin?: FeeAdminWorld;
  /** The student's fee screens' class: a month locked, a month paid (fee-world.ts). */
  fees?: FeeWorld;
  /** Papers with a written part: pages being handed in, a script marked and released (script-world.ts). */
  scripts?: ScriptWorld;
}

/**
 * Builds a world through the API, as the admin would through the screens, so that every screen
 * the accessibility specs visit shows real content (cards, rows, a message) and not only its
 * empty state. `papers` adds the paper screens' papers (paper-world.ts), which take seconds more.
 */
export async function buildWorld(request: APIRequestContext, { papers = false, fees = false, scripts = false } = {}): Promise<World> {
  const tag = uniqueTag();
  const { token } = await signInByApi(request, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const { body: student } = await registerByApi(request);
  await registerByApi(request);

  const className = `Sri Lankan History ${tag}`;
  const folder = await request.post('/api/folders/create/folder', { headers, data: { folderName: className } });
  expect(folder.status(), await folder.text()).toBe(200);
  const classId = ((await folder.json()) as { data: { id: string } }).data.id;
  const sub = await request.post(`/api/folders/folder/${encodeURIComponent(classId)}/folders`, { headers, data: { name: 'Week 1' } });
  expect(sub.status(), await sub.text()).toBe(200);
  const uploaded = await request.post(`/api/folders/folder/${encodeURIComponent(classId)}/files`, {
    headers,
    multipart: { file: { name: 'Kandyan kingdom handout.pdf', mimeType: 'application/pdf', buffer: onePagePdf('The Kandyan kingdom') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const grant = await request.post('/api/students/student/give-additional-access', { headers, data: { email: student.email, className } });
  expect(grant.status(), await grant.text()).toBe(200);
  // Started now and awaited last: the released paper waits for its close meanwhile.
  const paperWorld = papers ? buildPaperWorld(request, { admin: headers, classId, className, student }) : undefined;
  // Its failure is reported where it is awaited, below, not as an unhandled rejection if a step between fails first.
  paperWorld?.catch(() => undefined);
  const scriptWorld = scripts ? buildScriptWorld(request, { admin: headers, classId, student }) : undefined;
  scriptWorld?.catch(() => undefined);
  const message = await request.post('/api/messages/message/send', {
    headers,
    data: { message: `Revision class on Saturday at 9.00 (${tag})`, link: 'https://example.lk/revision', batch: student.batch, region: ['Indian'], classType: ['Theory'] },
  });
  expect(message.status(), await message.text()).toBe(200);
  const messageId = ((await message.json()) as { data: { _id: string } }).data._id;
  return {
    admin: ADMIN,
    student: { email: student.email, password: student.password },
    className,
    classId,
    fileId,
    messageId,
    ...(paperWorld ? { papers: await paperWorld } : {}),
    ...(scriptWorld ? { scripts: await scriptWorld } : {}),
    ...(fees ? { feesAdmin: await buildFeeAdminWorld(request) } : {}),
    ...(fees ? { fees: await buildFeeWorld(request, { admin: headers, student }) } : {}),
  };
}

/**
 * Takes the world's message back off the shared server (the suite's specs share one). No spec
 * depends on it: the feeds' empty states are checked on a portal of their own (fresh-portal.ts),
 * and the other specs look only at their own messages. It keeps the shared portal tidy.
 */
export async function clearWorld(request: APIRequestContext, world: World): Promise<void> {
  const { token } = await signInByApi(request, ADMIN.email, ADMIN.password);
  const response = await request.delete(`/api/messages/message/delete/${encodeURIComponent(world.messageId)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Registers a spec file's world, papers included: built before its tests (handed to `keep`), cleared after them. */
export function useWorld(keep: (world: World) => void): void {
  let built: World | undefined;
  test.beforeAll(async ({ request }) => {
    built = await buildWorld(request, { papers: true, fees: true, scripts: true });
    keep(built);
  });
  test.afterAll(async ({ request }) => {
    if (built) await clearWorld(request, built);
  });
}
