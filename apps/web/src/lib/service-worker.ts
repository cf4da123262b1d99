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
