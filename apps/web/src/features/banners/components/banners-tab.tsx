import { t } from 'i18next';
import { BANNER_MAX_IMAGES } from '@academy/contract';
import { DeleteForeverIcon as DeleteForever } from '../../../components/icons/delete-forever';
import { SendIcon as Send } from '../../../components/icons/send';
import { UploadIcon as Upload } from '../../../components/icons/upload';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { alerts } from '../../../lib/alerts';
import { useDeleteBannersMutation } from '../api/delete-banners';
import { useSaveBannersMutation } from '../api/save-banners';
import { useUploadBannerImagesMutation } from '../api/upload-banner-images';
import { useBannerSelection } from '../hooks/use-banner-selection';
import { usePublishedBanners } from '../hooks/use-published-banners';
import { refusalMessages } from '../lib/upload-refusals';
import { DeleteBannersDialog } from './delete-banners-dialog';
import { ImagePicker } from './image-picker';
import { LiveBanners } from './live-banners';
import { PreviewGallery } from './preview-gallery';

interface Problem {
  title: string;
  messages: string[];
}

/**
 * The Social Media Manager's Banners tab (spec section 2; flow: section 4 'Banner flow'). The main
 * button uploads what is not uploaded yet ('Upload Images'), then posts the campaign ('Post Banner
 * Campaign'). Failures stay on screen beside the controls until the next action.
 */
export function BannersTab() {
  const selection = useBannerSelection();
  const published = usePublishedBanners();
  const upload = useUploadBannerImagesMutation();
  const save = useSaveBannersMutation();
  const remove = useDeleteBannersMutation();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The outcome of Delete All Banners, shown once its dialog has closed.
  const [deleteOutcome, setDeleteOutcome] = useState<Problem | 'deleted' | null>(null);

  const { images } = selection;
  const pending = images.filter((image) => !image.uploadedUrl);
  const busy = upload.isPending || save.isPending || remove.isPending;

  const pick = (files: File[]) => {
    const refused = selection.add(files);
    setProblem(refused.length > 0 ? { title: t('banners.uploadFailed'), messages: refused } : null);
  };

  const uploadPending = () => {
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { files: pending.map((image) => image.file), onProgress: setProgress },
      {
        onSuccess: (urls) => selection.markUploaded(pending, urls),
        onError: (error) =>
          setProblem({ title: t('banners.uploadFailed'), messages: refusalMessages(error, pending.map((image) => image.file.name)) }),
      },
    );
  };

  const post = () => {
    setProblem(null);
    save.mutate(
      images.map((image) => image.uploadedUrl ?? ''),
      {
        onSuccess: () => {
          selection.clear();
          void alerts.success({ title: t('banners.posted'), autoClose: true });
        },
        onError: (error) => setProblem({ title: t('banners.postFailed'), messages: refusalMessages(error) }),
      },
    );
  };

  const deleteAll = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => setDeleteOutcome('deleted'),
      onError: (error) => setDeleteOutcome({ title: t('banners.deleteFailed'), messages: refusalMessages(error) }),
      onSettled: () => setConfirming(false),
    });
  };

  const showDeleteOutcome = () => {
    if (deleteOutcome === 'deleted') void alerts.success({ title: t('banners.deleted'), autoClose: true });
    else if (deleteOutcome) setProblem(deleteOutcome);
    setDeleteOutcome(null);
  };

  const ready = images.length > 0 && pending.length === 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="banner-management-heading" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
      <Typography id="banner-management-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {t('banners.heading')}
      </Typography>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <ImagePicker disabled={busy} onPick={pick} />
        <Chip label={t('banners.count', { count: images.length, max: BANNER_MAX_IMAGES })} color={images.length > 0 ? 'secondary' : 'default'} />
        <Typography variant="body2" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
          {t('banners.hint')}
        </Typography>
      </Box>

      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.messages.map((message) => (
            <Box key={message}>{message}</Box>
          ))}
        </Alert>
      )}

      {images.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 4, px: 2, border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('banners.emptyTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('banners.emptyText')}</Typography>
        </Box>
      ) : (
        <PreviewGallery images={images} disabled={busy} onRemove={selection.remove} />
      )}

      {upload.isPending && (
        <Box>
          <Typography variant="body2" id="upload-progress-label" sx={{ mb: 0.5 }}>
            {t('banners.uploading')} {Math.round(progress * 100)}%
          </Typography>
          <LinearProgress variant="determinate" value={progress * 100} aria-labelledby="upload-progress-label" />
        </Box>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="contained"
          size="large"
          disabled={images.length === 0 || busy}
          startIcon={ready ? <Send /> : <Upload />}
          onClick={ready ? post : uploadPending}
        >
          {ready ? t('banners.postCampaign') : t('banners.uploadImages')}
        </Button>
        <Button variant="outlined" color="error" size="large" disabled={busy} startIcon={<DeleteForever />} onClick={() => setConfirming(true)}>
          {t('banners.deleteAll')}
        </Button>
      </Box>

      {published.data && <LiveBanners urls={published.data} />}
      <DeleteBannersDialog
        open={confirming}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={deleteAll}
        onExited={showDeleteOutcome}
      />
    </Paper>
  );
}
