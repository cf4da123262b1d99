import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import { sriLankaTimeOfDay } from '../lib/paper-labels';

/**
 * At the deadline the screen takes no more choices and hands in by itself (use-sitting.ts). While
 * choices still wait to be acknowledged (the line is down), it says until when they count: "Time
 * is up. 3 answers are waiting: they count if they reach the server by 9:01 PM" (the deadline and
 * its grace, in Sri Lanka time). Worked out from the choices, not from each retry, so the alert
 * does not speak again every time the queue tries.
 */
export function TimeUpNotice({ waiting, acceptedUntil }: { waiting: number; acceptedUntil: string }) {
  return (
    <Alert severity="warning">
      {waiting > 0 ? t('papersSitting.timeUpWaiting', { count: waiting, time: sriLankaTimeOfDay(acceptedUntil) }) : t('papersSitting.timeUpHandingIn')}
    </Alert>
  );
}
