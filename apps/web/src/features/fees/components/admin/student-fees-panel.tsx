import { t } from 'i18next';
import { receiptNumberLabel, type FeeException, type FreeCard, type StudentFees } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AddIcon } from '../../../../components/icons/add';
import { alerts } from '../../../../lib/alerts';
import { failureText, showFailure } from '../../../../lib/failure-alerts';
import { useEndExceptionMutation } from '../../api/end-exception';
import { useEndFreeCardMutation } from '../../api/end-free-card';
import { useStudentFeesQuery } from '../../api/get-student-fees';
import { methodLabel, monthStateLabel, paymentStateLabel, slipStateLabel } from '../../lib/admin-labels';
import { formatMoney } from '../../lib/money';
import { dayLabel, monthLabel } from '../../lib/months';
import { ExceptionDialog } from './exception-dialog';
import { monthTone, ToneChip } from './tone-chip';
import { FreeCardDialog } from './free-card-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';

type OpenDialog = 'payment' | 'free-card' | 'exception' | null;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Lines({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {children}
    </Box>
  );
}

function Line({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 200px' }}>
        {children}
      </Typography>
      {action}
    </Box>
  );
}

function cardLine(card: FreeCard): string {
  const kind = card.kind === 'full' ? t('fees.freeCardFull') : t('fees.freeCardHalf');
  const until = card.untilMonth ? monthLabel(card.untilMonth) : t('feesAdmin.yearEnd');
  const parts = [`${kind} · ${card.className}`, t('feesAdmin.fromTo', { from: monthLabel(card.fromMonth), to: until }), card.reason];
  if (card.createdBy) parts.push(t('feesAdmin.byName', { name: card.createdBy.name }));
  if (card.endedAt) parts.push(t('feesAdmin.endedOn', { date: dayLabel(card.endedAt) }));
  return parts.join(' · ');
}

function exceptionLine(exception: FeeException): string {
  const parts = [`${monthLabel(exception.month)} · ${exception.className}`, exception.reason];
  if (exception.createdBy) parts.push(t('feesAdmin.byName', { name: exception.createdBy.name }));
  return parts.join(' · ');
}

function FeesDetails({ fees }: { fees: StudentFees }) {
  const endCard = useEndFreeCardMutation();
  const endException = useEndExceptionMutation();
  const end = (run: () => Promise<unknown>, done: string) =>
    void run().then(
      () => alerts.success({ title: done, toast: true }),
      (error: Error) => showFailure(t('alert.somethingWentWrongBang'), error),
    );
  return (
    <>
      {fees.classes.map((entry) => (
        <Part key={entry.classFolderId} title={`${entry.className} · ${t('feesAdmin.monthlyFeeOf', { amount: formatMoney(entry.monthlyFee * 100) })}`}>
          {entry.freeCard && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {entry.freeCard.kind === 'full' ? t('feesAdmin.holdsFullCard') : t('feesAdmin.holdsHalfCard')}
            </Typography>
          )}
          <Box component="ul" aria-label={t('feesAdmin.monthsOf', { className: entry.className })} sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {entry.months.map((month) => (
              <li key={month.month}>
                <ToneChip
                  tone={monthTone(month.state, month.overdue)}
                  label={`${monthLabel(month.month)}: ${monthStateLabel(month.state)}${month.receiptNo ? ` · ${receiptNumberLabel(month.receiptNo)}` : ''}`}
                />
              </li>
            ))}
          </Box>
        </Part>
      ))}
      {fees.freeCards.length > 0 && (
        <Part title={t('feesAdmin.freeCards')}>
          <Lines>
            {fees.freeCards.map((card) => (
              <Line
                key={card.id}
                action={
                  !card.endedAt && (
                    <Button size="small" onClick={() => end(() => endCard.mutateAsync(card.id), t('fees.freeCardEnded'))} disabled={endCard.isPending}>
                      {t('feesAdmin.end')}
                    </Button>
                  )
                }
              >
                {cardLine(card)}
              </Line>
            ))}
          </Lines>
        </Part>
      )}
      {fees.exceptions.length > 0 && (
        <Part title={t('feesAdmin.exceptions')}>
          <Lines>
            {fees.exceptions.map((exception) => (
              <Line
                key={exception.id}
                action={
                  <Button size="small" onClick={() => end(() => endException.mutateAsync(exception.id), t('fees.exceptionEnded'))} disabled={endException.isPending}>
                    {t('feesAdmin.end')}
                  </Button>
                }
              >
                {exceptionLine(exception)}
              </Line>
            ))}
          </Lines>
        </Part>
      )}
      {fees.payments.length > 0 && (
        <Part title={t('fees.tabPayments')}>
          <Lines>
            {fees.payments.map((payment) => (
              <Line key={payment.id}>
                <Link component={RouterLink} to={`/fees/receipts/${encodeURIComponent(payment.id)}`}>
                  {t('fees.receiptNo')} {receiptNumberLabel(payment.receiptNo)}
                </Link>
                {` · ${dayLabel(payment.receivedOn)} · ${payment.months.map((month) => monthLabel(month.month)).join(', ')} · ${methodLabel(payment.method)} · ${formatMoney(payment.amountCents)}`}
                {payment.state !== 'paid' ? ` · ${paymentStateLabel(payment.state)}` : ''}
              </Line>
            ))}
          </Lines>
        </Part>
      )}
      {fees.slips.length > 0 && (
        <Part title={t('feesAdmin.slips')}>
          <Lines>
            {fees.slips.map((slip) => (
              <Line key={slip.id}>
                {`${dayLabel(slip.createdAt)} · ${slip.months.map((month) => monthLabel(month)).join(', ')} · ${formatMoney(slip.amountCents)} · ${slipStateLabel(slip.state)}${slip.reason ? ` · ${slip.reason}` : ''}`}
              </Line>
            ))}
          </Lines>
        </Part>
      )}
    </>
  );
}

/**
 * For the Student Profile modal (Student List's `profileExtra`): the student's months per class,
 * free cards, exceptions, payments and slips, and Record payment, Free card and Exception.
 */
export function StudentFeesPanel({ studentId }: { studentId: string }) {
  const query = useStudentFeesQuery(studentId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const fees = query.data;
  const name = fees?.student.name ?? '';
  const hasClasses = (fees?.classes.length ?? 0) > 0;
  return (
    <Box component="section" aria-labelledby="student-fees-heading" sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Divider />
      <Typography id="student-fees-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('fees.title')}
      </Typography>
      {query.error ? (
        <Alert severity="error">{failureText(query.error)}</Alert>
      ) : !fees ? (
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          {t('general.loadingDots')}
        </Typography>
      ) : (
        <>
          {hasClasses ? <FeesDetails fees={fees} /> : <Typography sx={{ color: 'text.secondary' }}>{t('feesAdmin.noFeeClasses')}</Typography>}
          {hasClasses && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('payment')}>
                {t('fees.recordPayment')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => setDialog('free-card')}>
                {t('fees.freeCard')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => setDialog('exception')}>
                {t('fees.exception')}
              </Button>
            </Box>
          )}
          {dialog === 'payment' && <RecordPaymentDialog student={{ id: studentId, name }} onClose={() => setDialog(null)} />}
          {dialog === 'free-card' && <FreeCardDialog studentId={studentId} studentName={name} classes={fees.classes} onClose={() => setDialog(null)} />}
          {dialog === 'exception' && <ExceptionDialog studentId={studentId} studentName={name} classes={fees.classes} onClose={() => setDialog(null)} />}
        </>
      )}
    </Box>
  );
}
