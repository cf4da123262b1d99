import type { NotificationLanguage } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { useState } from 'react';
import { CloseIcon } from '../../../components/icons/close';
import { usePreferencesQuery } from '../api/get-preferences';
import { usePushDevice } from '../hooks/use-push-device';
import { pushSupport, readPushEnvironment } from '../lib/push-support';

/** Kept with the browser's other settings; Log Out clears it with the rest, so the next student is offered again. */
const DISMISSED_KEY = 'push-offer-dismissed';

function Offer({ pushKey, language }: { pushKey: string | null; language: NotificationLanguage }) {
  const device = usePushDevice(pushKey, language);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || (device.state !== 'off' && !device.busy)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, bgcolor: 'action.hover' }}>
      <Typography variant="body2" sx={{ flexGrow: 1 }}>
        {t('notifications.getOnPhone')}
      </Typography>
      {/* turnOn straight from the click: the browser asks for permission only inside a tap. */}
      <Button size="small" variant="contained" disabled={device.busy} onClick={device.turnOn} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        {t('notifications.turnOn')}
      </Button>
      <IconButton size="small" aria-label={t('notifications.dismiss')} onClick={dismiss}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/**
 * The bell's one dismissible row, "Get these on your phone: Turn on", shown only where push is
 * possible on this device and not yet asked for (notifications.md, 'Screens').
 */
export function PushOfferRow() {
  const askable = pushSupport(readPushEnvironment()) === 'default' && localStorage.getItem(DISMISSED_KEY) === null;
  const { data } = usePreferencesQuery(askable);
  return askable && data?.pushKey ? <Offer pushKey={data.pushKey} language={data.language} /> : null;
}
