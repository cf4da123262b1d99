import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';

/**
 * iPhone and iPad in Safari: Web Push reaches only web apps added to the Home Screen (iOS 16.4 and
 * later), so the card gives the steps instead of a button that could not work here.
 */
export function IosHomeScreenSteps() {
  return (
    <Box>
      <Typography variant="body2">{t('notifications.iosHomeScreen')}</Typography>
      <Box component="ol" sx={{ m: 0, mt: 1, pl: 3, typography: 'body2' }}>
        <li>{t('notifications.iosStepShare')}</li>
        <li>{t('notifications.iosStepAdd')}</li>
        <li>{t('notifications.iosStepOpen')}</li>
      </Box>
    </Box>
  );
}
