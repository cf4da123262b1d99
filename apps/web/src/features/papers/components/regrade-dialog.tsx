import { t } from 'i18next';
import type { PaperQuestion, RegradeAnswer, RegradeChange } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { usePreviewRegradeMutation } from '../api/preview-regrade';
import { useRegradeMutation } from '../api/regrade';
import { draftOf, invalidQuestions, regradeChanges, type RegradeDrafts } from '../lib/regrade-changes';
import { RegradeMoves } from './regrade-moves';
import { RegradeQuestionRow } from './regrade-question-row';

type Preview = RegradeAnswer['data'];

interface RegradeDialogProps {
  paperId: string;
  /** The paper's questions in its own order, with their keys (the admin's GET papers/{id}). */
  questions: PaperQuestion[];
  onClose: () => void;
}

/**
 * Regrade in three steps: change keys, marks or dropped questions; preview who would move; then
 * Regrade, which applies exactly that preview. If anything moved since (a hand-in, another
 * regrade) the server refuses with 409 and the tutor previews again.
 */
export function RegradeDialog({ paperId, questions, onClose }: RegradeDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState(true);
  const [drafts, setDrafts] = useState<RegradeDrafts>({});
  const [preview, setPreview] = useState<{ changes: RegradeChange[]; answer: Preview } | null>(null);
  const previewMutation = usePreviewRegradeMutation(paperId);
  const regradeMutation = useRegradeMutation(paperId);
  const notice = useRef<string | null>(null);

  const changes = regradeChanges(questions, drafts);
  const invalid = invalidQuestions(questions, drafts).length > 0;
  const stale = regradeMutation.error instanceof ApiError && regradeMutation.error.status === 409;
  const error = previewMutation.error ?? regradeMutation.error;

  const runPreview = (wanted: RegradeChange[]) => {
    regradeMutation.reset();
    previewMutation.mutate({ changes: wanted }, { onSuccess: (answer) => setPreview({ changes: wanted, answer: answer.data }) });
  };
  const apply = () => {
    if (!preview) return;
    regradeMutation.mutate(
      { changes: preview.changes, basis: preview.answer.basis },
      {
        onSuccess: (answer) => {
          notice.current = t('papersResults.regraded', { count: answer.data.moves.length });
          setOpen(false);
        },
      },
    );
  };
  const back = () => {
    setPreview(null);
    previewMutation.reset();
    regradeMutation.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="regrade-title"
      slotProps={{
        transition: {
          onExited: () => {
            if (notice.current) void alerts.success({ title: notice.current, toast: true });
            onClose();
          },
        },
      }}
    >
      <DialogTitle id="regrade-title">{preview ? t('papersResults.regradePreviewTitle') : t('papers.regrade')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {preview ? (
          <RegradeMoves preview={preview.answer} />
        ) : (
          <>
            <DialogContentText>{t('papersResults.regradeText')}</DialogContentText>
            <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
              {questions.map((question, index) => (
                <RegradeQuestionRow
                  key={question.id}
                  question={question}
                  number={index + 1}
                  draft={draftOf(question, drafts)}
                  onChange={(draft) => setDrafts((current) => ({ ...current, [question.id]: draft }))}
                />
              ))}
            </Box>
          </>
        )}
        {error && <Alert severity="error">{failureText(error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => setOpen(false)} sx={{ mr: 'auto' }}>
          {t('general.cancel')}
        </Button>
        {preview ? (
          <>
            <Button onClick={back}>{t('papersResults.changeAgain')}</Button>
            {stale ? (
              <Button variant="contained" onClick={() => runPreview(preview.changes)} disabled={previewMutation.isPending}>
                {t('papersResults.previewAgain')}
              </Button>
            ) : (
              <Button variant="contained" color="secondary" onClick={apply} disabled={regradeMutation.isPending}>
                {t('papers.regrade')}
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" onClick={() => runPreview(changes)} disabled={changes.length === 0 || invalid || previewMutation.isPending}>
            {t('papersResults.preview')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
