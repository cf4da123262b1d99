import { t } from 'i18next';
import { scriptRefusalSchema, WRITTEN_LIMITS, type MyScript } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PhotoCameraIcon } from '../../../components/icons/photo-camera';
import { UploadFileIcon } from '../../../components/icons/upload-file';
import { formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { sriLankaTimeOfDay } from '../lib/paper-labels';
import { useScriptPages } from '../hooks/use-script-pages';
import { ScriptPageRow } from './script-page-row';

/** Why the hand-in was refused, in the reader's language: past the upload time names the time it ended. */
function refusalText(error: Error): string {
  if (error instanceof ApiError) {
    const refusal = scriptRefusalSchema.safeParse(error.body);
    if (error.status === 409 && refusal.success && refusal.data.acceptedUntil) return t('answerScripts.uploadOver', { time: sriLankaTimeOfDay(refusal.data.acceptedUntil) });
  }
  return failureText(error);
}

function PickButton({ label, icon, accept, capture, multiple, disabled, onFiles }: {
  label: string;
  icon: React.ReactNode;
  accept: string;
  capture?: 'environment';
  multiple?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <Button component="label" variant="outlined" size="large" startIcon={icon} disabled={disabled} sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        capture={capture}
        multiple={multiple}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </Button>
  );
}

interface ScriptHandInProps {
  paperId: string;
  script: MyScript;
  acceptedUntil: string;
}

/**
 * Handing in from a phone: photograph the pages or pick photos or a PDF; put them in order, turn
 * and remove them while they go up; then one Hand in keeps every page or none.
 */
export function ScriptHandIn({ paperId, script, acceptedUntil }: ScriptHandInProps) {
  const list = useScriptPages(paperId, script);
  const [confirming, setConfirming] = useState(false);
  const [handingIn, setHandingIn] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = list.pages.length >= WRITTEN_LIMITS.pagesMax;
  const count = list.pages.length;

  const handIn = async () => {
    setConfirming(false);
    setHandingIn(true);
    setRefusal(null);
    try {
      await list.handIn();
    } catch (error) {
      setRefusal(refusalText(error instanceof Error ? error : new Error(String(error))));
    } finally {
      setHandingIn(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="hand-in-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id="hand-in-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('answerScripts.handInPages')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('answerScripts.handInBy', { time: sriLankaTimeOfDay(acceptedUntil) })}</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <PickButton label={t('answerScripts.takePhoto')} icon={<PhotoCameraIcon />} accept="image/*" capture="environment" disabled={full || handingIn} onFiles={(files) => void list.add(files)} />
        <PickButton
          label={t('answerScripts.choosePhotos')}
          icon={<UploadFileIcon />}
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf"
          multiple
          disabled={full || handingIn}
          onFiles={(files) => void list.add(files)}
        />
      </Box>
      {list.preparing && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">{t('answerScripts.preparingPdf')}</Typography>
        </Box>
      )}
      {list.refusedFiles.length > 0 && <Alert severity="warning">{t('answerScripts.notAPage', { names: list.refusedFiles.join(', ') })}</Alert>}
      {full && <Alert severity="info">{t('answerScripts.pagesFull', { max: WRITTEN_LIMITS.pagesMax })}</Alert>}
      {count === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('answerScripts.noPagesYet')}</Typography>
      ) : (
        <Box component="ol" aria-label={t('answerScripts.pagesToHandIn')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.pages.map((page, index) => (
            <ScriptPageRow
              key={page.key}
              paperId={paperId}
              page={page}
              number={index + 1}
              count={count}
              status={list.statusOf(page)}
              disabled={handingIn}
              onStep={(step) => list.step(page.key, step)}
              onRotate={() => list.rotate(page.key)}
              onRemove={() => list.remove(page.key)}
              onRetry={() => list.retry(page.key)}
            />
          ))}
        </Box>
      )}
      {refusal && <Alert severity="error">{refusal}</Alert>}
      <Box role="status" aria-live="polite">
        {count > 0 && !list.allUp && <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('answerScripts.waitForUploads')}</Typography>}
      </Box>
      <Button
        variant="contained"
        size="large"
        disabled={!list.allUp || handingIn}
        aria-busy={handingIn}
        startIcon={handingIn ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        onClick={() => setConfirming(true)}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {t('answerScripts.handInCount', { count, number: formatNumber(count) })}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="script-hand-in-title">
        <DialogTitle id="script-hand-in-title">{t('answerScripts.handInTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('answerScripts.handInText', { count, number: formatNumber(count) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('papers.goBack')}</Button>
          <Button variant="contained" onClick={() => void handIn()}>
            {t('papers.handIn')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
