import { t } from 'i18next';
import { FEE_LIMITS, PAYMENT_METHODS, receiptNumberLabel, SRI_LANKAN_BANKS, type PaymentBody, type PaymentMethod, type StudentMonth } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/failure-alerts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useFindStudentsQuery } from '../../api/find-students';
import { useRecordPaymentMutation } from '../../api/record-payment';
import { useStudentFeesQuery } from '../../api/get-student-fees';
import { methodLabel, monthStateLabel } from '../../lib/admin-labels';
import { formatMoney } from '../../lib/money';
import { monthLabel, sriLankaDay } from '../../lib/months';

export interface ChosenStudent {
  id: string;
  name: string;
}

/** Finding who paid, when the dialog is opened from the Payments tab rather than a student's profile. */
function StudentChooser({ onChoose }: { onChoose: (student: ChosenStudent) => void }) {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), 300);
  const query = useFindStudentsQuery(searched);
  const found = searched.length >= 2 ? (query.data ?? []) : [];
  const labelId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        type="search"
        label={t('feesAdmin.findStudent')}
        helperText={t('feesAdmin.findStudentHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoFocus
        fullWidth
      />
      {found.length > 0 && (
        <FormControl>
          <FormLabel id={labelId}>{t('feesAdmin.columnStudent')}</FormLabel>
          <RadioGroup aria-labelledby={labelId} value="" onChange={(event) => {
            const student = found.find((candidate) => candidate._id === event.target.value);
            if (student) onChoose({ id: student._id, name: student.name });
          }}>
            {found.map((student) => (
              <FormControlLabel key={student._id} value={student._id} control={<Radio />} label={`${student.name} · ${student.regNo} · ${student.email}`} sx={{ overflowWrap: 'anywhere' }} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {searched.length >= 2 && query.data && found.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('feesAdmin.noStudentFound')}
        </Typography>
      )}
    </Box>
  );
}

/** A month may be recorded when nothing opens it yet and no slip or PayHere payment waits on it. */
function payable(month: StudentMonth): boolean {
  return month.state === 'unpaid';
}

interface RecordPaymentDialogProps {
  /** From a student's profile; left out, the dialog first asks who paid. */
  student?: ChosenStudent;
  onClose: () => void;
}

/**
 * Records money received at the class (cash), seen in the bank statement without a slip (bank,
 * with bank and reference), or paid through PayHere whose notification never came (its payment
 * id): months of one class, never an amount. The server's amount is the fee, half under a half
 * card; a discount is a free card. The dialog's request id is made once, so a double click or a
 * retry records one payment.
 */
export function RecordPaymentDialog({ student: given, onClose }: RecordPaymentDialogProps) {
  const [requestId] = useState(() => crypto.randomUUID());
  const [student, setStudent] = useState<ChosenStudent | null>(given ?? null);
  const fees = useStudentFeesQuery(student?.id ?? null);
  const [folderId, setFolderId] = useState('');
  const [months, setMonths] = useState<ReadonlySet<string>>(new Set());
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [receivedOn, setReceivedOn] = useState(() => sriLankaDay());
  const [bank, setBank] = useState('');
  const [otherBank, setOtherBank] = useState('');
  const [reference, setReference] = useState('');
  const [orderId, setOrderId] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const mutation = useRecordPaymentMutation();
  const methodId = useId();
  const monthsId = useId();

  const classes = fees.data?.classes ?? [];
  const chosenClass = classes.find((entry) => entry.classFolderId === folderId) ?? (classes.length === 1 ? classes[0] : undefined);
  const classMonths = chosenClass?.months ?? [];
  const totalCents = classMonths.filter((month) => months.has(month.month)).reduce((sum, month) => sum + month.amountCents, 0);

  const toggle = (month: string, on: boolean) =>
    setMonths((current) => {
      const next = new Set(current);
      if (on) next.add(month);
      else next.delete(month);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!student || !chosenClass) return;
    const bankName = bank === 'Other' ? otherBank.trim() : bank;
    const gaps = new Set<string>();
    if (months.size === 0) gaps.add('months');
    if (!receivedOn) gaps.add('receivedOn');
    if (method === 'bank' && !bankName) gaps.add('bank');
    if (method !== 'cash' && !reference.trim()) gaps.add('reference');
    setMissing(gaps);
    if (gaps.size > 0) return;
    const body: PaymentBody = {
      requestId,
      studentId: student.id,
      folderId: chosenClass.classFolderId,
      months: [...months].sort(),
      method,
      receivedOn,
      ...(method === 'bank' ? { bank: bankName } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(method === 'payhere' && orderId.trim() ? { orderId: orderId.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    mutation.mutate(body, {
      onSuccess: (payment) => {
        onClose();
        void alerts.success({ title: t('feesAdmin.recordedReceipt', { receipt: receiptNumberLabel(payment.receiptNo) }), toast: true });
      },
    });
  };

  const refusal = mutation.error instanceof ApiError ? mutation.error : null;
  const fieldError = (field: string): string | undefined => (missing.has(field) ? t('feesAdmin.required') : refusal?.fieldMessage(field));
  const referenceLabel = method === 'payhere' ? t('feesAdmin.payhereId') : method === 'bank' ? t('fees.reference') : t('feesAdmin.receiptBookNo');

  return (
    <Dialog open onClose={onClose} aria-labelledby="record-payment-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="record-payment-title">{student ? t('feesAdmin.recordFor', { name: student.name }) : t('fees.recordPayment')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {!student ? (
            <StudentChooser onChoose={setStudent} />
          ) : fees.error ? (
            <Alert severity="error">{failureText(fees.error)}</Alert>
          ) : !fees.data ? (
            <Typography role="status" sx={{ color: 'text.secondary' }}>
              {t('general.loadingDots')}
            </Typography>
          ) : classes.length === 0 ? (
            <Alert severity="info">{t('feesAdmin.noFeeClasses')}</Alert>
          ) : (
            <>
              {classes.length > 1 && (
                <TextField
                  select
                  label={t('feesAdmin.columnClass')}
                  value={chosenClass?.classFolderId ?? ''}
                  onChange={(event) => {
                    setFolderId(event.target.value);
                    setMonths(new Set());
                  }}
                  fullWidth
                >
                  {classes.map((entry) => (
                    <MenuItem key={entry.classFolderId} value={entry.classFolderId}>
                      {entry.className}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {chosenClass && (
                <FormControl error={Boolean(fieldError('months'))} component="fieldset">
                  <FormLabel component="legend" id={monthsId}>
                    {classes.length === 1 ? t('feesAdmin.monthsOf', { className: chosenClass.className }) : t('fees.months')}
                  </FormLabel>
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {classMonths.map((month) => (
                      <FormControlLabel
                        key={month.month}
                        control={<Checkbox checked={months.has(month.month)} onChange={(event) => toggle(month.month, event.target.checked)} disabled={!payable(month)} />}
                        label={
                          payable(month)
                            ? `${monthLabel(month.month)} · ${formatMoney(month.amountCents)}`
                            : `${monthLabel(month.month)} · ${monthStateLabel(month.state)}`
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldError('months') && <FormHelperText>{fieldError('months')}</FormHelperText>}
                </FormControl>
              )}
              <FormControl component="fieldset">
                <FormLabel component="legend" id={methodId}>
                  {t('feesAdmin.columnMethod')}
                </FormLabel>
                <RadioGroup row aria-labelledby={methodId} value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)}>
                  {[...PAYMENT_METHODS].reverse().map((value) => (
                    <FormControlLabel key={value} value={value} control={<Radio />} label={methodLabel(value)} />
                  ))}
                </RadioGroup>
              </FormControl>
              <TextField
                type="date"
                label={t('fees.receivedOn')}
                value={receivedOn}
                onChange={(event) => setReceivedOn(event.target.value)}
                error={Boolean(fieldError('receivedOn'))}
                helperText={fieldError('receivedOn')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: sriLankaDay() } }}
                fullWidth
              />
              {method === 'bank' && (
                <TextField select label={t('fees.bank')} value={bank} onChange={(event) => setBank(event.target.value)} error={Boolean(fieldError('bank'))} helperText={fieldError('bank')} fullWidth>
                  {SRI_LANKAN_BANKS.map((name) => (
                    <MenuItem key={name} value={name}>
                      {name === 'Other' ? t('fees.otherBank') : name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {method === 'bank' && bank === 'Other' && (
                <TextField label={t('feesAdmin.bankName')} value={otherBank} onChange={(event) => setOtherBank(event.target.value)} slotProps={{ htmlInput: { maxLength: FEE_LIMITS.bankMax } }} fullWidth />
              )}
              <TextField
                label={referenceLabel}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                error={Boolean(fieldError('reference'))}
                helperText={fieldError('reference')}
                slotProps={{ htmlInput: { maxLength: FEE_LIMITS.referenceMax, ...(method === 'payhere' ? { inputMode: 'numeric' } : {}) } }}
                fullWidth
              />
              {method === 'payhere' && (
                <TextField label={t('feesAdmin.orderId')} value={orderId} onChange={(event) => setOrderId(event.target.value)} error={Boolean(fieldError('orderId'))} helperText={fieldError('orderId') ?? t('feesAdmin.orderIdHint')} fullWidth />
              )}
              <TextField label={t('feesAdmin.noteOptional')} value={note} onChange={(event) => setNote(event.target.value)} slotProps={{ htmlInput: { maxLength: FEE_LIMITS.noteMax } }} fullWidth />
              <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
                <Typography sx={{ fontWeight: 700 }}>{t('feesAdmin.total', { amount: formatMoney(totalCents) })}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('feesAdmin.noAmountField')}
                </Typography>
              </Box>
              {mutation.error && <Alert severity="error">{failureText(mutation.error)}</Alert>}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!student || !chosenClass || mutation.isPending}>
            {t('fees.recordPayment')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
