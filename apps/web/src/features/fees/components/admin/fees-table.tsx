import { t } from 'i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { EmptyTableRow } from '../../../../components/empty-table-row';
import { tableAsCards } from '../../../../components/table-as-cards';

interface FeesTableProps {
  /** The table's accessible name. */
  label: string;
  /** The column headings, translated. */
  headings: readonly string[];
  /** The cell that titles a row's card on a phone (a class name on that cell). */
  cardTitle: string;
  /** What the body says when it has no rows, or null while there is nothing to judge yet. */
  emptyText: string | null;
  /** Set for a table fed by a query: a bar shows while it fetches. */
  fetching?: boolean;
  /** Below the table inside its frame, such as the pagination. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every fees table shares (payments, slips, a class's month): bold headings, rows that
 * turn into cards on a phone, a line when there are none, and a progress bar while it refetches.
 */
export function FeesTable({ label, headings, cardTitle, emptyText, fetching, footer, children }: FeesTableProps) {
  const sx = { '& th': { whiteSpace: { md: 'nowrap' } }, ...tableAsCards(cardTitle) } as const;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {fetching !== undefined && (fetching ? <LinearProgress aria-label={t('general.loading')} /> : <Box sx={{ height: 4 }} />)}
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={fetching} sx={sx}>
          <TableHead>
            <TableRow>
              {headings.map((heading) => (
                <TableCell key={heading} sx={{ fontWeight: 700 }}>
                  {heading}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {emptyText !== null && <EmptyTableRow columns={headings.length} text={emptyText} />}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}
