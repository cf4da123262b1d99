/**
 * Registers the service worker (the build writes it as /sw.js, see build/service-worker.ts) from
 * this module, not an inline script, which the Content-Security-Policy forbids. It waits for the
 * page's load event, so downloading the app shell never competes with the first screen. The
 * development server has no worker: Vite serves unbundled modules that must never be cached.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses (private mode, a policy) simply runs without the cache, as before.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** What a page tells the worker about papers (service-worker/sw.js, docs/design/papers-build-plan.md 5.1). */
type PaperMessage = { type: 'paper-running' } | { type: 'papers-forget' };

function tellWorker(message: PaperMessage): void {
  if (!('serviceWorker' in navigator)) return;
  // `ready` waits for an active worker; where none is registered (development) it never settles, and nothing is said.
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message)).catch(() => undefined);
}

/**
 * While a paper runs, the worker keeps this page, so a reload that cannot reach the server opens the
 * paper from IndexedDB instead of the offline page. Said again when a new worker takes over (a new
 * build): its version keeps a page of its own. Answers the function that stops listening.
 */
export function keepPageWhilePaperRuns(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const say = () => tellWorker({ type: 'paper-running' });
  say();
  navigator.serviceWorker.addEventListener('controllerchange', say);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', say);
}

/** Log Out: the worker forgets the page it kept for a running paper. */
export function forgetPaperPages(): void {
  tellWorker({ type: 'papers-forget' });
}
