// Shared by the slip, overview and mine tests: a bank slip's multipart request as the web's
// FormData sends it, pictures made in the test, and a student with a class that has a plan.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { DriveItem, Slip } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { multipartFiles } from '../../../test/multipart-form';
import { createClass, giveAccess, type Headers } from '../class-material/test-helpers';
import { feePlan } from './test-helpers';

export interface SlipFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A slip's multipart body, text fields first and the file last, as the web's FormData sends it. */
export function slipForm(fields: Record<string, string>, file: SlipFile | null) {
  return multipartFiles(file ? [{ field: 'file', ...file }] : [], fields);
}

/** A small picture of one colour (each colour a different file). */
export function pngBytes(colour = '#336699', width = 60, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A JPEG as a phone takes it: EXIF with the camera's GPS position, and a rotation to apply. */
export function jpegWithGps(width = 80, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#aa3311' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Slip camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 55/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '79/1 51/1 1200/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The fields of a valid slip for `months`; override what a test is about. */
export function slipFields(folderId: string, months: string[], overrides: Record<string, string> = {}): Record<string, string> {
  return {
    folderId,
    months: months.join(','),
    bank: 'Bank of Ceylon',
    reference: `REF-${crypto.randomUUID().slice(0, 8)}`,
    amountCents: '250000',
    paidOn: '2026-11-18',
    ...overrides,
  };
}

export function postSlip(app: FastifyInstance, headers: Headers, fields: Record<string, string>, file: SlipFile | null) {
  const form = slipForm(fields, file);
  return app.inject({ method: 'POST', url: '/api/fees/slips', headers: { ...headers, ...form.headers }, payload: form.payload });
}

/** Uploads a slip that must be taken: its answer. */
export async function uploadSlipOk(app: FastifyInstance, headers: Headers, fields: Record<string, string>, file?: SlipFile): Promise<Slip> {
  const response = await postSlip(app, headers, fields, file ?? { filename: 'slip.png', contentType: 'image/png', bytes: await pngBytes(`#${crypto.randomUUID().slice(0, 6)}`) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Slip }>().data;
}

/** A class with the default plan (November and December 2026), granted to a new signed-in student. */
export async function classWithPlanFor(app: FastifyInstance, admin: Headers, plan: Parameters<typeof feePlan>[3] = {}) {
  const classFolder: DriveItem = await createClass(app, admin);
  await feePlan(app, admin, classFolder.id, plan);
  const student = await signedInStudent(app);
  await giveAccess(app, admin, student.body.email, classFolder.name);
  return { classFolder, student };
}

/** Grants the class to one more new signed-in student. */
export async function anotherStudent(app: FastifyInstance, admin: Headers, classFolder: DriveItem) {
  const student = await signedInStudent(app);
  await giveAccess(app, admin, student.body.email, classFolder.name);
  return student;
}
