import type { DriveItem } from '@academy/contract';

// What the drive screen asks of fees before it draws (app/router.tsx), kept tiny and free of the
// fees screens, so the drive's own chunk does not carry them: which cards a month lock replaces
// the Open button of, and which refusals of an open folder are a month not paid yet.

/** A student's month folder they cannot open now: locked, with or without something pending on it. */
export function isLockedMonth(item: DriveItem): boolean {
  return item.fee?.state === 'locked';
}

/** A listing's tagged folder: its month chip (admins), or its state line (students). */
export function hasFeeMonth(item: DriveItem): boolean {
  return item.fee !== undefined;
}

/** The server's 403 for a month not paid yet carries `feeLocked` (fees.md 'What a refused student sees'). */
export function isFeeRefusal(error: Error): boolean {
  const { status, body } = error as { status?: unknown; body?: unknown };
  return status === 403 && typeof body === 'object' && body !== null && typeof (body as { feeLocked?: unknown }).feeLocked === 'object';
}
