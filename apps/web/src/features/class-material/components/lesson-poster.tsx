import { t } from 'i18next';
import { VideoFileIcon as VideoFile } from '../../../components/icons/video-file';
import Box from '@mui/material/Box';
import { formatClock } from '../../../i18n/format';

/**
 * A lesson card's picture: the poster once the lesson is processed (its address carries a viewer
 * ticket, so a plain <img> loads it), a plain frame before; the length in the corner, as video
 * services show it.
 */
export function LessonPoster({ posterUrl, durationSeconds }: { posterUrl?: string; durationSeconds?: number }) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: '#1f2633', display: 'grid', placeItems: 'center' }}>
      {posterUrl ? (
        <Box component="img" src={posterUrl} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <VideoFile aria-hidden sx={{ fontSize: 48, color: 'rgba(255,255,255,0.6)' }} />
      )}
      {durationSeconds !== undefined && (
        <Box
          component="span"
          aria-label={t('lessons.length', { duration: formatClock(durationSeconds) })}
          sx={{ position: 'absolute', right: 8, bottom: 8, px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.78)', color: 'common.white', fontSize: '0.8rem', fontWeight: 600 }}
        >
          {formatClock(durationSeconds)}
        </Box>
      )}
    </Box>
  );
}
