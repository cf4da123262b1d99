import { t } from 'i18next';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { MoreVertIcon } from '../../../components/icons/more-vert';
import type { ResultEntry } from '../lib/result-entries';

/** What the tutor can do for one student of a paper. */
export type ResultAction = 'attempt' | 'extra-time' | 'reopen';

/**
 * The actions a line allows: the attempt of a student who started; extra time while not handed in
 * (before the start too); reopening a handed-in attempt until the results are released.
 */
export function actionsFor(entry: ResultEntry, released: boolean): ResultAction[] {
  if (entry.absent) return ['extra-time'];
  if (entry.handedInAt === null) return ['attempt', 'extra-time'];
  return released ? ['attempt'] : ['attempt', 'reopen'];
}

const LABELS = {
  attempt: 'papersResults.viewAttempt',
  'extra-time': 'papers.extraTime',
  reopen: 'papers.reopen',
} as const satisfies Record<ResultAction, string>;

interface ResultActionsMenuProps {
  entry: ResultEntry;
  released: boolean;
  onAction: (action: ResultAction, entry: ResultEntry) => void;
}

export function ResultActionsMenu({ entry, released, onAction }: ResultActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `result-actions-${entry.studentId}`;
  const choose = (action: ResultAction) => {
    setAnchor(null);
    onAction(action, entry);
  };
  return (
    <>
      <IconButton
        aria-label={t('papersResults.actionsFor', { name: entry.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actionsFor(entry, released).map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            {t(LABELS[action])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
