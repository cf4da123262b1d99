import { t } from 'i18next';
import type { LessonViewer } from '@academy/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useState } from 'react';
import { formatDateTime } from '../../../i18n/format';
import { sortViewers, type SortDirection, type ViewerColumn } from '../lib/sort-viewers';

export const VIEWER_COLUMNS = [
  { id: 'name', label: 'watching.columnName' },
  { id: 'regNo', label: 'watching.columnRegNo' },
  { id: 'batch', label: 'watching.columnBatch' },
  { id: 'watchedPercent', label: 'watching.columnWatched' },
  { id: 'lastWatchedAt', label: 'watching.columnLastWatched' },
] as const satisfies readonly { id: ViewerColumn; label: string }[];

/** The students who may open a lesson, sortable by any column. */
export function ViewersTable({ viewers }: { viewers: LessonViewer[] }) {
  const [sort, setSort] = useState<{ column: ViewerColumn; direction: SortDirection }>({ column: 'watchedPercent', direction: 'desc' });
  const rows = sortViewers(viewers, sort.column, sort.direction);
  const sortBy = (column: ViewerColumn) =>
    setSort((current) => ({ column, direction: current.column === column && current.direction === 'desc' ? 'asc' : 'desc' }));

  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      {/* On a phone the table scrolls sideways instead of crushing names into a column of letters. */}
      <Table size="small" stickyHeader aria-label={t('watching.viewers')} sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            {VIEWER_COLUMNS.map((column) => (
              <TableCell key={column.id} sortDirection={sort.column === column.id ? sort.direction : false}>
                <TableSortLabel active={sort.column === column.id} direction={sort.column === column.id ? sort.direction : 'desc'} onClick={() => sortBy(column.id)}>
                  {t(column.label)}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((viewer) => (
            <TableRow key={viewer.studentId}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{viewer.name}</TableCell>
              <TableCell>{viewer.regNo}</TableCell>
              <TableCell>{viewer.batch}</TableCell>
              <TableCell>{viewer.watchedPercent}%</TableCell>
              <TableCell>{viewer.lastWatchedAt ? formatDateTime(viewer.lastWatchedAt) : t('watching.never')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
