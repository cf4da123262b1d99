import { t } from 'i18next';
import { isAdmin } from '@academy/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { ArrowBackIcon as ArrowBack } from '../../../components/icons/arrow-back';
import { LinkButton } from '../../../components/link-button';
import { readSession } from '../../../lib/session';
import { usePaperQuery, type PaperRead } from '../api/get-paper';
import { useServerNow } from '../hooks/use-server-now';
import { adminPaperLine, studentPaperLine, type ListedPaper } from '../lib/paper-labels';
import { PaperAdminPanel } from './paper-admin-panel';
import { PaperFacts } from './paper-facts';
import { PaperLoading } from './paper-loading';
import { PaperStanding } from './paper-standing';
import { PaperUnavailable } from './paper-unavailable';
import { WrittenPaperPanel } from './written-paper-panel';

/** The paper as its state line reads it, like a listing's. */
function listedOf({ paper }: PaperRead): ListedPaper {
  return {
    state: paper.state,
    opensAt: paper.opensAt,
    closesAt: paper.closesAt,
    mine: paper.mine ? { state: paper.mine.state, deadline: paper.mine.deadline ?? undefined } : undefined,
    counts: paper.counts ? { sitting: paper.counts.sitting, handedIn: paper.counts.handedIn } : undefined,
  };
}

function PaperDetails({ read }: { read: PaperRead }) {
  const { paper } = read;
  const admin = isAdmin(readSession()?.accountType);
  const now = useServerNow(paper.serverNow, read.clock?.offsetMs);
  const listed = listedOf(read);

  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <LinkButton to="/home" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        {t('papers.backToFiles')}
      </LinkButton>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {paper.className}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main', overflowWrap: 'anywhere' }}>
            {paper.title}
          </Typography>
          <Typography sx={{ color: 'secondary.main', fontWeight: 600 }}>{admin ? adminPaperLine(listed, now) : studentPaperLine(listed, now)}</Typography>
        </Box>
        <PaperFacts paper={paper} />
        {paper.instructions && (
          <Box component="section" aria-labelledby="paper-instructions">
            <Typography id="paper-instructions" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t('papers.instructions')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{paper.instructions}</Typography>
          </Box>
        )}
        {admin ? <PaperAdminPanel paper={paper} /> : <PaperStanding paper={paper} listed={listed} now={now} />}
        <WrittenPaperPanel paperId={paper.id} admin={admin} />
      </Paper>
    </Box>
  );
}

/**
 * The paper's page at #/papers/{id} (docs/papers.md, 'Start'): its title, instructions, time
 * limit, questions and marks, and what the reader can do with it now; never a question.
 */
export function PaperPage() {
  const { paperId = '' } = useParams();
  const query = usePaperQuery(paperId);
  if (query.error) return <PaperUnavailable error={query.error} />;
  if (!query.data) return <PaperLoading />;
  return <PaperDetails read={query.data} />;
}
