import type { SentNotification } from '@academy/contract';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { t } from 'i18next';
import { formatDateTime } from '../../../i18n/format';
import { branding } from '../../../lib/branding';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { kindLabel } from '../lib/kind-labels';
import { sentSummary } from '../lib/sent-counts';

/** Bars of the latest notifications shown: how many were notified, reached on a phone, and opened. */
const CHARTED = 8;

/** A picture of the numbers the list below it gives in words, so the chart itself takes no focus. */
export function SentCountsChart({ items }: { items: SentNotification[] }) {
  const shown = items.slice(0, CHARTED).reverse();
  // Bars are keyed by id (a band scale merges equal categories); the axis shows the kind and day.
  const labels = new Map(shown.map((item) => [item.id, `${kindLabel(item.kind)} ${formatDateTime(item.createdAt, { day: 'numeric', month: 'short' })}`]));
  const summaries = shown.map(sentSummary);
  return (
    <Box role="img" aria-label={t('notifications.chartLabel')}>
      <BarChart
        height={240}
        skipAnimation={prefersReducedMotion()}
        xAxis={[{ scaleType: 'band', data: shown.map((item) => item.id), valueFormatter: (id: string) => labels.get(id) ?? '', tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ tickMinStep: 1, min: 0 }]}
        series={[
          { data: summaries.map((summary) => summary.recipients), label: t('notifications.chartNotified'), color: branding.colors.green },
          { data: summaries.map((summary) => summary.push), label: t('notifications.chartPhones'), color: branding.colors.navy },
          { data: summaries.map((summary) => summary.opened), label: t('notifications.chartOpened'), color: branding.colors.lightBlue },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        disableKeyboardNavigation
      />
    </Box>
  );
}
