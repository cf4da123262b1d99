import { t } from 'i18next';
import { driveItemKind, type DriveItem } from '@academy/contract';
import { FolderIcon as Folder } from '../../../components/icons/folder';
import { InsertDriveFileIcon as InsertDriveFile } from '../../../components/icons/insert-drive-file';
import { MoreVertIcon as MoreVert } from '../../../components/icons/more-vert';
import { PictureAsPdfIcon as PictureAsPdf } from '../../../components/icons/picture-as-pdf';
import { VideoFileIcon as VideoFile } from '../../../components/icons/video-file';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { remarking } from '../lib/lesson-marks';
import { LessonPoster } from './lesson-poster';
import { LessonProcessing } from './lesson-processing';

export type ItemAction = 'rename' | 'delete' | 'access' | 'addMarks';

/** Another feature's entry in an item's menu (fees: a class's Fees…, a folder's Month…). */
export interface ExtraAction {
  key: string;
  label: string;
  onSelect: () => void;
}

interface DriveItemCardProps {
  item: DriveItem;
  onOpen: (item: DriveItem) => void;
  /** Admin only: the item's menu. `access` is offered for class folders; `addMarks` is added here for a ready lesson. */
  actions?: ItemAction[];
  onAction?: (action: ItemAction, item: DriveItem) => void;
  /** Another feature's marks on the card (watching: progress, New, the tutor's Viewers). */
  extra?: ReactNode;
  /**
   * Another feature's gate (fees: a month not paid yet): shown in place of the Open button, so the
   * folder is not opened from here.
   */
  gate?: ReactNode;
  /** Admin only: other features' entries after the item's own in its menu. */
  extraActions?: ExtraAction[];
}

const ACTION_LABELS = {
  rename: 'classMaterial.rename',
  delete: 'classMaterial.delete',
  access: 'classMaterial.classAccess',
  addMarks: 'lessons.addMarks',
} as const satisfies Record<ItemAction, string>;

/** A ready lesson with marks, or none, can have them made (again); one getting them already cannot. */
function withMarksAction(actions: ItemAction[], item: DriveItem): ItemAction[] {
  const { processing } = item;
  const offered = processing?.state === 'ready' && processing.marks !== undefined && !remarking(processing);
  return actions.length > 0 && offered ? [...actions, 'addMarks'] : actions;
}

function ItemIcon({ item }: { item: DriveItem }) {
  const kind = driveItemKind(item);
  const sx = { fontSize: 40 };
  if (kind === 'folder') return <Folder sx={{ ...sx, color: '#F4B400' }} />;
  if (kind === 'video') return <VideoFile sx={{ ...sx, color: 'secondary.main' }} />;
  if (kind === 'pdf') return <PictureAsPdf sx={{ ...sx, color: '#D93025' }} />;
  return <InsertDriveFile sx={sx} />;
}

/**
 * Spec section 2: a folder or file icon, the name, and 'View File' (mp4, PDF) or 'Open Folder'; a
 * lesson adds its poster and length, and for admins its processing into a stream.
 */
export function DriveItemCard({ item, onOpen, actions: offered = [], onAction, extra, gate, extraActions = [] }: DriveItemCardProps) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const actions = withMarksAction(offered, item);
  const kind = driveItemKind(item);
  const viewable = kind === 'video' || kind === 'pdf';
  const openItem = () => {
    // The viewer opens in a new tab; it shares this tab's session (localStorage), not its history.
    if (viewable && item.viewUrl) window.open(item.viewUrl, '_blank', 'noopener');
    else onOpen(item);
  };

  return (
    <Card component="li" variant="outlined" aria-label={item.name} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, borderRadius: 3 }}>
      {kind === 'video' && <LessonPoster posterUrl={item.posterUrl} durationSeconds={item.durationSeconds} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <ItemIcon item={item} />
        <Typography sx={{ flexGrow: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
        {actions.length + extraActions.length > 0 && (
          <IconButton aria-label={t('classMaterial.actionsFor', { name: item.name })} onClick={(event) => setMenu(event.currentTarget)} edge="end">
            <MoreVert />
          </IconButton>
        )}
      </Box>
      {item.processing && <LessonProcessing fileId={item.id} name={item.name} processing={item.processing} />}
      {extra}
      {gate ?? (
        <Button variant={viewable ? 'contained' : 'outlined'} onClick={openItem} sx={{ alignSelf: 'flex-start', mt: 'auto' }}>
          {viewable ? t('classMaterial.viewFile') : t('classMaterial.openFolder')}
        </Button>
      )}
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setMenu(null);
              onAction?.(action, item);
            }}
          >
            {t(ACTION_LABELS[action])}
          </MenuItem>
        ))}
        {extraActions.map((action) => (
          <MenuItem
            key={action.key}
            onClick={() => {
              setMenu(null);
              action.onSelect();
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
