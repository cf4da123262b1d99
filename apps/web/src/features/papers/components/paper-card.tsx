import { t } from 'i18next';
import { isAdmin, type DriveItem } from '@academy/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { QuizIcon as Quiz } from '../../../components/icons/quiz';
import { LinkButton } from '../../../components/link-button';
import { readSession } from '../../../lib/session';
import { useServerNow } from '../hooks/use-server-now';
import { adminPaperLine, studentPaperLine } from '../lib/paper-labels';

/** The time a listing without a paper part is read at: never, since the drive lists every paper with one. */
const NO_TIME = new Date(0).toISOString();

/**
 * A paper among a class folder's files (docs/papers.md, 'How it is listed in the class
 * folder'): its title and one line of state in the reader's language, worked out from the server's
 * time and redrawn every 30 s; the paper's page opens from it.
 */
export function PaperCard({ item }: { item: DriveItem }) {
  const admin = isAdmin(readSession()?.accountType);
  const paper = item.paper;
  const now = useServerNow(paper?.serverNow ?? NO_TIME);
  const line = paper ? (admin ? adminPaperLine(paper, now) : studentPaperLine(paper, now)) : '';
  const address = `/papers/${encodeURIComponent(item.id)}`;

  return (
    <Card component="li" variant="outlined" aria-label={item.name} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Quiz sx={{ fontSize: 40, color: 'secondary.main' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {line}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto' }}>
        <LinkButton to={address} variant="contained" aria-label={t('papers.openPaperNamed', { name: item.name })}>
          {t('papers.openPaper')}
        </LinkButton>
        {admin && (
          <LinkButton to={`${address}/edit`} variant="outlined" aria-label={t('papers.editPaperNamed', { name: item.name })}>
            {t('general.edit')}
          </LinkButton>
        )}
      </Box>
    </Card>
  );
}
