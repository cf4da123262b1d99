import { t } from 'i18next';
import { driveItemKind, isAdmin, type DriveItem } from '@academy/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { GroupsIcon as Groups } from '../../../components/icons/groups';
import { readSession } from '../../../lib/session';
import { WatchProgressBar } from './watch-progress-bar';

// The chart library is large and only admins open the panel: fetched on the first click.
const ViewersDialog = lazy(() => import('./viewers-dialog').then((m) => ({ default: m.ViewersDialog })));

function ViewersButton({ item }: { item: DriveItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="text" startIcon={<Groups />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }} aria-label={`${t('watching.viewers')}: ${item.name}`}>
        {t('watching.viewers')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ViewersDialog item={item} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * What a drive card shows of watching: to a student, a lesson's progress bar and "New",
 * and "3 new" on a class; to an admin, the lesson's Viewers panel.
 */
export function DriveItemWatching({ item }: { item: DriveItem }) {
  const kind = driveItemKind(item);
  if (isAdmin(readSession()?.accountType)) return kind === 'video' || kind === 'pdf' ? <ViewersButton item={item} /> : null;
  if (kind === 'folder') {
    return item.newCount ? <Chip size="small" color="secondary" label={t('watching.newCount', { count: item.newCount })} sx={{ alignSelf: 'flex-start', fontWeight: 700 }} /> : null;
  }
  if (!item.isNew && !item.watch) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {item.isNew && <Chip size="small" color="secondary" label={t('watching.newBadge')} sx={{ alignSelf: 'flex-start', fontWeight: 700 }} />}
      {item.watch && kind === 'video' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flexGrow: 1 }}>
            <WatchProgressBar percent={item.watch.watchedPercent} name={item.name} />
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {t('watching.percentWatched', { percent: item.watch.watchedPercent })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
