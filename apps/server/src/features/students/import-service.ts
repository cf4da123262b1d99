import { randomBytes } from 'node:crypto';
import {
  registerBodySchema,
  SERVER_TEXT,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_REQUIRED_COLUMNS,
  type ImportAddedRow,
  type ImportRefusedRow,
  type RegisterInput,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { CsvError, parseCsv, unguardCell } from '../../lib/csv';
import { AppError, errors } from '../../lib/errors';
import { commonPasswordMessage, isCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/passwords';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { formatRegNo, regNoPrefix } from './reg-no';
import * as repo from './repo';

// CSV import of students who registered on paper. Every row is checked as a registration
// would be; the rows that pass are added together in one transaction, so either all of them are in
// or, if the database refuses one (an e-mail registered during the import), none is. Refused rows
// are reported with their reasons and never written.

const IMPORT_COLUMNS = [
  'name',
  'email',
  'whatsAppNo',
  'additionalNo',
  'district',
  'scl',
  'address',
  'password',
  'studentIdImg',
  'historyType',
  'batch',
  'classType',
] as const;

/** Hashing runs on libuv's thread pool; a few at a time keep the server responsive meanwhile. */
const HASH_CONCURRENCY = 4;

interface CandidateRow {
  row: number;
  input: RegisterInput;
  temporaryPassword?: string;
}

function temporaryPassword(): string {
  return randomBytes(9).toString('base64url');
}

/** Header names matched without regard to case or surrounding spaces. */
function columnIndexes(header: string[]): Map<string, number> {
  const wanted = new Map(IMPORT_COLUMNS.map((name) => [name.toLowerCase(), name]));
  const indexes = new Map<string, number>();
  header.forEach((cell, i) => {
    const name = wanted.get(cell.trim().toLowerCase());
    if (name && !indexes.has(name)) indexes.set(name, i);
  });
  return indexes;
}

function readRows(text: string): { indexes: Map<string, number>; records: string[][] } {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw errors.badRequest(`${SERVER_TEXT.importBroken}: ${error.message}`);
    throw error;
  }
  const [header, ...rest] = records;
  if (!header || rest.length === 0) throw errors.badRequest(SERVER_TEXT.importEmpty);
  if (rest.length > STUDENT_IMPORT_MAX_ROWS) throw errors.badRequest(SERVER_TEXT.importTooManyRows);
  const indexes = columnIndexes(header);
  const missing = STUDENT_IMPORT_REQUIRED_COLUMNS.filter((name) => !indexes.has(name));
  if (missing.length > 0) throw errors.badRequest(`${SERVER_TEXT.importMissingColumns}: ${missing.join(', ')}`);
  return { indexes, records: rest };
}

/** One CSV record as the registration payload; the history flags follow historyType. */
function payloadOf(record: string[], indexes: Map<string, number>): Record<string, unknown> {
  const cell = (name: string) => {
    const i = indexes.get(name);
    return i === undefined ? '' : unguardCell((record[i] ?? '').trim());
  };
  const historyType = cell('historyType');
  return {
    name: cell('name'),
    email: cell('email'),
    whatsAppNo: cell('whatsAppNo'),
    additionalNo: cell('additionalNo'),
    district: cell('district'),
    scl: cell('scl'),
    address: cell('address'),
    password: cell('password'),
    studentIdImg: cell('studentIdImg'),
    historyType,
    indianHistory: historyType === 'Indian',
    europeHistory: historyType === 'Europe',
    batch: cell('batch'),
    classType: cell('classType'),
  };
}

/**
 * `temporaryPasswordTtlMs`: how long a generated password signs in; its account must choose its own
 * password before anything else (ASVS 2.3.1). A password the file gives is the one the student
 * wrote on their paper form: their own.
 */
export async function importStudents(
  db: Db,
  actor: AuditActor,
  text: string,
  temporaryPasswordTtlMs: number,
): Promise<{ added: ImportAddedRow[]; refused: ImportRefusedRow[] }> {
  const { indexes, records } = readRows(text);
  const refused: ImportRefusedRow[] = [];
  const candidates: CandidateRow[] = [];
  const seenInFile = new Map<string, number>();

  records.forEach((record, i) => {
    const row = i + 2; // the header is line 1
    const payload = payloadOf(record, indexes);
    const generated = payload.password === '' ? temporaryPassword() : undefined;
    if (generated) payload.password = generated;
    const parsed = registerBodySchema.safeParse(payload);
    const email = String(payload.email);
    if (!parsed.success) {
      // The flags are derived from historyType, so their complaints are historyType's.
      const reasons = parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? 'row');
        return `${field === 'indianHistory' || field === 'europeHistory' ? 'historyType' : field} ${issue.message}`;
      });
      refused.push({ row, email, reasons: [...new Set(reasons)] });
      return;
    }
    const key = parsed.data.email.toLowerCase();
    const earlier = seenInFile.get(key);
    if (earlier !== undefined) {
      refused.push({ row, email, reasons: [`email already appears in row ${earlier} of this file`] });
      return;
    }
    seenInFile.set(key, row);
    candidates.push({ row, input: parsed.data, ...(generated ? { temporaryPassword: generated } : {}) });
  });

  // A password the file gives must not be a common one (a generated one never is).
  const uncommon: CandidateRow[] = [];
  for (const candidate of candidates) {
    if (!candidate.temporaryPassword && (await isCommonPassword(candidate.input.password))) {
      refused.push({ row: candidate.row, email: candidate.input.email, reasons: [commonPasswordMessage('password')] });
    } else {
      uncommon.push(candidate);
    }
  }

  const taken = await repo.liveEmailKeys(db, uncommon.map((c) => c.input.email.toLowerCase()));
  const accepted = uncommon.filter((c) => {
    if (!taken.has(c.input.email.toLowerCase())) return true;
    refused.push({ row: c.row, email: c.input.email, reasons: [SERVER_TEXT.emailTaken] });
    return false;
  });

  const hashed: (CandidateRow & { passwordHash: string })[] = [];
  for (let i = 0; i < accepted.length; i += HASH_CONCURRENCY) {
    const batch = accepted.slice(i, i + HASH_CONCURRENCY);
    hashed.push(...(await Promise.all(batch.map(async (c) => ({ ...c, passwordHash: await hashPassword(c.input.password) })))));
  }

  const added: ImportAddedRow[] = [];
  const now = new Date().toISOString();
  const temporaryUntil = new Date(Date.parse(now) + temporaryPasswordTtlMs).toISOString();
  try {
    await db.transaction().execute(async (tx) => {
      for (const candidate of hashed) {
        const { input } = candidate;
        const prefix = regNoPrefix(input.batch, input.classType);
        const regNo = formatRegNo(prefix, await repo.nextRegNoSequence(tx, prefix), input.historyType);
        await repo.insertAccount(tx, {
          id: crypto.randomUUID(),
          email: input.email,
          email_key: input.email.toLowerCase(),
          password_hash: candidate.passwordHash,
          name: input.name,
          account_type: 'student',
          account_state: 'active',
          batch: input.batch,
          class_type: input.classType,
          history_type: input.historyType,
          whatsapp_no: input.whatsAppNo,
          additional_no: input.additionalNo,
          district: input.district,
          scl: input.scl,
          address: input.address,
          student_id_img: input.studentIdImg,
          reg_no: regNo,
          profile_img: '',
          created_at: now,
          updated_at: now,
          temporary_password_expires_at: candidate.temporaryPassword ? temporaryUntil : null,
        });
        added.push({
          row: candidate.row,
          name: input.name,
          email: input.email,
          regNo,
          ...(candidate.temporaryPassword ? { temporaryPassword: candidate.temporaryPassword } : {}),
        });
      }
      // One entry per import, with its counts: the rows themselves are in the admin's report.
      await recordAudit(tx, actor, {
        action: 'student.import',
        target: { type: 'import', id: crypto.randomUUID(), label: 'CSV import' },
        summary: `Imported ${added.length} of ${records.length} students from a CSV file`,
        detail: { rows: records.length, added: added.length, refused: refused.length },
      });
    });
  } catch (error) {
    // An e-mail registered while the file was being checked: the whole batch was rolled back.
    if (isUniqueViolation(error)) throw new AppError(409, SERVER_TEXT.importConflict);
    throw error;
  }
  refused.sort((a, b) => a.row - b.row);
  return { added, refused };
}
