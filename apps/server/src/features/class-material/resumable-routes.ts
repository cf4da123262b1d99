import { Readable } from 'node:stream';
import { ERRORS } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_MATERIAL_TEXT, errorAnswerSchema, RESUMABLE_UPLOAD_METADATA, RESUMABLE_UPLOAD_PATH, resumableUploadParamsSchema } from '@academy/contract';
import { AppError } from '../../lib/errors';
import { actorOf } from '../audit-log/service';
import { security, tags } from './route-common';
import type { ResumableUploads } from './resumable-upload';

// The tus protocol's four calls as ordinary routes, so each one meets the rate limit and the
// admin check (bearer token, account re-read) like every other route before tus sees it. tus
// answers a web Response; a refusal is sent as the contract's error body, naming the problem.

const TUS_CONTENT_TYPE = 'application/offset+octet-stream';
const refused = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema, 412: errorAnswerSchema, 413: errorAnswerSchema, 415: errorAnswerSchema };
const withBody = new Set(['POST', 'PATCH']);

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Only a part's bytes are left unread by Fastify (the content-type parser below): tus streams them
  // to disk. Any other body was read (and is no part of the protocol): tus sees none.
  const streamed = withBody.has(request.method) && request.headers['content-type'] === TUS_CONTENT_TYPE;
  const body = streamed ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null;
  if (!streamed) {
    headers.delete('content-length');
    headers.delete('transfer-encoding');
  }
  return new Request(new URL(request.url, 'http://localhost'), { method: request.method, headers, body, duplex: 'half' } as RequestInit);
}

const UPLOAD_GONE = new Set<string>([ERRORS.FILE_NOT_FOUND.body, ERRORS.FILE_NO_LONGER_EXISTS.body]);
const UPLOAD_TOO_LARGE = new Set<string>([ERRORS.ERR_MAX_SIZE_EXCEEDED.body, ERRORS.ERR_SIZE_EXCEEDED.body]);

/** Our refusals come back as their sentence; tus's own (plain text) get the contract's where one fits. */
function refusalOf(status: number, body: string): AppError {
  if (UPLOAD_GONE.has(body)) return new AppError(404, CLASS_MATERIAL_TEXT.uploadNotFound);
  if (UPLOAD_TOO_LARGE.has(body)) return new AppError(413, CLASS_MATERIAL_TEXT.uploadTooLarge);
  // tus answers a missing Upload-Offset or Content-Type with 403; the caller was let in, the request is malformed.
  if (status === 403) return new AppError(400, body.trim());
  return new AppError(status, body.trim() || CLASS_MATERIAL_TEXT.uploadRefused);
}

export const resumableRoutes: FastifyPluginAsyncZod<{ uploads: ResumableUploads }> = async (app, { uploads }) => {
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));

  const viaTus = async (request: FastifyRequest, reply: FastifyReply) => {
    const webRequest = webRequestOf(request);
    uploads.callers.set(webRequest, actorOf(request));
    const response = await uploads.server().handleWeb(webRequest);
    const body = await response.text();
    if (response.status >= 400) throw refusalOf(response.status, body);
    for (const [name, value] of response.headers) {
      // Cross-origin rules are the CORS plugin's (same-origin unless CORS_ORIGINS says otherwise).
      if (!name.startsWith('access-control-')) reply.header(name, value);
    }
    return reply.code(response.status).send(body === '' ? undefined : body);
  };

  const metadata = `Upload-Metadata: ${RESUMABLE_UPLOAD_METADATA.filename} (.mp4 or .pdf), ${RESUMABLE_UPLOAD_METADATA.folderId}`;
  const answered = (status: number, what: string) => ({ [status]: z.any().describe(what), ...refused });

  app.post(`/${RESUMABLE_UPLOAD_PATH}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Start a resumable upload (tus 1.0.0; ${metadata}; Upload-Length at most MAX_UPLOAD_BYTES): answers its address in Location`,
      response: answered(201, 'Created: Location is the upload'),
    },
    handler: viaTus,
  });

  const one = `/${RESUMABLE_UPLOAD_PATH}/:uploadId`;
  app.route({
    method: 'HEAD',
    url: one,
    config: { access: 'admin', budget: 'read' },
    schema: { tags, security, summary: 'How much of a resumable upload the server has (Upload-Offset)', params: resumableUploadParamsSchema, response: answered(200, 'Upload-Offset and Upload-Length') },
    handler: viaTus,
  });

  app.patch(one, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Send more of a resumable upload from Upload-Offset (${TUS_CONTENT_TYPE}); the last part lands the file in its folder as the multipart upload does and answers the item`,
      consumes: [TUS_CONTENT_TYPE],
      params: resumableUploadParamsSchema,
      response: answered(200, 'The landed item (the last part), or 204 with the new Upload-Offset'),
    },
    handler: viaTus,
  });

  app.delete(one, {
    config: { access: 'admin', budget: 'write' },
    schema: { tags, security, summary: 'Cancel a resumable upload: its bytes are removed', params: resumableUploadParamsSchema, response: answered(204, 'Removed') },
    handler: viaTus,
  });
};
