import { request } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { adminHeaders, createClass, PDF_BYTES, uploadRequest } from '../features/class-material/test-helpers';
import { connectSse } from '../../test/sse-client';
import { useTestApp } from '../../test/test-app';

// A JSON body must arrive within BODY_TIMEOUT; an upload and an event stream may take as long as
// they need. Over real sockets, since inject() has no slow clients.

const t = useTestApp({ BODY_TIMEOUT: '1s', STREAM_HEARTBEAT_SECONDS: '1' });
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the body deadline', () => {
  it('answers 408 in the contract and closes the connection when a JSON body trickles past it', async () => {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('POST /api/students/student/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":');
    const started = Date.now();
    await closed;
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5000);
    expect(received).toMatch(/^HTTP\/1.1 408/);
    expect(received).toMatch(/connection: close/i);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({ code: 408, message: SERVER_TEXT.bodyTimeout, data: null });
  });

  it('lets an upload take longer than the deadline', async () => {
    const admin = await adminHeaders(t.app);
    const folder = await createClass(t.app, admin);
    const upload = uploadRequest(folder.id, 'slow-notes.pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(30_000, 32)]), admin, 'application/pdf');
    const status = await new Promise<number>((resolve, reject) => {
      const sending = request(`${base}${upload.url}`, { method: 'POST', headers: { ...upload.headers, 'content-length': upload.payload.length } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      sending.on('error', reject);
      void (async () => {
        // Three slices, 0.8 s apart: 1.6 s in all, past the 1 s deadline.
        const third = Math.ceil(upload.payload.length / 3);
        for (let i = 0; i < 3; i += 1) {
          sending.write(upload.payload.subarray(i * third, (i + 1) * third));
          if (i < 2) await pause(800);
        }
        sending.end();
      })();
    });
    expect(status).toBe(200);
  });

  /** An event stream, opened with `headers` added, still open after twice the deadline. */
  async function expectStreamOpenPastDeadline(headers: Record<string, string> = {}) {
    const admin = await adminHeaders(t.app);
    const stream = await connectSse(`${base}/api/messages/message/stream`, admin.authorization?.slice('Bearer '.length) ?? '', headers);
    expect(stream.status).toBe(200);
    await pause(2200);
    expect(stream.received.filter((event) => event.event === 'comment').length).toBeGreaterThanOrEqual(2);
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    await pause(50);
    expect(ended).toBe(false);
    stream.close();
  }

  it('leaves a live stream open past the deadline even when its GET claims a body (which no GET has read)', async () => {
    await expectStreamOpenPastDeadline({ 'transfer-encoding': 'chunked' });
  });

  it('leaves a live stream open past the deadline', async () => {
    await expectStreamOpenPastDeadline();
  });

});
