import { describe, expect, it } from 'vitest';
import { encodeFileId, type FileTicketAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { encodeDiskId } from '../../storage/disk-store';
import { TicketSigner } from './ticket';
import { adminHeaders, classWithLessons, fileTicket, giveAccess, mp4Bytes, PDF_BYTES, ticketUrl } from './test-helpers';

// Viewing a file: the ticket, the bytes with HTTP Range, and every way a ticket must stop working.

const TICKET_TTL_MS = 10 * 60 * 1000;

describe('secure-file', () => {
  const t = useTestApp();

  async function world() {
    const admin = await adminHeaders(t.app);
    const lessons = await classWithLessons(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, lessons.classFolder.name);
    return { admin, student, ...lessons };
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('streams the whole file, then any byte range, inline and never cached', async () => {
    const { student, video, pdf } = await world();
    const ticket = await fileTicket(t.app, student.headers, video.id);
    expect(ticket.statusCode).toBe(200);
    const data = ticket.json<FileTicketAnswer>().data;
    expect(data.file).toEqual({ id: video.id, name: 'intro.mp4', mimeType: 'video/mp4', size: mp4Bytes().length });
    expect(data.watermark.name).toBe(student.body.name);
    expect(data.watermark.regNo).toBe(student.student.regNo);
    expect(data.url).toMatch(/^\/api\/secure-folders\/secure-file\?id=[^&]+&t=/);
    expect(new URL(data.url, 'http://x').searchParams.get('id')).toBe(encodeFileId(video.id));

    const whole = await get(data.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp4Bytes())).toBe(true);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="intro.mp4"/);
    expect(whole.headers['content-encoding']).toBeUndefined();

    const part = await get(data.url, { range: 'bytes=1000-1999', 'accept-encoding': 'gzip' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${mp4Bytes().length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(mp4Bytes().subarray(1000, 2000))).toBe(true);

    const tail = await get(data.url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4Bytes().subarray(-10))).toBe(true);

    const beyond = await get(data.url, { range: `bytes=${mp4Bytes().length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp4Bytes().length}`);

    const pdfUrl = await ticketUrl(t.app, student.headers, pdf.id);
    const pdfAnswer = await get(pdfUrl);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    expect(pdfAnswer.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('refuses a forged, expired, other-file or garbled ticket with 403', async () => {
    const { student, video, pdf } = await world();
    const url = new URL(await ticketUrl(t.app, student.headers, video.id), 'http://x');
    const id = url.searchParams.get('id') ?? '';
    const ticket = url.searchParams.get('t') ?? '';
    const signer = (secret: string) => new TicketSigner(secret, TICKET_TTL_MS);
    const claims = { accountId: student.student._id, tokenVersion: 0 };
    const address = (fileId: string, value: string) =>
      `/api/secure-folders/secure-file?${new URLSearchParams({ id: fileId, t: value }).toString()}`;

    const refused = {
      'signed with another secret': address(id, signer('x'.repeat(48)).issue(claims, video.id).ticket),
      expired: address(id, signer(t.config.jwtSecret).issue(claims, video.id, Date.now() - TICKET_TTL_MS - 1000).ticket),
      'for another file': address(encodeFileId(pdf.id), ticket),
      'signature cut': address(id, ticket.slice(0, -4)),
      'payload edited': address(id, `${Buffer.from(JSON.stringify({ a: claims.accountId, v: 0, f: 'x', e: 9e15 })).toString('base64url')}.${ticket.split('.')[1]}`),
      'a sign-in token instead': address(id, student.login.token),
      'not base64': address('%%%', ticket),
    };
    for (const [why, target] of Object.entries(refused)) {
      const response = await get(target);
      expect(response.statusCode, why).toBe(403);
      expect(response.headers['content-type'], why).toMatch(/application\/json/);
    }
    expect((await get(url.pathname + url.search)).statusCode).toBe(200);
  });

  it("a ticket signed for a file outside the student's classes, or a traversal id, gets 404", async () => {
    const { admin, student } = await world();
    const other = await classWithLessons(t.app, admin);
    const signer = new TicketSigner(t.config.jwtSecret, TICKET_TTL_MS);
    const claims = { accountId: student.student._id, tokenVersion: 0 };
    const className = Buffer.from(other.classFolder.id, 'base64url').toString('utf8');
    for (const fileId of [other.video.id, encodeDiskId(`${className}/../../portal.sqlite`), encodeDiskId('../jwt-secret')]) {
      const target = `/api/secure-folders/secure-file?${new URLSearchParams({ id: encodeFileId(fileId), t: signer.issue(claims, fileId).ticket }).toString()}`;
      expect((await get(target)).statusCode, fileId).toBe(404);
    }
    // Nor is a ticket handed out for such ids.
    expect((await fileTicket(t.app, student.headers, other.video.id)).statusCode).toBe(404);
    expect((await fileTicket(t.app, student.headers, encodeDiskId('../jwt-secret'))).statusCode).toBe(404);
  });

  it('an open link dies at once when the student is suspended, loses the grant or changes password', async () => {
    const { admin, student, video } = await world();
    const url = await ticketUrl(t.app, student.headers, video.id);
    const range = { range: 'bytes=0-99' };
    expect((await get(url, range)).statusCode).toBe(206);

    const suspend = (state: string) =>
      t.app.inject({ method: 'PUT', url: `/api/students/student/state/update/${student.student._id}`, headers: admin, payload: { state, password: TEST_ADMIN.password } });
    expect((await suspend('de-active')).statusCode).toBe(200);
    expect((await get(url, range)).statusCode).toBe(403);
    // Reactivated: the old link stays dead (its session ended); a new sign-in gets a new one.
    expect((await suspend('active')).statusCode).toBe(200);
    expect((await get(url, range)).statusCode).toBe(403);

    const again = await signedInAgain(student.body.email, student.body.password);
    const fresh = await ticketUrl(t.app, again, video.id);
    expect((await get(fresh, range)).statusCode).toBe(206);

    const grants = await t.app.inject({ method: 'GET', url: `/api/folders/access/student/${student.student._id}`, headers: admin });
    const grantId = grants.json<{ data: { id: string }[] }>().data[0]?.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${grantId}`, headers: admin })).statusCode).toBe(200);
    expect((await get(fresh, range)).statusCode).toBe(404);
  });

  it('a second student never gets a ticket for the first one\'s files', async () => {
    const { video, pdf } = await world();
    const outsider = await signedInStudent(t.app);
    for (const id of [video.id, pdf.id]) expect((await fileTicket(t.app, outsider.headers, id)).statusCode).toBe(404);
    expect((await fileTicket(t.app, {}, video.id)).statusCode).toBe(401);
  });

  async function signedInAgain(email: string, password: string) {
    const response = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email, password } });
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
  }
});
