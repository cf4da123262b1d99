import { t } from 'i18next';
import type { CreatePaperInput, Paper } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { DeleteOutlinedIcon as DeleteOutlined } from '../../../components/icons/delete-outlined';
import { SaveOutlinedIcon as SaveOutlined } from '../../../components/icons/save-outlined';
import { LinkButton } from '../../../components/link-button';
import { usePaperQuery } from '../api/get-paper';
import { useSavePaper } from '../hooks/use-save-paper';
import { newPaperValues, paperStarted, paperToFormValues, type PaperFormValues } from '../lib/paper-form';
import { paperFormResolver } from '../lib/paper-form-resolver';
import { DeletePaperDialog } from './delete-paper-dialog';
import { EditorProblems } from './editor-problems';
import { PaperLoading } from './paper-loading';
import { PaperSettingsForm } from './paper-settings-form';
import { PaperUnavailable } from './paper-unavailable';
import { QuestionListEditor } from './question-list-editor';

interface PaperEditorProps {
  initial: PaperFormValues;
  /** The paper being edited; none for a new one. */
  paper?: Paper;
}

function PaperEditor({ initial, paper }: PaperEditorProps) {
  const form = useForm<PaperFormValues, unknown, CreatePaperInput>({ resolver: paperFormResolver, defaultValues: initial });
  const { save, refusal, pending } = useSavePaper(form, paper?.id ?? null);
  const [deleting, setDeleting] = useState(false);
  const started = paperStarted(paper);

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit(save)(event)}
        sx={{ maxWidth: 960, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 3 }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main', overflowWrap: 'anywhere' }}>
            {paper ? t('papersEditor.editTitle', { title: paper.title }) : t('papersEditor.newTitle')}
          </Typography>
          {paper && <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{paper.className}</Typography>}
        </Box>
        {started && (
          <Alert severity="info">
            {t('papers.startedFrozen')} {t('papersEditor.startedStillChanges')}
          </Alert>
        )}
        <PaperSettingsForm started={started} />
        <QuestionListEditor started={started} paperId={paper?.id ?? null} />
        <EditorProblems refusal={refusal} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={pending}
            aria-busy={pending}
            startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveOutlined />}
          >
            {t('papersEditor.save')}
          </Button>
          <LinkButton to={paper ? `/papers/${encodeURIComponent(paper.id)}` : '/home'}>{t('general.cancel')}</LinkButton>
          {paper && !started && (
            <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)} sx={{ ml: { sm: 'auto' } }}>
              {t('papersEditor.deletePaper')}
            </Button>
          )}
        </Box>
      </Box>
      {deleting && paper && <DeletePaperDialog paperId={paper.id} title={paper.title} onClose={() => setDeleting(false)} />}
    </FormProvider>
  );
}

function EditPaper({ paperId }: { paperId: string }) {
  const query = usePaperQuery(paperId);
  const read = query.data;
  if (query.error && !read) return <PaperUnavailable error={query.error} />;
  if (!read) return <PaperLoading />;
  // The form starts from the paper as first read: a later refetch does not reset what is typed.
  return <PaperEditor initial={paperToFormValues(read.paper)} paper={read.paper} />;
}

/**
 * The paper editor at #/papers/new/{folderId} and #/papers/{id}/edit (admins): the paper's fields in
 * Sri Lanka time, its questions typed or imported, checked by the contract's schema before Save.
 */
export function PaperEditorPage() {
  const { folderId = '', paperId } = useParams();
  if (paperId) return <EditPaper key={paperId} paperId={paperId} />;
  return <PaperEditor key={folderId} initial={newPaperValues(folderId)} />;
}
