import { t } from 'i18next';
import { ForumOutlinedIcon as Forum } from '../../../components/icons/forum-outlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** 'No messages yet' with the hint for whoever is looking (spec section 2 gives one per screen). */
export function EmptyMessages({ hint }: { hint: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      <Forum sx={{ fontSize: 48, mb: 1, color: 'brand.lightBlue' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ color: 'text.primary', fontWeight: 700 }}>
        {t('messages.noMessages')}
      </Typography>
      <Typography>{hint}</Typography>
    </Box>
  );
}
