import { t } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PendingApprovals } from './pending-approvals';
import { SecurityAlertsList } from './security-alerts-list';

/** The admins' Security screen: deletions waiting for a second admin, then the security alerts. */
export function SecurityPage() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {t('approvals.title')}
      </Typography>
      <PendingApprovals />
      <SecurityAlertsList />
    </Box>
  );
}
