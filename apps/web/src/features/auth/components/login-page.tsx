import { t } from 'i18next';
import { VerifiedUserIcon as VerifiedUser } from '../../../components/icons/verified-user';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/language-switch';
import { logoUrl } from '../../../lib/branding';
import { BrandPanel } from './brand-panel';
import { LoginForm } from './login-form';

/** Spec section 2 'Login'. The carousel comes from the banners feature (composed in src/app). */
export function LoginPage({ carousel }: { carousel: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gridTemplateRows: { xs: 'auto 1fr', md: '1fr' },
      }}
    >
      <BrandPanel carousel={carousel} />
      <Box
        component="main"
        sx={{ display: 'flex', alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'center', px: { xs: 2, sm: 4 }, py: { xs: 3, md: 5 }, bgcolor: 'background.paper' }}
      >
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <LanguageSwitch />
          </Box>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Box component="img" src={logoUrl} alt={t('general.academyLogo')} sx={{ width: { xs: 56, md: 72 }, height: { xs: 56, md: 72 } }} />
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, color: 'primary.main', mt: 1 }}>
              {t('auth.welcomeBack')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t('auth.subtitle')}</Typography>
          </Box>
          <LoginForm />
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              mt: 3,
              py: 1,
              px: 2,
              borderRadius: 5,
              bgcolor: 'brand.lightBlue',
              color: 'secondary.main',
            }}
          >
            <VerifiedUser fontSize="small" />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('auth.protected')}
            </Typography>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
