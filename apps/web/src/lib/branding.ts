import { BRANDING_ELEMENT_ID, DEFAULT_BRANDING, type Branding } from '@academy/contract';
import { providedBranding } from '../prerender/prerendered-data';

// The server writes the academy's branding into index.html as a JSON data block, already checked
// against the contract's brandingSchema when it started. It is read here without zod, which the
// login page's first download does without; the Vite dev server and a broken block fall back to
// the defaults so the page always renders.
function readBranding(): Branding {
  // On the server (the login page's prerender) there is no document: the server gave it.
  if (import.meta.env.SSR) return providedBranding() ?? DEFAULT_BRANDING;
  const text = document.getElementById(BRANDING_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_BRANDING;
  try {
    const block = JSON.parse(text) as Partial<Branding>;
    return {
      ...DEFAULT_BRANDING,
      ...block,
      colors: { ...DEFAULT_BRANDING.colors, ...block.colors },
      social: { ...DEFAULT_BRANDING.social, ...block.social },
    };
  } catch {
    return DEFAULT_BRANDING;
  }
}

export const branding: Branding = readBranding();

/** The academy's own logo when configured, else the one shipped with the app. */
export const logoUrl = branding.logoUrl || `${import.meta.env.BASE_URL}logo.svg`;
