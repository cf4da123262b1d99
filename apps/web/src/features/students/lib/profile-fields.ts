import type { Student } from '@academy/contract';

export type ProfileFieldName = 'name' | 'email' | 'batch' | 'classType' | 'whatsAppNo' | 'additionalNo' | 'district' | 'scl' | 'address';

export interface ProfileFieldSpec {
  name: ProfileFieldName & keyof Student;
  label: string;
  /** Batch, Class Type and Email can never be made editable here (spec sections 2 and 5). */
  locked?: boolean;
  kind?: 'district' | 'multiline';
}

/** The Profile page's right column, section by section (spec section 2). */
export const PROFILE_SECTIONS: { title: string; fields: ProfileFieldSpec[] }[] = [
  {
    title: 'Personal Information',
    fields: [
      { name: 'name', label: 'Full Name' },
      { name: 'email', label: 'Email', locked: true },
    ],
  },
  {
    title: 'Academic Information',
    fields: [
      { name: 'batch', label: 'Batch', locked: true },
      { name: 'classType', label: 'Class Type', locked: true },
    ],
  },
  {
    title: 'Contact Information',
    fields: [
      { name: 'whatsAppNo', label: 'WhatsApp No' },
      { name: 'additionalNo', label: 'Additional No' },
      { name: 'district', label: 'District', kind: 'district' },
      { name: 'scl', label: 'School' },
      { name: 'address', label: 'Address', kind: 'multiline' },
    ],
  },
];
