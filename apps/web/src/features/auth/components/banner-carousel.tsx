import Box from '@mui/material/Box';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import type { Banner } from '../default-banners';

// Spec section 9: one image at a time, every 3000 ms, looping. Embla's duration is not in ms;
// 40 gives a slide of roughly the spec's one second.
const AUTOPLAY_DELAY_MS = 3000;
const SLIDE_DURATION = 40;
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const [viewportRef] = useEmblaCarousel({ loop: true, duration: SLIDE_DURATION }, [
    Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false, playOnInit: !reducedMotion }),
  ]);

  return (
    <Box
      ref={viewportRef}
      role="region"
      aria-roledescription="carousel"
      aria-label="Academy highlights"
      sx={{ overflow: 'hidden', borderRadius: 3, boxShadow: 6 }}
    >
      <Box sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom' }}>
        {banners.map((banner, index) => (
          <Box
            key={banner.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${banners.length}`}
            sx={{ flex: '0 0 100%', minWidth: 0 }}
          >
            <Box
              component="img"
              src={banner.src}
              alt={banner.alt}
              // Sizes known up front, so the panel does not jump while the images load.
              width={1200}
              height={500}
              sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '12 / 5', objectFit: 'cover' }}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
