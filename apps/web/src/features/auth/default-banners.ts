export interface Banner {
  src: string;
  alt: string;
}

const base = import.meta.env.BASE_URL;

/** What the carousel shows until the academy publishes its own banners (PRODUCT.md 'Banners'). */
export const DEFAULT_BANNERS: readonly Banner[] = [
  { src: `${base}banners/banner-1.svg`, alt: 'A stupa at sunrise: the story of Sri Lanka and India' },
  { src: `${base}banners/banner-2.svg`, alt: 'Classical columns: European history, from Greece to the modern age' },
  { src: `${base}banners/banner-3.svg`, alt: 'An open book beside a play button: recorded lessons, any time' },
];
