import { t } from 'i18next';
import { ACCOUNT_STATES, BATCHES, CLASS_TYPES, type AccountState, type Batch, type ClassType } from '@academy/contract';
import { listLabel } from '../../../i18n/list-labels';
import { listOptions } from './list-options';
import { SearchIcon as Search } from '../../../components/icons/search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface StudentFilterValues {
  search: string;
  batch: Batch | '';
  classType: ClassType | '';
  state: AccountState | '';
}

export const NO_FILTERS: StudentFilterValues = { search: '', batch: '', classType: '', state: '' };


interface StudentFiltersProps {
  values: StudentFilterValues;
  onChange: (values: StudentFilterValues) => void;
}

/** Search box and filters above the Student List: an empty choice means 'any'. */
export function StudentFilters({ values, onChange }: StudentFiltersProps) {
  const set = <K extends keyof StudentFilterValues>(key: K, value: StudentFilterValues[K]) => onChange({ ...values, [key]: value });
  const select = { size: 'small', select: true, sx: { minWidth: 140, flex: { xs: '1 1 40%', md: '0 0 auto' } } } as const;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        size="small"
        type="search"
        label={t('general.search')}
        placeholder={t('students.list.searchPlaceholder')}
        value={values.search}
        onChange={(event) => set('search', event.target.value)}
        sx={{ flex: { xs: '1 1 100%', md: '1 1 280px' } }}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
          htmlInput: { maxLength: 100 },
        }}
      />
      <TextField {...select} label={t('students.list.columns.batch')} value={values.batch} onChange={(event) => set('batch', event.target.value as Batch | '')}>
        <MenuItem value="">{t('students.list.allBatches')}</MenuItem>
        {BATCHES.map((batch) => (
          <MenuItem key={batch} value={batch}>
            {batch}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...select}
        label={t('students.profile.classType')}
        value={values.classType}
        onChange={(event) => set('classType', event.target.value as ClassType | '')}
      >
        <MenuItem value="">{t('students.list.allClassTypes')}</MenuItem>
        {listOptions('classType', CLASS_TYPES)}
      </TextField>
      <TextField {...select} label={t('students.list.state')} value={values.state} onChange={(event) => set('state', event.target.value as AccountState | '')}>
        <MenuItem value="">{t('students.list.allStates')}</MenuItem>
        {ACCOUNT_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {listLabel('state', state)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
