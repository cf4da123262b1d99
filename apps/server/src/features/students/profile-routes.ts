import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorAnswerSchema,
  idParamsSchema,
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageParamsSchema,
  SERVER_TEXT,
  studentAnswerSchema,
  STUDENTS_PATHS,
  updatePasswordAnswerSchema,
  updatePasswordBodySchema,
  updateStudentAnswerSchema,
  updateStudentBodySchema,
} from '@academy/contract';
import type { Db } from '../../db/database';
import type { AccountNotices } from '../account-notices/account-notices';
import { actorOf } from '../audit-log/service';
import { errors } from '../../lib/errors';
import { sendStoredWebp } from '../../lib/images';
import { securityLogOf } from '../../lib/security-events';
import { currentAccount } from '../../plugins/auth';
import type { ProfileImageStore } from './profile-images';
import * as profile from './profile-service';
import { confirmAdminPassword } from './step-up';
import { readSingleUpload } from './upload';

const tags = ['students'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };

export const studentsProfileRoutes: FastifyPluginAsyncZod<{ db: Db; images: ProfileImageStore; notices: AccountNotices }> = async (
  app,
  { db, images, notices },
) => {
  app.put(`/${STUDENTS_PATHS.update}`, {
    config: { access: 'owner', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Update a profile: own (name, phones, district, school, address) or any as an admin',
      params: idParamsSchema,
      body: updateStudentBodySchema,
      response: { 200: updateStudentAnswerSchema, 400: errorAnswerSchema, ...denied, 409: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: [SERVER_TEXT.profileUpdated],
      data: await profile.updateStudent(db, currentAccount(request), request.params.id, request.body, {
        actor: actorOf(request),
        notices,
        confirmPassword: (password, action) => confirmAdminPassword(db, request, password, action),
      }),
    }),
  });

  app.put(`/${STUDENTS_PATHS.updatePassword}`, {
    config: { access: 'owner', budget: 'sign-in', whilePasswordTemporary: true },
    schema: {
      tags,
      security,
      summary: "Change one's own password; ends every session and answers a fresh token for this one",
      params: idParamsSchema,
      body: updatePasswordBodySchema,
      response: { 200: updatePasswordAnswerSchema, 400: errorAnswerSchema, ...denied, 429: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: [SERVER_TEXT.passwordChanged],
      data: {
        token: await profile.changePassword(db, currentAccount(request), request.params.id, request.body, {
          spendBudget: () => request.spendBudget(),
          renewSession: (tokenVersion) => app.renewSession(request, tokenVersion),
          security: securityLogOf(request),
          notices,
        }),
      },
    }),
  });

  app.post(`/${STUDENTS_PATHS.uploadProfileImage}`, {
    config: { access: 'owner', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Upload a profile picture (multipart field '${PROFILE_IMAGE_FIELD}'; JPEG, PNG or WebP, 5 MB)`,
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: {
        200: studentAnswerSchema,
        400: errorAnswerSchema,
        ...denied,
        413: errorAnswerSchema,
        415: errorAnswerSchema,
      },
    },
    handler: async (request) => {
      const caller = currentAccount(request);
      // Permission first, so nobody can make the server decode an image for someone else's profile.
      if (!caller.isAdmin && caller.id !== request.params.id) throw errors.forbidden(SERVER_TEXT.notYourProfile);
      const upload = await readSingleUpload(request, {
        field: PROFILE_IMAGE_FIELD,
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        missing: SERVER_TEXT.imageRequired,
        tooLarge: SERVER_TEXT.imageTooLarge,
      });
      return {
        code: 200 as const,
        message: SERVER_TEXT.imageUploaded,
        data: await profile.setProfileImage(db, images, caller, request.params.id, upload, actorOf(request)),
      };
    },
  });

  app.get(`/${STUDENTS_PATHS.profileImageFile}`, {
    config: { access: 'public', budget: 'read' },
    schema: {
      tags,
      summary: 'A stored profile picture (WebP), cached for a year',
      params: profileImageParamsSchema,
      produces: ['image/webp'],
      response: { 200: z.instanceof(Buffer).describe('WebP bytes'), 400: errorAnswerSchema, 404: errorAnswerSchema },
    },
    handler: async (request, reply) => sendStoredWebp(reply, await images.read(request.params.file)),
  });
};
