import { listOptions } from './list-options';
import { t } from 'i18next';
import { DISTRICTS } from '@academy/contract';
import { EditOutlinedIcon as EditOutlined } from '../../../components/icons/edit-outlined';
import { LockOutlinedIcon as LockOutlined } from '../../../components/icons/lock-outlined';
import { SaveOutlinedIcon as SaveOutlined } from '../../../components/icons/save-outlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ProfileFieldSpec } from '../lib/profile-fields';

interface ProfileFieldProps {
  spec: ProfileFieldSpec;
  value: string;
  editing: boolean;
  saving: boolean;
  onChange: (value: string) => void;
  /** The icon: turns edit mode on, or, in edit mode, saves (spec section 4 'Profile field'). */
  onToggle: () => void;
}

/** One Profile field: disabled until its edit icon is clicked; the same icon then saves it. */
export function ProfileField({ spec, value, editing, saving, onChange, onToggle }: ProfileFieldProps) {
  const icon = spec.locked ? <LockOutlined /> : editing ? saving ? <CircularProgress size={20} /> : <SaveOutlined /> : <EditOutlined />;
  const label = t(spec.label);
  const action = spec.locked ? t('students.cannotChange', { label }) : editing ? t('students.profile.saveField', { label }) : t('students.profile.editField', { label });
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={!editing}
        select={spec.kind === 'district' && editing}
        multiline={spec.kind === 'multiline'}
        minRows={spec.kind === 'multiline' ? 2 : undefined}
        fullWidth
        size="small"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && spec.kind !== 'multiline' && editing) onToggle();
        }}
      >
        {spec.kind === 'district' &&
          listOptions('district', DISTRICTS)}
      </TextField>
      <Tooltip title={action}>
        {/* A span keeps the tooltip working on the locked fields' disabled button. */}
        <span>
          <IconButton aria-label={action} onClick={onToggle} disabled={spec.locked || saving} color={editing ? 'secondary' : 'default'}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
