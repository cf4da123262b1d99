import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * The reader asked their device for less motion (WCAG 2.3.3): the theme, the alerts and the login
 * carousel then keep still.
 */
export function prefersReducedMotion(): boolean {
  // The server's prerender of the login page cannot know: it draws the motion on, and the page
  // stops it once taken over (banner-carousel.tsx).
  if (import.meta.env.SSR) return false;
  return window.matchMedia(QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The same, for a component drawn by the server first (the login page): the first render takes the
 * server's answer (motion on), so the browser can take the drawing over, and the next the device's.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
