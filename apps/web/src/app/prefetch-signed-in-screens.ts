import { loadAllWords } from '../i18n/all-words';

let prefetched = false;

/** Whether the line allows fetching ahead: not when the reader asked to save data, nor on 2G. */
function lineAllows(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !connection?.saveData && !['slow-2g', '2g'].includes(connection?.effectiveType ?? '');
}

/**
 * Fetches what the first screen after sign-in needs (the router, the shell, the drive page, the
 * rest of the words) while the student is still typing, so signing in does not wait for it. Once
 * per page, and only when the line allows; the same imports the router's lazy pages make, so they
 * then resolve at once.
 */
export function prefetchSignedInScreens(): void {
  if (prefetched || !lineAllows()) return;
  prefetched = true;
  Promise.all([
    import('./router'),
    import('./shell/app-shell'),
    import('../features/class-material/components/drive-files-page'),
    loadAllWords(),
  ]).catch((error: unknown) => console.error('Prefetch of the signed-in screens failed', error));
}
