import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';

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
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1, sm: 2 } } }}
      {...(labelDisplayedRows ? { labelDisplayedRows } : {})}
    />
  );
}
