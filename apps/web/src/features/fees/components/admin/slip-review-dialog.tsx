import { t } from 'i18next';
import { FEE_LIMITS, receiptNumberLabel, type Slip, type SlipFlag } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PictureAsPdfIcon } from '../../../../components/icons/picture-as-pdf';
import { formatDateTime } from '../../../../i18n/format';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/failure-alerts';
import { useApproveSlipMutation } from '../../api/approve-slip';
import { useSlipFile } from '../../api/get-slip-file';
import { useStudentFeesQuery } from '../../api/get-student-fees';
import { useRejectSlipMutation } from '../../api/reject-slip';
import { monthStateLabel, slipStateLabel } from '../../lib/admin-labels';
import { formatMoney } from '../../lib/money';
import { dayLabel, monthLabel } from '../../lib/months';
import { monthTone, ToneChip } from './tone-chip';

/** The slip as uploaded: a picture, or a PDF opened in a tab of its own. */
function SlipFile({ slip }: { slip: Slip }) {
  const file = useSlipFile(slip.id);
  if (file.kind === 'failed') return <Alert severity="error">{failureText(file.error)}</Alert>;
  if (file.kind === 'loading') return <Skeleton variant="rounded" height={320} aria-label={t('feesAdmin.loadingSlip')} />;
  if (slip.fileType === 'application/pdf') {
    return (
      <Box sx={{ p: 3, border: 1, borderColor: 'divider', borderRadius: 2, textAlign: 'center' }}>
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} href={file.url} target="_blank" rel="noopener">
          {t('feesAdmin.openPdf')}
        </Button>
      </Box>
    );
  }
  return (
    <Box
      component="a"
      href={file.url}
      target="_blank"
      rel="noopener"
      aria-label={t('feesAdmin.openSlipFull', { name: slip.student.name })}
      sx={{ display: 'block', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.100' }}
    >
      <Box component="img" src={file.url} alt={t('feesAdmin.slipImageOf', { name: slip.student.name })} sx={{ display: 'block', width: '100%', maxHeight: { xs: 360, md: 560 }, objectFit: 'contain' }} />
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function flagText(flag: SlipFlag): string {
  const who = `${flag.student.name} (${flag.student.regNo})`;
  if (flag.kind === 'file') return t('feesAdmin.flagFile', { name: who });
  return flag.paymentId ? t('feesAdmin.flagReferencePayment', { name: who }) : t('feesAdmin.flagReferenceSlip', { name: who });
}

/** The student's months of the slip's class and their earlier slips there: what the admin weighs the slip against. */
function FeeHistory({ slip }: { slip: Slip }) {
  const query = useStudentFeesQuery(slip.student.id);
  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={120} />;
  const fees = query.data.classes.find((entry) => entry.classFolderId === slip.classFolderId);
  const earlier = query.data.slips.filter((other) => other.classFolderId === slip.classFolderId && other.id !== slip.id);
  return (
    <Box component="section" aria-labelledby="slip-history-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id="slip-history-heading" variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('feesAdmin.feeHistory', { className: slip.className })}
      </Typography>
      {fees ? (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {fees.months.map((month) => (
            <li key={month.month}>
              <ToneChip tone={monthTone(month.state, month.overdue)} strong={slip.months.includes(month.month)} label={`${monthLabel(month.month)}: ${monthStateLabel(month.state)}`} />
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('feesAdmin.noHistory')}
        </Typography>
      )}
      {earlier.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mt: 1 }}>
            {t('feesAdmin.earlierSlips')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {earlier.map((other) => (
              <Typography key={other.id} component="li" variant="body2">
                {dayLabel(other.createdAt)} · {other.months.map((month) => monthLabel(month)).join(', ')} · {slipStateLabel(other.state)}
                {other.reason ? ` · ${other.reason}` : ''}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/** Who decided a slip and when, and its receipt once approved. */
function decisionLine(slip: Slip): string {
  const who = slip.decidedBy?.name ?? '–';
  const when = slip.decidedAt ? formatDateTime(slip.decidedAt) : '–';
  const line = t('feesAdmin.decidedBy', { state: slipStateLabel(slip.state), name: who, time: when });
  return slip.receiptNo ? `${line} · ${t('fees.receiptNo')} ${receiptNumberLabel(slip.receiptNo)}` : line;
}

interface SlipReviewDialogProps {
  slip: Slip;
  onClose: () => void;
}

/**
 * One slip beside the student's fee history: the amount typed against the amount due, the copies
 * it may be, and Approve (a payment of the amount due, with a receipt number) or Reject with the
 * reason the student reads. A decided slip shows who decided it and when.
 */
export function SlipReviewDialog({ slip: given, onClose }: SlipReviewDialogProps) {
  const approve = useApproveSlipMutation();
  const reject = useRejectSlipMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const slip = approve.data?.slip ?? reject.data ?? given;
  const pending = slip.state === 'pending';
  const busy = approve.isPending || reject.isPending;
  const failure = approve.error ?? reject.error;
  const differs = slip.amountCents !== slip.dueCents;

  const doApprove = () =>
    approve.mutate(slip.id, {
      onSuccess: (answer) => {
        onClose();
        void alerts.success({ title: t('feesAdmin.approvedReceipt', { receipt: receiptNumberLabel(answer.payment.receiptNo) }), toast: true });
      },
    });
  const doReject = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    setReasonMissing(text === '');
    if (text === '') return;
    reject.mutate(
      { slipId: slip.id, reason: text },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.slipRejected'), toast: true });
        },
      },
    );
  };
  const reasonError = reasonMissing ? t('feesAdmin.reasonRequired') : reject.error instanceof ApiError ? reject.error.fieldMessage('reason') : undefined;

  return (
    <Dialog open onClose={onClose} aria-labelledby="slip-review-title" fullWidth maxWidth="lg">
      <DialogTitle id="slip-review-title">{t('feesAdmin.reviewTitle', { name: slip.student.name })}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
          <SlipFile slip={slip} />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
              <Fact label={t('feesAdmin.columnStudent')}>
                {slip.student.name} ({slip.student.regNo})
              </Fact>
              <Fact label={t('feesAdmin.columnClass')}>{slip.className}</Fact>
              <Fact label={t('fees.months')}>{slip.months.map((month) => monthLabel(month)).join(', ')}</Fact>
              <Fact label={t('fees.paidOn')}>{dayLabel(slip.paidOn)}</Fact>
              <Fact label={t('fees.bank')}>{slip.bank}</Fact>
              <Fact label={t('fees.reference')}>{slip.reference}</Fact>
              <Fact label={t('feesAdmin.columnTyped')}>{formatMoney(slip.amountCents)}</Fact>
              <Fact label={t('feesAdmin.columnDue')}>{formatMoney(slip.dueCents)}</Fact>
            </Box>
            {differs ? (
              <Alert severity="warning">{t('feesAdmin.amountDiffers', { typed: formatMoney(slip.amountCents), due: formatMoney(slip.dueCents) })}</Alert>
            ) : (
              <Alert severity="success">{t('feesAdmin.amountMatches')}</Alert>
            )}
            {slip.flags.map((flag, index) => (
              <Alert key={index} severity="warning">
                {flagText(flag)}
              </Alert>
            ))}
            <FeeHistory slip={slip} />
            {pending ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('feesAdmin.approveHint', { amount: formatMoney(slip.dueCents) })}
              </Typography>
            ) : (
              <Alert severity={slip.state === 'approved' ? 'success' : 'info'}>
                {decisionLine(slip)}
                {slip.reason ? ` · ${slip.reason}` : ''}
              </Alert>
            )}
            {rejecting && pending && (
              <Box component="form" id="slip-reject-form" noValidate onSubmit={doReject}>
                <TextField
                  label={t('feesAdmin.rejectReason')}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  error={Boolean(reasonError)}
                  helperText={reasonError ?? t('feesAdmin.rejectReasonHint')}
                  slotProps={{ htmlInput: { maxLength: FEE_LIMITS.reasonMax } }}
                  multiline
                  minRows={2}
                  fullWidth
                  autoFocus
                />
              </Box>
            )}
            {failure && !reasonError && <Alert severity="error">{failureText(failure)}</Alert>}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('general.close')}</Button>
        {pending && !rejecting && (
          <>
            <Button color="error" variant="outlined" onClick={() => setRejecting(true)} disabled={busy}>
              {t('fees.reject')}
            </Button>
            <Button variant="contained" onClick={doApprove} disabled={busy}>
              {t('fees.approve')}
            </Button>
          </>
        )}
        {pending && rejecting && (
          <Button color="error" variant="contained" type="submit" form="slip-reject-form" disabled={busy}>
            {t('feesAdmin.rejectSlip')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
