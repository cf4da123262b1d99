import { t } from 'i18next';
import { FacebookIcon as Facebook } from '../../components/icons/facebook';
import { InstagramIcon as Instagram } from '../../components/icons/instagram';
import { WhatsAppIcon as WhatsApp } from '../../components/icons/whatsapp';
import { YouTubeIcon as YouTube } from '../../components/icons/youtube';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { branding, logoUrl } from '../../lib/branding';

const NETWORKS: { key: keyof typeof branding.social; label: string; icon: ReactElement }[] = [
  { key: 'facebook', label: 'Facebook', icon: <Facebook /> },
  { key: 'youtube', label: 'YouTube', icon: <YouTube /> },
  { key: 'instagram', label: 'Instagram', icon: <Instagram /> },
  { key: 'whatsapp', label: 'WhatsApp', icon: <WhatsApp /> },
];

// A network without a configured address is left out rather than shown as a dead link.
const links = NETWORKS.filter((network) => branding.social[network.key]);

export function ShellFooter() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: 3,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box component="img" src={logoUrl} alt={t('general.logoOf', { title: branding.title })} sx={{ width: 32, height: 32 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          © {new Date().getFullYear()} {branding.title}
        </Typography>
      </Box>
      {links.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {links.map((network) => (
            <IconButton
              key={network.key}
              component="a"
              href={branding.social[network.key]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={network.label}
              sx={{ color: 'secondary.main' }}
            >
              {network.icon}
            </IconButton>
          ))}
        </Box>
      )}
    </Box>
  );
}
