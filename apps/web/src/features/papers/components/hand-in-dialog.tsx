import { t } from 'i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatNumber } from '../../../i18n/format';
import { handInSummary, type QuestionState } from '../lib/question-states';

interface HandInDialogProps {
  open: boolean;
  states: readonly QuestionState[];
  onGoBack: () => void;
  onHandIn: () => void;
}

function numbers(list: readonly number[]): string {
  return list.map(formatNumber).join(', ');
}

/**
 * Hand in first lists the unanswered and the flagged questions by number ("3 unanswered: 4, 17,
 * 33"), with Go back and Hand in (docs/papers.md, 'Hand in'). The dialog itself takes the
 * focus, so a screen reader reads the lists, and Go back, the safe choice, comes first after it.
 */
export function HandInDialog({ open, states, onGoBack, onHandIn }: HandInDialogProps) {
  const { unanswered, flagged } = handInSummary(states);
  return (
    <Dialog open={open} onClose={onGoBack} aria-labelledby="hand-in-title" aria-describedby="hand-in-summary">
      <DialogTitle id="hand-in-title">{t('papersSitting.handInTitle')}</DialogTitle>
      <DialogContent id="hand-in-summary">
        <DialogContentText sx={{ fontWeight: 600, color: 'text.primary' }}>
          {unanswered.length > 0 ? t('papersSitting.unansweredList', { count: unanswered.length, numbers: numbers(unanswered) }) : t('papersSitting.allAnswered')}
        </DialogContentText>
        {flagged.length > 0 && (
          <DialogContentText sx={{ mt: 1, color: 'text.primary' }}>{t('papersSitting.flaggedList', { count: flagged.length, numbers: numbers(flagged) })}</DialogContentText>
        )}
        <DialogContentText sx={{ mt: 2 }}>{t('papersSitting.handInText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onGoBack}>
          {t('papers.goBack')}
        </Button>
        <Button variant="contained" onClick={onHandIn}>
          {t('papers.handIn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
