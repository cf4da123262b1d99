import { NOTIFICATION_LANGUAGES, type NotificationLanguage, type Preferences } from '@academy/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { formatDateTime } from '../../../i18n/format';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { failureText } from '../../../lib/failure-alerts';
import { usePreferencesQuery } from '../api/get-preferences';
import { useUpdatePreferencesMutation } from '../api/update-preferences';
import { DevicePushState } from './device-push-state';
import { NotificationKindsTable } from './notification-kinds-table';

/**
 * A Sri Lanka clock time ('22:00') as the reader says it ('10:00 PM'), on a recent day: Sri Lanka's
 * offset was +06:00 from 1996 to 2006, so an older day would move the clock by half an hour.
 */
function clockTime(hhmm: string): string {
  return formatDateTime(`2024-01-01T${hhmm}:00+05:30`, { hour: 'numeric', minute: '2-digit' });
}

function Sentences({ preferences }: { preferences: Preferences }) {
  const { quietHours, channels, smsNumber } = preferences;
  return (
    <>
      {quietHours && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notifications.quietHours', { from: clockTime(quietHours.from), to: clockTime(quietHours.to) })}
        </Typography>
      )}
      {channels.sms && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {smsNumber ? t('notifications.smsTo', { number: smsNumber }) : t('notifications.smsNoNumber')}
        </Typography>
      )}
    </>
  );
}

/** The notification language: the one the server writes pushes, e-mails and SMS in. */
function LanguageChoice({ language }: { language: NotificationLanguage }) {
  const update = useUpdatePreferencesMutation();
  return (
    <TextField
      select
      size="small"
      label={t('notifications.language')}
      value={language}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ language: event.target.value as NotificationLanguage })}
      sx={{ minWidth: 220, alignSelf: 'flex-start' }}
    >
      {NOTIFICATION_LANGUAGES.map((code) => (
        <MenuItem key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Profile → Notifications (notifications.md, 'Screens'): this device's state and button, the
 * language, the kinds by channels, and the quiet hours in a sentence.
 */
export function NotificationSettingsCard() {
  const query = usePreferencesQuery();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="notification-settings-heading" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography id="notification-settings-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
        {t('notifications.bell')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {t('notifications.settingsHint')}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : query.isError ? (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {failureText(query.error)}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DevicePushState pushKey={query.data.pushKey} language={query.data.language} />
          <LanguageChoice language={query.data.language} />
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
              {t('notifications.kindsTitle')}
            </Typography>
            <NotificationKindsTable preferences={query.data} />
          </Box>
          <Sentences preferences={query.data} />
        </Box>
      )}
    </Paper>
  );
}
