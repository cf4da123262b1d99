import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchAccessBodySchema,
  CLASS_MATERIAL_PATHS,
  CLASS_MATERIAL_TEXT,
  classAccessAnswerSchema,
  errorAnswerSchema,
  folderParamsSchema,
  giveAccessBodySchema,
  grantAnswerSchema,
  grantListAnswerSchema,
  grantParamsSchema,
  noDataAnswerSchema,
  SERVER_TEXT,
  studentParamsSchema,
} from '@academy/contract';
import { actorOf } from '../audit-log/service';
import * as access from './access-service';
import { denied, security, tags } from './route-common';
import type { ClassMaterialContext } from './tree';

/** Who may open which class: every route here is the admin's. */
export const accessRoutes: FastifyPluginAsyncZod<{ ctx: ClassMaterialContext }> = async (app, { ctx }) => {
  const refused = { 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema };

  app.post(`/${CLASS_MATERIAL_PATHS.giveAdditionalAccess}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Give a class to an e-mail (an account now or one registered later), optionally until a date',
      body: giveAccessBodySchema,
      response: { 200: grantAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: CLASS_MATERIAL_TEXT.accessGivenMessage,
      data: await access.giveAccess(ctx, actorOf(request), request.body),
    }),
  });

  app.post(`/${CLASS_MATERIAL_PATHS.batchAccess}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Give a class to every student of a batch and class type, now and later',
      body: batchAccessBodySchema,
      response: { 200: grantAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: CLASS_MATERIAL_TEXT.accessGivenMessage,
      data: await access.giveBatchAccess(ctx, actorOf(request), request.body),
    }),
  });

  app.delete(`/${CLASS_MATERIAL_PATHS.grant}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Revoke a grant: its students lose the class at their next request',
      params: grantParamsSchema,
      response: { 200: noDataAnswerSchema, ...refused },
    },
    handler: async (request) => {
      await access.revoke(ctx, actorOf(request), request.params.grantId);
      return { code: 200 as const, message: CLASS_MATERIAL_TEXT.accessRevoked, data: null };
    },
  });

  app.get(`/${CLASS_MATERIAL_PATHS.studentAccess}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The grants that reach a student, lapsed ones included",
      params: studentParamsSchema,
      response: { 200: grantListAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: await access.studentGrants(ctx, request.params.studentId),
    }),
  });

  app.get(`/${CLASS_MATERIAL_PATHS.classAccess}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A class's grants and the students they reach now",
      params: folderParamsSchema,
      response: { 200: classAccessAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: await access.classAccess(ctx, request.params.folderId),
    }),
  });
};
