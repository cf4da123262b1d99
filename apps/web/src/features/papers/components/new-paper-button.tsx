import { t } from 'i18next';
import { QuizIcon as Quiz } from '../../../components/icons/quiz';
import { LinkButton } from '../../../components/link-button';

/** The admin's tool in an open class folder: a new paper there (the drive screen places it beside New Folder). */
export function NewPaperButton({ folderId }: { folderId: string }) {
  return (
    <LinkButton to={`/papers/new/${encodeURIComponent(folderId)}`} variant="outlined" startIcon={<Quiz />}>
      {t('papers.newPaper')}
    </LinkButton>
  );
}
