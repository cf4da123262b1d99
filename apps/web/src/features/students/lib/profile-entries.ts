import i18next, { t } from 'i18next';
import { formatDate } from '../../../i18n/format';
import { listLabel } from '../../../i18n/list-labels';
import type { Student } from '@academy/contract';

/**
 * Never shown in the Student Profile modal (spec section 2). `_id` and `studentId` join them: the
 * modal's chip already shows the id, and the name is its heading.
 */
const HIDDEN = new Set(['profileImg', 'id', 'password', 'token', 'otp', '__v', 'isDelete', '_id', 'studentId', 'name']);

export type EntryIcon = 'person' | 'mail' | 'school' | 'cake' | 'info';

export interface ProfileEntry {
  key: string;
  label: string;
  value: string;
  icon: EntryIcon;
}

/** 'whatsAppNo' -> 'Whats App No': camelCase split into words, first letter capital. */
export function labelFor(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Spec section 2 'Icons by label', checked in that order; anything else gets a plain info mark. */
export function iconFor(label: string): EntryIcon {
  const text = label.toLowerCase();
  if (text.includes('name')) return 'person';
  if (text.includes('email')) return 'mail';
  if (text.includes('school') || text.includes('class')) return 'school';
  if (text.includes('birth') || text.includes('age')) return 'cake';
  return 'info';
}

function display(value: unknown): string {
  if (typeof value === 'boolean') return value ? t('general.yes') : t('general.no');
  if (value === null || value === undefined) return '';
  return String(value);
}

function fieldLabel(key: string, english: string): string {
  const dictionaryKey = `students.fields.${key}`;
  return i18next.exists(dictionaryKey) ? t(dictionaryKey as 'students.fields.email') : english;
}

/** Values from the fixed lists read in the reader's language; the rest as stored. */
function shownValue(key: string, value: string): string {
  if (key === 'classType') return listLabel('classType', value);
  if (key === 'district') return listLabel('district', value);
  if (key === 'historyType') return listLabel('history', value);
  if (key === 'accountState') return listLabel('state', value);
  return value;
}

/** Every shown field of a student as label and value; an empty value reads 'N/A'. */
export function profileEntries(student: Student): ProfileEntry[] {
  return Object.entries(student)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, raw]) => {
      const english = labelFor(key);
      const value = key === 'createdAt' && raw ? formatDate(String(raw)) : shownValue(key, display(raw).trim());
      // The icon follows the spec's English label; the words shown follow the reader's language.
      return { key, label: fieldLabel(key, english), value: value === '' ? t('general.notAvailable') : value, icon: iconFor(english) };
    });
}
