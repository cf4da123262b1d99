import { t } from 'i18next';
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, type AuditLogQuery } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ListPagination } from '../../../components/list-pagination';
import { tableAsCards } from '../../../components/table-as-cards';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAuditLogQuery } from '../api/get-audit-log';
import { AuditEntryRow, AUDIT_COLUMNS } from './audit-entry-row';
import { AuditFilters, NO_AUDIT_FILTERS, type AuditFilterValues } from './audit-filters';

/** On a phone each entry is a card, the summary across it, as the Student List does; a row's details join it. */
const TABLE_SX = tableAsCards('.audit-summary', { '& tbody tr.audit-details': { pt: 0, mt: -1 } });

const SKELETON_ROWS = 5;

/** The Audit Log at /audit: every admin action, newest first, with filters and paging. */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(AUDIT_DEFAULT_PAGE_SIZE);
  const search = useDebouncedValue(filters.search.trim(), 300);
  const query: AuditLogQuery = {
    search: search || undefined,
    action: filters.action || undefined,
    adminId: filters.adminId || undefined,
    targetId: filters.target?.id,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page: page + 1,
    pageSize,
  };
  const log = useAuditLogQuery(query);
  if (log.error) console.error('Audit log load failed', log.error);

  const changeFilters = (next: AuditFilterValues) => {
    setFilters(next);
    setPage(0);
  };

  const rows = log.data?.data ?? [];
  const paging = log.data?.paging;
  const firstLoad = log.isPending;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('auditLog.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auditLog.subtitle')}
        </Typography>
      </Box>
      <AuditFilters values={filters} onChange={changeFilters} />
      {log.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void log.refetch()}>
              {t('auditLog.retry')}
            </Button>
          }
        >
          {t('auditLog.loadFailed')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {log.isFetching && !firstLoad ? <LinearProgress aria-label={t('general.loading')} /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={t('auditLog.tableLabel')} aria-busy={log.isFetching} sx={TABLE_SX}>
            <TableHead>
              <TableRow>
                {AUDIT_COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {t(column)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {firstLoad &&
                Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    {AUDIT_COLUMNS.map((column) => (
                      <TableCell key={column} className={column === 'auditLog.columnSummary' ? 'audit-summary' : undefined}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              {rows.map((entry) => (
                <AuditEntryRow key={entry.id} entry={entry} onTarget={(target) => changeFilters({ ...filters, target })} />
              ))}
              {!firstLoad && !log.isError && rows.length === 0 && !log.isFetching && (
                <EmptyTableRow columns={AUDIT_COLUMNS.length} text={t('auditLog.empty')} />
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          count={paging?.total ?? 0}
          page={page}
          pageSize={pageSize}
          pageSizes={AUDIT_PAGE_SIZES}
          onPage={setPage}
          onPageSize={setPageSize}
          labelDisplayedRows={({ from, to, count }) =>
            t('auditLog.displayedRows', { from, to, count: paging?.totalIsExact === false ? `${t('auditLog.moreThan')} ${count}` : String(count) })
          }
        />
      </Paper>
    </Box>
  );
}
