import { t } from 'i18next';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { listLabel } from '../../../i18n/list-labels';
import { durationText } from '../lib/duration-text';
import { percentText } from '../lib/percent-text';
import type { ResultColumn, ResultEntry } from '../lib/result-entries';
import { ResultActionsMenu, type ResultAction } from './result-actions-menu';

/** How often and how long: '3 × 2 min 10 s'; nothing recorded reads '0'. */
function periods(count: number | null, seconds: number | null): string {
  if (count === null || seconds === null) return '–';
  return count === 0 ? '0' : t('papersResults.periodsSummary', { count: formatNumber(count), time: durationText(seconds) });
}

function number(value: number | null): string {
  return value === null ? '–' : formatNumber(value);
}

function handedIn(entry: ResultEntry): string {
  if (entry.absent) return t('papersResults.didNotSit');
  if (entry.handedInAt === null) return t('papersResults.stillSitting');
  const time = formatDateTime(entry.handedInAt, { dateStyle: 'short', timeStyle: 'short' });
  return entry.handedInBy === 'time' ? t('papersResults.byTime', { time }) : time;
}

/** Each column's cell of one line, as the reader sees it. */
function cell(entry: ResultEntry, column: ResultColumn): string {
  switch (column) {
    case 'district':
      return listLabel('district', entry.district);
    case 'marks':
      return number(entry.marks);
    case 'mcqMarks':
    case 'writtenMarks':
      return number(entry[column] ?? null);
    case 'percentage':
      return percentText(entry.percentage);
    case 'timeTakenSeconds':
      return entry.timeTakenSeconds === null || entry.startedAt === null ? '–' : durationText(entry.timeTakenSeconds);
    case 'handedInAt':
      return handedIn(entry);
    case 'awaySeconds':
      return periods(entry.awayCount, entry.awaySeconds);
    case 'offlineSeconds':
      return periods(entry.offlineCount, entry.offlineSeconds);
    case 'extraMinutes':
      return entry.extraMinutes === 0 ? '0' : t('papersResults.minutes', { count: entry.extraMinutes });
    case 'islandRank':
    case 'districtRank':
    case 'batchRank':
    case 'devices':
    case 'lateSaves':
      return number(entry[column]);
    default:
      return entry[column];
  }
}

/** A cell; one with nothing in it ('–') is left out of a phone's card, so a student who did not sit reads short. */
function ResultCell({ label, wide, text }: { label: string; wide: boolean; text: string }) {
  return (
    <TableCell data-label={label} className={text === '–' ? 'results-empty' : undefined} sx={wide ? { minWidth: { md: '11rem' } } : { whiteSpace: { md: 'nowrap' } }}>
      {text}
    </TableCell>
  );
}

interface ResultRowProps {
  entry: ResultEntry;
  columns: readonly { id: ResultColumn; label: string }[];
  released: boolean;
  onAction: (action: ResultAction, entry: ResultEntry) => void;
}

/** One student's line of the tutor's results; on a phone each cell shows its column name above it. */
export function ResultRow({ entry, columns, released, onAction }: ResultRowProps) {
  return (
    <TableRow hover>
      {columns.map((column) =>
        column.id === 'name' ? (
          <TableCell key={column.id} data-label={column.label} sx={{ fontWeight: 600, minWidth: { md: '11rem' }, overflowWrap: 'anywhere' }}>
            {entry.name}
            {entry.reopened && <Chip size="small" variant="outlined" label={t('papersResults.reopened')} sx={{ ml: 1 }} />}
          </TableCell>
        ) : (
          <ResultCell key={column.id} label={column.label} wide={column.id === 'school'} text={cell(entry, column.id)} />
        ),
      )}
      <TableCell padding="none" className="results-actions">
        <ResultActionsMenu entry={entry} released={released} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
}
