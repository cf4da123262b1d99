import { z } from 'zod';
import { dataAnswer } from './api';
import { pagingSchema, STUDENT_DEFAULT_PAGE_SIZE, STUDENT_PAGE_SIZES, studentListQuerySchema } from './students';
import { AUDIT_ACTIONS, type AuditAction } from './audit-log-text';

// The audit log: every admin action, with who did it (as they were named then), what it
// touched, what changed, when and from which address. Only admins read it.

export const AUDIT_LOG_PATHS = {
  entries: 'audit-log/entries',
  admins: 'audit-log/admins',
} as const;

export const AUDIT_PAGE_SIZES = STUDENT_PAGE_SIZES;
export const AUDIT_DEFAULT_PAGE_SIZE = STUDENT_DEFAULT_PAGE_SIZE;
export const AUDIT_SEARCH_MAX_LENGTH = 100;

const daySchema = z.iso.date({ error: 'must be a date like 2026-06-30' }).optional();

/**
 * A page of the log, newest first. `search` matches whole words of the target's name (a student's
 * name, e-mail or regNo, a class, folder or file name) and its id, each typed word as the start of
 * one; `from` and `to` are Sri Lanka days, both included.
 */
export const auditLogQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: 'is not a known action' }).optional(),
    adminId: z.string().trim().max(64, { error: 'is not a valid id' }).optional(),
    targetId: z.string().trim().max(2048, { error: 'is too long' }).optional(),
    search: z.string().trim().max(AUDIT_SEARCH_MAX_LENGTH, { error: 'is too long' }).optional(),
    from: daySchema,
    to: daySchema,
    // Paged as the Student List is: pages from 1, 1 to 100 entries, 25 unless asked.
    page: studentListQuerySchema.shape.page,
    pageSize: studentListQuerySchema.shape.pageSize,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'must not be before from', path: ['to'] });
export type AuditLogFilter = z.output<typeof auditLogQuerySchema>;
/** What a client sends (the schema's input types the numbers as unknown because it coerces them). */
export type AuditLogQuery = {
  action?: AuditAction | undefined;
  adminId?: string | undefined;
  targetId?: string | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number;
  pageSize?: number;
};

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO-8601 time of the change. */
  at: z.string(),
  /** One of AUDIT_ACTIONS; kept a string so an entry written by a newer release still shows. */
  action: z.string(),
  /** The admin as they were named when they acted. */
  admin: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  summary: z.string(),
  /** What changed; never a password, token or code. */
  detail: z.record(z.string(), z.unknown()),
  /** The client's address as the server saw it (TRUST_PROXY decides whether a proxy's header counts). */
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * `total` counts the matches up to 1,000 past the page's first entry: when there are more,
 * `totalIsExact` is false and the screen says 'more than'.
 */
export const auditPagingSchema = pagingSchema.extend({ totalIsExact: z.boolean() });
export type AuditPaging = z.infer<typeof auditPagingSchema>;

export const auditLogAnswerSchema = dataAnswer(z.array(auditEntrySchema)).extend({ paging: auditPagingSchema });
export type AuditLogAnswer = z.infer<typeof auditLogAnswerSchema>;

export const auditAdminSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AuditAdmin = z.infer<typeof auditAdminSchema>;
export const auditAdminsAnswerSchema = dataAnswer(z.array(auditAdminSchema));

