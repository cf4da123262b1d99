import { t } from 'i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../i18n/format';
import { useStudentLessonsQuery } from '../api/get-student-lessons';
import { WatchProgressBar } from './watch-progress-bar';

/** For the Student Profile modal: the lessons the student opened, with % watched and last watched. */
export function StudentLessonsPanel({ studentId }: { studentId: string }) {
  const query = useStudentLessonsQuery(studentId);
  if (query.error) console.error('Student lessons load failed', query.error);
  const lessons = query.data;
  return (
    <Box component="section" aria-labelledby="student-lessons-heading" sx={{ mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="student-lessons-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('watching.lessons')}
      </Typography>
      {!lessons ? (
        <Typography role="status" sx={{ color: 'text.secondary' }}>{t('general.loadingDots')}</Typography>
      ) : lessons.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('watching.noLessonsOpened')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('watching.lessons')}>
          {lessons.map((lesson) => (
            <ListItem key={lesson.fileId} disableGutters sx={{ display: 'block', py: 0.75 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{lesson.name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('watching.percentWatched', { percent: lesson.watchedPercent })}
                  {lesson.lastWatchedAt ? ` · ${formatDateTime(lesson.lastWatchedAt)}` : ''}
                </Typography>
              </Box>
              <WatchProgressBar percent={lesson.watchedPercent} name={lesson.name} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
