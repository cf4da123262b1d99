import type { RegisterBody } from '@academy/contract';
import type { DefaultValues } from 'react-hook-form';

export type RegisterField = keyof RegisterBody;
export type RegisterLabels = Record<RegisterField, string>;

/** The wizard's labels (spec section 2, reading A; 'District' spelled correctly per PRODUCT.md). */
export const REGISTER_LABELS: RegisterLabels = {
  name: 'Name',
  email: 'Email',
  whatsAppNo: 'WhatsApp No',
  additionalNo: 'Tel No',
  district: 'District',
  scl: 'School/Private',
  address: 'Address',
  password: 'Password',
  batch: 'Batch',
  classType: 'Class Type',
  studentIdImg: 'ID No',
  indianHistory: 'Indian History',
  europeHistory: 'Europe History',
  historyType: 'History',
};

/** Reading B's labels (spec section 2), used by Add Student. */
export const ADD_STUDENT_LABELS: RegisterLabels = {
  name: 'Full Name',
  email: 'Email Address',
  whatsAppNo: 'WhatsApp Number',
  additionalNo: 'Telephone Number',
  district: 'District',
  scl: 'School/Institution',
  address: 'Address',
  password: 'Password',
  batch: 'Batch',
  classType: 'Class Type',
  studentIdImg: 'Student ID',
  indianHistory: 'Indian History',
  europeHistory: 'European History',
  historyType: 'History Specialization',
};

/** An empty registration form: both readings start from it and reading B resets to it. */
export const REGISTER_DEFAULTS: DefaultValues<RegisterBody> = {
  name: '',
  email: '',
  whatsAppNo: '',
  additionalNo: '',
  scl: '',
  address: '',
  password: '',
  studentIdImg: '',
  indianHistory: false,
  europeHistory: false,
};

export const STEP_ONE_FIELDS = [
  'name',
  'email',
  'whatsAppNo',
  'additionalNo',
  'district',
  'scl',
  'address',
  'password',
  'batch',
  'classType',
] as const satisfies readonly RegisterField[];

export function isRegisterField(field: string): field is RegisterField {
  return Object.hasOwn(REGISTER_LABELS, field);
}

export function isStepOneField(field: RegisterField): boolean {
  return (STEP_ONE_FIELDS as readonly RegisterField[]).includes(field);
}

function chooseHistory(labels: RegisterLabels): string {
  return `Choose ${labels.indianHistory} or ${labels.europeHistory}`;
}

/**
 * The contract's messages are sentence ends ('must be 10 digits'); the form puts the label in
 * front. A select can only be empty, so its long 'must be one of …' reads as 'is required'.
 */
export function clientMessage(field: RegisterField, message: string, labels: RegisterLabels = REGISTER_LABELS): string {
  if (field === 'historyType') return chooseHistory(labels);
  if (message.startsWith('must be one of')) return `${labels[field]} is required`;
  return `${labels[field]} ${message}`;
}

/** The server names the field by its key ('whatsAppNo must be 10 digits'); show the label instead. */
export function serverMessage(field: RegisterField, message: string, labels: RegisterLabels = REGISTER_LABELS): string {
  if (field === 'historyType') return chooseHistory(labels);
  return message.startsWith(`${field} `) ? `${labels[field]}${message.slice(field.length)}` : message;
}
