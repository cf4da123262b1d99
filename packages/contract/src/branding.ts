import { z } from 'zod';

// Each default is a constant of its own, not a property read from DEFAULT_BRANDING: a bundler
// must assume a property read may run code, and would then keep the schema (and zod) in every
// page that needs only the defaults, the login page included.
const TITLE = 'History Academy';
const TAGLINE = '...ඉතිහාස කතාවේ වර්තමාන කියවීම...';
const LIGHT_BLUE = '#C2E8F8';
const NAVY = '#00173D';
const SLATE = '#2D3555';
const GREEN = '#0A5F6F';
const HOVER_BLUE = '#0437F2';

/**
 * What the academy can rebrand without a code change (PRODUCT.md 'Branding'). The server reads it
 * from the environment or DATA_DIR/branding.json and hands it to the page inside index.html.
 */
export const brandingSchema = z.object({
  title: z.string().min(1).default(TITLE),
  tagline: z.string().default(TAGLINE),
  logoUrl: z.string().default(''),
  colors: z
    .object({
      lightBlue: z.string().default(LIGHT_BLUE),
      navy: z.string().default(NAVY),
      slate: z.string().default(SLATE),
      green: z.string().default(GREEN),
      hoverBlue: z.string().default(HOVER_BLUE),
    })
    .prefault({}),
  social: z
    .object({
      facebook: z.string().default(''),
      youtube: z.string().default(''),
      instagram: z.string().default(''),
      whatsapp: z.string().default(''),
    })
    .prefault({}),
});
export type Branding = z.infer<typeof brandingSchema>;

/** The defaults as a plain object, what brandingSchema makes of `{}`, readable without zod. */
export const DEFAULT_BRANDING: Branding = {
  title: TITLE,
  tagline: TAGLINE,
  logoUrl: '',
  colors: { lightBlue: LIGHT_BLUE, navy: NAVY, slate: SLATE, green: GREEN, hoverBlue: HOVER_BLUE },
  social: { facebook: '', youtube: '', instagram: '', whatsapp: '' },
};

/** The id of the JSON data block in index.html that carries the branding to the page. */
export const BRANDING_ELEMENT_ID = 'academy-branding';

/**
 * Set on <html> by the server's first script when the prerendered login page is not what this
 * visit shows (another address, a signed-in browser, another language): the page is hidden
 * before it paints, and the app, drawing the right screen, removes the mark.
 */
export const PRERENDER_HIDDEN_ATTRIBUTE = 'data-prerender-hidden';

/** Set on <html> by the app once it has drawn or taken over its first screen: from then on, it answers. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Set on <html> by the login page's boot script when the drawn form was submitted before the app
 * arrived: the app, taking the form over, signs in with what it holds.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
