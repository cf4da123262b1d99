import { t } from 'i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../../../i18n/format';
import { usePendingSlipCount } from '../../api/get-slips';
import { AlertsList } from './alerts-list';
import { ExportPanel } from './export-dialog';
import { OverviewGrid } from './overview-grid';
import { PaymentsTable } from './payments-table';
import { SlipsQueue } from './slips-queue';

// The revenue chart brings the chart library along, so it loads only when its tab is opened.
const RevenueChart = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChart })));

const TABS = ['overview', 'slips', 'payments', 'revenue', 'alerts', 'export'] as const;
type FeesTab = (typeof TABS)[number];

const TAB_LABELS = {
  overview: 'fees.tabOverview',
  slips: 'fees.tabSlips',
  payments: 'fees.tabPayments',
  revenue: 'fees.tabRevenue',
  alerts: 'fees.tabAlerts',
  export: 'fees.tabExport',
} as const satisfies Record<FeesTab, string>;

function isTab(value: string | null): value is FeesTab {
  return TABS.includes(value as FeesTab);
}

function Panel({ tab }: { tab: FeesTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewGrid />;
    case 'slips':
      return <SlipsQueue />;
    case 'payments':
      return <PaymentsTable />;
    case 'revenue':
      return (
        <Suspense fallback={null}>
          <RevenueChart />
        </Suspense>
      );
    case 'alerts':
      return <AlertsList />;
    case 'export':
      return <ExportPanel />;
  }
}

/** Read by screen readers only (the visible words are hidden from them in its place). */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The Slips tab's name with the number of slips waiting for review in a badge beside it. A screen
 * reader hears it as one phrase ('Slips, 3 waiting for review'), not as 'Slips 3'.
 */
function SlipsLabel({ waiting }: { waiting: number }) {
  if (waiting === 0) return t('fees.tabSlips');
  return (
    <>
      <Badge aria-hidden badgeContent={formatNumber(waiting)} color="error" sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }}>
        {t('fees.tabSlips')}
      </Badge>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t('feesAdmin.slipsTabWaiting', { count: waiting })}
      </Box>
    </>
  );
}

/**
 * #/fees for an admin (fees.md, 'The admins' fees screen'): who has paid each class's months, the
 * bank slips to review, the payments, revenue, what needs attention, and the accountant's export.
 * The tab is in the address (?tab=slips), so a link or a reload opens the same one.
 */
export function FeesPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: FeesTab = isTab(wanted) ? wanted : 'overview';
  const index = TABS.indexOf(tab);
  const waiting = usePendingSlipCount().data ?? 0;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
          {t('fees.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('feesAdmin.subtitle')}</Typography>
      </Box>
      <Paper variant="outlined">
        <Tabs
          value={index}
          onChange={(_, value: number) => setParams({ tab: TABS[value] ?? 'overview' }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('fees.title')}
        >
          {TABS.map((name, i) => (
            <Tab
              key={name}
              label={name === 'slips' ? <SlipsLabel waiting={waiting} /> : t(TAB_LABELS[name])}
              id={`fees-tab-${i}`}
              aria-controls={`fees-panel-${i}`}
              sx={{ px: 3 }}
            />
          ))}
        </Tabs>
      </Paper>
      <div role="tabpanel" id={`fees-panel-${index}`} aria-labelledby={`fees-tab-${index}`}>
        <Panel tab={tab} />
      </div>
    </Box>
  );
}

export default FeesPage;
