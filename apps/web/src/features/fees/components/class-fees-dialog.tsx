import { t } from 'i18next';
import { FEE_LIMITS, type ClassFeesAnswer, type FeePlanBody } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import type { Crumb } from '../../class-material/hooks/use-drive-trail';
import { useDeleteClassPlanMutation } from '../api/delete-class-plan';
import { useClassPlanQuery } from '../api/get-class-plan';
import { useSaveClassPlanMutation } from '../api/save-class-plan';
import { addMonths, monthLabel, monthRange, sriLankaMonth } from '../lib/months';

type Field = keyof FeePlanBody;

/** What a class without fees starts with: this Sri Lanka month and the eleven after it, due on the 10th, 5 days of grace. */
function startingValues(answer: ClassFeesAnswer['data']) {
  const plan = answer.plan;
  if (plan) {
    const first = plan.months[0] ?? sriLankaMonth();
    const last = plan.months.at(-1) ?? first;
    return { fee: String(plan.monthlyFee), first, last, skipped: monthRange(first, last).filter((month) => !plan.months.includes(month)), dueDay: String(plan.dueDay), graceDays: String(plan.graceDays) };
  }
  const first = sriLankaMonth();
  return { fee: '', first, last: addMonths(first, 11), skipped: [], dueDay: '10', graceDays: '5' };
}

function PlanForm({ classFolder, answer, onClose }: { classFolder: Crumb; answer: ClassFeesAnswer['data']; onClose: () => void }) {
  const save = useSaveClassPlanMutation();
  const remove = useDeleteClassPlanMutation();
  const [start] = useState(() => startingValues(answer));
  const [fee, setFee] = useState(start.fee);
  const [first, setFirst] = useState(start.first);
  const [last, setLast] = useState(start.last);
  const [skipped, setSkipped] = useState<string[]>(start.skipped);
  const [dueDay, setDueDay] = useState(start.dueDay);
  const [graceDays, setGraceDays] = useState(start.graceDays);
  const [removing, setRemoving] = useState(false);
  const range = monthRange(first, last).slice(0, FEE_LIMITS.planMonthsMax * 2);
  const months = range.filter((month) => !skipped.includes(month));
  const error = save.error ?? remove.error;
  const problem = (field: Field) => (save.error instanceof ApiError ? save.error.fieldMessage(field) : undefined);
  const general = error && !(['monthlyFee', 'months', 'dueDay', 'graceDays'] as const).some((field) => problem(field)) ? failureText(error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server checks every rule and names the field it refuses; numbers go as typed.
    const body: FeePlanBody = { monthlyFee: Number(fee), months, dueDay: Number(dueDay), graceDays: Number(graceDays) };
    save.mutate(
      { folderId: classFolder.id, body },
      {
        onSuccess: (answer) => {
          onClose();
          void alerts.success({ title: t('fees.planSaved'), text: answer.data.months.map((month) => monthLabel(month)).join(', '), autoClose: true });
        },
      },
    );
  };
  const deletePlan = () =>
    remove.mutate(classFolder.id, {
      onSuccess: () => {
        onClose();
        void alerts.success({ title: t('fees.planDeleted'), autoClose: true });
      },
    });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label={t('fees.monthlyFee')}
          value={fee}
          onChange={(event) => setFee(event.target.value)}
          error={Boolean(problem('monthlyFee'))}
          helperText={problem('monthlyFee')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ mt: 1 }}
          autoFocus
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField type="month" label={t('fees.firstMonth')} value={first} onChange={(event) => event.target.value && setFirst(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="month" label={t('fees.lastMonth')} value={last} onChange={(event) => event.target.value && setLast(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary">
            {`${t('fees.months')} · ${t('fees.planMonthsCount', { count: months.length })} · ${t('fees.monthsHint')}`}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
            {range.map((month) => (
              <FormControlLabel
                key={month}
                control={
                  <Checkbox
                    size="small"
                    checked={!skipped.includes(month)}
                    onChange={() => setSkipped((now) => (now.includes(month) ? now.filter((each) => each !== month) : [...now, month]))}
                  />
                }
                label={monthLabel(month)}
              />
            ))}
          </Box>
          {problem('months') && <FormHelperText error>{problem('months')}</FormHelperText>}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            type="number"
            label={t('fees.dueDay')}
            value={dueDay}
            onChange={(event) => setDueDay(event.target.value)}
            error={Boolean(problem('dueDay'))}
            helperText={problem('dueDay')}
            slotProps={{ htmlInput: { min: FEE_LIMITS.dueDayMin, max: FEE_LIMITS.dueDayMax } }}
          />
          <TextField
            type="number"
            label={t('fees.graceDays')}
            value={graceDays}
            onChange={(event) => setGraceDays(event.target.value)}
            error={Boolean(problem('graceDays'))}
            helperText={problem('graceDays') ?? t('fees.graceHint')}
            slotProps={{ htmlInput: { min: FEE_LIMITS.graceDaysMin, max: FEE_LIMITS.graceDaysMax } }}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('fees.monthFoldersTitle')}
          </Typography>
          {answer.monthFolders.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('fees.noMonthFolders')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {answer.monthFolders.map((folder) => (
                <Typography component="li" variant="body2" key={folder.folderId} sx={{ overflowWrap: 'anywhere' }}>
                  {`${folder.name}: ${monthLabel(folder.month)}`}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
        {removing && (
          <Alert
            severity="warning"
            action={
              <Button color="error" size="small" onClick={deletePlan} disabled={remove.isPending}>
                {t('fees.removeFees')}
              </Button>
            }
          >
            {t('fees.removeFeesConfirm')}
          </Alert>
        )}
        {general && <Alert severity="error">{`${t('fees.saveFailed')}: ${general}`}</Alert>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {answer.plan && !removing && (
          <Button color="error" onClick={() => setRemoving(true)} sx={{ mr: 'auto' }}>
            {t('fees.removeFees')}
          </Button>
        )}
        <Button onClick={onClose}>{t('general.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('general.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Fees… on a class's menu (admins): the class's monthly fee, months, due day and grace days, and its month folders. */
export function ClassFeesDialog({ classFolder, onClose }: { classFolder: Crumb; onClose: () => void }) {
  const query = useClassPlanQuery(classFolder.id);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('fees.planTitle', { name: classFolder.name })}</DialogTitle>
      {query.data ? (
        <PlanForm classFolder={classFolder} answer={query.data} onClose={onClose} />
      ) : query.error ? (
        <DialogContent>
          <Alert severity="error">{failureText(query.error)}</Alert>
        </DialogContent>
      ) : (
        <DialogContent>
          <Skeleton variant="rounded" height={240} />
        </DialogContent>
      )}
    </Dialog>
  );
}
