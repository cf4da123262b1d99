import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { branding } from '../../../lib/branding';
import { DEFAULT_BANNERS } from '../default-banners';
import { FeatureCards } from './feature-cards';

// The carousel is decoration; it arrives just after the form, which a phone on slow data needs first.
const BannerCarousel = lazy(() => import('./banner-carousel').then((m) => ({ default: m.BannerCarousel })));

/** The login screen's left panel; on a phone a compact band above the form. */
export function BrandPanel() {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: { xs: 1.5, md: 3 },
        px: { xs: 2, sm: 4, md: 6 },
        py: { xs: 2, md: 5 },
        color: 'common.white',
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.brand.navy} 0%, ${theme.palette.brand.slate} 60%, ${theme.palette.brand.green} 100%)`,
      }}
    >
      <Box sx={{ textAlign: { xs: 'center', md: 'left' } }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', sm: '2rem', md: '2.75rem' } }}>
          {branding.title}
        </Typography>
        <Typography
          lang="si"
          sx={{
            fontFamily: (theme) => `"Noto Sans Sinhala", ${theme.typography.fontFamily}`,
            color: 'brand.lightBlue',
            fontSize: { xs: '0.95rem', md: '1.25rem' },
            mt: 0.5,
          }}
        >
          {branding.tagline}
        </Typography>
      </Box>
      <Box sx={{ width: '100%', maxWidth: { xs: 420, md: 640 }, mx: { xs: 'auto', md: 0 } }}>
        <Suspense fallback={<Box sx={{ aspectRatio: '12 / 5', borderRadius: 3, bgcolor: 'rgba(255,255,255,0.08)' }} />}>
          <BannerCarousel banners={DEFAULT_BANNERS} />
        </Suspense>
      </Box>
      <FeatureCards />
    </Box>
  );
}
