// One valid call of every bank slip route and of the admins' fees screen and a student's fees, as
// route-examples.ts asks of every API route. A slip is the first student's, in a fresh class with
// a plan granted to them only (payment-examples.ts), so no month is ever already pending.
import type { FeeAlert, Slip } from '@academy/contract';
import { sriLankaDay } from '../../src/features/fees/rules';
import { multipartFiles } from '../multipart-form';
import { once, paidForClass } from './payment-examples';
import type { ExampleRequest, RouteExample } from './route-examples';
import { pngBytes, type World } from './world';

/** A slip for November of the class, paid today (Sri Lanka), with a picture of its own. */
async function slipRequest(folderId: string, reference = `MATRIX-${crypto.randomUUID().slice(0, 8)}`): Promise<ExampleRequest> {
  const formFields = { folderId, months: '2026-11', bank: 'Bank of Ceylon', reference, amountCents: '250000', paidOn: sriLankaDay(Date.now()) };
  const picture = await pngBytes(`#${crypto.randomUUID().slice(0, 6)}`);
  const form = multipartFiles([{ field: 'file', filename: 'slip.png', contentType: 'image/png', bytes: picture }], formFields);
  return { url: '/api/fees/slips', payload: form.payload, headers: form.headers, formFields };
}

/** The first student's slip in a new class, waiting for review. */
async function studentSlip(world: World, reference?: string): Promise<Slip> {
  const request = await slipRequest((await paidForClass(world)).id, reference);
  const response = await world.app.inject({ method: 'POST', url: request.url, payload: request.payload, headers: { ...world.student.headers, ...request.headers } });
  if (response.statusCode !== 200) throw new Error(`the example's slip was refused: ${response.body}`);
  return response.json<{ data: Slip }>().data;
}
const readSlip = once((world) => studentSlip(world));
const readClass = once(paidForClass);

/** A new open alert: a second slip with the reference of one waiting. */
async function freshAlert(world: World): Promise<string> {
  const reference = `COPY-${crypto.randomUUID().slice(0, 8)}`;
  await studentSlip(world, reference);
  const copy = await studentSlip(world, reference);
  const alerts = await world.app.inject({ url: '/api/fees/alerts?open=true', headers: world.admin.headers });
  const alert = alerts.json<{ data: FeeAlert[] }>().data.find((item) => item.slipId === copy.id);
  if (!alert) throw new Error(`the example's copied slip raised no alert: ${alerts.body}`);
  return alert.id;
}

const STUDENTS_ONLY = { actors: ['admin' as const], status: 403, because: 'only students pay fees' };

export const FEE_REPORT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  // ---- bank slips ----
  'POST /api/fees/slips': {
    access: 'signed-in',
    build: async ({ world }) => slipRequest((await paidForClass(world)).id),
    narrower: [STUDENTS_ONLY, { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only' }],
  },
  'GET /api/fees/slips': { access: 'admin', build: () => ({ url: '/api/fees/slips?state=pending&pageSize=5' }) },
  'GET /api/fees/slips/:slipId/file': { access: 'owner', build: async ({ world }) => ({ url: `/api/fees/slips/${(await readSlip(world)).id}/file` }) },
  'POST /api/fees/slips/:slipId/approve': { access: 'admin', build: async ({ world }) => ({ url: `/api/fees/slips/${(await studentSlip(world)).id}/approve` }) },
  'POST /api/fees/slips/:slipId/reject': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/fees/slips/${(await studentSlip(world)).id}/reject`, payload: { reason: 'The slip is for another account' } }),
  },

  // ---- a student's fees ----
  'GET /api/fees/mine': { access: 'signed-in', build: () => ({ url: '/api/fees/mine' }), narrower: STUDENTS_ONLY },
  'GET /api/fees/students/:studentId': { access: 'admin', build: ({ world }) => ({ url: `/api/fees/students/${world.student.id}` }) },

  // ---- the admins' fees screen ----
  'GET /api/fees/overview': { access: 'admin', build: () => ({ url: '/api/fees/overview' }) },
  'GET /api/fees/classes/:folderId/months/:month': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/fees/classes/${encodeURIComponent((await readClass(world)).id)}/months/2026-11?state=unpaid` }),
  },
  'POST /api/fees/remind': { access: 'admin', build: async ({ world }) => ({ url: '/api/fees/remind', payload: { folderId: (await paidForClass(world)).id, month: '2026-11' } }) },
  'GET /api/fees/revenue': { access: 'admin', build: () => ({ url: '/api/fees/revenue?from=2026-01&to=2026-12' }) },
  'GET /api/fees/export': { access: 'admin', build: () => ({ url: '/api/fees/export?from=2026-11-01&to=2026-11-30' }) },
  'GET /api/fees/alerts': { access: 'admin', build: () => ({ url: '/api/fees/alerts?open=true' }) },
  'POST /api/fees/alerts/:alertId/resolve': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/fees/alerts/${await freshAlert(world)}/resolve`, payload: { note: 'Asked the student' } }),
  },
};
