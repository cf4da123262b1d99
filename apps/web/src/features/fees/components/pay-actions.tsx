import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useMyFeesQuery } from '../api/get-my-fees';
import { monthLabel } from '../lib/months';
import { PayDialog, type MonthToPay } from './pay-dialog';
import { SlipUploadDialog, type SlipTarget } from './slip-upload-dialog';

interface PayActionsProps {
  target: MonthToPay;
  /** The class the month belongs to, to find its months in the student's fees. */
  classFolderId: string | null;
  size?: 'small' | 'medium';
  /** Names the month in the buttons' accessible names, where several months' buttons share a screen. */
  nameMonth?: boolean;
}

/**
 * Pay and Bank slip for one month, and the dialogs they open. Pay shows only when online payment
 * is set up (`fees/mine`'s `onlinePayment`): slips and cash still work without it.
 */
export function PayActions({ target, classFolderId, size = 'medium', nameMonth = false }: PayActionsProps) {
  const mine = useMyFeesQuery();
  const [paying, setPaying] = useState<MonthToPay | null>(null);
  const [sending, setSending] = useState<SlipTarget | null>(null);
  const classFees = mine.data?.classes.find((fees) => fees.classFolderId === classFolderId);
  const month = monthLabel(target.month);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {mine.data?.onlinePayment && (
        <Button variant="contained" size={size} onClick={() => setPaying(target)} aria-label={nameMonth ? t('fees.payMonth', { month }) : undefined}>
          {t('fees.pay')}
        </Button>
      )}
      <Button
        variant="outlined"
        size={size}
        onClick={() => setSending({ ...target, classFees })}
        aria-label={nameMonth ? t('fees.slipForMonth', { month }) : undefined}
        disabled={!mine.data}
      >
        {t('fees.bankSlip')}
      </Button>
      <PayDialog target={paying} onClose={() => setPaying(null)} />
      <SlipUploadDialog target={sending} onClose={() => setSending(null)} />
    </Box>
  );
}
