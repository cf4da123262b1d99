import MenuItem from '@mui/material/MenuItem';
import { listLabel } from '../../../i18n/list-labels';

/** A select's items from a fixed list: the stored value, shown in the reader's language. */
export function listOptions(list: 'classType' | 'district' | 'history' | null, values: readonly string[]) {
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {list ? listLabel(list, value) : value}
    </MenuItem>
  ));
}
