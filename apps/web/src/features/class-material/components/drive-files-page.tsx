import { listLabel } from '../../../i18n/list-labels';
import { t } from 'i18next';
import { FOLDER_MIME_TYPE, isAdmin, PAPER_MIME_TYPE, type DriveItem } from '@academy/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type ReactNode } from 'react';
import { readSession } from '../../../lib/session';
import { useFolderContentQuery } from '../api/get-folder-content';
import { useRootFilesQuery } from '../api/get-root-files';
import { useStoreInfoQuery } from '../api/get-store-info';
import { useDriveTrail, type Crumb } from '../hooks/use-drive-trail';
import { DriveAdminBar } from './drive-admin-bar';
import { DriveItemCard, type ItemAction } from './drive-item-card';
import { DriveItemDialogs, useItemDialogs } from './drive-item-dialogs';
import { DriveTrailBar } from './drive-trail-bar';

const CLASS_ACTIONS: ItemAction[] = ['access', 'rename', 'delete'];
const ITEM_ACTIONS: ItemAction[] = ['rename', 'delete'];

interface DriveFilesPageProps {
  /** Other features' rows above the drive (watching: a student's Continue watching). */
  above?: ReactNode;
  /** Other features' marks on each card (watching: progress, New, the tutor's Viewers). */
  itemExtra?: (item: DriveItem) => ReactNode;
  /** Another feature's card for a paper listed in the folder (papers.md: a paper is listed like a file). */
  paperCard?: (item: DriveItem) => ReactNode;
  /** Another feature's tools for the open folder, beside New Folder (admins only; none at the root, the classes). */
  folderTools?: (folder: Crumb) => ReactNode;
}

/** The cloud-drive files screen at /home (spec section 2), with the admin's tools above the files. */
export function DriveFilesPage({ above, itemExtra, paperCard, folderTools }: DriveFilesPageProps = {}) {
  const session = readSession();
  const admin = isAdmin(session?.accountType);
  const store = useStoreInfoQuery();
  const { trail, current, open, back, home, goTo } = useDriveTrail();
  const atRoot = current === null;
  const root = useRootFilesQuery(session?.email ?? '', atRoot);
  const folder = useFolderContentQuery(current?.id ?? null);
  const query = atRoot ? root : folder;
  const dialogs = useItemDialogs();

  // Spec section 8: a failed fetch is only logged, and the list stays as it was.
  const [shown, setShown] = useState<DriveItem[]>([]);
  if (query.data && query.data !== shown) setShown(query.data);
  if (query.error) console.error(atRoot ? 'Failed to fetch root folders' : 'Failed to fetch folder content', query.error);
  const files = query.data ?? shown;

  const goHome = () => {
    home();
    if (atRoot) void root.refetch();
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main', minHeight: 32 }}>
        {store.data ? t('classMaterial.driveFiles', { provider: listLabel('provider', store.data.provider) }) : ''}
      </Typography>
      {above}
      {admin && <DriveAdminBar key={current?.id ?? 'root'} folderId={current?.id ?? null} tools={current ? folderTools?.(current) : null} />}
      <DriveTrailBar trail={trail} onBack={back} onHome={goHome} onGoTo={goTo} />
      {/* A background read (a lesson's processing polled, an upload landed) keeps the cards on screen. */}
      {query.isFetching && !query.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('classMaterial.loadingFiles')} />
        </Box>
      ) : files.length === 0 ? (
        <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>{t('classMaterial.noFiles')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('classMaterial.files')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
        >
          {files.map((item) =>
            item.mimeType === PAPER_MIME_TYPE && paperCard ? (
              <Fragment key={item.id}>{paperCard(item)}</Fragment>
            ) : (
              <DriveItemCard
                key={item.id}
                item={item}
                onOpen={(opened) => opened.mimeType === FOLDER_MIME_TYPE && open({ id: opened.id, name: opened.name })}
                actions={admin ? (atRoot ? CLASS_ACTIONS : ITEM_ACTIONS) : []}
                onAction={(action, target) => dialogs.start(action, target, atRoot)}
                extra={itemExtra?.(item)}
              />
            ),
          )}
        </Box>
      )}
      {admin && <DriveItemDialogs dialogs={dialogs} />}
    </Box>
  );
}
