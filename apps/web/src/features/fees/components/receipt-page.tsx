import i18next, { t, type TFunction } from 'i18next';
import { receiptNumberLabel, type PaymentMethod, type Receipt } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { LinkButton } from '../../../components/link-button';
import { loadDictionary } from '../../../i18n/load-dictionary';
import { ApiError } from '../../../lib/api-client';
import { useReceiptQuery } from '../api/get-receipt';
import { formatMoney } from '../lib/money';
import { dayLabel, monthLabel } from '../lib/months';

// The printed receipt (fees.md 'Receipts'): one page for the student, the parent and the
// accountant, so its labels are in English and Sinhala side by side whatever the screen's
// language; the values (months, amounts, dates) are said in the reader's language.

type Words = { en: TFunction; si: TFunction };

/** English and Sinhala at once: Sinhala's words are fetched when the reader's language is English. */
function useBothLanguages(): Words | null {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle('si', 'translation'));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadDictionary('si').then((words) => {
      if (!i18next.hasResourceBundle('si', 'translation')) i18next.addResourceBundle('si', 'translation', words);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? { en: i18next.getFixedT('en'), si: i18next.getFixedT('si') } : null;
}

const METHOD_KEYS = { payhere: 'fees.methodPayhere', bank: 'fees.methodBank', cash: 'fees.methodCash' } as const satisfies Record<PaymentMethod, string>;

/** A label in both languages: 'Receipt No. / කුවිතාන්සි අංකය' (once, when both say it alike: 'PayHere'). */
function Both({ words, label }: { words: Words; label: (tr: TFunction) => string }) {
  if (label(words.en) === label(words.si)) return <Box component="span">{label(words.en)}</Box>;
  return (
    <>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label(words.en)}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {' / '}
      </Box>
      <Box component="span" lang="si" sx={{ color: 'text.secondary' }}>
        {label(words.si)}
      </Box>
    </>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <Typography component="dt">{label}</Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function ReceiptSheet({ receipt, words }: { receipt: Receipt; words: Words }) {
  const { branding } = receipt;
  const logo = branding.logoUrl || `${import.meta.env.BASE_URL}logo.svg`;
  const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby="receipt-title"
      sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2, '@media print': { border: 0, p: 0 } }}
    >
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box component="img" src={logo} alt={t('general.logoOf', { title: branding.title })} sx={{ width: 64, height: 64, objectFit: 'contain' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: 'primary.main', overflowWrap: 'anywhere' }}>
            {branding.title}
          </Typography>
          {branding.tagline && <Typography sx={{ color: 'text.secondary' }}>{branding.tagline}</Typography>}
        </Box>
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography id="receipt-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          <Both words={words} label={(tr) => tr('fees.receiptTitle')} />
        </Typography>
        <Typography sx={{ fontSize: '1.125rem' }} data-testid="receipt-number">
          <Both words={words} label={(tr) => tr('fees.receiptNo')} />{' '}
          <Box component="strong" sx={{ ml: 1 }}>
            {receiptNumberLabel(receipt.receiptNo)}
          </Box>
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(200px, auto) 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1 }, '& dd': { mb: { xs: 1, sm: 0 } } }}>
        <Row label={<Both words={words} label={(tr) => tr('fees.date')} />}>{dayLabel(receipt.paidAt)}</Row>
        <Row label={<Both words={words} label={(tr) => tr('fees.student')} />}>{receipt.student.name}</Row>
        <Row label={<Both words={words} label={(tr) => tr('fees.regNo')} />}>{receipt.student.regNo}</Row>
        <Row label={<Both words={words} label={(tr) => tr('fees.classLabel')} />}>{receipt.className}</Row>
        <Row label={<Both words={words} label={(tr) => tr('fees.method')} />}>
          <Both words={words} label={(tr) => tr(METHOD_KEYS[receipt.method])} />
          {receipt.bank ? ` · ${receipt.bank}` : ''}
        </Row>
        {receipt.reference && <Row label={<Both words={words} label={(tr) => tr('fees.reference')} />}>{receipt.reference}</Row>}
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', py: 1, borderBottom: 1, borderColor: 'divider' }, '& .amount': { textAlign: 'right' } }}>
        <thead>
          <tr>
            <th scope="col">
              <Both words={words} label={(tr) => tr('fees.month')} />
            </th>
            <th scope="col" className="amount">
              <Both words={words} label={(tr) => tr('fees.amount')} />
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.months.map((month) => (
            <tr key={month.month}>
              <td>{monthLabel(month.month)}</td>
              <td className="amount">{formatMoney(month.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Both words={words} label={(tr) => tr('fees.total')} />
            </th>
            <td className="amount">
              <strong>{formatMoney(receipt.totalCents)}</strong>
            </td>
          </tr>
        </tfoot>
      </Box>
      {receipt.state === 'charged-back' && (
        <Typography sx={{ color: 'error.dark', fontWeight: 600 }}>
          <Both words={words} label={(tr) => tr('fees.chargedBackNote')} />
        </Typography>
      )}
      {refunded > 0 &&
        receipt.refunds.map((refund) => (
          <Typography key={`${refund.recordedAt}:${refund.months.join()}`} sx={{ color: 'error.dark', fontWeight: 600 }}>
            <Both words={words} label={(tr) => tr('fees.refundedNote', { amount: formatMoney(refund.amountCents), day: dayLabel(refund.recordedAt) })} />
          </Typography>
        ))}
    </Paper>
  );
}

/** `/fees/receipts/:paymentId`, outside the shell: the receipt alone, ready to print. */
export function ReceiptPage() {
  const { paymentId = '' } = useParams();
  const query = useReceiptQuery(paymentId);
  const words = useBothLanguages();

  if (query.error) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <CenteredMessage
        heading={gone ? t('fees.receiptNotFound') : t('general.somethingWrongHeading')}
        text={gone ? t('fees.receiptNotFoundText') : t('fees.loadFailed')}
        action={
          <LinkButton to="/fees" variant="contained">
            {t('fees.yourFees')}
          </LinkButton>
        }
      />
    );
  }
  return (
    <Box component="main" sx={{ maxWidth: 820, mx: 'auto', p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2, '@media print': { p: 0, maxWidth: 'none' } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '@media print': { display: 'none' } }}>
        <Button variant="contained" onClick={() => window.print()} disabled={!query.data}>
          {t('fees.print')}
        </Button>
        <LinkButton to="/fees" variant="outlined">
          {t('fees.yourFees')}
        </LinkButton>
      </Box>
      {query.data && words ? (
        <ReceiptSheet receipt={query.data} words={words} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('general.loading')} />
        </Box>
      )}
    </Box>
  );
}
