import { CLASS_TYPES, MESSAGE_CLASS_TYPES, REGIONS, type ClassType, type Message, type MessageClassType } from '@academy/contract';
import type { SessionAccount } from '../../plugins/auth';

// PRODUCT.md 'Announcements': a student sees a message when its batch, region and class type each
// match their own profile, an empty part matching everyone. An admin sees every message. This file
// decides it for live events; repo.ts says the same in SQL for the feed and, read from the
// student's side, for the students a message notifies; property tests hold them together.

type Region = (typeof REGIONS)[number];

export type Audience =
  | { everyone: true }
  | { everyone: false; batch: string; region: Region | null; classTypes: MessageClassType[] };

export type Targets = Pick<Message, 'batch' | 'region' | 'classType'>;

/** A 'Theory&Revision' student takes both halves; a class type outside the lists matches no half. */
function classTypesOf(classType: string): MessageClassType[] {
  const halves = classType.split('&');
  return MESSAGE_CLASS_TYPES.filter((type) => halves.includes(type));
}

/** The profile class types a message's class types reach: each one holding one of them as a half. */
export function profileClassTypesOf(targets: readonly MessageClassType[]): ClassType[] {
  return CLASS_TYPES.filter((classType) => classTypesOf(classType).some((half) => targets.includes(half)));
}

/** Who the caller is for the feed, from their own profile as the database has it now. */
export function audienceOf(account: Pick<SessionAccount, 'isAdmin' | 'batch' | 'classType' | 'historyType'>): Audience {
  if (account.isAdmin) return { everyone: true };
  const region = REGIONS.find((r) => r === account.historyType) ?? null;
  return { everyone: false, batch: account.batch, region, classTypes: classTypesOf(account.classType) };
}

export function reaches(targets: Targets, audience: Audience): boolean {
  if (audience.everyone) return true;
  const batch = targets.batch === '' || targets.batch === audience.batch;
  const region = targets.region.length === 0 || (audience.region !== null && targets.region.includes(audience.region));
  const classType = targets.classType.length === 0 || targets.classType.some((type) => audience.classTypes.includes(type));
  return batch && region && classType;
}
