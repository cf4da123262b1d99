import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_MAX_BYTES,
  BANNER_MAX_IMAGES,
  bannerFileParamsSchema,
  bannerListAnswerSchema,
  bannerUploadAnswerSchema,
  BANNERS_PATHS,
  BANNERS_TEXT,
  errorAnswerSchema,
  saveBannersBodySchema,
  SERVER_TEXT,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { sendStoredWebp } from '../../lib/images';
import { actorOf } from '../audit-log/service';
import type { BannerImageStore } from './banner-images';
import * as service from './service';
import { readBannerUploads } from './uploads';

const tags = ['banners'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };

export const bannersRoutes: FastifyPluginAsyncZod<{ db: Db; images: BannerImageStore }> = async (app, { db, images }) => {
  // Multipart only in this feature's scope; the upload sets its caps when it reads, and an
  // oversized file is marked rather than thrown, so every refused file can be named.
  await app.register(multipart, { throwFileSizeLimit: false });

  app.get(`/${BANNERS_PATHS.getUrl}`, {
    config: { access: 'public', budget: 'read' },
    schema: {
      tags,
      summary: "The published banners' addresses in carousel order (empty: the login page shows the default images)",
      response: { 200: bannerListAnswerSchema },
    },
    handler: async () => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.publishedUrls(db) }),
  });

  app.post(`/${BANNERS_PATHS.uploadImage}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Upload up to ${BANNER_MAX_IMAGES} banner images (multipart image1..image3; JPEG, PNG or WebP by content, ${BANNER_MAX_BYTES / 1024 / 1024} MB each); nothing is stored if one is refused`,
      consumes: ['multipart/form-data'],
      response: {
        200: bannerUploadAnswerSchema,
        400: errorAnswerSchema,
        ...denied,
        413: errorAnswerSchema,
        415: errorAnswerSchema,
      },
    },
    handler: async (request) => {
      const urls = await service.uploadImages(db, images, actorOf(request), await readBannerUploads(request));
      return { code: 200 as const, message: BANNERS_TEXT.uploaded, imageUrl: urls, data: urls };
    },
  });

  app.post(`/${BANNERS_PATHS.saveUrl}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Post the campaign: the upload's imageUrl values, in order, replace the published banners",
      body: saveBannersBodySchema,
      response: { 200: bannerListAnswerSchema, 400: errorAnswerSchema, ...denied },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: BANNERS_TEXT.posted,
      data: await service.publish(db, images, actorOf(request), request.body.imageUrl),
    }),
  });

  app.delete(`/${BANNERS_PATHS.deleteBanner}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Delete the published banners; the login page shows the academy's default images",
      response: { 200: bannerListAnswerSchema, ...denied },
    },
    handler: async (request) => {
      await service.deleteAll(db, images, actorOf(request));
      return { code: 200 as const, message: BANNERS_TEXT.deleted, data: [] };
    },
  });

  app.get(`/${BANNERS_PATHS.imageFile}`, {
    config: { access: 'public', budget: 'read' },
    schema: {
      tags,
      summary: 'One stored width of a banner image (WebP), cached for a year',
      params: bannerFileParamsSchema,
      produces: ['image/webp'],
      response: { 200: z.instanceof(Buffer).describe('WebP bytes'), 400: errorAnswerSchema, 404: errorAnswerSchema },
    },
    handler: async (request, reply) => sendStoredWebp(reply, await images.read(request.params.file)),
  });
};
