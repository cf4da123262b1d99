import { t } from 'i18next';
import { PAPER_LIMITS } from '@academy/contract';
import { formatDateTime } from '../../../i18n/format';
import { useReopenAttemptMutation } from '../api/reopen-attempt';
import type { ResultEntry } from '../lib/result-entries';
import { MinutesDialog } from './minutes-dialog';

/** What a reopening gives when the tutor does not say otherwise: enough for a phone that died near the end. */
const DEFAULT_REOPEN_MINUTES = 10;

interface ReopenDialogProps {
  paperId: string;
  student: ResultEntry;
  onClose: () => void;
}

/**
 * Reopens a handed-in attempt before release (a power cut, a dead phone): it runs again for the
 * minutes given from now, with its answers and order, and may pass the close; marks and ranks are
 * worked out again when it is handed in.
 */
export function ReopenDialog({ paperId, student, onClose }: ReopenDialogProps) {
  const mutation = useReopenAttemptMutation(paperId);
  const submit = async (minutes: number) => {
    const answer = await mutation.mutateAsync({ studentId: student.studentId, minutes });
    return t('papersResults.reopenedUntil', { name: student.name, time: formatDateTime(answer.data.deadline) });
  };
  return (
    <MinutesDialog
      title={t('papersResults.reopenTitle', { name: student.name })}
      text={t('papersResults.reopenText')}
      label={t('papersResults.reopenMinutes')}
      min={PAPER_LIMITS.reopenMinutesMin}
      max={PAPER_LIMITS.reopenMinutesMax}
      initial={DEFAULT_REOPEN_MINUTES}
      submitLabel={t('papers.reopen')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
