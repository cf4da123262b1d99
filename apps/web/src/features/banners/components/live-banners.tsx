import { t } from 'i18next';
import { BANNER_ASPECT } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CAROUSEL_SIZES, carouselItems } from '../lib/carousel-items';

/** Our addition: what the login page shows right now, so the admin sees what 'Delete All Banners' removes. */
export function LiveBanners({ urls }: { urls: string[] }) {
  return (
    <Box component="section" aria-labelledby="live-banners-heading">
      <Typography id="live-banners-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('banners.live')}
      </Typography>
      {urls.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('banners.liveDefault')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, maxWidth: 480 }}>
        {carouselItems(urls).map((item) => (
          <Box
            key={item.src}
            component="img"
            src={item.src}
            srcSet={item.srcSet}
            sizes={item.srcSet ? CAROUSEL_SIZES : undefined}
            alt={item.alt}
            loading="lazy"
            sx={{ width: '100%', aspectRatio: `${BANNER_ASPECT.width} / ${BANNER_ASPECT.height}`, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ))}
      </Box>
    </Box>
  );
}
