import { t } from 'i18next';
import type { QuestionFlag, QuestionStatistics } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { Fragment, useState } from 'react';
import { ExpandLessIcon } from '../../../components/icons/expand-less';
import { ExpandMoreIcon } from '../../../components/icons/expand-more';
import { tableAsCards } from '../../../components/table-as-cards';
import { formatNumber } from '../../../i18n/format';
import { sortRows, type SortDirection, type SortValue } from '../../../lib/sort-rows';
import { percentText } from '../lib/percent-text';
import { OptionSharesChart } from './option-shares-chart';

type StatisticsColumn = 'number' | 'marks' | 'facility' | 'discrimination' | 'unansweredShare' | 'flags';

const COLUMNS = [
  { id: 'number', label: 'papersResults.columnQuestion', first: 'asc' },
  { id: 'marks', label: 'papersResults.marks', first: 'desc' },
  { id: 'facility', label: 'papersResults.columnFacility', first: 'asc' },
  { id: 'discrimination', label: 'papersResults.columnDiscrimination', first: 'asc' },
  { id: 'unansweredShare', label: 'papersResults.columnUnanswered', first: 'desc' },
  { id: 'flags', label: 'papersResults.columnFlags', first: 'desc' },
] as const satisfies readonly { id: StatisticsColumn; label: string; first: SortDirection }[];

const FLAG_WORDS = {
  'distractor-beat-key': 'papers.distractorBeatKey',
  'negative-discrimination': 'papers.negativeDiscrimination',
} as const satisfies Record<QuestionFlag, string>;

/** A flag's words wrap rather than being cut short (they run long in Sinhala). */
const WRAPPING_CHIP = { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } } as const;

/** Filled marks with white words at AA contrast: MUI's own warning orange reads at 3:1 only. */
const FLAG_SX = {
  'distractor-beat-key': { ...WRAPPING_CHIP, bgcolor: '#8A4500', color: '#FFFFFF' },
  'negative-discrimination': { ...WRAPPING_CHIP, bgcolor: 'error.main', color: 'error.contrastText' },
} as const satisfies Record<QuestionFlag, object>;

/**
 * On a phone each question reads as a card; the option table inside an opened question stays a
 * table (the card rules would otherwise reach it too).
 */
const TABLE_SX = {
  minWidth: { md: 760 },
  ...tableAsCards('.question-text, .question-options', {
    '& td.question-options thead': { display: 'table-header-group' },
    '& td.question-options tr': { display: 'table-row', p: 0 },
    '& td.question-options td, & td.question-options th': { display: 'table-cell', px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' },
  }),
} as const;

function value(question: QuestionStatistics, column: StatisticsColumn): SortValue {
  return column === 'flags' ? question.flags.length : question[column];
}

/** D to two decimals, its sign always shown: '+0.35', '−0.12'. */
function discrimination(d: number | null): string {
  if (d === null) return '–';
  const text = formatNumber(Math.abs(d));
  return d > 0 ? `+${text}` : d < 0 ? `−${text}` : text;
}

/** A question's text cut to a line's worth: the whole of it is in the tooltip and the paper. */
function shortText(text: string): string {
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}

interface QuestionStatisticsTableProps {
  questions: QuestionStatistics[];
  sat: number;
}

/**
 * Each question's facility, discrimination (D), unanswered share and flags, sortable; a question's
 * row opens onto its option shares. D on fewer than 20 students is marked 'few students'.
 */
export function QuestionStatisticsTable({ questions, sat }: QuestionStatisticsTableProps) {
  const [sort, setSort] = useState<{ column: StatisticsColumn; direction: SortDirection }>({ column: 'number', direction: 'asc' });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const rows = sortRows(questions, (question) => value(question, sort.column), sort.direction, (question) => String(question.number));
  const columns = COLUMNS.map((column) => ({ ...column, label: t(column.label) }));

  const sortBy = (column: { id: StatisticsColumn; first: SortDirection }) =>
    setSort((current) => ({
      column: column.id,
      direction: current.column === column.id ? (current.direction === 'asc' ? 'desc' : 'asc') : column.first,
    }));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <TableContainer>
      <Table size="small" aria-label={t('papersResults.questionStatistics')} sx={TABLE_SX}>
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
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((question) => {
            const expanded = open.has(question.id);
            const detailId = `question-options-${question.id}`;
            return (
              <Fragment key={question.id}>
                <TableRow>
                  <TableCell className="question-text" sx={{ maxWidth: 360 }}>
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      {question.number}.
                    </Box>{' '}
                    <Box component="span" title={question.text} sx={{ overflowWrap: 'anywhere' }}>
                      {shortText(question.text)}
                    </Box>
                    <Box>
                      <Button
                        size="small"
                        onClick={() => toggle(question.id)}
                        aria-label={t('papersResults.optionsOf', { number: question.number })}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                      >
                        {t('papersResults.options')}
                      </Button>
                    </Box>
                  </TableCell>
                  <TableCell data-label={columns[1]?.label}>{formatNumber(question.marks)}</TableCell>
                  <TableCell data-label={columns[2]?.label}>{percentText(question.facility)}</TableCell>
                  <TableCell data-label={columns[3]?.label}>
                    {discrimination(question.discrimination)}
                    {question.fewStudents && question.discrimination !== null && (
                      <Chip size="small" variant="outlined" label={t('papers.fewStudents')} sx={{ ml: 1 }} />
                    )}
                  </TableCell>
                  <TableCell data-label={columns[4]?.label}>{percentText(question.unansweredShare)}</TableCell>
                  <TableCell data-label={columns[5]?.label}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {question.dropped && <Chip size="small" variant="outlined" label={t('papersResults.dropped')} />}
                      {question.flags.map((flag) => (
                        <Chip key={flag} size="small" label={t(FLAG_WORDS[flag])} sx={FLAG_SX[flag]} />
                      ))}
                    </Box>
                  </TableCell>
                </TableRow>
                {expanded && (
                  <TableRow id={detailId}>
                    <TableCell colSpan={columns.length} className="question-options">
                      <OptionSharesChart question={question} sat={sat} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
