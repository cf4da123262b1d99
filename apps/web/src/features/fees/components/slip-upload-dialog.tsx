import { t } from 'i18next';
import { FEES_TEXT, SLIP_MAX_BYTES, SLIP_TYPES, SRI_LANKAN_BANKS, type StudentClassFees } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import { translateServerMessage } from '../../../i18n/server-text';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { useUploadSlipMutation } from '../api/upload-slip';
import { payable, standingOfMonth } from '../lib/fee-states';
import { centsToRupeesText, formatMoney, rupeesTextToCents } from '../lib/money';
import { monthLabel, sriLankaDay } from '../lib/months';
import type { MonthToPay } from './pay-dialog';

/** The month the slip was opened from, and the class's months from `fees/mine` when known. */
export interface SlipTarget extends MonthToPay {
  classFees?: StudentClassFees;
}

interface SlipUploadDialogProps {
  target: SlipTarget | null;
  onClose: () => void;
}

type Field = 'file' | 'bank' | 'reference' | 'amountCents' | 'paidOn' | 'months';

/** The months a slip may pay: the class's months still to pay, the one it was opened from first ticked. */
function offeredMonths(target: SlipTarget): { month: string; amountCents: number }[] {
  const payableMonths = (target.classFees?.months ?? []).filter((month) => payable(standingOfMonth(month)) || month.month === target.month);
  return payableMonths.length > 0 ? payableMonths : [{ month: target.month, amountCents: target.amountCents }];
}

/** A file the server would refuse by its size or type, said before it is sent (the server checks the bytes again). */
function fileProblem(file: File | null): string | undefined {
  if (!file) return translateServerMessage(FEES_TEXT.slipFileRequired);
  if (file.size > SLIP_MAX_BYTES) return translateServerMessage(FEES_TEXT.slipTooLarge);
  if (file.type && !(SLIP_TYPES as readonly string[]).includes(file.type)) return translateServerMessage(FEES_TEXT.slipWrongType);
  return undefined;
}

/** 'Bank is required', in the reader's language. */
function required(label: string): string {
  return t('validation.fieldMessage', { label, message: t('validation.required') });
}

function SlipForm({ target, titleId, onClose }: { target: SlipTarget; titleId: string; onClose: () => void }) {
  const upload = useUploadSlipMutation();
  const input = useRef<HTMLInputElement>(null);
  const offered = offeredMonths(target);
  const [file, setFile] = useState<File | null>(null);
  const [bank, setBank] = useState('');
  const [otherBank, setOtherBank] = useState('');
  const [reference, setReference] = useState('');
  const [months, setMonths] = useState<string[]>([target.month]);
  const dueCents = offered.filter((month) => months.includes(month.month)).reduce((sum, month) => sum + month.amountCents, 0);
  const [amount, setAmount] = useState(centsToRupeesText(target.amountCents));
  const [paidOn, setPaidOn] = useState(sriLankaDay());
  const [progress, setProgress] = useState(0);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});

  const toggle = (month: string) => setMonths((chosen) => (chosen.includes(month) ? chosen.filter((each) => each !== month) : [...chosen, month].sort()));
  const serverProblem = (field: Field) => (upload.error instanceof ApiError ? upload.error.fieldMessage(field) : undefined);
  const problem = (field: Field) => problems[field] ?? serverProblem(field);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = rupeesTextToCents(amount);
    const bankName = bank === 'Other' ? otherBank.trim() : bank;
    const found: Partial<Record<Field, string>> = {
      file: fileProblem(file),
      bank: bankName ? undefined : required(bank === 'Other' ? t('fees.bankName') : t('fees.bank')),
      reference: reference.trim() ? undefined : required(t('fees.reference')),
      amountCents: amountCents === null ? t('fees.amountExample') : undefined,
      paidOn: paidOn ? undefined : required(t('fees.paidOn')),
      months: months.length > 0 ? undefined : required(t('fees.months')),
    };
    setProblems(found);
    if (Object.values(found).some(Boolean) || !file || amountCents === null) return;
    setProgress(0);
    upload.mutate(
      { file, folderId: target.folderId, months, bank: bankName, reference: reference.trim(), amountCents, paidOn, onProgress: setProgress },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.slipUploaded'), text: t('fees.slipSentText') });
        },
      },
    );
  };
  // A refusal that names no field of the form (a month already paid, a slip waiting): said above the buttons.
  const generalError = upload.error && !(['file', 'bank', 'reference', 'amountCents', 'paidOn', 'months'] as const).some((field) => serverProblem(field)) ? failureText(upload.error) : null;

  return (
    <form onSubmit={send} noValidate>
      <DialogTitle id={titleId}>{t('fees.slipTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('fees.slipIntro')}</DialogContentText>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{target.className}</Typography>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary">
            {t('fees.slipMonths')}
          </Typography>
          <FormGroup row>
            {offered.map((month) => (
              <FormControlLabel
                key={month.month}
                control={<Checkbox checked={months.includes(month.month)} onChange={() => toggle(month.month)} />}
                label={monthLabel(month.month)}
              />
            ))}
          </FormGroup>
          {problem('months') && <FormHelperText error>{problem('months')}</FormHelperText>}
          <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
            {t('fees.amountDue', { amount: formatMoney(dueCents) })}
          </Typography>
        </Box>
        <Box>
          <input
            ref={input}
            type="file"
            hidden
            accept={[...SLIP_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.pdf'].join(',')}
            data-testid="slip-file-input"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Typography variant="body2" color="text.secondary" id={`${titleId}-file`}>
            {t('fees.slipFile')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} aria-describedby={`${titleId}-file`}>
              {t('fees.chooseFile')}
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {file?.name ?? t('fees.noFileChosen')}
            </Typography>
          </Box>
          {problem('file') && <FormHelperText error>{problem('file')}</FormHelperText>}
        </Box>
        <TextField select label={t('fees.bank')} value={bank} onChange={(event) => setBank(event.target.value)} error={Boolean(problem('bank'))} helperText={bank === 'Other' ? undefined : problem('bank')} fullWidth>
          {SRI_LANKAN_BANKS.map((name) => (
            <MenuItem key={name} value={name}>
              {name === 'Other' ? t('fees.otherBank') : name}
            </MenuItem>
          ))}
        </TextField>
        {bank === 'Other' && (
          <TextField label={t('fees.bankName')} value={otherBank} onChange={(event) => setOtherBank(event.target.value)} error={Boolean(problem('bank'))} helperText={problem('bank')} fullWidth />
        )}
        <TextField label={t('fees.reference')} value={reference} onChange={(event) => setReference(event.target.value)} error={Boolean(problem('reference'))} helperText={problem('reference')} fullWidth />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={t('fees.amountTransferred')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(problem('amountCents'))}
            helperText={problem('amountCents') ?? t('fees.amountExample')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            type="date"
            label={t('fees.paidOn')}
            value={paidOn}
            onChange={(event) => setPaidOn(event.target.value)}
            error={Boolean(problem('paidOn'))}
            helperText={problem('paidOn')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: sriLankaDay() } }}
          />
        </Box>
        {upload.isPending && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2">{t('fees.sendingPercent', { percent: Math.round(progress * 100) })}</Typography>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('fees.slipTitle')} />
          </Box>
        )}
        {generalError && <Alert severity="error">{`${t('fees.slipFailed')}: ${generalError}`}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {t('general.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={upload.isPending}>
          {t('fees.sendSlip')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Bank slip (fees.md 'Bank transfer'): the file, bank, reference, amount, date and months, sent with its progress shown. */
export function SlipUploadDialog({ target, onClose }: SlipUploadDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {/* A fresh form for each month it is opened from. */}
      {target && <SlipForm key={`${target.folderId}:${target.month}`} target={target} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
