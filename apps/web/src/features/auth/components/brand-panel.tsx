import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { branding } from '../../../lib/branding';
import { taglineFontStack } from '../../../lib/tagline-font';
import { FeatureCards } from './feature-cards';

const taglineFont = taglineFontStack(branding.tagline, [...import.meta.env.VITE_TAGLINE_LETTERS]);

/** The login screen's left panel; on a phone a compact band above the form. */
export function BrandPanel({ carousel }: { carousel: ReactNode }) {
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
        <Typography lang="si" sx={{ fontFamily: taglineFont, color: 'brand.lightBlue', fontSize: { xs: '0.95rem', md: '1.25rem' }, mt: 0.5 }}>
          {branding.tagline}
        </Typography>
      </Box>
      <Box sx={{ width: '100%', maxWidth: { md: 640 } }}>{carousel}</Box>
      <FeatureCards />
    </Box>
  );
}
