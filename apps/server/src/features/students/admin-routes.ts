import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalPendingAnswerSchema,
  APPROVALS_TEXT,
  deleteStudentBodySchema,
  deletedStudentListAnswerSchema,
  deletedStudentListQuerySchema,
  errorAnswerSchema,
  idParamsSchema,
  importAnswerSchema,
  SERVER_TEXT,
  stateBodySchema,
  STUDENT_IMPORT_FIELD,
  STUDENT_IMPORT_MAX_BYTES,
  studentAnswerSchema,
  studentExportBodySchema,
  studentListAnswerSchema,
  studentListQuerySchema,
  STUDENTS_PATHS,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { actorOf } from '../audit-log/service';
import * as admin from './admin-service';
import { importStudents } from './import-service';
import { countBulkRead } from '../security-alerts/plugin';
import { auditBulkRead, isBulkRead } from './bulk-reads';
import { askToDeleteStudent } from './delete-approval';
import { confirmAdminPassword } from './step-up';
import { readSingleUpload } from './upload';

const tags = ['students'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The admin's calls on students: every route here declares admin access. */
export const studentsAdminRoutes: FastifyPluginAsyncZod<{ db: Db; temporaryPasswordTtlMs: number }> = async (app, { db, temporaryPasswordTtlMs }) => {
  app.get(`/${STUDENTS_PATHS.getAll}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'A page of live students: search, filters, sorted by batch then name, with the total',
      querystring: studentListQuerySchema,
      response: { 200: studentListAnswerSchema, 400: errorAnswerSchema, ...denied },
    },
    handler: async (request) => {
      const page = await admin.listStudents(db, request.query);
      if (isBulkRead(request.query, page.data.length)) {
        await auditBulkRead(db, actorOf(request), request.query, page.data.length);
        countBulkRead(request);
      }
      return { code: 200 as const, message: SERVER_TEXT.ok, ...page };
    },
  });

  app.put(`/${STUDENTS_PATHS.updateState}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Suspend ('de-active', the admin's password asked again) or reactivate ('active') a student; suspending ends their sessions",
      params: idParamsSchema,
      body: stateBodySchema,
      response: { 200: studentAnswerSchema, 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      const { state, password } = request.body;
      // Suspending locks a student out; reactivating gives back what they had, so it asks nothing.
      if (state === 'de-active') await confirmAdminPassword(db, request, password, 'suspend');
      return { code: 200 as const, message: SERVER_TEXT.stateUpdated, data: await admin.setState(db, actorOf(request), request.params.id, state) };
    },
  });

  app.delete(`/${STUDENTS_PATHS.remove}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Ask to soft-delete a student (sessions end, the e-mail is free again, restorable) once a second admin approves: 202 with the pending request; the admin's password asked again",
      params: idParamsSchema,
      // A JSON body on a DELETE, as when ending a session: the password never goes in the address.
      body: deleteStudentBodySchema,
      response: { 202: approvalPendingAnswerSchema, 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request, reply) => {
      await confirmAdminPassword(db, request, request.body.password, 'delete');
      const pending = await askToDeleteStudent(db, app.approvals, actorOf(request), request.params.id);
      return reply.code(202).send({ code: 202 as const, message: APPROVALS_TEXT.pending, data: pending });
    },
  });

  app.get(`/${STUDENTS_PATHS.listDeleted}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'A page of deleted students, newest deletion first',
      querystring: deletedStudentListQuerySchema,
      response: { 200: deletedStudentListAnswerSchema, 400: errorAnswerSchema, ...denied },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      ...(await admin.listDeletedStudents(db, request.query)),
    }),
  });

  app.put(`/${STUDENTS_PATHS.restore}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Restore a deleted student; 409 when their e-mail was registered meanwhile',
      params: idParamsSchema,
      response: { 200: studentAnswerSchema, ...denied, 404: errorAnswerSchema, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.studentRestored,
      data: await admin.restoreStudent(db, actorOf(request), request.params.id),
    }),
  });

  // A POST: the admin's password travels in the body, never in an address (ASVS 3.7.1, 8.3.1).
  app.post(`/${STUDENTS_PATHS.exportCsv}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "The filtered list as a CSV file (UTF-8, every matching row); the admin's password asked again",
      body: studentExportBodySchema,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV text'), 400: errorAnswerSchema, ...denied, 429: errorAnswerSchema },
    },
    handler: async (request, reply) => {
      const { password, ...filter } = request.body;
      await confirmAdminPassword(db, request, password, 'export');
      const csv = await admin.exportStudentsCsv(db, actorOf(request), filter);
      countBulkRead(request);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="students-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  app.post(`/${STUDENTS_PATHS.importCsv}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Add students from a CSV file (multipart field '${STUDENT_IMPORT_FIELD}'); a report per row`,
      consumes: ['multipart/form-data'],
      response: {
        200: importAnswerSchema,
        400: errorAnswerSchema,
        ...denied,
        409: errorAnswerSchema,
        413: errorAnswerSchema,
        415: errorAnswerSchema,
      },
    },
    handler: async (request) => {
      const file = await readSingleUpload(request, {
        field: STUDENT_IMPORT_FIELD,
        maxBytes: STUDENT_IMPORT_MAX_BYTES,
        missing: SERVER_TEXT.importFileRequired,
        tooLarge: SERVER_TEXT.importTooLarge,
      });
      return { code: 200 as const, message: SERVER_TEXT.importFinished, data: await importStudents(db, actorOf(request), file.toString('utf8'), temporaryPasswordTtlMs) };
    },
  });
};
