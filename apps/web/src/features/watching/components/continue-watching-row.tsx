import { t } from 'i18next';
import { isAdmin } from '@academy/contract';
import { PlayCircleIcon as PlayCircle } from '../../../components/icons/play-circle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { readSession } from '../../../lib/session';
import { recordVisit } from '../api/record-visit';
import { useContinueWatchingQuery } from '../api/get-continue-watching';
import { formatClock } from '../../../i18n/format';
import { WatchProgressBar } from './watch-progress-bar';

function StudentRow() {
  const query = useContinueWatchingQuery();
  useEffect(() => {
    recordVisit().catch((error: unknown) => console.error('Visit not recorded', error));
  }, []);
  const lessons = query.data ?? [];
  if (lessons.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="continue-watching-heading">
      <Typography id="continue-watching-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('watching.continueWatching')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, display: 'flex', gap: 2, overflowX: 'auto' }}>
        {lessons.map((lesson) => (
          <Box component="li" key={lesson.fileId} sx={{ flex: '0 0 auto', width: { xs: 200, sm: 240 } }}>
            <ButtonBase
              onClick={() => window.open(lesson.viewUrl, '_blank', 'noopener')}
              aria-label={`${lesson.name}, ${t('watching.resumeFrom', { time: formatClock(lesson.positionSeconds) })}`}
              sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
            >
              <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: '#10151f', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                {lesson.posterUrl ? (
                  <Box component="img" src={lesson.posterUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                ) : (
                  <PlayCircle sx={{ fontSize: 48, color: 'rgba(255,255,255,0.85)' }} />
                )}
                <WatchProgressBar percent={lesson.watchedPercent} name={lesson.name} overlay />
              </Box>
              <Box sx={{ p: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} noWrap>
                  {lesson.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('watching.resumeFrom', { time: formatClock(lesson.positionSeconds) })}
                </Typography>
              </Box>
            </ButtonBase>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Above the drive, for a student: their half-watched lessons, last watched first. */
export function ContinueWatchingRow() {
  return isAdmin(readSession()?.accountType) ? null : <StudentRow />;
}
