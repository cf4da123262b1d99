import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { useSecurityAlertsQuery } from '../api/approvals';

/** The security alerts, newest first: which kind, who or where (an account id or an address), how many. */
export function SecurityAlertsList() {
  const query = useSecurityAlertsQuery();
  return (
    <Box component="section" aria-labelledby="security-alerts" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="security-alerts" variant="h6" component="h2">
        {t('approvals.alertsTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('approvals.alertsHelp')}
      </Typography>
      {query.isPending && <Skeleton variant="rounded" height={72} />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data?.length === 0 && <Typography>{t('approvals.noAlerts')}</Typography>}
      {query.data?.map((alert) => (
        <Paper key={alert.id} variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`approvals.kinds.${alert.kind}`)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {formatDateTime(alert.raisedAt)} · {alert.subject} · {t('approvals.alertCount', { count: alert.count, minutes: Math.round(alert.windowMs / 60_000), threshold: alert.threshold })}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
