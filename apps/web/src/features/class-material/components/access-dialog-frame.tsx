import { t } from 'i18next';
import { CloseIcon as Close } from '../../../components/icons/close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormEvent, ReactNode } from 'react';
import { useFolderNamesQuery } from '../api/get-folder-names';

interface AccessDialogFrameProps {
  open: boolean;
  title: string;
  titleId: string;
  /** The server's refusal; unlike the spec, the admin sees why a grant failed. */
  error: string | null;
  pending: boolean;
  className: string;
  onClassName: (value: string) => void;
  endsOn: string;
  onEndsOn: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
  onExited?: () => void;
  /** The fields naming who gets the class. */
  children: ReactNode;
}

/** The access dialogs' shared frame (spec section 2): 400 wide, a close button, a Class select, Submit. */
export function AccessDialogFrame(props: AccessDialogFrameProps) {
  const names = useFolderNamesQuery(props.open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={props.titleId}
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } }, transition: { onExited: props.onExited } }}
    >
      <DialogTitle id={props.titleId} sx={{ pr: 6 }}>
        {props.title}
        <IconButton aria-label={t('general.close')} onClick={props.onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <form noValidate onSubmit={submit}>
          {props.children}
          <TextField select label={t('classMaterial.className')} value={props.className} onChange={(event) => props.onClassName(event.target.value)} fullWidth margin="normal">
            {(names.data ?? []).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('classMaterial.endsOn')}
            value={props.endsOn}
            onChange={(event) => props.onEndsOn(event.target.value)}
            fullWidth
            margin="normal"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {props.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {props.error}
            </Alert>
          )}
          <Button type="submit" variant="contained" fullWidth disabled={props.pending} sx={{ mt: 2 }}>
            {t('classMaterial.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
