/**
 * The reader asked their device for less motion (WCAG 2.3.3): the theme, the alerts and the login
 * carousel then keep still.
 */
export function prefersReducedMotion(): boolean {
  // The server's prerender cannot know; a reader who asked for less motion gets the page drawn
  // again in the browser rather than taken over (main.tsx).
  if (import.meta.env.SSR) return false;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
