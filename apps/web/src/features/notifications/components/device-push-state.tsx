import type { NotificationLanguage } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { t } from 'i18next';
import { failureText } from '../../../lib/failure-alerts';
import { useSendTestMutation } from '../api/send-test';
import { usePushDevice } from '../hooks/use-push-device';
import { browserOnDevice } from '../lib/push-support';
import { IosHomeScreenSteps } from './ios-home-screen-steps';

/** "Chrome on Android", or null when the user agent names no browser or system. */
function thisDeviceName(): string | null {
  const { browser, system } = browserOnDevice(navigator.userAgent, navigator.maxTouchPoints);
  return browser && system ? t('notifications.deviceName', { browser, system }) : null;
}

/** On: Send a test notification and Turn off side by side, then what came of the test (sent, or the server's 409 or 429 sentence). */
function DeviceOn({ busy, turnOff }: { busy: boolean; turnOff: () => void }) {
  const test = useSendTestMutation();
  const name = thisDeviceName();
  return (
    <>
      <Alert severity="success">{name ? t('notifications.onForDevice', { device: name }) : t('notifications.onForThisDevice')}</Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" size="small" disabled={test.isPending} onClick={() => test.mutate()}>
          {t('notifications.sendTest')}
        </Button>
        <Button variant="outlined" size="small" color="error" disabled={busy} onClick={turnOff}>
          {t('notifications.turnOffDevice')}
        </Button>
      </Box>
      <Box role="status" sx={{ typography: 'body2', color: test.isError ? 'error.main' : 'text.secondary', '&:empty': { display: 'none' } }}>
        {test.isSuccess && t('notifications.testSent')}
        {test.isError && failureText(test.error)}
      </Box>
    </>
  );
}

/** This device's row of the preferences card (notifications.md, 'Turning notifications on'). */
export function DevicePushState({ pushKey, language }: { pushKey: string | null; language: NotificationLanguage }) {
  const device = usePushDevice(pushKey, language);
  const failed = device.failed && <Alert severity="error">{t('notifications.deviceFailed')}</Alert>;

  switch (device.state) {
    case 'checking':
      return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('notifications.checkingDevice')}</Typography>;
    case 'ios-needs-home-screen':
      return <IosHomeScreenSteps />;
    case 'ios-too-old':
    case 'unsupported':
      return <Alert severity="info">{t('notifications.unsupported')}</Alert>;
    case 'blocked':
      return (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 700 }}>{t('notifications.blocked')}</Typography>
          <Typography variant="body2">{t('notifications.blockedSteps')}</Typography>
        </Alert>
      );
    case 'on':
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <DeviceOn busy={device.busy} turnOff={device.turnOff} />
          {failed}
        </Box>
      );
    case 'off':
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
          {/* turnOn straight from the click: the browser asks for permission only inside a tap. */}
          <Button variant="contained" disabled={device.busy} onClick={device.turnOn}>
            {t('notifications.turnOnDevice')}
          </Button>
          {failed}
        </Box>
      );
  }
}
