import { lazy, Suspense, useState } from 'react';
import { loadAllWords } from '../i18n/all-words';
import { PageLoader } from '../components/page-loader';
import { useHashPath } from '../lib/hash-location';
import { readSession } from '../lib/session';
import { LoginScreen } from './pages/login-screen';

// Most visits open the login screen, on a phone, often on slow mobile data. It renders without the
// router: the router, every other page and the rest of the English words are fetched only when
// another address is opened.
const AppRouter = lazy(() => Promise.all([import('./router'), loadAllWords()]).then(([m]) => ({ default: m.AppRouter })));

// A visit to the bare address shows the login screen at '#/', the same address it has after Log Out.
if (!import.meta.env.SSR && !window.location.hash) window.history.replaceState(null, '', '#/');

export function AppRoot() {
  const path = useHashPath();
  const [routed, setRouted] = useState(false);
  const loginOnly = path === '/' && !readSession();
  // Once loaded, the router keeps the page (it shows the login screen at '/' too).
  if (!routed && !loginOnly) setRouted(true);
  if (!routed && loginOnly) return <LoginScreen />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AppRouter />
    </Suspense>
  );
}
