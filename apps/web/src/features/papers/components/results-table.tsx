import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { DownloadIcon } from '../../../components/icons/download';
import { ListPagination } from '../../../components/list-pagination';
import { tableAsCards } from '../../../components/table-as-cards';
import { formatNumber } from '../../../i18n/format';
import { downloadText } from '../../../lib/csv-file';
import type { SortDirection } from '../../../lib/sort-rows';
import { resultEntries, type ResultColumn, type ResultEntry, type ResultsData } from '../lib/result-entries';
import { RESULTS_CSV_COLUMNS, resultsCsv, type ResultsCsvWords } from '../lib/results-csv';
import type { ResultAction } from './result-actions-menu';
import { ResultRow } from './result-row';
import { ResultsSortFields } from './results-sort-fields';

/** Every column sorts; `first` is the way a first click sorts it (best rank, most marks first). */
const RESULT_COLUMNS = [
  { id: 'name', label: 'papersResults.columnName', first: 'asc' },
  { id: 'regNo', label: 'papersResults.columnRegNo', first: 'asc' },
  { id: 'district', label: 'papersResults.columnDistrict', first: 'asc' },
  { id: 'school', label: 'papersResults.columnSchool', first: 'asc' },
  { id: 'batch', label: 'papersResults.columnBatch', first: 'asc' },
  { id: 'marks', label: 'papersResults.marks', first: 'desc' },
  { id: 'mcqMarks', label: 'answerScripts.mcqColumn', first: 'desc' },
  { id: 'writtenMarks', label: 'answerScripts.writtenColumn', first: 'desc' },
  { id: 'percentage', label: 'papersResults.percentage', first: 'desc' },
  { id: 'islandRank', label: 'papersResults.columnIslandRank', first: 'asc' },
  { id: 'districtRank', label: 'papersResults.columnDistrictRank', first: 'asc' },
  { id: 'batchRank', label: 'papersResults.columnBatchRank', first: 'asc' },
  { id: 'timeTakenSeconds', label: 'papersResults.columnTimeTaken', first: 'desc' },
  { id: 'handedInAt', label: 'papersResults.handedIn', first: 'asc' },
  { id: 'awaySeconds', label: 'papersResults.columnAway', first: 'desc' },
  { id: 'offlineSeconds', label: 'papersResults.columnOffline', first: 'desc' },
  { id: 'devices', label: 'papersResults.devices', first: 'desc' },
  { id: 'lateSaves', label: 'papersResults.columnLateSaves', first: 'desc' },
  { id: 'extraMinutes', label: 'papersResults.columnExtraTime', first: 'desc' },
] as const satisfies readonly { id: ResultColumn; label: string; first: SortDirection }[];

const PAGE_SIZES = [50, 100, 250] as const;

/** The columns only a paper with a written part has. */
const WRITTEN_COLUMNS = new Set<ResultColumn>(['mcqMarks', 'writtenMarks']);

/** Wide screens scroll the many columns sideways; a phone reads one card per student. */
const TABLE_SX = { '& th': { whiteSpace: { md: 'nowrap' } }, ...tableAsCards('.results-actions, .results-group', { '& tbody td.results-empty': { display: 'none' } }) } as const;

function csvWords(): ResultsCsvWords {
  return {
    headings: Object.fromEntries(RESULTS_CSV_COLUMNS.map((column) => [column, t(`papersResults.csv.${column}`)])) as ResultsCsvWords['headings'],
    status: { handedIn: t('papersResults.handedIn'), sitting: t('papersResults.stillSitting'), absent: t('papersResults.didNotSit') },
    handedInBy: { student: t('papersResults.byStudentWord'), time: t('papersResults.byTimeWord') },
    yes: t('general.yes'),
    no: t('general.no'),
  };
}

interface ResultsTableProps {
  data: ResultsData;
  released: boolean;
  onAction: (action: ResultAction, entry: ResultEntry) => void;
}

/**
 * The tutor's results: every student who sat, then those who may open the class and never started,
 * sortable by any column, paged, and exported as CSV in the order shown.
 */
export function ResultsTable({ data, released, onAction }: ResultsTableProps) {
  const [sort, setSort] = useState<{ column: ResultColumn; direction: SortDirection }>({ column: 'islandRank', direction: 'asc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const groups = resultEntries(data, sort.column, sort.direction);
  const entries = [...groups.sat, ...groups.absent];
  const shown = entries.slice(page * pageSize, (page + 1) * pageSize);
  const writtenQuestions = data.paper.writtenQuestions;
  // A paper with a written part shows its two parts beside the total (docs/design/answer-scripts.md).
  const columns = (writtenQuestions ? RESULT_COLUMNS : RESULT_COLUMNS.filter((column) => !WRITTEN_COLUMNS.has(column.id))).map((column) => ({ ...column, label: t(column.label) }));

  const sortBy = (column: { id: ResultColumn; first: SortDirection }) =>
    setSort((current) => ({
      column: column.id,
      direction: current.column === column.id ? (current.direction === 'asc' ? 'desc' : 'asc') : column.first,
    }));
  const written = writtenQuestions
    ? {
        mcqHeading: t('answerScripts.mcqMarks'),
        writtenHeading: t('answerScripts.writtenMarks'),
        questionHeadings: writtenQuestions.map((question) => `${t('answerScripts.writtenColumn')} ${question.label}`),
      }
    : undefined;
  const exportCsv = () => downloadText(resultsCsv(entries, csvWords(), written), `${data.paper.title} ${t('papersResults.resultsFile')}.csv`);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ mr: 'auto', color: 'text.secondary' }}>
          {t('papersResults.satAndAbsent', { sat: formatNumber(groups.sat.length), absent: formatNumber(groups.absent.length) })}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={entries.length === 0}>
          {t('papersResults.exportCsv')}
        </Button>
      </Box>
      <ResultsSortFields columns={columns} column={sort.column} direction={sort.direction} onSort={(column, direction) => setSort({ column, direction })} />
      <TableContainer sx={{ maxHeight: { md: '70vh' } }}>
        <Table size="small" stickyHeader aria-label={t('papersResults.resultsTable')} sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.id} sortDirection={sort.column === column.id ? sort.direction : false}>
                  <TableSortLabel
                    active={sort.column === column.id}
                    direction={sort.column === column.id ? sort.direction : column.first}
                    onClick={() => sortBy(column)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {t('papersResults.columnActions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 && <EmptyTableRow columns={columns.length + 1} text={t('papersResults.noStudents')} />}
            {shown.map((entry, index) => (
              <Fragment key={entry.studentId}>
                {entry.absent && !shown[index - 1]?.absent && (
                  <TableRow>
                    <TableCell colSpan={columns.length + 1} className="results-group" sx={{ fontWeight: 700, bgcolor: 'action.hover' }}>
                      {t('papersResults.absentHeading', { count: groups.absent.length })}
                    </TableCell>
                  </TableRow>
                )}
                <ResultRow entry={entry} columns={columns} released={released} onAction={onAction} />
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {entries.length > PAGE_SIZES[0] && (
        <ListPagination
          count={entries.length}
          page={page}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      )}
    </Box>
  );
}
