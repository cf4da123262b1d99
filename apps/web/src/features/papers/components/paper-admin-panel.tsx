import { t } from 'i18next';
import type { Paper } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EditOutlinedIcon as EditOutlined } from '../../../components/icons/edit-outlined';
import { GroupsIcon as Groups } from '../../../components/icons/groups';
import { LinkButton } from '../../../components/link-button';
import { formatNumber } from '../../../i18n/format';
import { sriLankaDayAndTime } from '../lib/paper-times';

function releaseWords(paper: Paper): string {
  if (paper.releasedAt) return t('papers.releasedAt', { time: sriLankaDayAndTime(paper.releasedAt) });
  if (paper.releaseAt) return t('papers.releasesAt', { time: sriLankaDayAndTime(paper.releaseAt) });
  return t('papers.releaseByHand');
}

/** The tutor's part of the paper's page: who has sat, when results go out, and the way to Edit and Results. */
export function PaperAdminPanel({ paper }: { paper: Paper }) {
  const base = `/papers/${encodeURIComponent(paper.id)}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5 }}>
      {/* Who is sitting and who has handed in is on the state line; this counts them all. */}
      {paper.counts && <Typography>{t('papers.satCount', { sat: formatNumber(paper.counts.sat) })}</Typography>}
      <Typography sx={{ color: 'text.secondary' }}>{releaseWords(paper)}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <LinkButton to={`${base}/edit`} variant="contained" startIcon={<EditOutlined />}>
          {t('general.edit')}
        </LinkButton>
        <LinkButton to={`${base}/results`} variant="outlined" startIcon={<Groups />}>
          {t('papers.results')}
        </LinkButton>
      </Box>
    </Box>
  );
}
