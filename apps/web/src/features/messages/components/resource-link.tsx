import { t } from 'i18next';
import { LinkIcon } from '../../../components/icons/link';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isWebLink } from '../lib/message-display';

/** Spec section 2's 'Resource Link' box; the link opens in a new tab that cannot reach back to this one. */
export function ResourceLink({ href }: { href: string }) {
  if (!isWebLink(href)) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1.5, borderRadius: 2, bgcolor: 'brand.lightBlue', minWidth: 0 }}>
      <LinkIcon sx={{ color: 'primary.main' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('messages.resourceLink')}
        </Typography>
        <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {href}
        </Link>
      </Box>
    </Box>
  );
}
