import { z } from 'zod';
import { dataAnswer } from './api';
import { pagingSchema, STUDENT_DEFAULT_PAGE_SIZE, STUDENT_PAGE_SIZES, studentListQuerySchema } from './students';

// The audit log (issue 8): every admin action, with who did it (as they were named then), what it
// touched, what changed, when and from which address. Only admins read it.

export const AUDIT_LOG_PATHS = {
  entries: 'audit-log/entries',
  admins: 'audit-log/admins',
} as const;

/** Stable action codes: stored in every entry and used by the filter, so never renamed once shipped. */
export const AUDIT_ACTIONS = [
  'student.suspend',
  'student.reactivate',
  'student.delete',
  'student.restore',
  'student.edit',
  'student.add',
  'student.import',
  'access.grant',
  'access.revoke',
  'class.create',
  'class.rename',
  'class.delete',
  'folder.create',
  'folder.rename',
  'folder.delete',
  'file.upload',
  'file.rename',
  'file.delete',
  'message.send',
  'message.edit',
  'message.delete',
  'banner.upload',
  'banner.post',
  'banner.delete-all',
  'sessions.limit',
  'admin.sign-in',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the screen names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'student.suspend': 'Suspend student',
  'student.reactivate': 'Reactivate student',
  'student.delete': 'Delete student',
  'student.restore': 'Restore student',
  'student.edit': 'Edit student',
  'student.add': 'Add student',
  'student.import': 'Import students',
  'access.grant': 'Give class access',
  'access.revoke': 'Revoke class access',
  'class.create': 'Create class',
  'class.rename': 'Rename class',
  'class.delete': 'Delete class',
  'folder.create': 'Create folder',
  'folder.rename': 'Rename folder',
  'folder.delete': 'Delete folder',
  'file.upload': 'Upload file',
  'file.rename': 'Rename file',
  'file.delete': 'Delete file',
  'message.send': 'Send message',
  'message.edit': 'Edit message',
  'message.delete': 'Delete message',
  'banner.upload': 'Upload banners',
  'banner.post': 'Post banner campaign',
  'banner.delete-all': 'Delete all banners',
  'sessions.limit': 'Change session limit',
  'admin.sign-in': 'Admin sign-in',
};

export const AUDIT_TARGET_TYPES = [
  'student',
  'admin',
  'import',
  'grant',
  'class',
  'folder',
  'file',
  'message',
  'banners',
  'setting',
  'session',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** How the screen names each kind of target. */
export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  student: 'Student',
  admin: 'Admin',
  import: 'CSV import',
  grant: 'Class access',
  class: 'Class',
  folder: 'Folder',
  file: 'File',
  message: 'Message',
  banners: 'Banners',
  setting: 'Setting',
  session: 'Session',
};

/** The academy's clock: the screen shows times and the date filter counts days in Sri Lanka. */
export const ACADEMY_TIME_ZONE = 'Asia/Colombo';

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

export const AUDIT_LOG_TEXT = {
  navLabel: 'Audit Log',
  title: 'Audit Log',
  subtitle: 'Every change an administrator made, newest first. Times are Sri Lanka time.',
  tableLabel: 'Audit entries',
  search: 'Search',
  searchPlaceholder: 'Student, e-mail, class, file or id',
  action: 'Action',
  anyAction: 'All actions',
  admin: 'Admin',
  anyAdmin: 'All admins',
  from: 'From',
  to: 'To',
  target: 'Target',
  onlyThisTarget: 'Show only entries about',
  clearFilters: 'Clear filters',
  columnTime: 'Time',
  columnAdmin: 'Admin',
  columnAction: 'Action',
  columnTarget: 'Target',
  columnSummary: 'Summary',
  details: 'Details',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  fromAddress: 'from',
  moreThan: 'more than',
  empty: 'No audit entries match these filters.',
  loadFailed: 'The audit log could not be loaded.',
  retry: 'Try again',
} as const;
