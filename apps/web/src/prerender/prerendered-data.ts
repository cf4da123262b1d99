import type { Branding } from '@academy/contract';

// What the server hands the login page's prerender (prerender/login-page.tsx): the branding it
// started with, and the banners of the render in progress. In the browser these are read from
// the JSON blocks the server wrote into index.html instead, so nothing here is ever set there.

let serverBranding: Branding | undefined;
let renderBanners: string[] = [];

/** Set once, before the login page's modules load: they read the branding as they load. */
export function provideBranding(branding: Branding): void {
  serverBranding = branding;
}

export function providedBranding(): Branding | undefined {
  return serverBranding;
}

/** Set before each render (renders are synchronous, so one at a time). */
export function provideBanners(urls: string[]): void {
  renderBanners = urls;
}

export function providedBanners(): string[] {
  return renderBanners;
}
