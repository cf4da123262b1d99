import { formatDateTime } from '../../../i18n/format';
import { t } from 'i18next';
import { type Session } from '@academy/contract';
import { DevicesIcon as Devices } from '../../../components/icons/devices';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEndOtherSessionsMutation } from '../api/end-other-sessions';
import { useEndSessionMutation } from '../api/end-session';
import { useMySessionsQuery } from '../api/get-my-sessions';
import { failureText } from '../../../lib/failure-alerts';
import { useState } from 'react';
import { ConfirmPasswordDialog } from '../../../components/confirm-password-dialog';


/** Which sign-out waits for the password: every other session, or one. */
type Ending = { kind: 'others' } | { kind: 'one'; session: Session };

/** The Profile page's list of the account's sign-ins, with a way to end the ones not in hand. */
export function ActiveSessionsCard() {
  const query = useMySessionsQuery();
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sessions = query.data ?? [];
  const others = sessions.filter((session) => !session.current);

  const ask = (next: Ending) => {
    setRefusal(null);
    setEnding(next);
  };
  const done = { onSuccess: () => setEnding(null), onError: (error: Error) => setRefusal(failureText(error)) };
  const confirm = (password: string) => {
    if (ending?.kind === 'others') endOthers.mutate({ password }, done);
    else if (ending?.kind === 'one') endOne.mutate({ sessionId: ending.session.id, body: { password } }, done);
  };

  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
          {t('sessions.title')}
        </Typography>
        {others.length > 0 && (
          <Button size="small" variant="outlined" disabled={endOthers.isPending} onClick={() => ask({ kind: 'others' })}>
            {t('sessions.signOutOthers')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('sessions.hint')}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={64} sx={{ mt: 2 }} />
      ) : (
        <List aria-label={t('sessions.title')}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables.sessionId === session.id}
              onEnd={() => ask({ kind: 'one', session })}
            />
          ))}
        </List>
      )}
      <ConfirmPasswordDialog
        open={ending !== null}
        text={ending?.kind === 'one' ? t('sessions.confirmOne', { device: ending.session.device }) : t('sessions.confirmOthers')}
        action={ending?.kind === 'one' ? t('sessions.signOut') : t('sessions.signOutOthers')}
        pending={endOne.isPending || endOthers.isPending}
        error={refusal}
        onCancel={() => setEnding(null)}
        onConfirm={confirm}
      />
    </Paper>
  );
}

function SessionRow({ session, ending, onEnd }: { session: Session; ending: boolean; onEnd: () => void }) {
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={
        session.current ? (
          <Chip size="small" color="secondary" label={t('sessions.thisDevice')} />
        ) : (
          <Button size="small" color="error" disabled={ending} onClick={onEnd} aria-label={`${t('sessions.signOut')}: ${session.device}`}>
            {t('sessions.signOut')}
          </Button>
        )
      }
      sx={{ pr: 12 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Devices />
      </ListItemIcon>
      <ListItemText
        primary={session.device}
        secondary={`${t('sessions.signedIn')} ${formatDateTime(session.createdAt)} · ${t('sessions.lastActive')} ${formatDateTime(session.lastSeenAt)}`}
      />
    </ListItem>
  );
}
