// Bank slips: the student's upload, the admins' review queue, the file, approve and reject. HTTP
// only; the rules are in slip-service.ts.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorAnswerSchema,
  feeSlipParamsSchema,
  FEES_PATHS,
  FEES_TEXT,
  rejectBodySchema,
  SLIP_FILE_FIELD,
  SLIP_MAX_BYTES,
  slipAnswerSchema,
  slipDecisionAnswerSchema,
  slipsPageAnswerSchema,
  slipsQuerySchema,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import type { FeesContext } from './context';
import { refused, security, tags } from './route-schemas';
import { approveSlip, rejectSlip, slipFile, slipsPage, uploadSlip } from './slip-service';
import { readSlipUpload } from './slip-upload';

export const slipRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  // Multipart only in this plugin's scope: every other fees route keeps answering 415 to it.
  await app.register(multipart, { limits: { files: 1, fields: 12, parts: 13 } });

  app.post(`/${FEES_PATHS.slips}`, {
    config: { access: 'signed-in', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Upload a bank slip (multipart: '${SLIP_FILE_FIELD}' and the fields folderId, months, bank, reference, amountCents, paidOn)`,
      description:
        'Students only (an admin: 403). The file is judged by its content: JPEG, PNG or WebP (re-encoded as WebP without its metadata, ' +
        'at most 2,000 px) or PDF (kept as sent), at most 5 MB. Months already paid, free, or with a slip or PayHere payment pending: 409. ' +
        'A reference or file seen before is flagged for the admins, never refused.',
      consumes: ['multipart/form-data'],
      response: { 200: slipAnswerSchema, ...refused, 409: errorAnswerSchema, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => {
      const upload = await readSlipUpload(request, SLIP_MAX_BYTES);
      return { code: 200 as const, message: FEES_TEXT.slipUploaded, data: await uploadSlip(ctx, currentAccount(request), upload) };
    },
  });

  app.get(`/${FEES_PATHS.slips}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'The review queue: pending slips oldest first, then the decided ones, with the student, the amount due and copies flagged',
      querystring: slipsQuerySchema,
      response: { 200: slipsPageAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.slipsRead,
      ...(await slipsPage(ctx, currentAccount(request).id, request.query)),
    }),
  });

  app.get(`/${FEES_PATHS.slipFile}`, {
    config: { access: 'owner', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A slip's file (WebP or PDF, never cached): to the student who uploaded it and to admins; anyone else 404",
      params: feeSlipParamsSchema,
      produces: ['image/webp', 'application/pdf'],
      response: { 200: z.instanceof(Buffer).describe('the slip file'), ...refused },
    },
    handler: async (request, reply) => {
      const { type, bytes } = await slipFile(ctx, currentAccount(request), request.params.slipId);
      const name = `slip.${type === 'application/pdf' ? 'pdf' : 'webp'}`;
      return reply.type(type).header('cache-control', 'no-store').header('content-disposition', `inline; filename="${name}"`).send(bytes);
    },
  });

  app.post(`/${FEES_PATHS.slipApprove}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Approve a slip: a bank payment of the server's amount for its months, with its receipt number; the months open",
      description: 'Approving again answers the same payment. A rejected slip: 409 naming who rejected it and when.',
      params: feeSlipParamsSchema,
      response: { 200: slipDecisionAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.slipApproved, data: await approveSlip(ctx, actorOf(request), request.params.slipId) }),
  });

  app.post(`/${FEES_PATHS.slipReject}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Reject a slip with a reason the student sees; they are told by e-mail',
      description: 'Rejecting again changes nothing. An approved slip: 409 naming who approved it and when.',
      params: feeSlipParamsSchema,
      body: rejectBodySchema,
      response: { 200: slipAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.slipRejected,
      data: await rejectSlip(ctx, actorOf(request), request.params.slipId, request.body.reason),
    }),
  });
};
