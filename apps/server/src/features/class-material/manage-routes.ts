import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalPendingAnswerSchema,
  APPROVALS_TEXT,
  CLASS_FILE_FIELD,
  CLASS_MATERIAL_PATHS,
  CLASS_MATERIAL_TEXT,
  driveItemAnswerSchema,
  errorAnswerSchema,
  folderParamsSchema,
  itemParamsSchema,
  newFolderBodySchema,
  noDataAnswerSchema,
  renameBodySchema,
  SERVER_TEXT,
} from '@academy/contract';
import { actorOf } from '../audit-log/service';
import { deleteOrAskApproval } from './class-delete-approval';
import * as manage from './manage-service';
import { denied, security, tags } from './route-common';
import type { ClassMaterialContext } from './tree';
import { receiveLessonFile } from './upload';

/** The admin's tools on the drive screen: every route here is the admin's. */
export const manageRoutes: FastifyPluginAsyncZod<{ ctx: ClassMaterialContext }> = async (app, { ctx }) => {
  const refused = { 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema, 409: errorAnswerSchema, 503: errorAnswerSchema };

  app.post(`/${CLASS_MATERIAL_PATHS.subfolder}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Create a folder inside a class folder',
      params: folderParamsSchema,
      body: newFolderBodySchema,
      response: { 200: driveItemAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: await manage.createSubfolder(ctx, actorOf(request), request.params.folderId, request.body.name),
    }),
  });

  app.post(`/${CLASS_MATERIAL_PATHS.upload}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Upload one MP4 video or PDF into a class folder (multipart field '${CLASS_FILE_FIELD}'), streamed to the store`,
      consumes: ['multipart/form-data'],
      params: folderParamsSchema,
      response: { 200: driveItemAnswerSchema, ...refused, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      // The folder is checked before a byte is read, so a refused upload touches nothing.
      await manage.locateFolder(ctx, actor, request.params.folderId);
      const file = await receiveLessonFile(request, ctx.maxUploadBytes);
      return {
        code: 200 as const,
        message: CLASS_MATERIAL_TEXT.uploaded,
        data: await manage.uploadFile(ctx, actor, request.params.folderId, file),
      };
    },
  });

  app.put(`/${CLASS_MATERIAL_PATHS.item}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Rename a folder or file; renaming a class folder renames the class, its grants kept',
      params: itemParamsSchema,
      body: renameBodySchema,
      response: { 200: driveItemAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: CLASS_MATERIAL_TEXT.renamed,
      data: await manage.renameItem(ctx, actorOf(request), request.params.itemId, request.body.name),
    }),
  });

  app.delete(`/${CLASS_MATERIAL_PATHS.item}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Delete a file, or a folder with everything in it; a class folder (the class and its grants) once a second admin approves: 202 with the pending request',
      params: itemParamsSchema,
      response: { 200: noDataAnswerSchema, 202: approvalPendingAnswerSchema, ...refused },
    },
    handler: async (request, reply) => {
      const pending = await deleteOrAskApproval(ctx, app.approvals, actorOf(request), request.params.itemId);
      if (pending) return reply.code(202).send({ code: 202 as const, message: APPROVALS_TEXT.pending, data: pending });
      return { code: 200 as const, message: CLASS_MATERIAL_TEXT.deleted, data: null };
    },
  });
};
