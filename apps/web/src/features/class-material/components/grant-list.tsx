import { formatDate } from '../../../i18n/format';
import { listLabel } from '../../../i18n/list-labels';
import { t } from 'i18next';
import { type Grant } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useRevokeAccessMutation } from '../api/revoke-access';
import { failureText } from '../../../lib/failure-alerts';

function who(grant: Grant): string {
  return grant.email ?? t('classMaterial.batchGrant', { batch: grant.batch ?? '', classType: listLabel('classType', grant.classType ?? '') });
}

function until(grant: Grant): string {
  if (grant.lapsed) return t('classMaterial.endedOn', { date: grant.endsOn ? formatDate(grant.endsOn) : '' });
  return grant.endsOn ? t('classMaterial.until', { date: formatDate(grant.endsOn) }) : t('classMaterial.untilRevoked');
}

interface GrantListProps {
  grants: Grant[];
  /** In a student's profile the class is the point; in a class's dialog the audience is. */
  showClass: boolean;
  /** Which grants may be revoked here (a batch rule is revoked for the whole batch, from the class). */
  canRevoke?: (grant: Grant) => boolean;
}

/** Grants with their audience and end, each revocable. */
export function GrantList({ grants, showClass, canRevoke = () => true }: GrantListProps) {
  const revoke = useRevokeAccessMutation();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('classMaterial.classAccess')}
      </Typography>
      {grants.length === 0 && <Typography sx={{ color: 'text.secondary', py: 1 }}>{t('classMaterial.noGrants')}</Typography>}
      <List dense aria-label={t('classMaterial.classAccess')}>
        {grants.map((grant) => {
          const label = showClass ? grant.className : who(grant);
          const via = showClass && !grant.email ? t('classMaterial.viaBatch', { batch: grant.batch ?? '', classType: listLabel('classType', grant.classType ?? '') }) : '';
          return (
            <ListItem
              key={grant.id}
              disableGutters
              secondaryAction={
                canRevoke(grant) && (
                  <Button size="small" color="error" disabled={revoke.isPending} onClick={() => revoke.mutate(grant.id)} aria-label={`${t('classMaterial.revoke')} ${label}`}>
                    {t('classMaterial.revoke')}
                  </Button>
                )
              }
            >
              <ListItemText primary={label} secondary={`${via}${until(grant)}`} sx={{ pr: 10, overflowWrap: 'anywhere' }} />
            </ListItem>
          );
        })}
      </List>
      {revoke.error && <Alert severity="error">{failureText(revoke.error)}</Alert>}
    </Box>
  );
}
