import type { Student } from '@academy/contract';

export type ProfileFieldName = 'name' | 'email' | 'batch' | 'classType' | 'whatsAppNo' | 'additionalNo' | 'district' | 'scl' | 'address';

export type ProfileLabel = `students.profile.${'fullName' | 'email' | 'batch' | 'classType' | 'whatsAppNo' | 'additionalNo' | 'district' | 'school' | 'address' | 'historyType' | 'studentId'}`;

export interface ProfileFieldSpec {
  name: ProfileFieldName & keyof Student;
  /** A dictionary key, read in the current language when the field renders. */
  label: ProfileLabel;
  /** Batch, Class Type and Email can never be made editable here (spec sections 2 and 5). */
  locked?: boolean;
  kind?: 'district' | 'multiline';
}

/** The Profile page's right column, section by section (spec section 2). */
export const PROFILE_SECTIONS: { title: `students.profile.${'personal' | 'academic' | 'contact'}`; fields: ProfileFieldSpec[] }[] = [
  {
    title: 'students.profile.personal',
    fields: [
      { name: 'name', label: 'students.profile.fullName' },
      { name: 'email', label: 'students.profile.email', locked: true },
    ],
  },
  {
    title: 'students.profile.academic',
    fields: [
      { name: 'batch', label: 'students.profile.batch', locked: true },
      { name: 'classType', label: 'students.profile.classType', locked: true },
    ],
  },
  {
    title: 'students.profile.contact',
    fields: [
      { name: 'whatsAppNo', label: 'students.profile.whatsAppNo' },
      { name: 'additionalNo', label: 'students.profile.additionalNo' },
      { name: 'district', label: 'students.profile.district', kind: 'district' },
      { name: 'scl', label: 'students.profile.school' },
      { name: 'address', label: 'students.profile.address', kind: 'multiline' },
    ],
  },
];
