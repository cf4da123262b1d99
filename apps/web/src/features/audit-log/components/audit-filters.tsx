import { t } from 'i18next';
import { AUDIT_SEARCH_MAX_LENGTH, type AuditAction } from '@academy/contract';
import { SearchIcon as Search } from '../../../components/icons/search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAuditAdminsQuery } from '../api/get-audit-admins';
import { ACTION_GROUPS, actionLabel } from '../lib/actions';

export interface AuditFilterValues {
  search: string;
  action: AuditAction | '';
  adminId: string;
  /** Sri Lanka days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Set from a row's target: the entries about that one target. */
  target: { id: string; label: string } | null;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { search: '', action: '', adminId: '', from: '', to: '', target: null };

interface AuditFiltersProps {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
}

/** The audit log's filters: an empty choice means 'any'. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const admins = useAuditAdminsQuery();
  const set = <K extends keyof AuditFilterValues>(key: K, value: AuditFilterValues[K]) => onChange({ ...values, [key]: value });
  const select = { size: 'small', select: true, sx: { minWidth: 170, flex: { xs: '1 1 100%', sm: '1 1 40%', md: '0 0 auto' } } } as const;
  const date = { size: 'small', type: 'date', slotProps: { inputLabel: { shrink: true } }, sx: { flex: { xs: '1 1 40%', md: '0 0 165px' } } } as const;
  const anySet = JSON.stringify(values) !== JSON.stringify(NO_AUDIT_FILTERS);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        size="small"
        type="search"
        label={t('auditLog.search')}
        placeholder={t('auditLog.searchPlaceholder')}
        value={values.search}
        onChange={(event) => set('search', event.target.value)}
        sx={{ flex: { xs: '1 1 100%', md: '1 1 220px' } }}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
          htmlInput: { maxLength: AUDIT_SEARCH_MAX_LENGTH },
        }}
      />
      <TextField {...select} label={t('auditLog.action')} value={values.action} onChange={(event) => set('action', event.target.value as AuditAction | '')}>
        <MenuItem value="">{t('auditLog.anyAction')}</MenuItem>
        {ACTION_GROUPS.flatMap((group) => [
          <ListSubheader key={group.label}>{t(group.label)}</ListSubheader>,
          ...group.actions.map((action) => (
            <MenuItem key={action} value={action}>
              {actionLabel(action)}
            </MenuItem>
          )),
        ])}
      </TextField>
      <TextField {...select} label={t('auditLog.admin')} value={values.adminId} onChange={(event) => set('adminId', event.target.value)}>
        <MenuItem value="">{t('auditLog.anyAdmin')}</MenuItem>
        {(admins.data ?? []).map((admin) => (
          <MenuItem key={admin.id} value={admin.id}>
            {admin.name} ({admin.email})
          </MenuItem>
        ))}
      </TextField>
      <TextField {...date} label={t('auditLog.from')} value={values.from} onChange={(event) => set('from', event.target.value)} slotProps={{ ...date.slotProps, htmlInput: { max: values.to || undefined } }} />
      <TextField {...date} label={t('auditLog.to')} value={values.to} onChange={(event) => set('to', event.target.value)} slotProps={{ ...date.slotProps, htmlInput: { min: values.from || undefined } }} />
      {values.target && (
        <Chip label={`${t('auditLog.target')}: ${values.target.label}`} onDelete={() => set('target', null)} sx={{ maxWidth: '100%' }} />
      )}
      {anySet && (
        <Button size="small" onClick={() => onChange(NO_AUDIT_FILTERS)}>
          {t('auditLog.clearFilters')}
        </Button>
      )}
    </Box>
  );
}
