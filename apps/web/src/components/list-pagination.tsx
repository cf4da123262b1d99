import { t } from 'i18next';
import { formatNumber } from '../i18n/format';
import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';

/** '1–25 of 130' in the reader's language; MUI counts an unknown total as -1. */
const displayedRows: NonNullable<TablePaginationProps['labelDisplayedRows']> = ({ from, to, count }) =>
  t('general.displayedRows', { from: formatNumber(from), to: formatNumber(to), count: count === -1 ? `${formatNumber(to)}+` : formatNumber(count) });

interface ListPaginationProps {
  count: number;
  /** From 0, as the table counts. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  /** A new page size starts again at the first page. */
  onPageSize: (pageSize: number) => void;
  labelDisplayedRows?: TablePaginationProps['labelDisplayedRows'];
}

/** Paging under a server-paged list; on a phone its parts wrap instead of running off the card. */
export function ListPagination({ count, page, pageSize, pageSizes, onPage, onPageSize, labelDisplayedRows }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_, next) => onPage(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onRowsPerPageChange={(event) => {
        onPageSize(Number(event.target.value));
        onPage(0);
      }}
      labelRowsPerPage={t('general.rowsPerPage')}
      labelDisplayedRows={labelDisplayedRows ?? displayedRows}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1, sm: 2 } } }}
    />
  );
}
