import { BANNER_SIZES, bannerSrcSet } from '@academy/contract';

/** One slide of the login carousel. */
export interface CarouselItem {
  src: string;
  /** Every stored width, so the browser fetches one that fits the screen; absent for the vector defaults. */
  srcSet?: string;
  alt: string;
}

/** The carousel's width on each screen (MUI breakpoints); BANNER_SIZES tells the browser the same. */
export const CAROUSEL_MAX_WIDTH = { xs: 420, md: 640 };
export const CAROUSEL_SIZES = BANNER_SIZES;

const base = import.meta.env.BASE_URL;

/** What the carousel shows until the academy posts a campaign (PRODUCT.md 'Banners'). */
export const DEFAULT_BANNERS: readonly CarouselItem[] = [
  { src: `${base}banners/banner-1.svg`, alt: 'A stupa at sunrise: the story of Sri Lanka and India' },
  { src: `${base}banners/banner-2.svg`, alt: 'Classical columns: European history, from Greece to the modern age' },
  { src: `${base}banners/banner-3.svg`, alt: 'An open book beside a play button: recorded lessons, any time' },
];

/** The published campaign as slides, or the academy's defaults when none is posted. */
export function carouselItems(urls: readonly string[]): readonly CarouselItem[] {
  if (urls.length === 0) return DEFAULT_BANNERS;
  return urls.map((url, index) => ({ src: url, srcSet: bannerSrcSet(url), alt: `Academy banner ${index + 1} of ${urls.length}` }));
}
