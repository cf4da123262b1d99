import { t } from 'i18next';
import { BANNER_SIZES, bannerSrcSet } from '@academy/contract';

/** One slide of the login carousel. */
export interface CarouselItem {
  src: string;
  /** Every stored width, so the browser fetches one that fits the screen; absent for the vector defaults. */
  srcSet?: string;
  alt: string;
}

/** The carousel's width on each screen (banner-carousel.css: 420 px, 640 px from 900 px), as the browser is told. */
export const CAROUSEL_SIZES = BANNER_SIZES;

const base = import.meta.env.BASE_URL;

/** What the carousel shows until the academy posts a campaign (PRODUCT.md 'Banners'). */
function defaultBanners(): readonly CarouselItem[] {
  return [
    { src: `${base}banners/banner-1.svg`, alt: t('banners.defaultAlt1') },
    { src: `${base}banners/banner-2.svg`, alt: t('banners.defaultAlt2') },
    { src: `${base}banners/banner-3.svg`, alt: t('banners.defaultAlt3') },
  ];
}

/** The published campaign as slides, or the academy's defaults when none is posted. */
export function carouselItems(urls: readonly string[]): readonly CarouselItem[] {
  if (urls.length === 0) return defaultBanners();
  return urls.map((url, index) => ({ src: url, srcSet: bannerSrcSet(url), alt: t('banners.bannerOf', { number: index + 1, count: urls.length }) }));
}
