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
import { alerts } from '../../../lib/alerts';
import { useEndOtherSessionsMutation } from '../api/end-other-sessions';
import { useEndSessionMutation } from '../api/end-session';
import { useMySessionsQuery } from '../api/get-my-sessions';
import { failureText } from '../../../lib/failure-alerts';


function showFailure(error: Error) {
  void alerts.error({ title: failureText(error) });
}

/** The Profile page's list of the account's sign-ins, with a way to end the ones not in hand. */
export function ActiveSessionsCard() {
  const query = useMySessionsQuery();
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const sessions = query.data ?? [];
  const others = sessions.filter((session) => !session.current);

  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
          {t('sessions.title')}
        </Typography>
        {others.length > 0 && (
          <Button size="small" variant="outlined" disabled={endOthers.isPending} onClick={() => endOthers.mutate(undefined, { onError: showFailure })}>
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
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => endOne.mutate(session.id, { onError: showFailure })}
            />
          ))}
        </List>
      )}
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
