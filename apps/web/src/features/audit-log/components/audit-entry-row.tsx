import { t } from 'i18next';
import type { AuditEntry } from '@academy/contract';
import { ExpandLessIcon as ExpandLess } from '../../../components/icons/expand-less';
import { ExpandMoreIcon as ExpandMore } from '../../../components/icons/expand-more';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../i18n/format';
import { ACADEMY_TIME_FORMAT } from '../lib/academy-time';
import { actionLabel, actionTone, targetTypeLabel } from '../lib/actions';
import { detailLines } from '../lib/detail-lines';

/** The table's columns, in order; on a phone each cell shows its column name above it. */
export const AUDIT_COLUMNS = ['auditLog.columnTime', 'auditLog.columnAdmin', 'auditLog.columnAction', 'auditLog.columnTarget', 'auditLog.columnSummary'] as const;

interface AuditEntryRowProps {
  entry: AuditEntry;
  /** Narrows the log to the entries about this row's target. */
  onTarget: (target: { id: string; label: string }) => void;
}

const small = { variant: 'caption', component: 'div', sx: { color: 'text.secondary', overflowWrap: 'anywhere' } } as const;

/** One entry: when, who (and from where), what, on what, and what changed when asked. */
export function AuditEntryRow({ entry, onTarget }: AuditEntryRowProps) {
  const [open, setOpen] = useState(false);
  const lines = detailLines(entry.detail);
  const targetType = targetTypeLabel(entry.target.type);
  const detailsId = `audit-detail-${entry.id}`;
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell data-label={t('auditLog.columnTime')} sx={{ whiteSpace: { md: 'nowrap' } }}>
          <Box component="time" dateTime={entry.at}>
            {formatDateTime(entry.at, ACADEMY_TIME_FORMAT)}
          </Box>
        </TableCell>
        <TableCell data-label={t('auditLog.columnAdmin')} sx={{ maxWidth: { md: 220 } }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {entry.admin.name}
          </Typography>
          <Typography variant="caption" component="div" noWrap title={entry.admin.email} sx={{ color: 'text.secondary' }}>
            {entry.admin.email}
          </Typography>
          <Typography {...small}>
            {t('auditLog.fromAddress')} {entry.ip}
          </Typography>
        </TableCell>
        <TableCell data-label={t('auditLog.columnAction')} sx={{ whiteSpace: 'nowrap' }}>
          <Chip size="small" variant="outlined" color={actionTone(entry.action)} label={actionLabel(entry.action)} />
        </TableCell>
        <TableCell data-label={t('auditLog.columnTarget')} sx={{ minWidth: { md: 140 }, maxWidth: { md: 240 } }}>
          <Typography {...small}>{targetType}</Typography>
          <Tooltip title={`${t('auditLog.onlyThisTarget')} ${entry.target.label}`}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => onTarget({ id: entry.target.id, label: entry.target.label })}
              sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
            >
              {entry.target.label}
            </Link>
          </Tooltip>
        </TableCell>
        <TableCell data-label={t('auditLog.columnSummary')} className="audit-summary">
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
              {entry.summary}
            </Typography>
            {lines.length > 0 && (
              <Tooltip title={open ? t('auditLog.hideDetails') : t('auditLog.showDetails')}>
                <IconButton
                  size="small"
                  aria-label={`${t('auditLog.details')}: ${entry.summary}`}
                  aria-expanded={open}
                  aria-controls={detailsId}
                  onClick={() => setOpen(!open)}
                  sx={{ mt: -0.5 }}
                >
                  {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                </IconButton>
              </Tooltip>
            )}
          </Box>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow className="audit-details">
          <TableCell colSpan={AUDIT_COLUMNS.length} sx={{ pt: 0 }}>
            <Box id={detailsId} component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
