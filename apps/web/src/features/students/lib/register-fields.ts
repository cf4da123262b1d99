import { t } from 'i18next';
import type { RegisterBody } from '@academy/contract';
import type { DefaultValues } from 'react-hook-form';
import { translateServerMessage } from '../../../i18n/server-text';

export type RegisterField = keyof RegisterBody;
export type RegisterLabels = Record<RegisterField, string>;

/** The wizard's labels (spec section 2, reading A; 'District' spelled correctly per PRODUCT.md). */
export function wizardLabels(): RegisterLabels {
  return t('students.labelsA', { returnObjects: true });
}

/** Reading B's labels (spec section 2), used by Add Student. */
export function addStudentLabels(): RegisterLabels {
  return t('students.labelsB', { returnObjects: true });
}

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
  return Object.hasOwn(wizardLabels(), field);
}

export function isStepOneField(field: RegisterField): boolean {
  return (STEP_ONE_FIELDS as readonly RegisterField[]).includes(field);
}

function chooseHistory(labels: RegisterLabels): string {
  return t('validation.chooseHistory', { indian: labels.indianHistory, europe: labels.europeHistory });
}

/**
 * The contract's messages are sentence ends ('must be 10 digits'); the form puts the label in
 * front. A select can only be empty, so its long 'must be one of …' reads as 'is required'.
 */
export function clientMessage(field: RegisterField, message: string, labels: RegisterLabels = wizardLabels()): string {
  if (field === 'historyType') return chooseHistory(labels);
  const sentence = message.startsWith('must be one of') ? t('validation.required') : translateServerMessage(message);
  return t('validation.fieldMessage', { label: labels[field], message: sentence });
}

/** The server names the field by its key ('whatsAppNo must be 10 digits'); show the label instead. */
export function serverMessage(field: RegisterField, message: string, labels: RegisterLabels = wizardLabels()): string {
  if (field === 'historyType') return chooseHistory(labels);
  return message.startsWith(`${field} `) ? t('validation.fieldMessage', { label: labels[field], message: message.slice(field.length + 1) }) : message;
}
