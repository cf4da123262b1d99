import { BANNERS_ELEMENT_ID } from '@academy/contract';
import { providedBanners } from '../../../prerender/prerendered-data';

let consumed = false;

/**
 * The published banners the server wrote into index.html, once: after that (e.g. the login page
 * shown again after Log Out) they may be out of date, and the carousel asks the server instead.
 * Written by our own server, so only its shape is checked here, without zod.
 */
export function takeEmbeddedBanners(): string[] | undefined {
  // The server's prerender of the login page draws the banners it is rendering with.
  if (import.meta.env.SSR) return providedBanners();
  if (consumed) return undefined;
  consumed = true;
  try {
    const value: unknown = JSON.parse(document.getElementById(BANNERS_ELEMENT_ID)?.textContent ?? 'null');
    return Array.isArray(value) && value.every((url) => typeof url === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}
