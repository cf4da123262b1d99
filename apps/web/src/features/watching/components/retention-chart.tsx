import { t } from 'i18next';
import { LineChart } from '@mui/x-charts/LineChart';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useRetentionQuery } from '../api/get-retention';
import { prefersReducedMotion } from '../../../lib/reduced-motion';

/** Audience retention, as YouTube Studio draws it: the share of viewers who watched each minute. */
export function RetentionChart({ fileId }: { fileId: string }) {
  const query = useRetentionQuery(fileId);
  const retention = query.data;
  return (
    <Box component="section" aria-labelledby="retention-heading">
      <Typography id="retention-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('watching.retention')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('watching.retentionHint')}
      </Typography>
      {retention && retention.points.length > 0 ? (
        <Box data-testid="retention-chart" role="img" aria-label={t('watching.retentionHint')}>
          <LineChart
            height={220}
            skipAnimation={prefersReducedMotion()}
            xAxis={[{ data: retention.points.map((point) => point.minute), label: t('watching.minute'), scaleType: 'linear', tickMinStep: 1 }]}
            yAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value}%` }]}
            series={[{ data: retention.points.map((point) => point.percent), area: true, showMark: retention.points.length <= 30, color: '#0A5F6F', valueFormatter: (value) => `${value ?? 0}%` }]}
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
          />
        </Box>
      ) : (
        <Typography sx={{ py: 2, color: 'text.secondary' }}>{query.isPending ? t('general.loadingDots') : t('watching.noViewersYet')}</Typography>
      )}
    </Box>
  );
}
