import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLASS_MATERIAL_PATHS,
  CLASS_MATERIAL_TEXT,
  createFolderAnswerSchema,
  createFolderBodySchema,
  driveListingAnswerSchema,
  driveTitle,
  emailParamsSchema,
  errorAnswerSchema,
  folderNamesAnswerSchema,
  folderParamsSchema,
  SERVER_TEXT,
  storeInfoAnswerSchema,
} from '@academy/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { currentAccount } from '../../plugins/auth';
import { createFileStore } from '../../storage/create-store';
import type { FileStore } from '../../storage/file-store';
import { actorOf } from '../audit-log/service';
import { accessRoutes } from './access-routes';
import { fileRoutes } from './file-routes';
import { manageRoutes } from './manage-routes';
import { denied, security, tags } from './route-common';
import * as service from './service';
import { TicketSigner } from './ticket';
import type { ClassMaterialContext } from './tree';

export interface ClassMaterialOptions {
  db: Db;
  files: Config['files'];
  secret: string;
  /** Scratch space for uploads that are probed before they land. */
  workDir: string;
  /** Tests hand in a store of their own (the Google Drive store against a local server). */
  store?: FileStore;
}

/** The feature's context; app.ts builds it once, so the lessons feature checks tickets the same way. */
export async function createClassMaterialContext(options: ClassMaterialOptions): Promise<ClassMaterialContext> {
  return {
    db: options.db,
    store: options.store ?? (await createFileStore(options.files.store)),
    tickets: new TicketSigner(options.secret, options.files.ticketTtlMs),
    maxUploadBytes: options.files.maxUploadBytes,
    workDir: options.workDir,
  };
}

/** Class material: classes, listings, access, the drive screen's tools and secure viewing. */
export const classMaterialRoutes: FastifyPluginAsyncZod<{ ctx: ClassMaterialContext }> = async (app, { ctx }) => {
  // Multipart only in this scope, one file a request; the size cap is set when a request is read.
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });
  await app.register(accessRoutes, { ctx });
  await app.register(fileRoutes, { ctx });
  await app.register(manageRoutes, { ctx });

  app.get(`/${CLASS_MATERIAL_PATHS.storeInfo}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "Which store holds the classes: the drive screen's title and the upload limit",
      response: { 200: storeInfoAnswerSchema, ...denied },
    },
    handler: async () => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: { provider: ctx.store.provider, title: driveTitle(ctx.store.provider), maxUploadBytes: ctx.maxUploadBytes },
    }),
  });

  app.post(`/${CLASS_MATERIAL_PATHS.createFolder}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Create a class: a top-level folder; a name already used, in any letter case, is refused',
      body: createFolderBodySchema,
      response: { 200: createFolderAnswerSchema, 400: errorAnswerSchema, ...denied, 409: errorAnswerSchema, 503: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: [CLASS_MATERIAL_TEXT.folderCreatedMessage],
      data: await service.createClass(ctx, actorOf(request), request.body.folderName),
    }),
  });

  app.get(`/${CLASS_MATERIAL_PATHS.folderNames}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'The names of every class, for the Give Additional Access dialog',
      response: { 200: folderNamesAnswerSchema, ...denied, 503: errorAnswerSchema },
    },
    handler: async () => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.folderNames(ctx) }),
  });

  app.get(`/${CLASS_MATERIAL_PATHS.rootFiles}`, {
    config: { access: 'owner', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The classes an e-mail's owner may open: one's own, or anyone's for an admin",
      params: emailParamsSchema,
      response: { 200: driveListingAnswerSchema, ...denied, 503: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: null,
      files: await service.rootFiles(ctx, currentAccount(request), request.params.email),
    }),
  });

  app.get(`/${CLASS_MATERIAL_PATHS.folderContent}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A folder's folders, videos and PDFs, only inside a class the caller may open (else 404)",
      params: folderParamsSchema,
      response: { 200: driveListingAnswerSchema, ...denied, 404: errorAnswerSchema, 503: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: null,
      files: await service.folderContent(ctx, currentAccount(request), request.params.folderId),
    }),
  });
};
