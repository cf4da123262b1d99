import { listLabel } from '../../../i18n/list-labels';
import { t } from 'i18next';
import { FOLDER_MIME_TYPE, isAdmin, PAPER_MIME_TYPE, type DriveItem } from '@academy/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { readSession } from '../../../lib/session';
import { useFolderContentQuery } from '../api/get-folder-content';
import { useRootFilesQuery } from '../api/get-root-files';
import { useStoreInfoQuery } from '../api/get-store-info';
import { useDriveTrail, type Crumb } from '../hooks/use-drive-trail';
import { trailOfSearch } from '../lib/folder-link';
import { DriveAdminBar } from './drive-admin-bar';
import { DriveItemCard, type ExtraAction, type ItemAction } from './drive-item-card';
import { DriveItemDialogs, useItemDialogs } from './drive-item-dialogs';
import { DriveTrailBar } from './drive-trail-bar';

const CLASS_ACTIONS: ItemAction[] = ['access', 'rename', 'delete'];
const ITEM_ACTIONS: ItemAction[] = ['rename', 'delete'];

interface DriveFilesPageProps {
  /** Other features' rows above the drive (watching: a student's Continue watching). */
  above?: ReactNode;
  /** Other features' marks on each card (watching: progress, New, the tutor's Viewers; fees: a month's state), with the class it is in. */
  itemExtra?: (item: DriveItem, classFolder: Crumb | null) => ReactNode;
  /** Another feature's card for a paper listed in the folder (papers.md: a paper is listed like a file). */
  paperCard?: (item: DriveItem) => ReactNode;
  /** Another feature's tools for the open folder, beside New Folder (admins only; none at the root, the classes). */
  folderTools?: (folder: Crumb) => ReactNode;
  /**
   * Another feature's gate on a card (fees: a month folder not paid yet): when it answers a node,
   * the card shows it instead of its Open button, and the folder is not opened from the card.
   * `classFolder` is the class the item is in (null for the classes themselves).
   */
  itemGate?: (item: DriveItem, classFolder: Crumb | null) => ReactNode | null;
  /** Other features' entries in a folder's menu (admins; fees: a class's Fees…, a folder's Month…), each with the dialog it opens. */
  folderMenuExtra?: (folder: DriveItem, place: FolderPlace) => FolderMenuEntry[];
  /**
   * Another feature's answer to the open folder's refusal (fees: the month is not paid yet): when it
   * answers a node, the screen shows it instead of the files.
   */
  folderRefusal?: (error: Error) => ReactNode | null;
}

/** Where a folder whose menu opens lies: a class (the root's folders), or inside one. */
export interface FolderPlace {
  isClass: boolean;
  /** The class the folder is in (itself for a class). */
  classFolder: Crumb;
}

/** One entry of a folder's menu from another feature, and the dialog it opens (closed by `close`). */
export interface FolderMenuEntry {
  key: string;
  label: string;
  dialog: (close: () => void) => ReactNode;
}

/** The cloud-drive files screen at /home (spec section 2), with the admin's tools above the files. */
export function DriveFilesPage({ above, itemExtra, paperCard, folderTools, itemGate, folderMenuExtra, folderRefusal }: DriveFilesPageProps = {}) {
  const session = readSession();
  const admin = isAdmin(session?.accountType);
  const store = useStoreInfoQuery();
  // A link straight to a folder (lib/folder-link.ts) opens the drive there.
  const [search] = useSearchParams();
  const linkKey = search.toString();
  const { trail, current, open, back, home, goTo } = useDriveTrail(trailOfSearch(search), linkKey);
  const atRoot = current === null;
  const root = useRootFilesQuery(session?.email ?? '', atRoot);
  const folder = useFolderContentQuery(current?.id ?? null);
  const query = atRoot ? root : folder;
  const dialogs = useItemDialogs();
  // Another feature's dialog opened from a folder's menu, and the folder it is about.
  const [extraDialog, setExtraDialog] = useState<FolderMenuEntry | null>(null);
  const extraActions = (item: DriveItem): ExtraAction[] => {
    if (!admin || !folderMenuExtra || item.mimeType !== FOLDER_MIME_TYPE) return [];
    const classFolder = trail[0] ?? { id: item.id, name: item.name };
    return folderMenuExtra(item, { isClass: atRoot, classFolder }).map((entry) => ({ key: entry.key, label: entry.label, onSelect: () => setExtraDialog(entry) }));
  };
  const refusal = !atRoot && folder.error ? (folderRefusal?.(folder.error) ?? null) : null;

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
      {refusal ? (
        refusal
      ) : query.isFetching && !query.data ? (
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
                extra={itemExtra?.(item, trail[0] ?? null)}
                gate={itemGate?.(item, trail[0] ?? null)}
                extraActions={extraActions(item)}
              />
            ),
          )}
        </Box>
      )}
      {admin && <DriveItemDialogs dialogs={dialogs} />}
      {extraDialog?.dialog(() => setExtraDialog(null))}
    </Box>
  );
}
