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
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Every shown field of a student as label and value; an empty value reads 'N/A'. */
export function profileEntries(student: Student): ProfileEntry[] {
  return Object.entries(student)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, raw]) => {
      const label = labelFor(key);
      const value = key === 'createdAt' && raw ? new Date(String(raw)).toLocaleDateString() : display(raw).trim();
      return { key, label, value: value === '' ? 'N/A' : value, icon: iconFor(label) };
    });
}
