/**
 * The reader asked their device for less motion (WCAG 2.3.3): the theme, the alerts and the login
 * carousel then keep still.
 */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
