import { APP_READY_ATTRIBUTE } from '@academy/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAllWords } from '../i18n/all-words';
import { PlainPageLoader } from '../components/plain-page-loader';
import { useHashPath } from '../lib/hash-location';
import { readSession } from '../lib/session';
import { LoginScreen } from './pages/login-screen';

// Most visits open the login screen, on a phone, often on slow mobile data. It renders without the
// router: the router, every other page and the rest of the English words are fetched only when
// another address is opened.
const AppRouter = lazy(() => Promise.all([import('./router'), loadAllWords()]).then(([m]) => ({ default: m.AppRouter })));

// A visit to the bare address shows the login screen at '#/', the same address it has after Log Out.
if (!import.meta.env.SSR && !window.location.hash) window.history.replaceState(null, '', '#/');

let drivePrefetched = false;

/** The drive's first listing, asked for beside the router's code (the drive page's own request would come after it). */
function prefetchDrive(): void {
  const session = readSession();
  if (!session || drivePrefetched) return;
  drivePrefetched = true;
  import('../features/class-material/api/prefetch-root-files')
    .then(({ prefetchRootFiles }) => prefetchRootFiles(session.email))
    .catch((error: unknown) => console.error('Drive prefetch failed', error));
}

export function AppRoot() {
  const path = useHashPath();
  const [routed, setRouted] = useState(false);
  const loginOnly = path === '/' && !readSession();
  // Once loaded, the router keeps the page (it shows the login screen at '/' too).
  if (!routed && !loginOnly) setRouted(true);
  // The signed-in student's first screen (after sign-in, or a return visit) is the drive.
  const headingForDrive = routed && path === '/home';
  // The app answers from here on (the login page's boot script stops holding its form for it).
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  useEffect(() => {
    if (headingForDrive) prefetchDrive();
  }, [headingForDrive]);
  if (!routed && loginOnly) return <LoginScreen />;
  return (
    <Suspense fallback={<PlainPageLoader />}>
      <AppRouter />
    </Suspense>
  );
}
