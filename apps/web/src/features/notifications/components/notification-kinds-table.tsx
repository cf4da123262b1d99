import { NOTIFICATION_CHANNELS, type NotificationChannel, type Preferences } from '@academy/contract';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { t } from 'i18next';
import { useState } from 'react';
import { useUpdatePreferencesMutation } from '../api/update-preferences';
import { kindLabel } from '../lib/kind-labels';

const CHANNEL_KEYS = { push: 'notifications.columnPush', email: 'notifications.columnEmail', sms: 'notifications.columnSms' } as const;

type Kind = Preferences['kinds'][number]['kind'];
/** One switch being saved: its kind, channel and new position. */
interface Flip {
  kind: Kind;
  channel: NotificationChannel;
  on: boolean;
}

/**
 * Kinds by channels, a switch each, saved as it is flipped (PUT preferences answers the whole
 * record). Only the channels this portal offers get a column; a kind the channel does not apply
 * to (SMS the academy does not send, e-mail of a kind fees mail themselves) has a dash instead of
 * a switch, and a channel no kind of the reader's has no column (an admin's e-mail).
 */
export function NotificationKindsTable({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferencesMutation();
  const channels = NOTIFICATION_CHANNELS.filter((channel) => preferences.channels[channel] && preferences.kinds.some((row) => row[channel] !== null));
  // The switch being saved shows its new position at once; the answer then confirms it (or, refused,
  // it goes back). Kept in this component's state, set in the click's own handler: the mutation's
  // pending state reaches React a task later, and until then the controlled switch would be put back.
  const [saving, setSaving] = useState<Flip | null>(null);
  const flip = (kind: Kind, channel: NotificationChannel, on: boolean) => {
    setSaving({ kind, channel, on });
    update.mutate({ kinds: [{ kind, [channel]: on }] }, { onSettled: () => setSaving(null) });
  };
  const shown = (row: Preferences['kinds'][number], channel: NotificationChannel) => (saving?.kind === row.kind && saving.channel === channel ? saving.on : row[channel]);

  return (
    <TableContainer>
      <Table size="small" aria-label={t('notifications.kindsTitle')} sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('notifications.columnKind')}</TableCell>
            {channels.map((channel) => (
              <TableCell key={channel} align="center">
                {t(CHANNEL_KEYS[channel])}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {preferences.kinds.map((row) => {
            const label = kindLabel(row.kind);
            return (
              <TableRow key={row.kind}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                {channels.map((channel) => {
                  const value = shown(row, channel);
                  return (
                    <TableCell key={channel} align="center" padding="none">
                      {value === null ? (
                        <span aria-hidden>–</span>
                      ) : (
                        <Switch
                          size="small"
                          checked={value}
                          disabled={saving !== null}
                          onChange={(event) => flip(row.kind, channel, event.target.checked)}
                          slotProps={{ input: { role: 'switch', 'aria-label': `${label}: ${t(CHANNEL_KEYS[channel])}` } }}
                        />
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
