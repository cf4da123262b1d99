import { z } from 'zod';
import { ACCOUNT_STATES, BATCHES, CLASS_TYPES, DISTRICTS, HISTORY_TYPES } from './lists';
import { dataAnswer, OK } from './api';

export const STUDENTS_PATHS = {
  register: 'students/student/register',
  login: 'students/student/login',
  getById: 'students/student/getbyid/:id',
  getAll: 'students/student/getallstudents',
  updateState: 'students/student/state/update/:id',
  remove: 'students/student/deletestudent/:id',
  update: 'students/student/update/:id',
  updatePassword: 'students/student/updatepassword/:id',
  // Beyond spec section 7: deleted students, CSV, profile pictures.
  listDeleted: 'students/student/deleted',
  restore: 'students/student/restore/:id',
  exportCsv: 'students/student/export',
  importCsv: 'students/student/import',
  uploadProfileImage: 'students/student/profile-image/:id',
  profileImageFile: 'students/profile-images/:file',
} as const;

/**
 * Every password set from now on (registration, Add Student, change, reset, CSV import,
 * create-admin) is at least this long (ASVS 2.1.1). Sign-in checks no length, so an account whose
 * password was set under the earlier rule of 8 still signs in.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const phoneNumberSchema = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{10}$/, { error: 'must be 10 digits' });

export const passwordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` });

/**
 * The caller's own password, asked again before what a stolen session must not do on its own:
 * ending sessions (ASVS 3.3.4), an admin's change of an e-mail address, the CSV export, suspending
 * and deleting a student (3.7.1).
 */
export const currentPasswordSchema = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

function requiredText(max: number) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });
}

/** Text that may be empty; register adds `.default('')`, update leaves an absent key absent. */
function plainText(max: number) {
  return z.string({ error: 'must be text' }).trim().max(max, { error: `must be at most ${max} characters` });
}

function optionalText(max: number) {
  return plainText(max).default('');
}

const optionalPhoneNumber = z.union([z.literal(''), phoneNumberSchema], { error: 'must be 10 digits' });

function oneOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/**
 * The registration payload of spec section 3 with the server checks of PRODUCT.md 'Accounts'.
 * The history flags and historyType must agree on exactly one specialisation.
 */
export const registerBodySchema = z
  .object({
    name: requiredText(100),
    email: emailSchema,
    whatsAppNo: phoneNumberSchema,
    additionalNo: optionalPhoneNumber.default(''),
    district: oneOf(DISTRICTS),
    scl: optionalText(200),
    address: optionalText(500),
    password: passwordSchema,
    studentIdImg: optionalText(50),
    indianHistory: z.boolean({ error: 'must be true or false' }),
    europeHistory: z.boolean({ error: 'must be true or false' }),
    historyType: oneOf(HISTORY_TYPES),
    batch: oneOf(BATCHES),
    classType: oneOf(CLASS_TYPES),
    /**
     * The privacy notice accepted (ASVS 8.3.3): a student registering themselves must send true,
     * or the server answers 400 naming `consent`; Add Student (an admin's call) may leave it out.
     */
    consent: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.indianHistory === body.europeHistory) {
      ctx.addIssue({ code: 'custom', path: ['historyType'], message: 'choose exactly one history type' });
    } else if ((body.indianHistory ? 'Indian' : 'Europe') !== body.historyType) {
      ctx.addIssue({ code: 'custom', path: ['historyType'], message: 'does not match the checked history' });
    }
  });
/** The registration form's own check: the consent box must be ticked before it is sent. */
export const selfRegisterBodySchema = registerBodySchema.refine((body) => body.consent === true, {
  path: ['consent'],
  error: 'must be accepted to register',
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterInput = z.output<typeof registerBodySchema>;

/** Sign-in takes the values as entered (spec section 5); only their presence is checked. */
export const loginBodySchema = z.object({
  email: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(254),
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The login answer of spec section 7. studentId is the account id used in later calls. */
export const loginAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  accountState: z.enum(ACCOUNT_STATES),
  token: z.string(),
  accountType: z.string(),
  studentId: z.string(),
  email: z.string(),
  name: z.string(),
  classType: z.string(),
  historyType: z.string(),
  batch: z.string(),
  /**
   * Present (true) while the password is a temporary one the academy handed out: every call but the
   * password change, sign-out and one's own profile answers 403 until the student sets their own.
   */
  mustChangePassword: z.literal(true).optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The answer to a suspended account's sign-in: 403 carrying accountState 'de-active'. */
export const suspendedAnswerSchema = z.object({
  code: z.literal(403),
  message: z.string(),
  data: z.null(),
  accountState: z.literal('de-active'),
});

/** A student as every call returns one: never a password hash, token version or other secret. */
export const studentSchema = z.object({
  _id: z.string(),
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: z.string(),
  accountState: z.enum(ACCOUNT_STATES),
  batch: z.string(),
  classType: z.string(),
  historyType: z.string(),
  indianHistory: z.boolean(),
  europeHistory: z.boolean(),
  whatsAppNo: z.string(),
  additionalNo: z.string(),
  district: z.string(),
  scl: z.string(),
  address: z.string(),
  studentIdImg: z.string(),
  regNo: z.string(),
  profileImg: z.string(),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

export const studentAnswerSchema = dataAnswer(studentSchema);
export const registerAnswerSchema = dataAnswer(studentSchema);

export const idParamsSchema = z.object({
  id: z.string().trim().min(1).max(64, { error: 'is not a valid id' }),
});

// ---- Student administration, profile and password ----

/** Sizes an admin can choose for a page of the Student List. */
export const STUDENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const STUDENT_DEFAULT_PAGE_SIZE = 25;
export const STUDENT_SEARCH_MAX_LENGTH = 100;

/**
 * The Student List's query: a search over name, e-mail, regNo and both phone numbers, exact filters,
 * and a page. Rows come sorted by batch (ascending, as strings) then name, as spec section 2 says.
 * Absent filters mean 'any'.
 */
export const studentListQuerySchema = z.object({
  search: z.string().trim().max(STUDENT_SEARCH_MAX_LENGTH, { error: 'is too long' }).optional(),
  batch: oneOf(BATCHES).optional(),
  classType: oneOf(CLASS_TYPES).optional(),
  state: z.enum(ACCOUNT_STATES, { error: "must be 'active' or 'de-active'" }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 or more' }).default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(100, { error: 'must be at most 100' })
    .default(STUDENT_DEFAULT_PAGE_SIZE),
});
/** What a client sends (the schema's input types the numbers as unknown because it coerces them). */
export type StudentListQuery = {
  search?: string | undefined;
  batch?: (typeof BATCHES)[number] | undefined;
  classType?: (typeof CLASS_TYPES)[number] | undefined;
  state?: (typeof ACCOUNT_STATES)[number] | undefined;
  page?: number;
  pageSize?: number;
};
export type StudentListFilter = z.output<typeof studentListQuerySchema>;

/** The filters without the page: what the CSV export takes, with the admin's password (ASVS 3.7.1). */
export const studentExportBodySchema = studentListQuerySchema.omit({ page: true, pageSize: true }).extend({ password: currentPasswordSchema });
export type StudentExportQuery = Omit<StudentListQuery, 'page' | 'pageSize'>;
export type StudentExportBody = StudentExportQuery & { password: string };

export const pagingSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** spec section 7 reads `data[]`; the page and the total travel beside it in `paging`. */
export const studentListAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  data: z.array(studentSchema),
  paging: pagingSchema,
});
export type StudentListAnswer = z.infer<typeof studentListAnswerSchema>;

export const deletedStudentSchema = studentSchema.extend({ deletedAt: z.string() });
export type DeletedStudent = z.infer<typeof deletedStudentSchema>;

/** The deleted students, newest deletion first. */
export const deletedStudentListQuerySchema = studentListQuerySchema.pick({ search: true, page: true, pageSize: true });
export type DeletedStudentListQuery = Pick<StudentListQuery, 'search' | 'page' | 'pageSize'>;
export const deletedStudentListAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  data: z.array(deletedStudentSchema),
  paging: pagingSchema,
});
export type DeletedStudentListAnswer = z.infer<typeof deletedStudentListAnswerSchema>;

/** spec section 7 'state/update': only the two states exist. */
export const stateBodySchema = z.object({
  state: z.enum(ACCOUNT_STATES, { error: "must be 'active' or 'de-active'" }),
  /** The admin's own password: required to suspend ('de-active'), not to reactivate (ASVS 3.7.1). */
  password: currentPasswordSchema.optional(),
});
export type StateBody = z.infer<typeof stateBodySchema>;

/** Deleting a student asks the admin's own password (ASVS 3.7.1); it travels in the DELETE's JSON body. */
export const deleteStudentBodySchema = z.object({ password: currentPasswordSchema });
export type DeleteStudentBody = z.infer<typeof deleteStudentBodySchema>;

/** Spec section 4: the list's switch sends the opposite state; anything but 'active' becomes 'active'. */
export function oppositeState(state: string): (typeof ACCOUNT_STATES)[number] {
  return state === 'active' ? 'de-active' : 'active';
}

export const noDataAnswerSchema = z.object({ code: z.literal(OK), message: z.string(), data: z.null() });
export type NoDataAnswer = z.infer<typeof noDataAnswerSchema>;

/** What a student may change on their own profile (spec section 7 'update'). */
export const STUDENT_EDITABLE_FIELDS = ['name', 'whatsAppNo', 'additionalNo', 'district', 'scl', 'address'] as const;
/** What only an admin may change (PRODUCT.md 'Accounts'; the list's edit icon). */
export const ADMIN_ONLY_FIELDS = ['email', 'batch', 'classType', 'historyType', 'studentIdImg', 'accountState'] as const;

/**
 * Every key is optional: an absent key leaves the field as it is. A student who sends an admin-only
 * field with a new value is refused (403) naming it; the same value as now is accepted, so a client
 * may send the whole record back. accountType is never changed through this call.
 */
export const updateStudentBodySchema = z.object({
  name: requiredText(100).optional(),
  whatsAppNo: phoneNumberSchema.optional(),
  additionalNo: optionalPhoneNumber.optional(),
  district: oneOf(DISTRICTS).optional(),
  scl: plainText(200).optional(),
  address: plainText(500).optional(),
  email: emailSchema.optional(),
  batch: oneOf(BATCHES).optional(),
  classType: oneOf(CLASS_TYPES).optional(),
  historyType: oneOf(HISTORY_TYPES).optional(),
  studentIdImg: plainText(50).optional(),
  accountState: z.enum(ACCOUNT_STATES, { error: "must be 'active' or 'de-active'" }).optional(),
  accountType: z.string().max(20).optional(),
  /** The admin's own password: required when the edit changes an e-mail address or suspends (ASVS 3.7.1). */
  password: currentPasswordSchema.optional(),
});
export type UpdateStudentBody = z.input<typeof updateStudentBodySchema>;
export type UpdateStudentInput = z.output<typeof updateStudentBodySchema>;

/** spec section 7 reads `message` as an array of strings for update and updatepassword. */
export const updateStudentAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.array(z.string()),
  data: studentSchema,
});
export type UpdateStudentAnswer = z.infer<typeof updateStudentAnswerSchema>;

export const updatePasswordBodySchema = z.object({
  oldPassword: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

/**
 * A password change ends every session of the account (token version), the caller's too, so the
 * answer carries a fresh token: the caller stores it and carries on signed in.
 */
export const updatePasswordAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.array(z.string()),
  data: z.object({ token: z.string() }),
});
export type UpdatePasswordAnswer = z.infer<typeof updatePasswordAnswerSchema>;

/** Profile pictures: JPEG, PNG or WebP by content, at most this size, stored as a 256 px WebP. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_SIZE_PX = 256;
export const PROFILE_IMAGE_FIELD = 'image';

/** The CSV export's columns, in order; the import reads the same names (password optional). */
export const STUDENT_CSV_COLUMNS = [
  'regNo',
  'name',
  'email',
  'batch',
  'classType',
  'historyType',
  'whatsAppNo',
  'additionalNo',
  'district',
  'scl',
  'address',
  'studentIdImg',
  'accountState',
  'createdAt',
] as const;

/** Columns an import must have; additionalNo, scl, address, studentIdImg and password may be absent. */
export const STUDENT_IMPORT_REQUIRED_COLUMNS = ['name', 'email', 'whatsAppNo', 'district', 'batch', 'classType', 'historyType'] as const;
export const STUDENT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const STUDENT_IMPORT_MAX_ROWS = 1000;
export const STUDENT_IMPORT_FIELD = 'file';

export const importAddedRowSchema = z.object({
  /** The line in the file, counting the header as line 1. */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  regNo: z.string(),
  /** Present when the row had no password: hand it to the student once; it is not kept readable. */
  temporaryPassword: z.string().optional(),
});
export const importRefusedRowSchema = z.object({
  row: z.number().int(),
  email: z.string(),
  reasons: z.array(z.string()),
});
export type ImportAddedRow = z.infer<typeof importAddedRowSchema>;
export type ImportRefusedRow = z.infer<typeof importRefusedRowSchema>;

/** Valid rows are added together in one transaction; refused rows are reported and nothing of them is written. */
export const importAnswerSchema = dataAnswer(
  z.object({ added: z.array(importAddedRowSchema), refused: z.array(importRefusedRowSchema) }),
);
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

export const profileImageParamsSchema = z.object({
  file: z.string().regex(/^[a-f0-9]{64}\.webp$/, { error: 'is not a profile image name' }),
});
