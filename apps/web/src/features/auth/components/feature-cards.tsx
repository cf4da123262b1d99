import { t } from 'i18next';
import { AutoAwesomeIcon as AutoAwesome } from '../../../components/icons/auto-awesome';
import { SupportAgentIcon as SupportAgent } from '../../../components/icons/support-agent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';

const FEATURES = [
  { title: 'auth.smartLearning', text: 'auth.smartLearningText', icon: <AutoAwesome /> },
  { title: 'auth.support', text: 'auth.supportText', icon: <SupportAgent /> },
] as const satisfies readonly { title: string; text: string; icon: ReactElement }[];

/** Decoration: hidden below md so a phone reaches the form sooner (spec section 2). */
export function FeatureCards() {
  return (
    <Box sx={{ display: { xs: 'none', md: 'grid' }, gridTemplateColumns: '1fr 1fr', gap: 2 }}>
      {FEATURES.map((feature) => (
        <Box
          key={feature.title}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            p: 2,
            borderRadius: 3,
            bgcolor: 'rgba(255,255,255,0.08)',
            border: '1px solid rgba(194,232,248,0.25)',
          }}
        >
          <Box sx={{ display: 'grid', placeItems: 'center', width: 44, height: 44, borderRadius: 2, bgcolor: 'secondary.main', flexShrink: 0 }}>
            {feature.icon}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {t(feature.title)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'brand.lightBlue' }}>
              {t(feature.text)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
