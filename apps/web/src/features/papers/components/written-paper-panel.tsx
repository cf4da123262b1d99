import { t } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined';
import { GroupsIcon } from '../../../components/icons/groups';
import { UploadFileIcon } from '../../../components/icons/upload-file';
import { LinkButton } from '../../../components/link-button';
import { useWrittenQuery } from '../api/written-part';
import { WrittenQuestions } from './written-questions';

/**
 * The written part on the paper's page: for a student the way to hand in pages (or to see them
 * back); for the tutor the way to set it up and to mark. Nothing for a student when the paper has none.
 */
export function WrittenPaperPanel({ paperId, admin }: { paperId: string; admin: boolean }) {
  const written = useWrittenQuery(paperId).data;
  const base = `/papers/${encodeURIComponent(paperId)}`;
  if (written === undefined || (written === null && !admin)) return null;
  return (
    <Box component="section" aria-labelledby="written-part-heading" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography id="written-part-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('answerScripts.writtenPart')}
      </Typography>
      {written && <WrittenQuestions written={written} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {admin ? (
          <>
            <LinkButton to={`${base}/written/edit`} variant="outlined" startIcon={<EditOutlinedIcon />}>
              {written ? t('answerScripts.editWritten') : t('answerScripts.addWritten')}
            </LinkButton>
            {written && (
              <LinkButton to={`${base}/marking`} variant="outlined" startIcon={<GroupsIcon />}>
                {t('answerScripts.markingQueue')}
              </LinkButton>
            )}
          </>
        ) : (
          <LinkButton to={`${base}/written`} variant="contained" startIcon={<UploadFileIcon />}>
            {t('answerScripts.yourWrittenAnswers')}
          </LinkButton>
        )}
      </Box>
    </Box>
  );
}
