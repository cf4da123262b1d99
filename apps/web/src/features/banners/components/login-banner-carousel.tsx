import { BANNER_ASPECT } from '@academy/contract';
import Box from '@mui/material/Box';
import { useLoginBanners } from '../hooks/use-login-banners';
import { CAROUSEL_MAX_WIDTH, carouselItems } from '../lib/carousel-items';
import { BannerCarousel } from './banner-carousel';

/** The login page's carousel: the published campaign, or the academy's default images. */
export function LoginBannerCarousel() {
  const urls = useLoginBanners();
  // Asked again after Log Out: a placeholder of the same size rather than a flash of the defaults.
  if (!urls) {
    return (
      <Box
        sx={{ width: '100%', maxWidth: CAROUSEL_MAX_WIDTH, mx: 'auto', aspectRatio: `${BANNER_ASPECT.width} / ${BANNER_ASPECT.height}`, borderRadius: 3, bgcolor: 'rgba(255,255,255,0.08)' }}
      />
    );
  }
  return <BannerCarousel items={carouselItems(urls)} />;
}
