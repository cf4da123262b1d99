import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { CampaignIcon } from '../../../components/icons/campaign';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined';
import { LinkButton } from '../../../components/link-button';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { usePaperQuery } from '../api/get-paper';
import { useResultsQuery } from '../api/get-results';
import type { ResultEntry, ResultsData } from '../lib/result-entries';
import { AttemptDialog } from './attempt-dialog';
import { ExtraTimeDialog } from './extra-time-dialog';
import { MeritListDialog } from './merit-list-dialog';
import { RegradeDialog } from './regrade-dialog';
import { ReopenDialog } from './reopen-dialog';
import { ReleaseButton } from './release-button';
import type { ResultAction } from './result-actions-menu';
import { ResultsTable } from './results-table';
import { StatisticsPanel } from './statistics-panel';
import { WrittenStatisticsTable } from './written-statistics-table';

type OpenDialog = { action: ResultAction; entry: ResultEntry } | 'regrade' | 'merit-list' | null;

/** Where the results stand: released (when), ready, or still waiting for the close or a hand-in. */
function stateLine(paper: ResultsData['paper']): string {
  const sat = t('papersResults.satCount', { sat: formatNumber(paper.sat) });
  if (paper.releasedAt) return `${sat} · ${t('papersResults.releasedAt', { time: formatDateTime(paper.releasedAt) })}`;
  if (paper.resultsReadyAt) return `${sat} · ${t('papersResults.readyNotReleased')}`;
  return `${sat} · ${t('papersResults.notReady')}`;
}

/** #/papers/:paperId/results (admin): the results and statistics tabs, and the tutor's actions on them. */
export function ResultsPage() {
  const { paperId = '' } = useParams();
  const results = useResultsQuery(paperId);
  const paper = usePaperQuery(paperId).data?.paper;
  const [tab, setTab] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  if (results.error) return <Alert severity="error">{failureText(results.error)}</Alert>;
  if (!results.data) return <PageLoader />;
  const data = results.data;
  const released = data.paper.releasedAt !== null;
  const closeDialog = () => setDialog(null);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <LinkButton to={`/papers/${paperId}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('papersResults.backToPaper')}
        </LinkButton>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}>
          {t('papersResults.resultsOf', { title: data.paper.title })}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{stateLine(data.paper)}</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <ReleaseButton paperId={paperId} released={released} />
        <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setDialog('regrade')} disabled={!paper?.questions || data.paper.sat === 0}>
          {t('papers.regrade')}
        </Button>
        {released && (
          <Button variant="outlined" startIcon={<CampaignIcon />} onClick={() => setDialog('merit-list')} disabled={!paper}>
            {t('papers.publishMeritList')}
          </Button>
        )}
      </Box>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="fullWidth" aria-label={t('papersResults.resultsOf', { title: data.paper.title })}>
          <Tab label={t('papersResults.tabResults')} id="results-tab-0" aria-controls="results-panel-0" />
          <Tab label={t('papersResults.tabStatistics')} id="results-tab-1" aria-controls="results-panel-1" />
        </Tabs>
      </Paper>
      <div role="tabpanel" id={`results-panel-${tab}`} aria-labelledby={`results-tab-${tab}`}>
        {tab === 0 ? (
          <ResultsTable data={data} released={released} onAction={(action, entry) => setDialog({ action, entry })} />
        ) : (
          <>
            <StatisticsPanel paperId={paperId} />
            {data.paper.writtenQuestions && <WrittenStatisticsTable paperId={paperId} />}
          </>
        )}
      </div>
      {dialog === 'regrade' && paper?.questions && <RegradeDialog paperId={paperId} questions={paper.questions} onClose={closeDialog} />}
      {dialog === 'merit-list' && paper && <MeritListDialog paper={paper} onClose={closeDialog} />}
      {typeof dialog === 'object' && dialog?.action === 'attempt' && <AttemptDialog paperId={paperId} student={dialog.entry} onClose={closeDialog} />}
      {typeof dialog === 'object' && dialog?.action === 'extra-time' && <ExtraTimeDialog paperId={paperId} student={dialog.entry} onClose={closeDialog} />}
      {typeof dialog === 'object' && dialog?.action === 'reopen' && <ReopenDialog paperId={paperId} student={dialog.entry} onClose={closeDialog} />}
    </Box>
  );
}
