import { BANNER_ASPECT } from '@academy/contract';
import { useLoginBanners } from '../hooks/use-login-banners';
import { carouselItems } from '../lib/carousel-items';
import { BannerCarousel } from './banner-carousel';

/** The login page's carousel: the published campaign, or the academy's default images. */
export function LoginBannerCarousel() {
  const urls = useLoginBanners();
  // Asked again after Log Out: a placeholder of the same size rather than a flash of the defaults.
  if (!urls) {
    return <div className="banner-carousel-placeholder" style={{ aspectRatio: `${BANNER_ASPECT.width} / ${BANNER_ASPECT.height}` }} />;
  }
  return <BannerCarousel items={carouselItems(urls)} />;
}
