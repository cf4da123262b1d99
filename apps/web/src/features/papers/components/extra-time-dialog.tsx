import { t } from 'i18next';
import { PAPER_LIMITS } from '@academy/contract';
import { formatDateTime } from '../../../i18n/format';
import { useSetExtraTimeMutation } from '../api/set-extra-time';
import type { ResultEntry } from '../lib/result-entries';
import { MinutesDialog } from './minutes-dialog';

interface ExtraTimeDialogProps {
  paperId: string;
  student: ResultEntry;
  onClose: () => void;
}

/** Extra time (an accommodation) for one student, before or during their attempt; never past the paper's close. */
export function ExtraTimeDialog({ paperId, student, onClose }: ExtraTimeDialogProps) {
  const mutation = useSetExtraTimeMutation(paperId);
  const submit = async (minutes: number) => {
    const answer = await mutation.mutateAsync({ studentId: student.studentId, minutes });
    return answer.data.deadline
      ? t('papersResults.extraTimeSavedDeadline', { name: student.name, time: formatDateTime(answer.data.deadline) })
      : t('papersResults.extraTimeSavedLater', { name: student.name });
  };
  return (
    <MinutesDialog
      title={t('papersResults.extraTimeTitle', { name: student.name })}
      text={t('papersResults.extraTimeText')}
      label={t('papersResults.extraMinutes')}
      min={0}
      max={PAPER_LIMITS.extraMinutesMax}
      initial={student.extraMinutes}
      submitLabel={t('general.save')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
