// One valid call of every class fees route, as route-examples.ts asks of every API route. Calls
// that set up or use up their target make a fresh class with a plan each time, so the world's own
// class stays as every other example expects it.
import type { DriveItem } from '@academy/contract';
import { createClass, createSubfolder } from '../../src/features/class-material/test-helpers';
import type { RouteExample } from './route-examples';
import type { World } from './world';

const id = encodeURIComponent;
const PLAN = { monthlyFee: 2500, months: ['2026-11', '2026-12'], dueDay: 10, graceDays: 5 };

/** A new class with a plan of November and December 2026. */
async function plannedClass(world: World): Promise<DriveItem> {
  const classFolder = await createClass(world.app, world.admin.headers);
  const response = await world.app.inject({ method: 'PUT', url: `/api/fees/classes/${id(classFolder.id)}`, headers: world.admin.headers, payload: PLAN });
  if (response.statusCode !== 200) throw new Error(`the example's plan was refused: ${response.body}`);
  return classFolder;
}

/** Makes something through an admin call and answers its id. */
async function made(world: World, url: string, payload: object): Promise<string> {
  const response = await world.app.inject({ method: 'POST', url, headers: world.admin.headers, payload });
  if (response.statusCode !== 200) throw new Error(`the example's ${url} was refused: ${response.body}`);
  return response.json<{ data: { id: string } }>().data.id;
}

export const FEE_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  // ---- plans, month folders, free cards and exceptions (admin) ----
  'GET /api/fees/classes/:folderId': { access: 'admin', build: ({ world }) => ({ url: `/api/fees/classes/${id(world.classFolder.id)}` }) },
  'PUT /api/fees/classes/:folderId': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/fees/classes/${id((await createClass(world.app, world.admin.headers)).id)}`, payload: PLAN }),
  },
  'DELETE /api/fees/classes/:folderId': { access: 'admin', build: async ({ world }) => ({ url: `/api/fees/classes/${id((await plannedClass(world)).id)}` }) },
  'PUT /api/fees/folders/:folderId/month': {
    access: 'admin',
    build: async ({ world }) => {
      const folder = await createSubfolder(world.app, world.admin.headers, (await plannedClass(world)).id, `November ${world.fresh.tag()}`);
      return { url: `/api/fees/folders/${id(folder.id)}/month`, payload: { month: '2026-11' } };
    },
  },
  'POST /api/fees/free-cards': {
    access: 'admin',
    build: async ({ world }) => ({
      url: '/api/fees/free-cards',
      payload: { studentId: world.student.id, folderId: (await plannedClass(world)).id, kind: 'full', fromMonth: '2026-11', reason: 'Scholarship' },
    }),
  },
  'POST /api/fees/free-cards/:cardId/end': {
    access: 'admin',
    build: async ({ world }) => {
      const folderId = (await plannedClass(world)).id;
      const cardId = await made(world, '/api/fees/free-cards', { studentId: world.student.id, folderId, kind: 'half', fromMonth: '2026-11', reason: 'Sibling' });
      return { url: `/api/fees/free-cards/${id(cardId)}/end` };
    },
  },
  'POST /api/fees/exceptions': {
    access: 'admin',
    build: async ({ world }) => ({
      url: '/api/fees/exceptions',
      payload: { studentId: world.student.id, folderId: (await plannedClass(world)).id, month: '2026-11', reason: 'Pays next week' },
    }),
  },
  'DELETE /api/fees/exceptions/:exceptionId': {
    access: 'admin',
    build: async ({ world }) => {
      const folderId = (await plannedClass(world)).id;
      const exceptionId = await made(world, '/api/fees/exceptions', { studentId: world.student.id, folderId, month: '2026-12', reason: 'Pays next week' });
      return { url: `/api/fees/exceptions/${id(exceptionId)}` };
    },
  },
};
