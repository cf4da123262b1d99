import { t } from 'i18next';
import { type DriveItem } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { alerts } from '../../../lib/alerts';
import { failureText } from '../../../lib/failure-alerts';
import type { Crumb } from '../../class-material/hooks/use-drive-trail';
import { useClassPlanQuery } from '../api/get-class-plan';
import { useSetFolderMonthMutation } from '../api/set-folder-month';
import { monthLabel } from '../lib/months';

interface MonthTagDialogProps {
  folder: DriveItem;
  classFolder: Crumb;
  onClose: () => void;
}

/** Month… on a folder's menu inside a class (admins): the fee month its contents belong to, or none. */
export function MonthTagDialog({ folder, classFolder, onClose }: MonthTagDialogProps) {
  const titleId = useId();
  const plan = useClassPlanQuery(classFolder.id);
  const tag = useSetFolderMonthMutation();
  const [month, setMonth] = useState(folder.fee?.month ?? '');
  const months = plan.data?.plan?.months ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    tag.mutate(
      { folderId: folder.id, month: month || null },
      {
        onSuccess: (saved) => {
          onClose();
          void alerts.success({ title: t('fees.monthTagSaved'), text: saved.month ? monthLabel(saved.month) : t('fees.noMonth'), autoClose: true });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('fees.monthTagTitle', { name: folder.name })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {plan.isPending ? (
            <Skeleton variant="rounded" height={56} />
          ) : plan.data?.plan ? (
            <>
              <DialogContentText>{t('fees.monthTagHint')}</DialogContentText>
              <TextField select label={t('fees.month')} value={month} onChange={(event) => setMonth(event.target.value)} fullWidth>
                <MenuItem value="">{t('fees.noMonth')}</MenuItem>
                {months.map((each) => (
                  <MenuItem key={each} value={each}>
                    {monthLabel(each)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          ) : (
            <Alert severity="info">{plan.error ? failureText(plan.error) : t('fees.noPlanYet')}</Alert>
          )}
          {tag.error && <Alert severity="error">{failureText(tag.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={tag.isPending || !plan.data?.plan}>
            {t('general.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
