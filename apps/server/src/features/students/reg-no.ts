import type { ClassType, HistoryType } from '@academy/contract';

const CLASS_CODES: Record<ClassType, string> = {
  Theory: 'T',
  Revision: 'R',
  Paper: 'P',
  'Theory&Revision': 'TR',
};

/** '25TR' for batch 2025, Theory&Revision: the part of a regNo its sequence counts within. */
export function regNoPrefix(batch: string, classType: ClassType): string {
  return `${batch.slice(-2)}${CLASS_CODES[classType]}`;
}

/** PRODUCT.md 'Accounts': e.g. 25TR07LI = batch 25, Theory&Revision, number 7, L, Indian. */
export function formatRegNo(prefix: string, sequence: number, historyType: HistoryType): string {
  return `${prefix}${String(sequence).padStart(2, '0')}L${historyType === 'Indian' ? 'I' : 'E'}`;
}
