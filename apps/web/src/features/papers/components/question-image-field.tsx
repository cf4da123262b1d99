import { t } from 'i18next';
import { PAPER_IMAGE_MAX_BYTES } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddPhotoAlternateIcon as AddPhotoAlternate } from '../../../components/icons/add-photo-alternate';
import { DeleteOutlinedIcon as DeleteOutlined } from '../../../components/icons/delete-outlined';
import { failureText } from '../../../lib/failure-alerts';
import { useQuestionImageQuery } from '../api/get-question-image';
import { useUploadQuestionImageMutation } from '../api/upload-question-image';
import { useFieldProblems } from '../hooks/use-field-problems';
import type { PaperFormValues } from '../lib/paper-form';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** A picture held as a Blob, shown through an object address that lives as long as the <img>. */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const address = URL.createObjectURL(blob);
    if (image.current) image.current.src = address;
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return (
    <Box
      component="img"
      ref={image}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 260, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}

interface QuestionImageFieldProps {
  index: number;
  /** The saved paper's id, through which its pictures are read; null for a paper not saved yet. */
  paperId: string | null;
  disabled: boolean;
}

/**
 * A question's picture: uploaded at once (`POST papers/images`), kept in the form by its id, and
 * shown from the file just chosen, or read back with the session's token for a saved paper.
 */
export function QuestionImageField({ index, paperId, disabled }: QuestionImageFieldProps) {
  const { control, setValue } = useFormContext<PaperFormValues>();
  const imageId = useWatch({ control, name: `questions.${index}.image` });
  const upload = useUploadQuestionImageMutation();
  const [chosen, setChosen] = useState<{ imageId: string; file: File } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const local = chosen && chosen.imageId === imageId ? chosen.file : null;
  const remote = useQuestionImageQuery(local ? null : paperId, imageId);
  const shown = local ?? remote.data ?? null;
  const problem = useFieldProblems(`questions.${index}`)(`questions.${index}.image`);
  const number = index + 1;

  const choose = (file: File | undefined) => {
    upload.reset();
    setTooLarge(false);
    if (!file) return;
    if (file.size > PAPER_IMAGE_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ data }) => {
        setChosen({ imageId: data.imageId, file });
        setValue(`questions.${index}.image`, data.imageId, { shouldDirty: true });
      },
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {imageId &&
        (shown ? (
          <BlobImage blob={shown} alt={t('papersEditor.imageOf', { number })} />
        ) : remote.isError || !paperId ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('papersEditor.imageNotShown')}
          </Typography>
        ) : (
          <CircularProgress size={24} aria-label={t('papersEditor.loadingImage', { number })} />
        ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="label"
          variant="text"
          startIcon={<AddPhotoAlternate />}
          disabled={disabled || upload.isPending}
          aria-label={t(imageId ? 'papersEditor.replaceImageOf' : 'papersEditor.addImageTo', { number })}
        >
          {imageId ? t('papersEditor.replaceImage') : t('papersEditor.addImage')}
          <input hidden type="file" accept={ACCEPTED} onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }} />
        </Button>
        {imageId && (
          <Button
            variant="text"
            color="error"
            startIcon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => setValue(`questions.${index}.image`, null, { shouldDirty: true })}
            aria-label={t('papersEditor.removeImageOf', { number })}
          >
            {t('papersEditor.removeImage')}
          </Button>
        )}
      </Box>
      {upload.isPending && <LinearProgress aria-label={t('papersEditor.uploadingImage', { number })} />}
      {(upload.error || tooLarge || problem) && (
        <Alert severity="error">{tooLarge ? t('server.imageTooLarge') : upload.error ? failureText(upload.error) : problem}</Alert>
      )}
    </Box>
  );
}
