import { z } from 'zod';

/**
 * What the academy can rebrand without a code change (PRODUCT.md 'Branding'). The server reads it
 * from the environment or DATA_DIR/branding.json and hands it to the page inside index.html.
 */
export const brandingSchema = z.object({
  title: z.string().min(1).default('History Academy'),
  tagline: z.string().default('...ඉතිහාස කතාවේ වර්තමාන කියවීම...'),
  logoUrl: z.string().default(''),
  colors: z
    .object({
      lightBlue: z.string().default('#C2E8F8'),
      navy: z.string().default('#00173D'),
      slate: z.string().default('#2D3555'),
      green: z.string().default('#0A5F6F'),
      hoverBlue: z.string().default('#0437F2'),
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

export const DEFAULT_BRANDING: Branding = brandingSchema.parse({});

/** The id of the JSON data block in index.html that carries the branding to the page. */
export const BRANDING_ELEMENT_ID = 'academy-branding';
