import { t } from 'i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { SortDirection } from '../../../lib/sort-rows';

interface ResultsSortFieldsProps<C extends string> {
  columns: readonly { id: C; label: string }[];
  column: C;
  direction: SortDirection;
  onSort: (column: C, direction: SortDirection) => void;
}

/** A phone reads the table as cards, without its sortable headings: the same sorting as two fields. */
export function ResultsSortFields<C extends string>({ columns, column, direction, onSort }: ResultsSortFieldsProps<C>) {
  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' }, flexWrap: 'wrap', gap: 1 }}>
      <TextField
        select
        size="small"
        label={t('papersResults.sortBy')}
        value={column}
        onChange={(event) => onSort(event.target.value as C, direction)}
        slotProps={{ select: { native: true } }}
        sx={{ flex: '1 1 11rem', minWidth: 0 }}
      >
        {columns.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('papersResults.order')}
        value={direction}
        onChange={(event) => onSort(column, event.target.value === 'desc' ? 'desc' : 'asc')}
        slotProps={{ select: { native: true } }}
        sx={{ flex: '1 1 9.5rem', minWidth: 0 }}
      >
        <option value="asc">{t('papersResults.ascending')}</option>
        <option value="desc">{t('papersResults.descending')}</option>
      </TextField>
    </Box>
  );
}
