import { BRANDING_ELEMENT_ID, brandingSchema, DEFAULT_BRANDING, type Branding } from '@academy/contract';

// The server writes the academy's branding into index.html as a JSON data block; the Vite dev
// server and a broken block fall back to the defaults so the page always renders.
function readBranding(): Branding {
  const text = document.getElementById(BRANDING_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_BRANDING;
  try {
    const parsed = brandingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_BRANDING;
  } catch {
    return DEFAULT_BRANDING;
  }
}

export const branding: Branding = readBranding();

/** The academy's own logo when configured, else the one shipped with the app. */
export const logoUrl = branding.logoUrl || `${import.meta.env.BASE_URL}logo.svg`;
