import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  idParamsSchema,
  signInStepAnswerSchema,
  loginBodySchema,
  registerAnswerSchema,
  registerBodySchema,
  SERVER_TEXT,
  STUDENTS_PATHS,
  studentAnswerSchema,
  suspendedAnswerSchema,
} from '@academy/contract';
import { securityLogOf } from '../../lib/security-events';
import { currentAccount } from '../../plugins/auth';
import type { Db } from '../../db/database';
import { actorOf } from '../audit-log/service';
import { deviceCookieHeader, readDeviceCookie, type SignInGuard } from '../sign-in-guard/service';
import { studentsAdminRoutes } from './admin-routes';
import { ProfileImageStore } from './profile-images';
import type { AccountNotices } from '../account-notices/account-notices';
import { studentsProfileRoutes } from './profile-routes';
import * as service from './service';
import { afterPassword, type AdminMfa } from '../admin-mfa/service';

const tags = ['students'];

export const studentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  dataDir: string;
  signInGuard: SignInGuard;
  notices: AccountNotices;
  /** How long the CSV import's temporary passwords sign in (TEMPORARY_PASSWORD_DAYS). */
  temporaryPasswordTtlMs: number;
  /** Admins' second factor, asked after the password (features/admin-mfa). */
  adminMfa: AdminMfa;
}> = async (app, { db, dataDir, signInGuard, notices, temporaryPasswordTtlMs, adminMfa }) => {
  // Multipart only in this feature's scope; each upload route sets its own size cap when it reads.
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(studentsAdminRoutes, { db, temporaryPasswordTtlMs });
  await app.register(studentsProfileRoutes, { db, images: new ProfileImageStore(dataDir), notices });

  app.post(`/${STUDENTS_PATHS.register}`, {
    config: { access: 'public', budget: 'sign-in' },
    schema: {
      tags,
      summary: 'Register a student account',
      body: registerBodySchema,
      response: { 200: registerAnswerSchema, 400: errorAnswerSchema, 409: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      // Every registration that passes validation is work: its answer tells whether the e-mail is
      // taken (bounded as a guess is), and a new account costs a password hash.
      await request.spendBudget();
      // Add Student, an admin's page, sends this same call: with an admin's token it is their action.
      const caller = await app.identifyCaller(request);
      const addedBy = caller?.isAdmin ? actorOf(request) : null;
      // Anyone else registers at human speed: so many accounts an hour from one address.
      if (!addedBy) await app.countRegistration(request);
      return { code: 200 as const, message: SERVER_TEXT.registered, data: await service.registerStudent(db, request.body, addedBy) };
    },
  });

  app.post(`/${STUDENTS_PATHS.login}`, {
    config: { access: 'public', budget: 'sign-in' },
    schema: {
      tags,
      summary: 'Sign in; answers the session fields of spec section 7',
      body: loginBodySchema,
      response: {
        200: signInStepAnswerSchema,
        401: errorAnswerSchema,
        403: suspendedAnswerSchema,
        429: errorAnswerSchema,
      },
    },
    handler: async (request, reply) => {
      const { answer, deviceCookie } = await service.signIn(db, request.body, {
        clientIp: request.ip,
        userAgent: request.headers['user-agent'],
        notices,
        deviceCookie: readDeviceCookie(request.headers.cookie),
        guard: signInGuard,
        spendBudget: () => request.spendBudget(),
        openSession: (account) => app.openSession(account, request),
        security: securityLogOf(request),
        adminSecondFactor: (account) => afterPassword(adminMfa, account),
      });
      // Behind TRUST_PROXY, the protocol is the one X-Forwarded-Proto names.
      reply.header('set-cookie', deviceCookieHeader(deviceCookie, { maxAgeMs: signInGuard.rules.knownDeviceTtlMs, secure: request.protocol === 'https' }));
      return answer;
    },
  });

  app.get(`/${STUDENTS_PATHS.getById}`, {
    config: { access: 'owner', budget: 'read', whilePasswordTemporary: true },
    schema: {
      tags,
      summary: "A student's profile: one's own, or any for an admin",
      security: [{ bearer: [] }],
      params: idParamsSchema,
      response: { 200: studentAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: await service.getStudent(db, currentAccount(request), request.params.id),
    }),
  });
};
